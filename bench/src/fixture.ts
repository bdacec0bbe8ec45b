import { sql } from 'kysely';
import type { Db } from '../../server/src/data/database.js';
import { createTokenService } from '../../server/src/platform/auth/tokens.js';
import { newSecret, secretHash } from '../../server/src/platform/auth/opaque-tokens.js';
import { newId } from '../../server/src/platform/db/ids.js';
import { systemClock } from '../../server/src/clock.js';
import { newestPosts } from '../../server/src/data/post-skeletons.repo.js';
import { CursorCodec } from '../../server/src/platform/http/pagination.js';
import { usernameOf } from './dataset.js';
import { followAll, insertUsers, madeUpUser } from './made-up-users.js';
import { photoTwinsPerPage } from './photo-twins.js';
import { repostTwinsPerPage, repostTwinsReposts, repostTwinUsernames } from './repost-twins.js';

export interface BenchUser {
  id: string;
  username: string;
  token: string;
}

/** Why the Mastodon scenarios cannot run against a server, or the bench users' access tokens when they can. */
export type MastodonAccess =
  | {
      available: true;
      /** `Bearer <token>` of each bench user, in the order of `Fixture.users`. */
      authorizations: string[];
      /** `Bearer <token>` of the most notified user (`Fixture.mostNotified`). */
      mostNotified: string;
    }
  | { available: false; reason: string };

/** A post a user likes and dislikes in turn, starting with what is valid for their current reaction. */
export interface ReactionPlan {
  postId: string;
  startWith: 'like' | 'dislike';
}

/** What the scenarios need to know about the data set; one bench user per connection. */
export interface Fixture {
  users: BenchUser[];
  /** Posts whose pages are read and commented: random ones and the most commented ones, mixed. */
  postIds: string[];
  /** Random users: a typical profile. */
  usernames: string[];
  /** The same random users' ids, by which the Mastodon API names an account. */
  userIds: string[];
  /** The most followed users: the heaviest profiles. */
  famousUsernames: string[];
  reactionPlans: ReactionPlan[];
  /** For each bench user, someone they do not follow yet (follow, then unfollow, in turn). */
  followTargetIds: string[];
  /** The user who follows the number of people closest to 2,000 (the heavy Following timeline). */
  heavyFollower: BenchUser;
  /** The user with the most notifications. */
  mostNotified: BenchUser;
  mastodon: MastodonAccess;
  /** Twins of the bench users, without and with 1,000 blocks and 1,000 mutes each. */
  guarded: GuardedViewers;
  /** The home feed's first page copied twice at its old end, without and with images. */
  photoTwins: PhotoTwinPages;
  /** Two accounts whose Following timeline shows the same page, one with 30% of it reposts. */
  repostTwins: RepostTwins;
  /**
   * For each bench user, `perUser` of their posts that the bench wrote (`benchPostText`), the least
   * recently changed first; made through the API first where they have fewer.
   */
  postsToEdit(perUser: number): Promise<string[][]>;
}

const benchPostPrefix = 'Benchmark post from connection';

/**
 * The text of a bench user's post, as the create scenario writes it, and (`edit` > 0) as the edit
 * scenario rewrites it: as long, a little different each time. Its start marks the posts the bench
 * wrote, the only ones it edits (never the data set's own: its photo twins, its rare word).
 */
export const benchPostText = (connection: number, edit?: number) =>
  edit ? `${benchPostPrefix} ${connection}, edit ${edit}.` : `${benchPostPrefix} ${connection}.`;

/**
 * The two pages of the home feed that show the photo twins (photo-twins.ts): the same posts, with and
 * without images; or why a server or a data set has none.
 */
export type PhotoTwinPages =
  { available: true; plainPath: string; photosPath: string } | { available: false; reason: string };

/**
 * The repost twins (repost-twins.ts), signed in: `reposts` sees 6 of its page's 20 posts as reposts by
 * people it follows, `plain` the same posts as posts of people it follows; or why a server or a data set
 * has none.
 */
export type RepostTwins =
  { available: true; plain: BenchUser; reposts: BenchUser } | { available: false; reason: string };

