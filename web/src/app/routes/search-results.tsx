import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../components/ui/error-state';
import { InfiniteList } from '../../components/ui/infinite-list';
import { ListSkeleton } from '../../components/ui/skeleton';
import { Tabs, type Tab } from '../../components/ui/tabs';
import { PostList, useSearchPosts } from '../../features/posts';
import { useSearchPeople, type SearchType } from '../../features/search';
import { FollowButton, PersonRow } from '../../features/users';
import { ApiError } from '../../lib/api-client';
import { postActions, postMenu } from './post-actions';

const SEARCH_TABS: Tab<SearchType>[] = [
  { value: 'posts', label: 'Posts' },
  { value: 'users', label: 'People' },
];

/** The server's reason for refusing a query (too long, say): asking again would not help. */
function Refused({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <AlertCircle className="size-8 text-red-600 dark:text-red-400" aria-hidden="true" />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
    </div>
  );
}

const refusal = (query: UseInfiniteQueryResult<unknown, Error>) =>
  query.error instanceof ApiError && query.error.status === 400 ? query.error.message : null;

function PostResults({ q }: { q: string }) {
  const query = useSearchPosts(q);
  const refused = refusal(query);
  if (refused) return <Refused message={refused} />;
  return (
    <PostList
      query={query}
      label="Posts found"
      empty={`No posts match “${q}”.`}
      actions={postActions}
      menu={postMenu}
    />
  );
}

function PeopleResults({ q }: { q: string }) {
  const query = useSearchPeople(q);
  const refused = refusal(query);
  if (refused) return <Refused message={refused} />;
  if (query.isPending) return <ListSkeleton label="Loading people found" />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const people = query.data.pages.flatMap((page) => page.users);
  if (people.length === 0) return <EmptyState>No people match “{q}”.</EmptyState>;
  return (
    <InfiniteList
      label="People found"
      items={people}
      getKey={(user) => user._id}
      renderItem={(user) => (
        <div className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <PersonRow user={user} detail={user.bio} action={<FollowButton user={user} />} />
        </div>
      )}
      paging={query}
    />
  );
}

/**
 * The tab the results open on: the one chosen, else Posts when some match, else People when some match,
 * else Posts (to say nothing matches). Both are asked at once, so People costs no second wait, and
 * Posts opens as soon as its first page has some, without waiting for people. Undefined while unknown.
 * Once known for a query it is kept: a refetch (a failed query's, as its tab mounts) never moves the
 * screen to another tab or back to loading.
 */
function useOpeningTab(q: string, chosen: SearchType | undefined): SearchType | undefined {
  const posts = useSearchPosts(q, chosen !== 'users');
  const people = useSearchPeople(q, chosen !== 'posts');
  const [kept, keep] = useState<{ q: string; type: SearchType } | null>(null);
  if (chosen) return chosen;
  if (kept?.q === q) return kept.type;
  const postsFound = posts.data?.pages[0]?.posts.length;
  const peopleFound = people.data?.pages[0]?.users.length;
  let opening: SearchType | undefined;
  if (posts.isError || (postsFound ?? 0) > 0) opening = 'posts';
  else if (postsFound !== undefined && (peopleFound !== undefined || people.isError)) {
    opening = (peopleFound ?? 0) > 0 ? 'users' : 'posts';
  }
  if (opening) keep({ q, type: opening });
  return opening;
}

/** Posts or people matching `q`, on two tabs; nothing is asked before there is something to find. */
export function SearchResults({
  q,
  type,
  onType,
}: {
  q: string;
  /** The tab chosen in the address, if any. */
  type: SearchType | undefined;
  onType: (type: SearchType) => void;
}) {
  if (q.trim() === '') {
    return (
      <EmptyState>
        Search posts by their words, <code>from:username</code> or <code>#tag</code>, and people by their name
        or username.
      </EmptyState>
    );
  }
  return <ResultTabs q={q} chosen={type} onType={onType} />;
}

function ResultTabs({
  q,
  chosen,
  onType,
}: {
  q: string;
  chosen: SearchType | undefined;
  onType: (type: SearchType) => void;
}) {
  const type = useOpeningTab(q, chosen);
  if (!type) return <ListSkeleton label="Searching" />;
  return (
    <Tabs label="Search results" idPrefix="search" tabs={SEARCH_TABS} selected={type} onSelect={onType}>
      {type === 'posts' ? <PostResults q={q} /> : <PeopleResults q={q} />}
    </Tabs>
  );
}
