import type { AccountExport, ChangePasswordBody, ChangePasswordReply } from '@sync/contract';
import type { Db } from '../../data/database.js';
import { bookmarksPage } from '../../data/bookmarks.repo.js';
import { repostsOfUserPage } from '../../data/reposts.repo.js';
import { commentsOfAuthorPage, votesOfUserPage } from '../../data/comments.repo.js';
import { followsPage, type Direction, type FollowExportRow } from '../../data/follows.repo.js';
import { postsOfAuthorPage, reactionsOfUserPage } from '../../data/posts.repo.js';
import { findUserById, replacePassword, type UserRow } from '../../data/users.repo.js';
import { hashPassword, passwordMatches } from '../../platform/auth/passwords.js';
import { Messages, badRequest, notFound } from '../../platform/http/errors.js';
import * as oauth from '../../data/oauth.repo.js';
import { deleteUserAndEverythingOf } from '../shared/account-deletion.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { checkNewPassword } from '../shared/passwords.js';
import { claimsFor } from '../shared/sessions.js';
import { pagesOf, type PageLoader } from '../shared/export-pages.js';
import { blocksPage } from '../../data/blocks.repo.js';
import { versionsOfAuthorPage } from '../../data/edit-history.repo.js';
import { filtersOf } from '../../data/filters.repo.js';
import { fileKeysOf, mediaOfOwnerPage, type MediaRecord } from '../../data/media.repo.js';
import { mutesPage, type MuteExportRow } from '../../data/mutes.repo.js';
import { zipStream, type ZipEntry } from '../../platform/files/zip.js';
import { refuseSharedGuest } from '../shared/shared-guest.js';

/** 400, not 401: the web client reads a 401 as an expired session and signs the user out. */
const wrongPassword = () => badRequest('The current password is not correct.');

async function confirmPassword(user: UserRow, password: string): Promise<void> {
  if (!(await passwordMatches(user.password_hash, password))) throw wrongPassword();
}

/**
 * `POST /account/password`: the new password, and the one token that is valid from now on; every other
 * session and app token of the person ends.
 */
export async function changePassword(
  deps: Deps,
  input: { viewer: UserRow; body: ChangePasswordBody },
): Promise<ChangePasswordReply> {
  const { viewer, body } = input;
  await refuseSharedGuest(deps, viewer, 'password');
  await confirmPassword(viewer, body.currentPassword);
  checkNewPassword(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const version = await commit(deps, async (trx, effects) => {
    const moved = await replacePassword(trx, viewer.id, viewer.password_hash, passwordHash);
    // The hash changed since this request read it: another change won, so this current password is stale.
    if (moved === undefined) throw wrongPassword();
    // Apps signed in with the old password lose their access too.
    await oauth.deleteTokensOfUser(trx, viewer.id);
    effects.publish({ type: 'sessions-ended', userId: viewer.id });
    return moved;
  });
  return { encodedToken: deps.tokens.sign(claimsFor({ ...viewer, token_version: version })) };
}

/** `POST /account/delete`: the user and everything of theirs; their sessions end. */
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
  const { viewer, name, exportedAt } = await exportOf(deps, input.viewerId);
  return { filename: `${name}.json`, text: accountJson(deps, viewer, exportedAt) };
}

/**
 * `GET /account/archive`: a ZIP file of the JSON export and every image the user uploaded (the JSON's
 * `media` names each one's path), written as it streams: one page of rows and one file's chunk at a
 * time. An image the media store no longer has is left out of the archive (its row stays in the JSON).
 */
export async function exportArchive(
  deps: Deps,
  input: { viewerId: string },
): Promise<{ filename: string; bytes: AsyncGenerator<Buffer> }> {
  const { viewer, name, exportedAt } = await exportOf(deps, input.viewerId);
  return { filename: `${name}.zip`, bytes: zipStream(archiveEntries(deps, viewer, name, exportedAt)) };
}

