import type { DeletedReply, FilterBody, FilterReply, FiltersReply } from '@sync/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../../entities/notifications';
import { postKeys } from '../../../entities/posts';
import { api } from '../../../lib/api-client';

export const filterKeys = { list: ['filters'] as const };

export function useFilters() {
  return useQuery({
    queryKey: filterKeys.list,
    queryFn: async () => (await api<FiltersReply>('/filters')).filters,
  });
}

/** A filter changes what every list shows: they are asked again (a hidden post goes, a warned one is marked). */
function refetchWhatFiltersShape(client: QueryClient) {
  void client.invalidateQueries({ queryKey: postKeys.all });
  void client.invalidateQueries({ queryKey: notificationKeys.list });
}

/** Creates a filter (no `id`) or replaces one; the list shows it at once. */
export function useSaveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: FilterBody }) => {
      const reply = id
        ? await api<FilterReply>(`/filters/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : await api<FilterReply>('/filters', { method: 'POST', body });
      return reply.filter;
    },
    onSuccess: (filter) => {
      client.setQueryData(filterKeys.list, (old: FiltersReply['filters'] | undefined) => {
        if (!old) return old;
        return old.some((kept) => kept.id === filter.id)
          ? old.map((kept) => (kept.id === filter.id ? filter : kept))
          : [...old, filter];
      });
      refetchWhatFiltersShape(client);
    },
  });
}

export function useDeleteFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<DeletedReply>(`/filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      client.setQueryData(filterKeys.list, (old: FiltersReply['filters'] | undefined) =>
        old?.filter((kept) => kept.id !== id),
      );
      refetchWhatFiltersShape(client);
    },
  });
}
