/**
 * Shared assertions for the API suites: exact response shapes, token variants and database snapshots.
 */
import { createHash } from 'node:crypto';
import { ErrorBody, type Comment, type Post, type User, type UserSummary } from '@sync/contract';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { expect } from 'vitest';
import { loadConfig } from '../config.js';
import type { Db } from '../data/database.js';
import { testSecret, type TestServer } from './harness.js';

export const summaryKeys = ['_id', 'avatarURL', 'firstName', 'lastName', 'username'] as const;
export const commentKeys = [
  '_id',
  'avatarURL',
  'createdAt',
  'firstName',
  'lastName',
  'text',
  'updatedAt',
  'username',
  'votes',
];
export const postKeys = [
  '_id',
  'avatarURL',
  'commentCount',
  'comments',
  'content',
  'createdAt',
  'firstName',
  'lastName',
  'likes',
  'updatedAt',
  'username',
];
/**
 * Additive keys a post or comment carries only when they say something (contract/src/index.ts): a warn
 * filter's match, images, the sensitive mark, the last edit, a quote and its policy when not `anyone`,
 * the @names that mention nobody. The spec's keys are always all there.
 */
const sometimesKeys = [
  'editedAt',
  'filtered',
  'media',
  'sensitive',
  'quote',
  'quotePolicy',
  // Reposts (docs/decisions/092): the count when above 0; on a timeline's item that is a repost.
  'repostCount',
  'reposted',
  // The @names that mention nobody, when the text has some.
  'unresolvedMentions',
];
const withoutSometimes = (object: object) =>
  Object.keys(object).filter((key) => !sometimesKeys.includes(key));

export const userKeys = [
  '_id',
  'avatarURL',
  'bio',
  'bookmarks',
  'city',
  'createdAt',
  'firstName',
  'followerCount',
  'followers',
  'following',
  'followingCount',
  'lastName',
  'links',
  'updatedAt',
  'username',
];

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function expectSummary(summary: UserSummary) {
  expect(Object.keys(summary).sort()).toEqual(summaryKeys);
  for (const key of summaryKeys) expect(typeof summary[key]).toBe('string');
}

export function expectComment(comment: Comment) {
  expect(withoutSometimes(comment).sort()).toEqual(commentKeys);
  expect(Object.keys(comment.votes).sort()).toEqual(['downvotedBy', 'upvotedBy']);
  for (const voter of [...comment.votes.upvotedBy, ...comment.votes.downvotedBy]) expectSummary(voter);
  expect(comment.createdAt).toMatch(isoTime);
  expect(comment.updatedAt).toMatch(isoTime);
  // One vote per user: nobody is both an up- and a down-voter.
  const up = new Set(comment.votes.upvotedBy.map((user) => user._id));
  for (const voter of comment.votes.downvotedBy) expect(up.has(voter._id)).toBe(false);
}

/**
 * A post of the contract. Whole posts (the unpaginated answers) keep likeCount === likedBy.length and
 * commentCount === comments.length; previews (paginated) cap the lists at 3 and add `viewer`.
 */
export function expectPost(post: Post, { preview = false } = {}) {
  expect(withoutSometimes(post).sort()).toEqual(preview ? [...postKeys, 'viewer'].sort() : postKeys);
  expect(Object.keys(post.likes).sort()).toEqual(['dislikedBy', 'likeCount', 'likedBy']);
  for (const user of [...post.likes.likedBy, ...post.likes.dislikedBy]) expectSummary(user);
  for (const comment of post.comments) expectComment(comment);
  expect(post.createdAt).toMatch(isoTime);
  expect(post.updatedAt).toMatch(isoTime);
  expect(Number.isInteger(post.likes.likeCount)).toBe(true);
  expect(post.likes.likeCount).toBeGreaterThanOrEqual(0);
  if (preview) {
    // A preview always carries it (the keys above); `reposted`: additive, present when true.
    const viewer = post.viewer!;
    expect(
      Object.keys(viewer)
        .filter((key) => key !== 'reposted')
        .sort(),
    ).toEqual(['bookmarked', 'disliked', 'liked']);
    if ('reposted' in viewer) expect(viewer.reposted).toBe(true);
    if ('repostCount' in post) expect(post.repostCount).toBeGreaterThan(0);
    expect(post.likes.likedBy.length).toBeLessThanOrEqual(3);
    expect(post.likes.dislikedBy.length).toBeLessThanOrEqual(3);
    expect(post.comments.length).toBeLessThanOrEqual(3);
    expect(post.likes.likedBy.length).toBe(Math.min(3, post.likes.likeCount));
    expect(post.comments.length).toBe(Math.min(3, post.commentCount));
  } else {
    expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
    expect(post.commentCount).toBe(post.comments.length);
  }
}

