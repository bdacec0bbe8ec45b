import { hashtagsOf } from '@sync/contract';
import type { Db, Dialect } from '../../data/database.js';
import { hasUnfinishedJob } from '../../data/jobs.repo.js';
import { tagsBackfillJob, tagsOfComments, tagsOfPosts } from '../../data/text-entities.repo.js';
import { groupBy } from '../../platform/db/chunks.js';

/**
 * The tags of the statuses a Mastodon answer shows (docs/decisions/127): what their `post_tags` and
 * `comment_tags` rows recorded when the text was written, in the text's order, read once per answer
 * for the texts with a `#` (a tag begins with one), one query per kind of text. Sync's own answers
 * show no tags: its pages read none.
 *
 * Texts written before migration 029 are read from the rows the backfill leaves: until it reaches them,
 * a post's rows have no order and a comment has none, and their text gives them, as every read did
 * before.
 */

/** A post's or a comment's text, whose tags are read. */
export interface TaggedText {
  kind: 'post' | 'comment';
  id: string;
  text: string;
}

/** Whether a text may have tags: each begins with a `#`. */
const mayHaveTags = (text: TaggedText) => text.text.includes('#');

type TagRow = { text_id: string; tag: string; position: number | null };

export class TagReader {
  /** Set once the backfill is seen done: it never has a step again, so this process asks no more. */
  #backfilled = false;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The tags of these texts that have some, by the id of the post or comment. */
  async of(texts: readonly TaggedText[]): Promise<Map<string, readonly string[]>> {
    const candidates = texts.filter(mayHaveTags);
    const postIds = candidates.flatMap((text) => (text.kind === 'post' ? [text.id] : []));
    const commentIds = candidates.flatMap((text) => (text.kind === 'comment' ? [text.id] : []));
    const [postRows, commentRows] = await Promise.all([
      postIds.length === 0 ? [] : tagsOfPosts(this.db, this.dialect, postIds),
      commentIds.length === 0 ? [] : tagsOfComments(this.db, this.dialect, commentIds),
    ]);
    const rows = groupBy([...postRows, ...commentRows], (row) => row.text_id);
    // A post's rows without their order are its older text's, which the backfill has not reached; a
    // comment without rows is one only while the backfill has comments to reach (after, it has no tags).
    const unordered = candidates.filter((text) => rows.get(text.id)?.some((row) => row.position === null));
    const rowless = candidates.filter((text) => text.kind === 'comment' && !rows.has(text.id));
    const fromText =
      rowless.length > 0 && !(await this.backfilled()) ? [...unordered, ...rowless] : unordered;
    const tags = new Map<string, readonly string[]>();
    for (const [id, own] of rows) tags.set(id, inTextOrder(own));
    for (const text of fromText) {
      const parsed = hashtagsOf(text.text);
      if (parsed.length > 0) tags.set(text.id, parsed);
      else tags.delete(text.id);
    }
    return tags;
  }

  private async backfilled(): Promise<boolean> {
    if (!this.#backfilled) this.#backfilled = !(await hasUnfinishedJob(this.db, tagsBackfillJob));
    return this.#backfilled;
  }
}

/** Tags by their position in the text (rows without one, whose text gives the order, come as they are). */
const inTextOrder = (rows: readonly TagRow[]) =>
  [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((row) => row.tag);
