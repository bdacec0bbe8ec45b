import type { EditHistoryReply, EditVersion } from '@sync/contract';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { Age } from '../ui/age';
import { Modal, ModalClose } from '../ui/dialog';
import { ErrorState } from '../ui/error-state';
import { ListSkeleton } from '../ui/skeleton';
import { editHistoryStrings as strings } from './strings';
import { wordDiff } from './word-diff';

/** How to load one post's or comment's history: its owner's key (with its `editedAt`) and request. */
export type HistoryQuery = { queryKey: QueryKey; queryFn: () => Promise<EditHistoryReply> };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  history: HistoryQuery;
  /** The "Edited" button: focus goes back to it on close. */
  finalFocus: RefObject<HTMLElement | null>;
};

/**
 * The versions of an edited post or comment, newest first, each with what changed from the one before
 * it (words added and removed, the sensitive flag, images and their descriptions). Its own chunk, loaded
 * with the first press of "Edited"; the history is asked for while the dialog is open.
 */
export default function HistoryDialog({ open, onOpenChange, history, finalFocus }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={strings.title} finalFocus={finalFocus}>
      {open && <History history={history} />}
      <div className="mt-6 flex justify-end">
        <ModalClose />
      </div>
    </Modal>
  );
}

function History({ history }: { history: HistoryQuery }) {
  // Keyed by the edit it was asked after, a history does not change: another edit is another key.
  const query = useQuery({ ...history, staleTime: Infinity });
  if (query.isPending) return <ListSkeleton count={2} label={strings.loading} />;
  if (query.isError) return <ErrorState message={strings.failed} onRetry={() => void query.refetch()} />;
  return <VersionList versions={query.data.versions} />;
}

/** The versions as the server lists them (oldest first), shown newest first. */
function VersionList({ versions }: { versions: EditVersion[] }) {
  const last = versions.length - 1;
  return (
    <>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{strings.order}</p>
      <ol className="flex flex-col gap-3">
        {versions
          .map((version, index) => (
            <Version
              key={index}
              version={version}
              previous={versions[index - 1]}
              index={index}
              current={index === last}
            />
          ))
          .reverse()}
      </ol>
    </>
  );
}

type VersionProps = {
  version: EditVersion;
  previous: EditVersion | undefined;
  index: number;
  current: boolean;
};

function Version({ version, previous, index, current }: VersionProps) {
  const name = index === 0 ? strings.original : strings.edit(index);
  return (
    <li
      aria-current={current ? 'true' : undefined}
      className={`rounded-xl border p-3 ${
        current
          ? 'border-teal-700 bg-teal-50/60 dark:border-teal-400 dark:bg-teal-950/30'
          : 'border-zinc-200 dark:border-zinc-800'
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">{name}</span>
        {current && (
          <span className="rounded-full border border-teal-700 px-2 text-xs font-semibold text-teal-800 dark:border-teal-400 dark:text-teal-300">
            {strings.current}
          </span>
        )}
        <Age iso={version.writtenAt} className="text-zinc-600 dark:text-zinc-400" />
      </p>
      <VersionText text={version.text} previous={previous?.text} />
      <Changes version={version} previous={previous} />
    </li>
  );
}

function VersionText({ text, previous }: { text: string; previous: string | undefined }) {
  if (!text && !previous) {
    return <p className="mt-1 text-sm text-zinc-600 italic dark:text-zinc-400">{strings.noText}</p>;
  }
  return (
    <p className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap">
      {previous === undefined ? text : <Diff before={previous} after={text} />}
    </p>
  );
}

const insClass =
  'rounded-sm bg-emerald-100 text-emerald-950 underline decoration-2 underline-offset-2 dark:bg-emerald-900/60 dark:text-emerald-50';
const delClass =
  'rounded-sm bg-red-100 text-red-950 line-through decoration-2 dark:bg-red-900/60 dark:text-red-50';

/** `before` → `after`, word by word: added words in `<ins>`, removed ones in `<del>`. */
function Diff({ before, after }: { before: string; after: string }) {
  return wordDiff(before, after).map((part, index) => {
    if (part.kind === 'same') return <span key={index}>{part.text}</span>;
    const added = part.kind === 'added';
    const Tag = added ? 'ins' : 'del';
    return (
      <Tag key={index} className={added ? insClass : delClass}>
        <span className="sr-only">{added ? strings.addedStart : strings.removedStart}</span>
        {part.text}
        <span className="sr-only">{strings.changeEnd}</span>
      </Tag>
    );
  });
}

/** What changed besides the text: the sensitive flag, images added or removed, their descriptions. */
function Changes({ version, previous }: { version: EditVersion; previous: EditVersion | undefined }) {
  const notes: ReactNode[] = [];
  if (previous ? previous.sensitive !== version.sensitive : version.sensitive) {
    notes.push(version.sensitive ? strings.markedSensitive : strings.unmarkedSensitive);
  }
  const before = new Map((previous?.media ?? []).map((image) => [image.id, image.description]));
  version.media.forEach((image, index) => {
    const old = before.get(image.id);
    const description = image.description ? `“${image.description}”` : strings.noDescription;
    if (!previous) notes.push(`${strings.image(index + 1)}: ${description}`);
    else if (old === undefined) notes.push(`${strings.imageAdded(index + 1)}: ${description}`);
    else if (old !== image.description) {
      notes.push(
        <>
          {strings.image(index + 1)}, {strings.descriptionChanged}: “
          <Diff before={old} after={image.description} />”
        </>,
      );
    }
  });
  const kept = new Set(version.media.map((image) => image.id));
  for (const image of previous?.media ?? []) {
    if (kept.has(image.id)) continue;
    notes.push(
      <>
        {strings.imageRemoved}:{' '}
        <del className={delClass}>
          <span className="sr-only">{strings.removedStart}</span>
          {image.description ? `“${image.description}”` : strings.noDescription}
          <span className="sr-only">{strings.changeEnd}</span>
        </del>
      </>,
    );
  }
  if (notes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm text-zinc-700 dark:text-zinc-300">
      {notes.map((note, index) => (
        <li key={index}>{note}</li>
      ))}
    </ul>
  );
}
