import type { Db, Dialect } from '../../data/database.js';
import * as accounts from '../../data/accounts.repo.js';
import type { HydratedComment, Shown } from './posts.js';

/**
 * People: the users an answer shows beside its posts and comments (authors, likers, dislikers, voters,
 * followers, notification actors), each as a user summary (`users.repo` `SummaryRow`, viewed by
 * views/sync/summaries.ts). This is the one place that loads them, for every answer. The spec's whole
 * user objects (follow lists, own bookmarks) are users.ts, which takes its people from here.
 *
 * Hydrated posts hold ids, not people: summaries are kept apart, while the profiles' version (one row,
 * moved by every profile change and account deletion in its transaction) stays what it was, so a new
 * avatar shows everywhere at once without touching the posts it appears in, and a warm page reads that
 * one number instead of a hundred users (decision 006).
 */

/** User summaries kept at most (about 200 bytes each), while the profiles' version stays. */
const summariesKept = 50_000;

export class PeopleHydrator {
  private readonly summaries = new Map<string, accounts.SummaryRow>();
  private summariesVersion = -1;

  /** `kept`: false when the cache is off (POST_CACHE_MB=0): every answer reads its people. */
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly kept: boolean,
  ) {}

  /** Forgets everyone kept: they may show writes that were undone (a failed group commit). */
  forget(): void {
    this.summaries.clear();
    this.summariesVersion = -1;
  }

  /**
   * Summaries of these users (anyone deleted is left out), with the profiles' version they were kept
   * at (none when the cache is off); `readVersion` is that version when this answer has already read it.
   */
  async byIds(
    ids: readonly string[],
    readVersion?: number,
  ): Promise<{ people: Map<string, accounts.SummaryRow>; version: number | undefined }> {
    if (!this.kept) {
      const rows = await accounts.summariesByIds(this.db, this.dialect, ids);
      return { people: new Map(rows.map((row) => [row.id, row])), version: undefined };
    }
    const version = readVersion ?? (await accounts.profilesVersion(this.db));
    if (version !== this.summariesVersion) {
      this.summaries.clear();
      this.summariesVersion = version;
    }
    // What the cache holds is taken now, while it is at this answer's version.
    const found = new Map<string, accounts.SummaryRow>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = this.summaries.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return { people: found, version };
    const read = await accounts.summariesByIds(this.db, this.dialect, missing);
    for (const row of read) found.set(row.id, row);
    // Kept only if no answer moved the cache to another version meanwhile: these rows may be older
    // than that version (read before the profile change it saw).
    if (this.summariesVersion === version) {
      for (const row of read) this.summaries.set(row.id, row);
      for (const oldest of this.summaries.keys()) {
        if (this.summaries.size <= summariesKept) break;
        this.summaries.delete(oldest);
      }
    }
    return { people: found, version };
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
