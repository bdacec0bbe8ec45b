import type { Deps } from './deps.js';
import * as follows from '../../data/follows.repo.js';

/**
 * Whose posts a home timeline reads: the viewer's and those of the people they follow, less those the
 * viewer's rules hide at home (a muted followee). The skeleton then reads no post the rules would drop,
 * and a page needs no refill for them; the rules stage still runs on what it reads (filters).
 */
export async function homeAuthorIds(deps: Deps, viewerId: string): Promise<string[]> {
  const [followees, rules] = await Promise.all([
    follows.followeeIds(deps.db, viewerId),
    deps.hydrator.rules(viewerId),
  ]);
  return [viewerId, ...followees.filter((id) => rules.shows(id, 'home'))];
}
