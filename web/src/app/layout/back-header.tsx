import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** A sub-screen's header: Back (to where the user came from, or home) and the screen's h1. */
export function BackHeader({
  title,
  documentTitle = title,
}: {
  title: string;
  documentTitle?: string | null;
}) {
  const navigate = useNavigate();
  usePageTitle(documentTitle);
  return (
    <div className="flex h-14 items-center gap-2 border-b border-zinc-200 px-2 dark:border-zinc-800">
      <button
        type="button"
        aria-label="Back"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 focus-ring dark:hover:bg-zinc-800"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </button>
      <h1 className="text-xl font-bold">{title}</h1>
    </div>
  );
}
