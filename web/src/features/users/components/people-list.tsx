import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { usePeople, type PeopleListKind } from '../api/users';
import { FollowButton } from './follow-button';
import { PersonRow } from './person-row';

/** Followers, followings, likers or reposters, a page of 20 at a time, each with Follow (but oneself). */
export function PeopleList({ list, label, empty }: { list: PeopleListKind; label: string; empty: string }) {
  const query = usePeople(list);
  if (query.isPending) return <ListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const people = query.data.pages.flatMap((page) => page.users);
  if (people.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <InfiniteList
      label={label}
      items={people}
      getKey={(user) => user._id}
      renderItem={(user) => (
        <div className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <PersonRow user={user} action={user.viewer && <FollowButton user={user} />} />
        </div>
      )}
      paging={query}
    />
  );
}
