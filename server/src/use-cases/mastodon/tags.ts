import { isHashtag, normalizeTag } from '@sync/contract';
import * as entities from '../../data/text-entities.repo.js';
import type { TagUsage } from '../../read/views/mastodon/tags.js';
import type { Deps } from '../shared/deps.js';
import { recordNotFound } from '../../platform/http/errors.js';

/** Tags as the Mastodon API shows them (`Tag`): a name and how much it was used on each recent day. */

const historyDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

/** Today (UTC) and the six days before it, newest first. */
function lastWeek(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: historyDays }, (_, index) =>
    new Date(today - index * dayMs).toISOString().slice(0, 10),
  );
}

/** The week's history of these tags, every day listed (0 on a day without use). */
async function usageOf(deps: Deps, tags: readonly string[]): Promise<TagUsage[]> {
  const days = lastWeek(deps.clock.now());
  const uses = await entities.tagUsesByDay(deps.db, { tags, since: days.at(-1)! });
  const byTagAndDay = new Map(uses.map((use) => [`${use.tag} ${use.day}`, use]));
  return tags.map((name) => ({
    name,
    history: days.map((day) => {
      const use = byTagAndDay.get(`${name} ${day}`);
      return { day, uses: use?.uses ?? 0, accounts: use?.accounts ?? 0 };
    }),
  }));
}

/** `GET /api/v1/trends/tags`: the tags most used this week (today and the six days before). */
export async function trendingTags(
  deps: Deps,
  input: { limit: number; offset: number },
): Promise<TagUsage[]> {
  const since = lastWeek(deps.clock.now()).at(-1)!;
  const top = await entities.mostUsedTags(deps.db, { since, ...input });
  return usageOf(
    deps,
    top.map((tag) => tag.tag),
  );
}

/** `GET /api/v1/tags/:name`: any name that is a tag (any case, with or without its #), used or not. */
export async function getTag(deps: Deps, input: { name: string }): Promise<TagUsage> {
  const name = normalizeTag(input.name);
  if (!isHashtag(name)) throw recordNotFound();
  const [usage] = await usageOf(deps, [name]);
  return usage!;
}
