import type { AccountExport, ChangePasswordBody, ChangePasswordReply } from '@sync/contract';
import type { Db } from '../data/database.js';
import { bookmarksPage } from '../data/bookmarks.repo.js';
import { repostsOfUserPage } from '../data/reposts.repo.js';
import { commentsOfAuthorPage, votesOfUserPage } from '../data/comments.repo.js';
import { followsPage, type Direction, type FollowExportRow } from '../data/follows.repo.js';
import { postsOfAuthorPage, reactionsOfUserPage } from '../data/posts.repo.js';
import { findUserById, replacePassword, type UserRow } from '../data/users.repo.js';
import { hashPassword, passwordMatches } from '../platform/auth/passwords.js';
import { Messages, badRequest, notFound } from '../platform/http/errors.js';
import * as oauth from '../data/oauth.repo.js';
import { deleteUserAndEverythingOf } from './shared/account-deletion.js';
import type { Deps } from './shared/deps.js';
import { checkNewPassword } from './shared/passwords.js';
import { claimsFor } from './shared/sessions.js';
import { refuseSharedGuest } from './shared/shared-guest.js';

/** 400, not 401: the web client reads a 401 as an expired session and signs the user out. */
const wrongPassword = () => badRequest('The current password is not correct.');

async function confirmPassword(user: UserRow, password: string): Promise<void> {
  if (!(await passwordMatches(user.password_hash, password))) throw wrongPassword();
}

/**
 * `POST /account/password`: the new password, and the one token that is valid from now on (the
 * caller ends the user's other sessions).
 */
export async function changePassword(
  deps: Deps,
  input: { viewer: UserRow; body: ChangePasswordBody },
): Promise<ChangePasswordReply> {
  const { viewer, body } = input;
  await refuseSharedGuest(deps, viewer, 'password');
  await confirmPassword(viewer, body.currentPassword);
  checkNewPassword(body.newPassword);
  const version = await replacePassword(
    deps.db,
    viewer.id,
    viewer.password_hash,
    await hashPassword(body.newPassword),
  );
  // The hash changed since this request read it: another change won, so this current password is stale.
  if (version === undefined) throw wrongPassword();
  // Apps signed in with the old password lose their access too (the caller ends every session).
  await oauth.deleteTokensOfUser(deps.db, viewer.id);
  return { encodedToken: deps.tokens.sign(claimsFor({ ...viewer, token_version: version })) };
}

/** `POST /account/delete`: the user and everything of theirs (the caller ends their sessions). */
export async function deleteAccount(deps: Deps, input: { viewer: UserRow; password: string }): Promise<void> {
  await refuseSharedGuest(deps, input.viewer, 'delete');
  await confirmPassword(input.viewer, input.password);
  await deleteUserAndEverythingOf(deps, input.viewer.id);
}

/** `GET /account/export`: the file's name and its JSON text, written page by page. */
export async function exportAccount(
  deps: Deps,
  input: { viewerId: string },
): Promise<{ filename: string; text: AsyncGenerator<string> }> {
  // The profile is copied into the answer: read it now, not the row a read may reuse (auth.plugin.ts).
  const viewer = await findUserById(deps.db, input.viewerId);
  if (!viewer) throw notFound(Messages.userNotRegistered);
  const exportedAt = deps.clock.now().toISOString();
  return {
    filename: `sync-${viewer.username}-${exportedAt.slice(0, 10)}.json`,
    text: accountJson(deps.db, viewer, exportedAt),
  };
}

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
async function* accountJson(db: Db, user: UserRow, exportedAt: string): AsyncGenerator<string> {
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
  yield key('reposts');
  yield* jsonArray(db, user.id, repostsOfUserPage, (row): NonNullable<AccountExport['reposts']>[number] => ({
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
