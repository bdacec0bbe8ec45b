import type { Filter } from '@sync/contract';
import type { FilterRecord } from '../../../data/filters.repo.js';

/** A filter as Sync's API gives it to its owner (`GET /api/filters` and the writes' answers). */
export const filterView = (filter: FilterRecord): Filter => ({
  id: filter.id,
  title: filter.title,
  context: filter.contexts,
  action: filter.action,
  expiresAt: filter.expires_at,
  keywords: filter.keywords.map(({ id, keyword, wholeWord }) => ({ id, keyword, wholeWord })),
});
