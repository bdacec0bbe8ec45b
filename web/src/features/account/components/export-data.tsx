import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useExportData } from '../api/account';

export function ExportData() {
  const exportData = useExportData();
  return (
    <section aria-labelledby="export-heading" className="flex flex-col gap-3">
      <h2 id="export-heading" className="text-base font-bold">
        Export my data
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        One JSON file with your profile, posts, comments, likes, bookmarks and follows.
      </p>
      <div>
        <Button variant="secondary" pending={exportData.isPending} onClick={() => exportData.mutate()}>
          <Download className="size-4" aria-hidden="true" />
          Download my data
        </Button>
      </div>
      <p role="status" className="text-sm empty:hidden">
        {exportData.isSuccess
          ? `Downloaded ${exportData.data}.`
          : exportData.isError
            ? `The export failed: ${exportData.error.message}`
            : ''}
      </p>
    </section>
  );
}
