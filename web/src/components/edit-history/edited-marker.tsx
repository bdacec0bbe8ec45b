import { Suspense, useRef, useState } from 'react';
import type { HistoryQuery } from './history-dialog';
import { editHistoryStrings as strings } from './strings';
import { lazyPart } from '../../lib/lazy';

// The dialog, its diff and Base UI's dialog load with the first press (prefetched on hover or focus).
const loadDialog = () => import('./history-dialog');
const HistoryDialog = lazyPart(loadDialog);

type Props = {
  /** When it was last edited. */
  editedAt: string;
  /** Its history's query, from the feature that owns the post or comment. */
  history: HistoryQuery;
};

/**
 * "· Edited" after a post's or comment's time: a button opening its edit history. The time of the last
 * edit is its `<time>` and its title.
 */
export function EditedMarker({ editedAt, history }: Props) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays out and reopening is at once.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog();

  return (
    <>
      <span aria-hidden="true" className="shrink-0 text-zinc-500">
        ·
      </span>
      <button
        ref={button}
        type="button"
        aria-label={strings.showHistory}
        title={strings.editedAt(new Date(editedAt).toLocaleString())}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="shrink-0 rounded-sm py-0.5 text-zinc-600 hover:underline focus-ring dark:text-zinc-400"
      >
        <time dateTime={editedAt}>{strings.edited}</time>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <HistoryDialog open={open} onOpenChange={setOpen} history={history} finalFocus={button} />
        </Suspense>
      )}
    </>
  );
}