/** Why a server has no blocks and mutes (a `bench:compare` base before them), or the viewers who have them. */
export type GuardedViewers =
  { available: true; plain: BenchUser[]; guarded: BenchUser[] } | { available: false; reason: string };

/** Blocks and mutes each guarded viewer has (issue 26 measures a viewer with 1,000 of each). */
const guardedCount = 1_000;
/** Of them, how many are members of the data set who post; the rest are accounts made for this (spam). */
const guardedMembers = 50;

const sampleSize = 500;

/**
 * The bench users are ordinary members (activity rank at 20% of the users, not the most active),
 * so that logging in or reading their own profile is a typical request, not the heaviest one.
 */
export async function prepareFixture(
  db: Db,
  options: { connections: number; jwtSecret: string; serverUrl: string },
): Promise<Fixture> {
  return fixtureOfServer(db, await writeFixture(db, options), options.serverUrl);
}

/**
 * What the fixture reads and writes in a working copy, in this checkout's schema, with no server
 * running: `bench:compare` writes it before it takes a base's copy down to the base's schema
 * (compare.ts), so none of it may ask a server. The rows it adds (Mastodon tokens, the guarded twins)
 * are written whatever the server can do; `fixtureOfServer` asks the server which scenarios it serves.
 */
export interface WrittenFixture extends Omit<
  Fixture,
  'mastodon' | 'guarded' | 'photoTwins' | 'repostTwins' | 'postsToEdit'
> {
  /** `Bearer <token>` of each bench user, in the order of `users`, and of the most notified user. */
  mastodonAuthorizations: { authorizations: string[]; mostNotified: string };
  guarded: { plain: BenchUser[]; guarded: BenchUser[] };
  photoTwins: PhotoTwinPaths | { reason: string };
  repostTwins: { plain: BenchUser; reposts: BenchUser } | { reason: string };
}

