import type { Db, Dialect } from '../../data/database.js';
import * as accounts from '../../data/accounts.repo.js';
import type { HydratedComment, Shown } from './posts.js';

/**
 * People: the users an answer shows beside its posts and comments (authors, likers, dislikers, voters,
 * followers, notification actors), each as a user summary (`accounts.repo` `SummaryRow`, viewed by
 * views/sync/summaries.ts). This is the one place that loads them, for every answer. The spec's whole
 * user objects (follow lists, own bookmarks) are users.ts, which takes its people from here.
 *
 * Hydrated posts hold ids, not people: summaries are kept apart, each with its account's version (moved
 * by every change to what the account shows, in its transaction: docs/decisions/126), so a new avatar
 * shows everywhere at once without touching the posts it appears in, and a warm page reads the
 * versions of the people it shows (in its marks' query when signed in) instead of their rows.
 */

/** User summaries kept at most (about 200 bytes each). */
const summariesKept = 50_000;

/** Accounts' versions by id, as a page read them. */
export type AccountVersions = ReadonlyMap<string, number>;

export class PeopleHydrator {
  private readonly summaries = new Map<string, accounts.VersionedSummaryRow>();
  /** Moves with every `forget`: a read from before it is not kept (it may show what was undone). */
  private forgets = 0;

  /** `kept`: false when the cache is off (POST_CACHE_MB=0): every answer reads its people. */
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly kept: boolean,
  ) {}

  /** Forgets everyone kept: they may show writes that were undone (a failed group commit). */
  forget(): void {
    this.forgets += 1;
    this.summaries.clear();
  }

  /**
   * Summaries of these users (anyone deleted is left out), each with its version. `versions`: those
   * the answer has already read; without them, the summaries are read (as cheap as their versions).
   */
  async byIds(
    ids: readonly string[],
    versions?: AccountVersions,
  ): Promise<Map<string, accounts.VersionedSummaryRow>> {
    if (!this.kept || versions === undefined) return this.read(ids);
    // Kept summaries at the version the page read; a person the page read no version of is read.
    const found = new Map<string, accounts.VersionedSummaryRow>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = this.summaries.get(id);
      if (row && row.version === versions.get(id)) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    for (const [id, row] of await this.read(missing)) found.set(id, row);
    return found;
  }

  /** Reads these summaries and keeps them (each under its own version, read with it). */
  private async read(ids: readonly string[]): Promise<Map<string, accounts.VersionedSummaryRow>> {
    const mark = this.forgets;
    const rows = await accounts.summariesByIds(this.db, this.dialect, ids);
    if (this.kept && mark === this.forgets) {
      for (const row of rows) {
        const kept = this.summaries.get(row.id);
        // A row read before another answer kept a newer one stays out: versions only move forward.
        if (kept && kept.version > row.version) continue;
        this.summaries.delete(row.id);
        this.summaries.set(row.id, row);
      }
      for (const oldest of this.summaries.keys()) {
        if (this.summaries.size <= summariesKept) break;
        this.summaries.delete(oldest);
      }
    }
    return new Map(rows.map((row) => [row.id, row]));
  }
}

/** Everyone the posts and comments show, the viewer and `extra` among them. */
export function peopleShown(
  hydrated: Shown,
  viewerId: string | undefined,
  extra: readonly string[] = [],
): string[] {
  const ids = new Set<string>(viewerId === undefined ? extra : [viewerId, ...extra]);
  // Whom the texts mention: their @names are links only to someone the answer shows.
  const addComment = (comment: HydratedComment) => {
    ids.add(comment.record.author_id);
    for (const id of comment.mentioned ?? []) ids.add(id);
    for (const id of comment.upvoters) ids.add(id);
    for (const id of comment.downvoters) ids.add(id);
  };
  for (const post of hydrated.posts ?? []) {
    ids.add(post.record.author_id);
    for (const id of post.mentioned ?? []) ids.add(id);
    for (const id of post.likers) ids.add(id);
    for (const id of post.dislikers) ids.add(id);
    post.comments.forEach(addComment);
  }
  hydrated.comments?.forEach(addComment);
  return [...ids];
}
