import type { FilterMatch } from '@sync/contract';
import type { HydratedComment, HydratedPost } from '../../hydration/hydrator.js';

/**
 * The additive `filtered` field of a post or comment the viewer's `warn` filters matched (the rules
 * stage marks it: read/hydration/visible.ts); absent otherwise, so the spec's shapes stay as they were.
 */
export function filteredField(item: HydratedPost | HydratedComment): { filtered?: FilterMatch[] } {
  if (!item.filtered || item.filtered.length === 0) return {};
  return {
    filtered: item.filtered.map((match) => ({
      filterId: match.filterId,
      title: match.title,
      keywords: match.keywords,
    })),
  };
}