export async function writeFixture(
  db: Db,
  options: { connections: number; jwtSecret: string },
): Promise<WrittenFixture> {
  // The data set's members only: the accounts the bench makes (made-up-users.ts) never post.
  const userCount = Number(
    (
      await sql<{ n: number }>`SELECT count(*) AS n FROM accounts WHERE username NOT LIKE 'bench-%'`.execute(
        db,
      )
    ).rows[0]!.n,
  );
  if (userCount < options.connections + 2)
    throw new Error(`Need more than ${options.connections + 2} users.`);
  const firstBenchUser = Math.min(Math.floor(userCount * 0.2), userCount - options.connections);
  const benchUsernames = Array.from({ length: options.connections }, (_, i) =>
    usernameOf(firstBenchUser + i),
  );
  const users = await signIn(db, benchUsernames, options.jwtSecret);

  const randomPosts = await sql<{
    id: string;
  }>`SELECT id FROM posts ORDER BY random() LIMIT ${sampleSize}`.execute(db);
  const mostCommented = await db
    .selectFrom('posts')
    .select('id')
    .orderBy('comment_count', 'desc')
    .limit(sampleSize / 5)
    .execute();
  const postIds = interleave(
    randomPosts.rows.map((row) => row.id),
    mostCommented.map((row) => row.id),
  );

  const randomUsers = await sql<{
    id: string;
    username: string;
  }>`SELECT id, username FROM accounts WHERE username NOT LIKE 'bench-%' ORDER BY random() LIMIT ${sampleSize}`.execute(
    db,
  );
  const famous = await db
    .selectFrom('accounts')
    .select('username')
    .orderBy('follower_count', 'desc')
    .limit(20)
    .execute();

  const mostLiked = await db
    .selectFrom('posts')
    .select('id')
    .orderBy('like_count', 'desc')
    .limit(100)
    .execute();
  const reactionPlans = await Promise.all(
    users.map(async (user, index) => {
      const postId = mostLiked[index % mostLiked.length]!.id;
      const current = await db
        .selectFrom('post_reactions')
        .select('kind')
        .where('post_id', '=', postId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      return { postId, startWith: current?.kind === 'like' ? 'dislike' : 'like' } as const;
    }),
  );

  const candidates = await db
    .selectFrom('accounts')
    .select('id')
    .orderBy('follower_count', 'desc')
    .limit(200)
    .execute();
  const followTargetIds = await Promise.all(
    users.map(async (user, index) => {
      const followed = new Set(
        (
          await db.selectFrom('follows').select('followee_id').where('follower_id', '=', user.id).execute()
        ).map((row) => row.followee_id),
      );
      for (let step = 0; step < candidates.length; step++) {
        const candidate = candidates[(index + step) % candidates.length]!.id;
        if (candidate !== user.id && !followed.has(candidate)) return candidate;
      }
      throw new Error(`${user.username} already follows every candidate.`);
    }),
  );

  const heavy = await db
    .selectFrom('accounts')
    .select('username')
    .orderBy(sql`abs(following_count - 2000)`)
    .limit(1)
    .executeTakeFirstOrThrow();
  const notified = await db
    .selectFrom('notifications')
    .innerJoin('accounts', 'accounts.id', 'notifications.recipient_id')
    .select('accounts.username')
    .groupBy('accounts.username')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const [heavyFollower, mostNotified] = await signIn(
    db,
    [heavy.username, notified.username],
    options.jwtSecret,
  );
  const [mostNotifiedAuthorization, ...authorizations] = await writeMastodonTokens(db, [
    mostNotified!,
    ...users,
  ]);

  return {
    heavyFollower: heavyFollower!,
    mostNotified: mostNotified!,
    mastodonAuthorizations: {
      authorizations,
      mostNotified: mostNotifiedAuthorization!,
    },
    guarded: await writeGuardedViewers(db, users, options.jwtSecret),
    photoTwins: await photoTwinPaths(db, options.jwtSecret),
    repostTwins: await signInRepostTwins(db, options.jwtSecret),
    users,
    postIds,
    usernames: randomUsers.rows.map((row) => row.username),
    userIds: randomUsers.rows.map((row) => row.id),
    famousUsernames: famous.map((row) => row.username),
    reactionPlans,
    followTargetIds,
  };
}

/**
 * The fixture for the server at `serverUrl`, once it runs on the working copy `writeFixture` wrote:
 * each group of scenarios it cannot serve (a `bench:compare` base from before them) is marked so.
 */
export async function fixtureOfServer(db: Db, written: WrittenFixture, serverUrl: string): Promise<Fixture> {
  const { mastodonAuthorizations, guarded, photoTwins, repostTwins, ...rest } = written;
  return {
    ...rest,
    mastodon: await mastodonAccess(mastodonAuthorizations, serverUrl),
    guarded: await guardedViewers(guarded, serverUrl),
    photoTwins: await photoTwinPages(photoTwins, written.users[0]!, serverUrl),
    repostTwins: await repostTwinsOf(repostTwins, serverUrl),
    postsToEdit: (perUser) => benchPostsToEdit(db, written.users, serverUrl, perUser),
  };
}

/** The bench users' posts that the bench wrote, `perUser` each, least recently changed first. */
async function benchPostsToEdit(
  db: Db,
  users: BenchUser[],
  serverUrl: string,
  perUser: number,
): Promise<string[][]> {
  const postsOf = async (user: BenchUser) =>
    (
      await db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', user.id)
        .where('content', 'like', `${benchPostPrefix} %`)
        .orderBy('updated_at')
        .orderBy('id')
        .limit(perUser)
        .execute()
    ).map((row) => row.id);
  return Promise.all(
    users.map(async (user, connection) => {
      const found = await postsOf(user);
      for (let missing = perUser - found.length; missing > 0; missing--) {
        const response = await fetch(`${serverUrl}/api/posts?return=post`, {
          method: 'POST',
          headers: { authorization: user.token, 'content-type': 'application/json' },
          body: JSON.stringify({ postData: { content: benchPostText(connection) } }),
        });
        if (response.status !== 201)
          throw new Error(`Creating a post to edit answered ${response.status}: ${await response.text()}`);
      }
      return found.length < perUser ? postsOf(user) : found;
    }),
  );
}

/**
 * Tokens are signed with the server's JWT_SECRET, as its login would sign them: logging in 50 users
 * through the API is measured by the login scenario, not paid for in the set-up.
 */
export async function signIn(db: Db, usernames: string[], jwtSecret: string): Promise<BenchUser[]> {
  const tokens = createTokenService(jwtSecret, 24 * 60 * 60, systemClock);
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'username'])
    .where('username', 'in', usernames)
    .execute();
  return usernames.map((username) => {
    const row = rows.find((candidate) => candidate.username === username);
    if (!row) throw new Error(`No user ${username} in the data set.`);
    return { id: row.id, username, token: tokens.sign({ _id: row.id, username, ver: 0 }) };
  });
}

