import { X } from 'lucide-react';

/** What was refused (files, a post), each in its own words, until the person dismisses them. */
export function RefusalsAlert({
  refusals,
  dismissLabel,
  onDismiss,
}: {
  refusals: readonly string[];
  dismissLabel: string;
  onDismiss: () => void;
}) {
  if (refusals.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <ul className="min-w-0 flex-1 list-none">
        {refusals.map((refusal) => (
          <li key={refusal}>{refusal}</li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={dismissLabel}
        title={dismissLabel}
        onClick={onDismiss}
        className="rounded-full p-0.5 focus-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Over a form while files are dragged onto it: where to let go. */
export function DropOverlay({ label }: { label: string }) {
  return (
    <p className="pointer-events-none absolute inset-1 flex items-center justify-center rounded-xl border-2 border-dashed border-teal-600 text-sm font-semibold text-teal-800 dark:border-teal-400 dark:text-teal-200">
      {label}
    </p>
  );
}