export function expectPosts(posts: Post[], options: { preview?: boolean } = {}) {
  expect(Array.isArray(posts)).toBe(true);
  for (const post of posts) expectPost(post, options);
}

/** A user object; `email` is private, so only the user's own object carries it. */
export function expectUser(user: User) {
  expectUserShape(user);
  expect(user.followerCount).toBe(user.followers.length);
  expect(user.followingCount).toBe(user.following.length);
}

const defaultNestedCap = loadConfig({}).answerCaps.nested;

/**
 * A user object in a list of users: its lists are one level down, so they show the first
 * `CAP_NESTED_ENTRIES` (and the viewer's own entries); the counts stay exact.
 */
export function expectListedUser(user: User) {
  expectUserShape(user);
  const listsAndCounts: [UserSummary[], number][] = [
    [user.followers, user.followerCount],
    [user.following, user.followingCount],
  ];
  for (const [list, count] of listsAndCounts) {
    expect(list.length).toBeLessThanOrEqual(count);
    expect(list.length).toBeGreaterThanOrEqual(Math.min(count, defaultNestedCap));
  }
}

/** Only on the user's own object (decision 008): their email, role and permissions. */
const ownKeys = ['email', 'role', 'permissions'];

function expectUserShape(user: User) {
  expect(
    Object.keys(user)
      .filter((key) => !ownKeys.includes(key))
      .sort(),
  ).toEqual(userKeys);
  if ('email' in user) expect(typeof user.email).toBe('string');
  expect('role' in user).toBe('permissions' in user);
  if ('role' in user) expect(Array.isArray(user.permissions)).toBe(true);
  for (const summary of [...user.following, ...user.followers]) expectSummary(summary);
  for (const post of user.bookmarks) expectPost(post);
}

/** No answer carrying users may leak a password or its hash. */
export function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text.toLowerCase()).not.toContain('password');
  expect(text).not.toContain('$argon2');
}

/** A refusal of Sync's API: the status, one message (this one, when given). The reply's body is then an `ErrorBody`. */
export function expectError(
  reply: { status: number; body: unknown },
  status: number,
  message?: string,
): asserts reply is { status: number; body: ErrorBody } {
  expect(reply.status).toBe(status);
  expect(Object.keys(reply.body ?? {})).toEqual(['errors']);
  const body = reply.body;
  if (!Value.Check(ErrorBody, body)) throw new Error(`not an error answer: ${JSON.stringify(body)}`);
  expect(body.errors).toHaveLength(1);
  expect(typeof body.errors[0]).toBe('string');
  expect(body.errors[0]!.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.errors[0]).toBe(message);
}

// ---- tokens ----

const key = new TextEncoder().encode(testSecret);

/** A correctly signed token whose expiry is an hour in the past. */
export function expiredToken(claims: { _id: string; username: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(key);
}

/** A token with valid claims signed with another secret. */
export function forgedToken(claims: { _id: string; username: string }): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough'));
}

export const malformedToken = 'this.is-not-a.jwt';

/** Signs up a user, then deletes its row: its token stays validly signed but names nobody. */
export async function deletedUserToken(server: TestServer, username: string): Promise<string> {
  const { token, user } = await server.signup(username);
  await server.database.db.deleteFrom('accounts').where('id', '=', user._id).execute();
  return token;
}

// ---- database ----

export const tables = [
  'accounts',
  'users',
  'posts',
  'post_reactions',
  'comments',
  'comment_votes',
  'bookmarks',
  'follows',
] as const;

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  // One statement for all eight tables: the bad-input sweep takes a snapshot around every request.
  const columns = tables.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ');
  const { rows } = await sql<Record<string, number | string>>`select ${sql.raw(columns)}`.execute(db);
  return Object.fromEntries(tables.map((table) => [table, Number(rows[0]![table])]));
}

/** Row counts of every table plus a hash of all the user-written text and counters. */
export async function snapshot(db: Db): Promise<{ counts: Record<string, number>; hash: string }> {
  const [counts, posts, comments, users] = await Promise.all([
    rowCounts(db),
    db
      .selectFrom('posts')
      .select(['id', 'content', 'like_count', 'comment_count', 'updated_at'])
      .orderBy('id')
      .execute(),
    db.selectFrom('comments').select(['id', 'text', 'updated_at']).orderBy('id').execute(),
    db
      .selectFrom('accounts')
      .select(['id', 'bio', 'links', 'city', 'avatar_url', 'follower_count', 'following_count', 'updated_at'])
      .orderBy('id')
      .execute(),
  ]);
  const hash = createHash('sha256').update(JSON.stringify({ posts, comments, users })).digest('hex');
  return { counts, hash };
}

let uniqueCounter = 0;
/** A fresh, valid username (letters, digits, '.', '_'; at most 30 characters). */
export function uniqueName(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix.slice(0, 14)}_${uniqueCounter}${Math.random().toString(36).slice(2, 7)}`;
}
