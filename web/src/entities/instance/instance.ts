import type { InstanceReply } from '@sync/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const instanceKeys = {
  detail: ['instance'] as const,
};

/**
 * What this community says about itself (`GET /api/instance`, public): its title, who runs it, its
 * rules and how to join. Read by the About page, the sign-up form and the report dialog; it changes
 * only when a moderator edits it, who refreshes it through `instanceKeys`.
 */
export function useInstance() {
  return useQuery({
    queryKey: instanceKeys.detail,
    queryFn: async () => (await api<InstanceReply>('/instance')).instance,
    staleTime: 5 * 60_000,
  });
}
