import type { SearchUsersReply } from '@sync/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { userKeys } from '../../../entities/users';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';

export type SearchType = 'posts' | 'users';

/** People whose username or name starts with the query; asked only while `enabled`. */
export function useSearchPeople(q: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: userKeys.peopleFoundBy(q),
    enabled,
    queryFn: ({ pageParam }) =>
      api<SearchUsersReply>('/search', { query: { q, type: 'users', limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The search screen's address: `/search?q=…`, which opens on the tab that has results, or with
 * `type=posts|users` for a tab chosen.
 */
export function searchPath(q: string, type?: SearchType) {
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  return `/search?${params.toString()}`;
}

/** The tab an address names, if it names one. */
export const searchTypeOf = (value: string | null): SearchType | undefined =>
  value === 'posts' || value === 'users' ? value : undefined;
