import type { SearchUsersReply } from '@sync/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { userKeys } from '../../../entities/users';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';

export type SearchType = 'posts' | 'users';

/** People whose username or name starts with the query. */
export function useSearchPeople(q: string) {
  return useInfiniteQuery({
    queryKey: userKeys.peopleFoundBy(q),
    queryFn: ({ pageParam }) =>
      api<SearchUsersReply>('/search', { query: { q, type: 'users', limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The search screen's address: `/search?q=…`, with `type=users` for the People tab. */
export function searchPath(q: string, type: SearchType = 'posts') {
  const params = new URLSearchParams({ q });
  if (type === 'users') params.set('type', 'users');
  return `/search?${params.toString()}`;
}