/**
 * Access tokens of the Mastodon API for the bench users, as the OAuth flow would leave them: one app and
 * one token per user, stored as its SHA-256 (server/src/use-cases/mastodon/oauth.ts). Written to the working copy
 * only (the cached data set stays as generated), afresh for each server.
 */
async function writeMastodonTokens(db: Db, users: BenchUser[]): Promise<string[]> {
  const createdAt = new Date();
  const appId = newId(createdAt);
  await db
    .insertInto('oauth_apps')
    .values({
      id: appId,
      name: 'Sync bench',
      website: null,
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: 'read',
      client_id: newSecret(),
      client_secret_hash: secretHash(newSecret()),
      created_at: createdAt.toISOString(),
    })
    .execute();
  const tokens = users.map((user) => ({ user, token: newSecret() }));
  await db
    .insertInto('oauth_tokens')
    .values(
      tokens.map(({ user, token }) => ({
        id: newId(createdAt),
        token_hash: secretHash(token),
        app_id: appId,
        user_id: user.id,
        scopes: 'read',
        created_at: createdAt.toISOString(),
        last_used_at: null,
      })),
    )
    .execute();
  return tokens.map(({ token }) => `Bearer ${token}`);
}

/** A server built before the Mastodon API (a `bench:compare` base) has no routes: its Mastodon scenarios are skipped. */
async function mastodonAccess(
  authorizations: WrittenFixture['mastodonAuthorizations'],
  serverUrl: string,
): Promise<MastodonAccess> {
  // Without a token the home timeline answers 401; a server without the API answers 404.
  const probe = await fetch(`${serverUrl}/api/v1/timelines/home`);
  if (probe.status !== 401) return { available: false, reason: 'this server has no Mastodon API' };
  return { available: true, ...authorizations };
}

/**
 * Two sets of twins of the bench users, so a page read with blocks and mutes is held to the same page
 * read without, on the same data: for each bench user, two new accounts that follow exactly whom that
 * user follows and post nothing; the `guarded` twin blocks 1,000 accounts and mutes 1,000, the `plain`
 * one none. Of each 1,000: 50 members of the data set (among the muted, a fifth of the people followed,
 * as people mute whom they see) and 950 accounts made here that never post (the spam a community
 * blocks). Follow counts are kept exact. Written to the working copy only, like the Mastodon tokens.
 */
