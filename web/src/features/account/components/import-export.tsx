import type { AccountList, ImportMode, ImportReply } from '@sync/contract';
import { Download, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { getSession } from '../../../lib/session';
import { useDownload, useImportList } from '../api/account';

/** The lists Mastodon's Settings → Import and export moves, by what a person calls them. */
const lists: { value: AccountList; label: string; file: string }[] = [
  { value: 'following', label: 'Follows', file: 'following_accounts.csv' },
  { value: 'blocking', label: 'Blocks', file: 'blocked_accounts.csv' },
  { value: 'muting', label: 'Mutes', file: 'muted_accounts.csv' },
  { value: 'bookmarks', label: 'Bookmarks', file: 'bookmarks.csv' },
];

const modes: { value: ImportMode; label: string; hint: string }[] = [
  { value: 'merge', label: 'Merge', hint: 'Add the file’s entries to your list' },
  {
    value: 'overwrite',
    label: 'Overwrite',
    hint: 'Make your list the file’s entries: the others are removed',
  },
];

const muted = 'text-sm text-zinc-600 dark:text-zinc-400';

/** Settings → Import and export: the JSON export, the four CSV files, and an import of one. */
export function ImportExport() {
  return (
    <section aria-labelledby="import-export-heading" className="flex flex-col gap-6">
      <h2 id="import-export-heading" className="text-base font-bold">
        Import and export
      </h2>
      <Downloads />
      <ImportForm />
    </section>
  );
}

function Downloads() {
  const download = useDownload();
  const username = getSession()?.user.username ?? 'account';
  const files = [
    { path: '/account/export', label: 'Download my data', fallbackName: `sync-${username}.json` },
    {
      path: '/account/archive',
      label: 'Download data and images (ZIP)',
      fallbackName: `sync-${username}.zip`,
    },
    ...lists.map((list) => ({
      path: `/account/export/${list.value}`,
      label: `${list.label} (CSV)`,
      fallbackName: list.file,
    })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-bold">Export</h3>
      <p className={muted}>
        One JSON file with your profile, posts, comments, likes, bookmarks, follows, blocks, mutes, filters,
        edit history and the alt text of your images; or a ZIP file of it with every image you uploaded. The
        lists are the CSV files Mastodon reads and writes (Settings → Import and export there).
      </p>
      <div className="flex flex-wrap gap-2">
        {files.map((file) => (
          <Button
            key={file.path}
            variant="secondary"
            pending={download.isPending && download.variables.path === file.path}
            onClick={() => download.mutate(file)}
          >
            <Download className="size-4" aria-hidden="true" />
            {file.label}
          </Button>
        ))}
      </div>
      <p role="status" className="text-sm empty:hidden">
        {download.isSuccess
          ? `Downloaded ${download.data}.`
          : download.isError
            ? `The export failed: ${download.error.message}`
            : ''}
      </p>
    </div>
  );
}

function ImportForm() {
  const importList = useImportList();
  const [type, setType] = useState<AccountList>('following');
  const [mode, setMode] = useState<ImportMode>('merge');
  const [file, setFile] = useState<File | undefined>();
  const [missingFile, setMissingFile] = useState(false);
  const fileId = useId();
  const fileHint = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingFile(!file);
    if (file) importList.mutate({ type, mode, file });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="import-heading">
      <h3 id="import-heading" className="text-sm font-bold">
        Import
      </h3>
      <SelectField
        label="What to import"
        value={type}
        fieldClassName="sm:w-60"
        onChange={(event) => setType(lists.find((list) => list.value === event.target.value)!.value)}
      >
        {lists.map((list) => (
          <option key={list.value} value={list.value}>
            {list.label} ({list.file})
          </option>
        ))}
      </SelectField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Mode</legend>
        {modes.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2 has-checked:border-teal-600 dark:border-zinc-800 dark:has-checked:border-teal-400"
          >
            <input
              type="radio"
              name="import-mode"
              value={choice.value}
              checked={mode === choice.value}
              onChange={() => setMode(choice.value)}
              className="mt-1 accent-teal-700 focus-ring dark:accent-teal-400"
            />
            <span>
              <span className="block text-sm font-medium">{choice.label}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={fileHint}
          aria-invalid={missingFile || undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setMissingFile(false);
          }}
          className="text-sm text-zinc-800 focus-ring file:mr-3 file:rounded-lg file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:text-zinc-200 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
        />
        <p id={fileHint} className={missingFile ? 'text-sm text-red-700 dark:text-red-400' : muted}>
          {missingFile
            ? 'Choose the CSV file to import.'
            : 'A file exported from Sync or Mastodon, up to 1 MB.'}
        </p>
      </div>
      <div>
        <Button type="submit" pending={importList.isPending}>
          <Upload className="size-4" aria-hidden="true" />
          Import
        </Button>
      </div>
      <div role="status" className="text-sm empty:hidden">
        {importList.isSuccess ? (
          <ImportResult reply={importList.data} />
        ) : importList.isError ? (
          `The import failed: ${importList.error.message}`
        ) : (
          ''
        )}
      </div>
    </form>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function ImportResult({ reply }: { reply: ImportReply }) {
  const done = [
    `${reply.added} added`,
    plural(reply.kept, 'was already there', 'were already there'),
    ...(reply.mode === 'overwrite' ? [`${reply.removed} removed`] : []),
  ];
  return (
    <div className="flex flex-col gap-2">
      <p>
        Imported {plural(reply.rows, 'row', 'rows')}: {done.join(', ')}.
      </p>
      <Skipped title="could not be found" skipped={reply.notFound} />
      <Skipped title="were refused" skipped={reply.refused} />
    </div>
  );
}

function Skipped({ title, skipped }: { title: string; skipped: ImportReply['notFound'] }) {
  if (skipped.count === 0) return null;
  const more = skipped.count - skipped.rows.length;
  return (
    <div>
      <p>
        {skipped.count} {title}:
      </p>
      <ul className="list-disc pl-5">
        {skipped.rows.map((row, index) => (
          <li key={index}>
            <span className="break-all">{row.row}</span> ({row.reason})
          </li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
    </div>
  );
}
