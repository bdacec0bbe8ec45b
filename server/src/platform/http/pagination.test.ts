import type { Comment, ListedPerson, Post, User } from '@sync/contract';
/**
 * Additive pagination: `?limit` / `?cursor` on every list, with the unpaginated contract untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import {
  expectComment,
  expectError,
  expectListedUser,
  expectPost,
  expectSummary,
  uniqueName,
} from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('pagination', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  /** Follows nextCursor to the end; checks page sizes and that the last page says so. */
  async function walk<Item>(path: string, key: string, limit: number, token?: string) {
    const items: Item[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      // A page of the list: its items under `key`, beside the cursor.
      const reply = await server.request<{ nextCursor: string | null } & Record<string, Item[]>>('GET', url, {
        token,
      });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual([key, 'nextCursor'].sort());
      const page = reply.body[key]!;
      expect(page.length).toBeLessThanOrEqual(limit);
      items.push(...page);
      cursor = reply.body.nextCursor;
      if (cursor === null) return items;
      expect(page.length).toBe(limit);
    }
    throw new Error('pagination did not end');
  }
  const ids = (items: { _id: string }[]) => items.map((item) => item._id);
  const newestFirst = (a: Post, b: Post) =>
    a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;
  const createPost = async (token: string, content: string) => {
    const reply = await server.request('POST', '/api/posts?return=post', {
      token,
      body: { postData: { content } },
    });
    expect(reply.status).toBe(201);
    return reply.body.post._id as string;
  };

  describe('posts', () => {
    it('without limit or cursor the answer is the contract: {posts} only, whole, no viewer', async () => {
      const reply = await server.request('GET', '/api/posts');
      expect(Object.keys(reply.body)).toEqual(['posts']);
      for (const post of reply.body.posts) expectPost(post);
    });

    it('?limit=2: {posts, nextCursor}; walking the pages yields every post exactly once, newest first', async () => {
      const first = await server.request('GET', '/api/posts?limit=2');
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['nextCursor', 'posts']);
      expect(first.body.posts).toHaveLength(2);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const walked = await walk<Post>('/api/posts', 'posts', 2);
      walked.forEach((post) => expectPost(post, { preview: true }));
      expect(ids(walked)).toEqual(ids([...all].sort(newestFirst)));
      expect(new Set(ids(walked)).size).toBe(walked.length);
    });

    it('sort=trending: most liked first, then newest; every post once', async () => {
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const walked = await walk<Post>('/api/posts?sort=trending', 'posts', 3);
      const expected = [...all].sort((a, b) => b.likes.likeCount - a.likes.likeCount || newestFirst(a, b));
      expect(ids(walked)).toEqual(ids(expected));
      expect(walked[0]!.likes.likeCount).toBe(4);
    });

    it('sort without limit sorts the whole list: {posts} only, most liked first', async () => {
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const reply = await server.request('GET', '/api/posts?sort=trending');
      expect(Object.keys(reply.body)).toEqual(['posts']);
      const expected = [...all].sort((a, b) => b.likes.likeCount - a.likes.likeCount || newestFirst(a, b));
      expect(ids(reply.body.posts)).toEqual(ids(expected));
      const newest = (await server.request('GET', '/api/posts?sort=newest')).body.posts;
      expect(ids(newest)).toEqual(ids([...all].sort(newestFirst)));
    });

    it.each(['', '&sort=trending'])(
      'no post is skipped or repeated while new posts are added between page fetches (%s)',
      async (sort) => {
        const { token } = await server.signup(uniqueName('writer'));
        const before = (await server.request('GET', '/api/posts')).body.posts;
        const seen: string[] = [];
        let cursor: string | null = null;
        let round = 0;
        do {
          const url: `/api/posts?${string}` = `/api/posts?limit=2${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const reply = await server.request('GET', url);
          seen.push(...ids(reply.body.posts));
          cursor = reply.body.nextCursor ?? null;
          await createPost(token, `written during the walk ${round}`);
          round += 1;
        } while (cursor);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expect.arrayContaining(ids(before)));
        // Newest first: posts written during the walk sort before the cursor, so the walk sees exactly
        // the posts that existed when it started. Trending may also show new (unliked) posts further down.
        if (sort === '') expect([...seen].sort()).toEqual(ids(before).sort());
      },
    );

    it('keeps a stable order across pages when posts share one timestamp', async () => {
      const author = await server.signup(uniqueName('sametime'));
      const createdAt = '2020-02-02T02:02:02.000Z';
      const inserted = Array.from({ length: 7 }, () => newId(new Date(createdAt)));
      for (const id of inserted) {
        await server.database.db
          .insertInto('posts')
          .values({
            id,
            author_id: author.user._id,
            content: `tied ${id}`,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
      }
      const walked = await walk<Post>(`/api/posts/user/${author.user.username}`, 'posts', 2);
      expect(ids(walked)).toEqual([...inserted].sort().reverse());
      const everything = await walk<Post>('/api/posts', 'posts', 3);
      const tied = everything.filter((post) => post.createdAt === createdAt);
      expect(ids(tied)).toEqual([...inserted].sort().reverse());
      expect(new Set(ids(everything)).size).toBe(everything.length);
      const trending = await walk<Post>('/api/posts?sort=trending', 'posts', 4);
      expect(new Set(ids(trending)).size).toBe(trending.length);
      expect(ids(trending).sort()).toEqual(ids(everything).sort());
      // Unpaginated: creation order, ties by id.
      const contract = (await server.request('GET', `/api/posts/user/${author.user.username}`)).body.posts;
      expect(ids(contract)).toEqual([...inserted].sort());
    });

    it.each([
      ['limit=0', 'limit must be at least 1.'],
      ['limit=101', 'limit must be at most 100.'],
      ['limit=abc', 'limit must be a whole number.'],
      ['cursor=nonsense', 'The cursor is not valid. Load the list again from the start (without a cursor).'],
      ['sort=oldest', 'sort has a value that is not allowed.'],
    ])('?%s → 400 %j', async (query, message) => {
      expectError(await server.request('GET', `/api/posts?${query}`), 400, message);
    });

    it('a tampered cursor → 400', async () => {
      const cursor: string = (await server.request('GET', '/api/posts?limit=1')).body.nextCursor!;
      const [body, signature] = cursor.split('.');
      const key = JSON.parse(Buffer.from(body!, 'base64url').toString());
      key[0] = '2999-01-01T00:00:00.000Z';
      const tampered = `${Buffer.from(JSON.stringify(key)).toString('base64url')}.${signature}`;
      expectError(await server.request('GET', `/api/posts?limit=1&cursor=${tampered}`), 400);
      // The untouched cursor still works.
      expect((await server.request('GET', `/api/posts?limit=1&cursor=${cursor}`)).status).toBe(200);
    });

    it('paginated posts carry at most 3 likedBy/dislikedBy/comments, full counts and the viewer state', async () => {
      const author = await server.signup(uniqueName('popular'));
      const postId = await createPost(author.token, 'a crowd gathers');
      const fans = [];
      for (const n of [1, 2, 3, 4, 5]) {
        const fan = await server.signup(uniqueName(`crowd${n}`));
        await server.request('POST', `/api/posts/like/${postId}`, { token: fan.token });
        await server.request('POST', `/api/comments/add/${postId}`, {
          token: fan.token,
          body: { commentData: { text: `comment ${n}` } },
        });
        fans.push(fan);
      }
      for (const n of [1, 2, 3, 4]) {
        const critic = await server.signup(uniqueName(`critic${n}`));
        await server.request('POST', `/api/posts/dislike/${postId}`, { token: critic.token });
      }
      await server.request('POST', `/api/users/bookmark/${postId}`, { token: fans[0]!.token });

      const page = await server.request('GET', '/api/posts?limit=1', { token: fans[0]!.token });
      const post = page.body.posts[0]!;
      expect(post._id).toBe(postId);
      expectPost(post, { preview: true });
      expect(post.likes.likeCount).toBe(5);
      expect(post.likes.likedBy).toHaveLength(3);
      expect(post.likes.dislikedBy).toHaveLength(3);
      expect(post.comments.map((c) => c.text)).toEqual(['comment 1', 'comment 2', 'comment 3']);
      expect(post.commentCount).toBe(5);
      expect(post.viewer).toEqual({ liked: true, disliked: false, bookmarked: true });

      const anonymous = (await server.request('GET', '/api/posts?limit=1')).body.posts[0]!;
      expect(anonymous.viewer).toEqual({ liked: false, disliked: false, bookmarked: false });
      const authorView = (await server.request('GET', '/api/posts?limit=1', { token: author.token })).body
        .posts[0]!;
      expect(authorView.viewer).toEqual({ liked: false, disliked: false, bookmarked: false });

      // The whole lists behind the previews, page by page.
      const likers = await walk<ListedPerson>(`/api/posts/${postId}/likes`, 'users', 2);
      likers.forEach(expectSummary);
      expect(ids(likers)).toEqual(fans.map((fan) => fan.user._id));
      const dislikers = await walk<ListedPerson>(`/api/posts/${postId}/dislikes`, 'users', 3);
      expect(dislikers).toHaveLength(4);
      const comments = await walk<Comment>(`/api/comments/${postId}`, 'comments', 2);
      comments.forEach(expectComment);
      expect(comments.map((c) => c.text)).toEqual([1, 2, 3, 4, 5].map((n) => `comment ${n}`));
      const whole = (await server.request('GET', `/api/comments/${postId}`)).body;
      expect(Object.keys(whole)).toEqual(['comments']);
      expect(whole.comments).toEqual(comments);
    });
  });

  describe('other lists', () => {
    it("/posts/user/:username pages through that author's posts only, newest first", async () => {
      const { token, user } = await server.signup(uniqueName('author'));
      const created = [];
      for (const n of [1, 2, 3, 4, 5]) created.push(await createPost(token, `mine ${n}`));
      const walked = await walk<Post>(`/api/posts/user/${user.username}`, 'posts', 2, token);
      walked.forEach((post) => expectPost(post, { preview: true }));
      expect(ids(walked)).toEqual([...created].reverse());
    });

    it('/users/bookmark pages through bookmarks, newest bookmark first', async () => {
      const { token } = await server.signup(uniqueName('reader'));
      const posts = (await server.request('GET', '/api/posts')).body.posts.slice(0, 5);
      for (const post of posts) {
        expect((await server.request('POST', `/api/users/bookmark/${post._id}`, { token })).status).toBe(200);
        server.clock.advance(1000);
      }
      const walked = await walk<Post>('/api/users/bookmark', 'bookmarks', 2, token);
      walked.forEach((post) => {
        expectPost(post, { preview: true });
        expect(post.viewer!.bookmarked).toBe(true);
      });
      expect(ids(walked)).toEqual(ids(posts).reverse());
      const whole = (await server.request('GET', '/api/users/bookmark', { token })).body;
      expect(Object.keys(whole)).toEqual(['bookmarks']);
      expect(ids(whole.bookmarks)).toEqual(ids(walked));
    });

    it('/users pages through every user in sign-up order', async () => {
      const all = (await server.request('GET', '/api/users')).body.users;
      const walked = await walk<User>('/api/users', 'users', 4);
      walked.forEach(expectListedUser);
      expect(ids(walked)).toEqual(ids(all));
    });

    it('/users/:username/followers and /following page through, most recent first', async () => {
      const star = await server.signup(uniqueName('star'));
      const fans = [];
      for (const n of [1, 2, 3, 4, 5]) {
        const fan = await server.signup(uniqueName(`fan${n}`));
        await server.request('POST', `/api/users/follow/${star.user._id}`, { token: fan.token });
        await server.request('POST', `/api/users/follow/${fan.user._id}`, { token: star.token });
        fans.push(fan);
        server.clock.advance(1000);
      }
      const followers = await walk<ListedPerson>(`/api/users/${star.user.username}/followers`, 'users', 2);
      followers.forEach(expectSummary);
      expect(ids(followers)).toEqual(fans.map((fan) => fan.user._id).reverse());
      const following = await walk<ListedPerson>(`/api/users/${star.user.username}/following`, 'users', 3);
      expect(ids(following)).toEqual(fans.map((fan) => fan.user._id).reverse());
    });

    it.each(['/api/users', '/api/comments/:post', '/api/users/bookmark', '/api/users/maya.chen/followers'])(
      '%s refuses a cursor from another list and a bad limit',
      async (path) => {
        const { token } = await server.signup(uniqueName('mixer'));
        const postId = (await server.request('GET', '/api/posts')).body.posts[0]!._id;
        const url = path.replace(':post', postId);
        const postsCursor = (await server.request('GET', '/api/posts?limit=1')).body.nextCursor;
        expectError(await server.request('GET', `${url}?cursor=${postsCursor}`, { token }), 400);
        expectError(
          await server.request('GET', `${url}?limit=0`, { token }),
          400,
          'limit must be at least 1.',
        );
        expectError(await server.request('GET', `${url}?limit=abc`, { token }), 400);
      },
    );
  });
});
