import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../data/database.js';
import { loadConfig } from '../../config.js';
import { newId } from '../../platform/db/ids.js';
import type { Database } from '../../data/schema.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { bulkUserRow, insertBulkPeople } from '../../test/people.js';

/**
 * With the default caps, no answer passes 1 MB however many people react, comment, vote and follow:
 * every list a default-capped answer can show is filled past its cap, with text of ordinary length
 * (posts of 280 characters, comments of 140, names and avatars like the demo's people), and
 * every answer that lists posts, comments or users is read at its largest.
 *
 * Lists nest (posts × comments × voters), so the nested cap is what keeps these answers small; with
 * `CAP_NESTED_ENTRIES=100` the unpaginated post lists here are several megabytes.
 */

const megabyte = 1024 * 1024;
const caps = loadConfig({}).answerCaps;
const posts = caps.posts;
/** Past the caps of the lists of the one post or user an answer is about. */
const overCap = caps.entries + 1;
/** Past the caps of the lists one level down: voters, and the lists of listed posts and users. */
const overNested = caps.nested + 1;
const ownFollowing = caps.ownFollowing;

const postText = (i: number) => `Post ${i} about #gardening and coffee: ${'a sentence of words '.repeat(13)}`;
const commentText = (i: number) => `Comment ${i}: ${'some reply words '.repeat(7)}`;

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  for (let at = 0; at < rows.length; at += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(at, at + 500) as never)
      .execute();
  }
}