async function writeGuardedViewers(
  db: Db,
  benchUsers: BenchUser[],
  jwtSecret: string,
): Promise<{ plain: BenchUser[]; guarded: BenchUser[] }> {
  const plainNames = benchUsers.map((_, i) => `bench-plain-${i}`);
  const guardedNames = benchUsers.map((_, i) => `bench-guarded-${i}`);
  const signedIn = async (usernames: string[]) => signIn(db, usernames, jwtSecret);
  const signedInTwins = async () => ({
    plain: await signedIn(plainNames),
    guarded: await signedIn(guardedNames),
  });
  // The fixture is written again for each server a run starts on a working copy: the twins made for the
  // first server are the next ones'.
  if (await db.selectFrom('accounts').select('id').where('username', '=', plainNames[0]!).executeTakeFirst())
    return signedInTwins();
  const createdAt = new Date().toISOString();
  const spam = Array.from({ length: 2 * (guardedCount - guardedMembers) }, (_, i) =>
    madeUpUser(`bench-spam-${i}`, createdAt),
  );
  const plainTwins = plainNames.map((username) => madeUpUser(username, createdAt));
  const guardedTwins = guardedNames.map((username) => madeUpUser(username, createdAt));
  await insertUsers(db, [...spam, ...plainTwins, ...guardedTwins]);
  const blockedSpam = spam.slice(0, guardedCount - guardedMembers).map((row) => row.id);
  const mutedSpam = spam.slice(guardedCount - guardedMembers).map((row) => row.id);
  const members = await sql<{
    id: string;
  }>`SELECT id FROM accounts WHERE username NOT LIKE 'bench-%' ORDER BY random() LIMIT ${4 * guardedMembers}`.execute(
    db,
  );
  for (const [index, benchUser] of benchUsers.entries()) {
    const followees = (
      await db.selectFrom('follows').select('followee_id').where('follower_id', '=', benchUser.id).execute()
    ).map((row) => row.followee_id);
    const [plain, guarded] = [plainTwins[index]!, guardedTwins[index]!];
    for (const twin of [plain, guarded]) await followAll(db, twin.id, followees, createdAt);
    const others = members.rows.map((row) => row.id).filter((id) => !followees.includes(id));
    // A fifth of the people they follow (their timeline keeps most of its authors), the rest others.
    const mutedFollowees = followees.slice(0, Math.min(guardedMembers, Math.floor(followees.length / 5)));
    const muted = [...mutedFollowees, ...others.slice(guardedMembers)].slice(0, guardedMembers);
    const blocked = others.slice(0, guardedMembers);
    const blocks = [...blocked, ...blockedSpam].map((id) => ({
      blocker_id: guarded.id,
      blocked_id: id,
      created_at: createdAt,
    }));
    const mutes = [...muted, ...mutedSpam].map((id) => ({
      muter_id: guarded.id,
      muted_id: id,
      notifications: 1,
      expires_at: null,
      created_at: createdAt,
    }));
    for (let i = 0; i < guardedCount; i += 500) {
      await db
        .insertInto('blocks')
        .values(blocks.slice(i, i + 500))
        .execute();
      await db
        .insertInto('mutes')
        .values(mutes.slice(i, i + 500))
        .execute();
    }
  }
  return signedInTwins();
}

/** A server without blocks (a `bench:compare` base before issue 26) answers 404 to its blocks list: the scenarios are skipped. */
async function guardedViewers(
  twins: { plain: BenchUser[]; guarded: BenchUser[] },
  serverUrl: string,
): Promise<GuardedViewers> {
  const probe = await fetch(`${serverUrl}/api/blocks`);
  if (probe.status !== 401) return { available: false, reason: 'this server has no blocks and mutes' };
  return { available: true, ...twins };
}

/**
 * The home feed's pages of the photo twins, read through a cursor as a client scrolling down reads them.
 * The data set's oldest posts are the filler, the photos twins and the plain twins (photo-twins.ts); a
 * page's cursor is the key of the post just newer than it, signed as the server signs its cursors (with
 * its JWT_SECRET, which the bench sets).
 */
interface PhotoTwinPaths {
  plainPath: string;
  photosPath: string;
}