/** The user as they are now, and the export's time and file name. */
async function exportOf(deps: Deps, viewerId: string) {
  // The profile is copied into the answer: read it now, not the row a read may reuse (auth.plugin.ts).
  const viewer = await findUserById(deps.db, viewerId);
  if (!viewer) throw notFound(Messages.userNotRegistered);
  const exportedAt = deps.clock.now().toISOString();
  return { viewer, exportedAt, name: `sync-${viewer.username}-${exportedAt.slice(0, 10)}` };
}

/** Where an image's file is in the archive. */
const archivePath = (media: MediaRecord) => `media/${media.id}.${media.extension}`;

async function* archiveEntries(
  deps: Deps,
  viewer: UserRow,
  name: string,
  exportedAt: string,
): AsyncGenerator<ZipEntry> {
  const at = new Date(exportedAt);
  yield { name: `${name}.json`, modifiedAt: at, data: utf8(accountJson(deps, viewer, exportedAt)) };
  for await (const rows of pagesOf(deps.db, viewer.id, mediaOfOwnerPage)) {
    for (const media of rows) {
      const file = await deps.media.store.read(fileKeysOf(media).original);
      if (file) yield { name: archivePath(media), modifiedAt: new Date(media.created_at), data: file.body };
    }
  }
}

async function* utf8(text: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of text) yield Buffer.from(chunk, 'utf8');
}

/** A JSON array of one user's rows, written page by page. */
async function* jsonArray<Row>(
  db: Db,
  userId: string,
  loadPage: PageLoader<Row>,
  toItem: (row: Row) => unknown,
): AsyncGenerator<string> {
  yield '[';
  let separator = '';
  for await (const rows of pagesOf(db, userId, loadPage)) {
    yield separator + rows.map((row) => JSON.stringify(toItem(row))).join(',');
    separator = ',';
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
async function* accountJson(deps: Deps, user: UserRow, exportedAt: string): AsyncGenerator<string> {
  const { db } = deps;
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
  yield key('blocks');
  yield* jsonArray(db, user.id, blocksPage, (row): Item<'blocks'> => ({
    userId: row.blocked_id,
    username: row.username,
    createdAt: row.created_at,
  }));
  yield key('mutes');
  const now = deps.clock.now().toISOString();
  yield* jsonArray(
    db,
    user.id,
    (db: Db, userId: string, after: MuteExportRow | undefined, limit: number) =>
      mutesPage(db, userId, now, after, limit),
    (row): Item<'mutes'> => ({
      userId: row.muted_id,
      username: row.username,
      notifications: row.notifications,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
    }),
  );
  // A person has at most a hundred filters (FilterLimits): one read.
  const filters = (await filtersOf(db, user.id)).map((filter): Item<'filters'> => ({
    _id: filter.id,
    title: filter.title,
    context: filter.contexts,
    action: filter.action,
    expiresAt: filter.expires_at,
    keywords: filter.keywords.map(({ keyword, wholeWord }) => ({ keyword, wholeWord })),
  }));
  yield `${key('filters')}${JSON.stringify(filters)}`;
  yield key('editHistory');
  yield* jsonArray(db, user.id, versionsOfAuthorPage, (row): Item<'editHistory'> => ({
    postId: row.post_id,
    commentId: row.comment_id,
    text: row.text,
    sensitive: row.sensitive === 1,
    media: row.media,
    writtenAt: row.written_at,
    replacedAt: row.replaced_at,
  }));
  yield key('media');
  yield* jsonArray(db, user.id, mediaOfOwnerPage, (row): Item<'media'> => ({
    _id: row.id,
    purpose: row.purpose,
    postId: row.post_id,
    commentId: row.comment_id,
    path: archivePath(row),
    contentType: row.content_type,
    description: row.description,
    width: row.width,
    height: row.height,
    focus: { x: row.focus_x, y: row.focus_y },
    createdAt: row.created_at,
  }));
  yield '}';
}

/** One item of an additive (optional) list of the export. */
type Item<Name extends Section> = NonNullable<AccountExport[Name]> extends (infer T)[] ? T : never;
