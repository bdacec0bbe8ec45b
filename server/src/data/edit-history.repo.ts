import type { Selectable } from 'kysely';
import { withinWindow } from '../platform/db/keyset.js';
import type { Db } from './database.js';
import { compiledPerShape } from '../platform/db/compiled-per-shape.js';
import type { EditHistoryTable } from './schema.js';

/** The `edit_history` table: the versions of posts and comments that edits replaced. */

export type EditRecord = Selectable<EditHistoryTable>;

/** An image as a version showed it. */
export interface VersionImage {
  id: string;
  description: string;
}

export async function recordReplacedVersion(
  trx: Db,
  row: Omit<EditRecord, 'media'> & { media: readonly VersionImage[] },
): Promise<void> {
  const { comment_id, ...rest } = row;
  await trx.executeQuery(
    insertVersionQuery(trx, {
      ...rest,
      ...(comment_id !== null && { comment_id }),
      media: JSON.stringify(row.media),
    }),
  );
}

// Written by every edit: compiled once per shape (a post's version, or a comment's).
const insertVersionQuery = compiledPerShape(
  (db: Db, row: Omit<EditRecord, 'comment_id'> & { comment_id?: string }) =>
    db
      .insertInto('edit_history')
      .values({ ...row, comment_id: row.comment_id ?? null })
      .compile(),
);

/** A replaced version with the images it showed. */
export type ReplacedVersion = Omit<EditRecord, 'media'> & { media: VersionImage[] };

/** The replaced versions of a post (`commentId` null) or of one of its comments, oldest first. */
export function replacedVersions(
  db: Db,
  item: { postId: string; commentId: string | null },
): Promise<ReplacedVersion[]> {
  let query = db
    .selectFrom('edit_history')
    .select(['id', 'post_id', 'comment_id', 'text', 'sensitive', 'media', 'written_at', 'replaced_at'])
    .where('post_id', '=', item.postId);
  query =
    item.commentId === null
      ? query.where('comment_id', 'is', null)
      : query.where('comment_id', '=', item.commentId);
  return query
    .orderBy('replaced_at')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, media: parseImages(row.media) })));
}

function parseImages(text: string): VersionImage[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((image: unknown) =>
    typeof image === 'object' && image !== null && 'id' in image && typeof image.id === 'string'
      ? [{ id: image.id, description: 'description' in image ? String(image.description) : '' }]
      : [],
  );
}

/**
 * One page of the replaced versions of the posts and comments a user wrote, the oldest replacement
 * first, after the row given.
 */
export async function versionsOfAuthorPage(
  db: Db,
  authorId: string,
  after: ReplacedVersion | undefined,
  limit: number,
): Promise<ReplacedVersion[]> {
  const query = db
    .selectFrom('edit_history')
    .innerJoin('posts', 'posts.id', 'edit_history.post_id')
    .leftJoin('comments', 'comments.id', 'edit_history.comment_id')
    .select([
      'edit_history.id',
      'edit_history.post_id',
      'edit_history.comment_id',
      'edit_history.text',
      'edit_history.sensitive',
      'edit_history.media',
      'edit_history.written_at',
      'edit_history.replaced_at',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('edit_history.comment_id', 'is', null), eb('posts.author_id', '=', authorId)]),
        eb('comments.author_id', '=', authorId),
      ]),
    );
  const rows = await withinWindow(query, ['edit_history.replaced_at', 'edit_history.id'], {
    newerThan: after ? [after.replaced_at, after.id] : undefined,
    oldestFirst: true,
    limit,
  }).execute();
  return rows.map((row) => ({ ...row, media: parseImages(row.media) }));
}
