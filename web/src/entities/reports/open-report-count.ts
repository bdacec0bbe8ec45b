import type { OpenReportCountReply } from '@sync/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Under the moderation area's data key, so a moderator's action, which reads all of that again,
 * reads the count too.
 */
export const openReportCountKey = ['moderation', 'data', 'open-report-count'] as const;

/**
 * How many reports are open, for the Moderation link's badge (staff only: `enabled`): read again when a
 * report arrives (`refreshOpenReportCount`, from the live `new_report` notification), after a
 * moderator's action, and every minute for reports resolved elsewhere.
 */
export function useOpenReportCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: openReportCountKey,
    queryFn: async () => (await api<OpenReportCountReply>('/admin/reports/open-count')).count,
    enabled,
    refetchInterval: 60_000,
  });
  return query.data ?? 0;
}

export function refreshOpenReportCount(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: openReportCountKey });
}
