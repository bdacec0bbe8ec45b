import type { AuditEntry } from '@sync/contract';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { useAuditLog } from '../api/moderation';
import { Age } from '../../../components/ui/age';
import { strings } from './strings';

const text = strings.audit;

/** What the entry names: an account by its @username, anything else by its label then. */
const targetOf = (entry: AuditEntry) =>
  entry.targetType === 'account' ? `@${entry.targetLabel}` : entry.targetLabel;

/** A person by their @username; the server itself ("command line", "scheduled job": no username has a space) by name. */
const actorOf = ({ actor }: AuditEntry) =>
  actor.username.includes(' ') ? actor.username : `@${actor.username}`;

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <div className="flex flex-col gap-1 border-b border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800">
      <p className="break-words text-zinc-900 dark:text-zinc-100">
        <span className="font-semibold">{actorOf(entry)}</span> {text.verb(entry.action)}{' '}
        <span className="font-semibold">{targetOf(entry)}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          {' · '}
          <Age iso={entry.createdAt} />
        </span>
      </p>
      {entry.reason && (
        <p className="whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">
          <span className="font-medium">{text.reason}</span> {entry.reason}
        </p>
      )}
    </div>
  );
}

/** The audit log, the latest first, a page at a time. */
export function AuditLog() {
  const query = useAuditLog();
  if (query.isPending) return <ListSkeleton label={strings.loading(text.listLabel)} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  return (
    <>
      <p className="border-b border-zinc-200 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {text.intro}
      </p>
      {entries.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <InfiniteList
          label={text.listLabel}
          items={entries}
          getKey={(entry) => entry.id}
          renderItem={(entry) => <Entry entry={entry} />}
          paging={query}
        />
      )}
    </>
  );
}
