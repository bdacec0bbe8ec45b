import type { AccountExport } from '@sync/contract';
import type { Db } from '../data/database.js';
import { bookmarksPage } from '../data/bookmarks.repo.js';
import { commentsOfAuthorPage, votesOfUserPage } from '../data/comments.repo.js';
import { followsPage, type Direction, type FollowExportRow } from '../data/follows.repo.js';
import { postsOfAuthorPage, reactionsOfUserPage } from '../data/posts.repo.js';
import type { UserRow } from '../data/users.repo.js';

/** Rows read per query: memory stays bounded by one page per list whatever the user has done. */
export const exportPageSize = 1000;

/** A repository's keyset page of one user's rows: the rows after `after`, at most `limit`. */
type PageLoader<Row> = (db: Db, userId: string, after: Row | undefined, limit: number) => Promise<Row[]>;

/** A JSON array of one user's rows, written page by page. */
async function* jsonArray<Row>(
  db: Db,
  userId: string,
  loadPage: PageLoader<Row>,
  toItem: (row: Row) => unknown,
): AsyncGenerator<string> {
  yield '[';
  let after: Row | undefined;
  let separator = '';
  for (;;) {
    const rows = await loadPage(db, userId, after, exportPageSize);
    if (rows.length > 0) {
      yield separator + rows.map((row) => JSON.stringify(toItem(row))).join(',');
      separator = ',';
    }
    if (rows.length < exportPageSize) break;
    after = rows.at(-1);
  }
  yield ']';
}

type Section = keyof AccountExport;
const key = (name: Section, first = false) => `${first ? '' : ','}${JSON.stringify(name)}:`;

/**
 * The `AccountExport` of a user as JSON text, in chunks, for streaming: nothing holds more than one
 * page of rows. The pages are read one after another, not in one snapshot: something the user does
 * while the download runs may or may not be in it.
 */
export async function* exportAccount(db: Db, user: UserRow, exportedAt: string): AsyncGenerator<string> {
  const profile: AccountExport['profile'] = {
    _id: user.id,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    avatarURL: user.avatar_url,
    bio: user.bio,
    links: user.links,
    city: user.city,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
  };
  yield `{${key('exportedAt', true)}${JSON.stringify(exportedAt)}${key('profile')}${JSON.stringify(profile)}`;
  yield key('posts');
  yield* jsonArray(db, user.id, postsOfAuthorPage, (row): AccountExport['posts'][number] => ({
    _id: row.id,
    content: row.content,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  yield key('comments');
  yield* jsonArray(db, user.id, commentsOfAuthorPage, (row): AccountExport['comments'][number] => ({
    _id: row.id,
    postId: row.post_id,
    text: row.text,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  yield key('reactions');
  yield* jsonArray(db, user.id, reactionsOfUserPage, (row): AccountExport['reactions'][number] => ({
    postId: row.post_id,
    kind: row.kind,
    createdAt: row.created_at,
  }));
  yield key('commentVotes');
  yield* jsonArray(db, user.id, votesOfUserPage, (row): AccountExport['commentVotes'][number] => ({
    commentId: row.comment_id,
    kind: row.kind,
    createdAt: row.created_at,
  }));
  yield key('bookmarks');
  yield* jsonArray(db, user.id, bookmarksPage, (row): AccountExport['bookmarks'][number] => ({
    postId: row.post_id,
    createdAt: row.created_at,
  }));
  for (const direction of ['following', 'followers'] as const satisfies Direction[]) {
    yield key(direction);
    yield* jsonArray(
      db,
      user.id,
      (db: Db, userId: string, after: FollowExportRow | undefined, limit: number) =>
        followsPage(db, userId, direction, after, limit),
      (row): AccountExport['following'][number] => ({
        userId: row.user_id,
        username: row.username,
        createdAt: row.created_at,
      }),
    );
  }
  yield '}';
}