async function photoTwinPaths(db: Db, jwtSecret: string): Promise<PhotoTwinPaths | { reason: string }> {
  const oldest = await db
    .selectFrom('posts')
    .select(['id', 'created_at', 'media_count'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(2 * photoTwinsPerPage + 2)
    .execute();
  const photos = oldest.slice(1, 1 + photoTwinsPerPage);
  const plain = oldest.slice(1 + photoTwinsPerPage, 1 + 2 * photoTwinsPerPage);
  if (
    oldest.length < 2 * photoTwinsPerPage + 2 ||
    photos.some((post) => post.media_count === 0) ||
    plain.some((post) => post.media_count > 0)
  )
    return { reason: 'this data set has no photo twins (generate it again)' };
  const codec = new CursorCodec(jwtSecret);
  // The home feed's scope: every author's posts (use-cases/sync/posts.ts).
  const kind = { ...newestPosts, scope: `${newestPosts.scope}:*` };
  const pathAfter = (post: { created_at: string; id: string }) =>
    `/api/posts?limit=${photoTwinsPerPage}&cursor=${codec.encode(kind, [post.created_at, post.id])}`;
  return { plainPath: pathAfter(oldest.at(-1)!), photosPath: pathAfter(plain[0]!) };
}

/**
 * Both pages are fetched once and compared: the same posts, one with images on every post, the other
 * with none. A server without photos (a `bench:compare` base before issue 27) skips the scenarios.
 */
async function photoTwinPages(
  paths: PhotoTwinPaths | { reason: string },
  viewer: BenchUser,
  serverUrl: string,
): Promise<PhotoTwinPages> {
  const probe = await fetch(`${serverUrl}/api/media`, { method: 'POST' });
  if (probe.status !== 401) return { available: false, reason: 'this server has no photos' };
  if ('reason' in paths) return { available: false, reason: paths.reason };
  const read = async (path: string) => {
    const response = await fetch(serverUrl + path, { headers: { authorization: viewer.token } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { posts: { content: string; media?: unknown[] }[] }).posts;
  };
  const [withImages, without] = [await read(paths.photosPath), await read(paths.plainPath)];
  const contents = (posts: { content: string }[]) => JSON.stringify(posts.map((post) => post.content));
  if (
    withImages.length !== photoTwinsPerPage ||
    contents(withImages) !== contents(without) ||
    withImages.some((post) => !post.media?.length) ||
    without.some((post) => post.media?.length)
  )
    throw new Error('The photo twins pages are not the same posts with and without images.');
  return { available: true, ...paths };
}

async function signInRepostTwins(
  db: Db,
  jwtSecret: string,
): Promise<{ plain: BenchUser; reposts: BenchUser } | { reason: string }> {
  const found = await db
    .selectFrom('accounts')
    .select('username')
    .where('username', 'in', Object.values(repostTwinUsernames))
    .execute();
  if (found.length < 2) return { reason: 'this data set has no repost twins (generate it again)' };
  const [plain, reposts] = await signIn(
    db,
    [repostTwinUsernames.plain, repostTwinUsernames.reposts],
    jwtSecret,
  );
  return { plain: plain!, reposts: reposts! };
}

/**
 * Reads both repost twins' pages once: the same posts in the same order, 6 of them reposts on the
 * reposts twin's page and none on the other's. A server whose timeline carries no `reposted` (a
 * `bench:compare` base before issue 28) skips the scenarios.
 */
async function repostTwinsOf(
  twins: { plain: BenchUser; reposts: BenchUser } | { reason: string },
  serverUrl: string,
): Promise<RepostTwins> {
  if ('reason' in twins) return { available: false, reason: twins.reason };
  const read = async (viewer: BenchUser) => {
    const path = `/api/timeline?limit=${repostTwinsPerPage}`;
    const response = await fetch(serverUrl + path, { headers: { authorization: viewer.token } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { posts: { _id: string; reposted?: unknown }[] }).posts;
  };
  const [withReposts, without] = [await read(twins.reposts), await read(twins.plain)];
  const repostCount = withReposts.filter((post) => post.reposted).length;
  if (repostCount === 0)
    return { available: false, reason: 'this server has no reposts in the Following timeline' };
  const ids = (posts: { _id: string }[]) => JSON.stringify(posts.map((post) => post._id));
  if (
    without.length !== repostTwinsPerPage ||
    ids(withReposts) !== ids(without) ||
    repostCount !== repostTwinsReposts ||
    without.some((post) => post.reposted)
  )
    throw new Error('The repost twins pages are not the same posts, 30% of them reposts on one.');
  return { available: true, ...twins };
}

/** One item of `extra` after every few of `base`, so both kinds are spread over the run. */
function interleave(base: string[], extra: string[]): string[] {
  const every = Math.max(1, Math.floor(base.length / Math.max(1, extra.length)));
  const mixed: string[] = [];
  base.forEach((item, index) => {
    mixed.push(item);
    const inserted = extra[Math.floor(index / every)];
    if (index % every === every - 1 && inserted !== undefined) mixed.push(inserted);
  });
  return [...new Set(mixed)];
}