describeEachDatabase('answer sizes with the default caps', (dialect) => {
  let server: TestServer;
  let token = '';
  let viewerName = '';
  let starName = '';
  let wholePostId = '';
  let someoneId = '';

  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
    const db = server.database.db;
    const signedUp = await server.signup('sizes_viewer');
    token = signedUp.token;
    viewerName = signedUp.user.username;
    const viewerId: string = signedUp.user._id;

    let clock = Date.parse('2026-01-01T00:00:00Z');
    const tick = () => new Date((clock += 1000));
    const people = Array.from({ length: ownFollowing + overCap }, (_, i) => ({
      ...bulkUserRow(`member${String(i).padStart(5, '0')}`, tick()),
      first_name: 'Miriam',
      last_name: 'Okafor',
      avatar_url: `/avatars/member${String(i).padStart(5, '0')}.svg`,
    }));
    await insertBulkPeople(db, people);
    const star = people[0]!;
    starName = star.username;
    someoneId = people.at(-1)!.id;

    const postRows = Array.from({ length: posts }, (_, i) => {
      const at = tick().toISOString();
      return {
        id: newId(new Date(at)),
        author_id: star.id,
        content: postText(i),
        like_count: overCap,
        comment_count: overCap,
        created_at: at,
        updated_at: at,
      };
    });
    await insertAll(db, 'posts', postRows);
    await insertAll(
      db,
      'post_tags',
      postRows.map((post) => ({
        post_id: post.id,
        tag: 'gardening',
        created_at: post.created_at,
        position: 0,
      })),
    );
    wholePostId = postRows.at(-1)!.id;

    const reactions: Insertable<Database['post_reactions']>[] = [];
    const comments: Insertable<Database['comments']>[] = [];
    const votes: Insertable<Database['comment_votes']>[] = [];
    for (const post of postRows) {
      for (let i = 0; i < overCap * 2; i++) {
        const kind = i < overCap ? 'like' : 'dislike';
        reactions.push({ post_id: post.id, user_id: people[i]!.id, kind, created_at: tick().toISOString() });
      }
      for (let i = 0; i < overCap; i++) {
        const at = tick().toISOString();
        const id = newId(new Date(at));
        comments.push({
          id,
          post_id: post.id,
          author_id: people[i]!.id,
          text: commentText(i),
          created_at: at,
          updated_at: at,
        });
        if (i >= overNested && post.id !== wholePostId) continue;
        for (let v = 0; v < overNested * 2; v++) {
          const kind = v < overNested ? 'up' : 'down';
          votes.push({ comment_id: id, user_id: people[v]!.id, kind, created_at: tick().toISOString() });
        }
      }
    }
    await insertAll(db, 'post_reactions', reactions);
    await insertAll(db, 'comments', comments);
    await insertAll(db, 'comment_votes', votes);

    // The viewer follows as many people as their own cap lists and is followed by 101; everyone follows
    // the star.
    const follows: Insertable<Database['follows']>[] = [];
    for (const person of people.slice(0, ownFollowing))
      follows.push({ follower_id: viewerId, followee_id: person.id, created_at: tick().toISOString() });
    for (const person of people.slice(ownFollowing))
      follows.push({ follower_id: person.id, followee_id: viewerId, created_at: tick().toISOString() });
    for (const person of people.slice(1))
      follows.push({ follower_id: person.id, followee_id: star.id, created_at: tick().toISOString() });
    await insertAll(db, 'follows', follows);
    const count = (column: 'follower_id' | 'followee_id', id: string) =>
      follows.filter((row) => row[column] === id).length;
    for (const id of [viewerId, star.id]) {
      await db
        .updateTable('accounts')
        .set({ follower_count: count('followee_id', id), following_count: count('follower_id', id) })
        .where('id', '=', id)
        .execute();
    }
    await insertAll(
      db,
      'bookmarks',
      postRows.map((post) => ({ user_id: viewerId, post_id: post.id, created_at: tick().toISOString() })),
    );
  }, 120_000);
  afterAll(() => server?.close());

  /** What is read, and how: the paths name people and posts made in beforeAll, so they are read late. */
  const answers: [string, () => { method: string; path: string; body?: unknown }][] = [
    ['every post', () => ({ method: 'GET', path: '/api/posts' })],
    ['every post, trending', () => ({ method: 'GET', path: '/api/posts?sort=trending' })],
    ['a page of 100 posts', () => ({ method: 'GET', path: '/api/posts?limit=100' })],
    ["every post of the star's", () => ({ method: 'GET', path: `/api/posts/user/${starName}` })],
    ['the whole post', () => ({ method: 'GET', path: `/api/posts/${wholePostId}` })],
    ["every comment of the whole post's", () => ({ method: 'GET', path: `/api/comments/${wholePostId}` })],
    ['a page of 100 comments', () => ({ method: 'GET', path: `/api/comments/${wholePostId}?limit=100` })],
    ['every user', () => ({ method: 'GET', path: '/api/users' })],
    ['a page of 100 users', () => ({ method: 'GET', path: '/api/users?limit=100' })],
    ['the star', () => ({ method: 'GET', path: `/api/users/${starName}` })],
    ['the bookmarks', () => ({ method: 'GET', path: '/api/users/bookmark' })],
    ['the Following timeline, 100 posts', () => ({ method: 'GET', path: '/api/timeline?limit=100' })],
    ['a search, 100 posts', () => ({ method: 'GET', path: '/api/search?q=gardening&limit=100' })],
    ['a tag, 100 posts', () => ({ method: 'GET', path: '/api/tags/gardening?limit=100' })],
    ['a like answered with every post', () => ({ method: 'POST', path: `/api/posts/like/${wholePostId}` })],
    ['a follow answered with every user', () => ({ method: 'POST', path: `/api/users/follow/${someoneId}` })],
    [
      'login',
      () => ({
        method: 'POST',
        path: '/api/auth/login',
        body: { username: viewerName, password: 'password123' },
      }),
    ],
  ];

  it.each(answers)('%s stays under 1 MB', async (_, request) => {
    const { method, path, body } = request();
    const reply = await server.request(method, path, { token, body });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBeLessThan(300);
    const bytes = Buffer.byteLength(JSON.stringify(reply.body));
    if (process.env.ANSWER_SIZES) console.log(`${method} ${path}: ${(bytes / 1024).toFixed(1)} KB`);
    expect(bytes, `${method} ${path}: ${(bytes / 1024).toFixed(0)} KB`).toBeLessThan(megabyte);
  });
});
