import type { Account } from '@sync/contract/mastodon';
/**
 * The viewer's lists through masto.js: `/api/v1/favourites` (liked posts and upvoted comments),
 * `/api/v1/bookmarks`, and `/api/v1/statuses/:id/favourited_by`: newest favourite (or bookmark) first,
 * whether it was given through the Mastodon API or Sync's own, paged by signed cursors that never
 * show an item twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type Reply, type TestServer } from '../../test/harness.js';
import { bearer, failure, newAppUser, type MastodonError } from '../../test/mastodon.js';
import { succeed, type Person } from '../../test/people.js';

describeEachDatabase('Mastodon API: favourites, bookmarks, favourited_by', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  const sync = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);
  const syncPost = async (author: Person, content = 'A post') =>
    (await sync('POST', '/api/posts?return=post', author, { postData: { content } })).post._id as string;
  const syncComment = async (author: Person, postId: string, text = 'A comment') =>
    (await sync('POST', `/api/comments/add/${postId}?return=post`, author, { commentData: { text } }))
      .comment!._id as string;
  /** Every page a masto.js paginator follows, until the empty one. */
  const pagesOf = async <Item>(paginator: AsyncIterable<Item[]>) => {
    const pages: Item[][] = [];
    for await (const page of paginator) pages.push(page);
    return pages;
  };
  const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

  describe('favourites', () => {
    it('liked posts and upvoted comments, through either API, the latest favourite first', async () => {
      const [me, author] = [await appUser('me'), await appUser('author')];
      // Written first, favourited last: the order is when they were favourited.
      const oldPost = await syncPost(author, 'old');
      const [postA, postB] = [await syncPost(author, 'a'), await syncPost(author, 'b')];
      const [commentC, commentD, commentE] = [
        await syncComment(author, postA, 'c'),
        await syncComment(author, postA, 'd'),
        await syncComment(author, postA, 'e'),
      ];

      await me.app.v1.statuses.$select(postA).favourite();
      await sync('POST', `/api/posts/like/${postB}`, me);
      await sync('POST', `/api/comments/upvote/${postA}/${commentC}`, me);
      await me.app.v1.statuses.$select(commentD).favourite();
      await sync('POST', `/api/comments/downvote/${postA}/${commentE}`, me); // not a favourite
      await sync('POST', `/api/posts/like/${oldPost}`, me);

      const listed = await me.app.v1.favourites.list();
      expect(idsOf(listed)).toEqual([oldPost, commentD, commentC, postB, postA]);
      expect(listed.every((status) => status.favourited)).toBe(true);
      expect(listed[1]).toMatchObject({ inReplyToId: postA, content: '<p>d</p>' });

      await me.app.v1.statuses.$select(postB).unfavourite();
      await me.app.v1.statuses.$select(commentC).unfavourite();
      expect(idsOf(await me.app.v1.favourites.list())).toEqual([oldPost, commentD, postA]);
      // Sync's own API sees the same likes and votes.
      const likers = await sync('GET', `/api/posts/${postB}/likes`, me);
      expect(likers.users).toEqual([]);
      const comments = (await sync('GET', `/api/comments/${postA}`, me)).comments as {
        _id: string;
        votes: { upvotedBy: { username: string }[] };
      }[];
      const upvotersOf = (id: string) =>
        comments.find((comment) => comment._id === id)!.votes.upvotedBy.map((user) => user.username);
      expect(upvotersOf(commentC)).toEqual([]);
      expect(upvotersOf(commentD)).toEqual([me.username]);
    });

    it('pages of posts and comments by signed cursors: each once, in order; min_id finds newer ones', async () => {
      const [me, author] = [await appUser('me'), await appUser('author')];
      const postId = await syncPost(author);
      const favourited: string[] = [];
      for (let i = 0; i < 25; i++) {
        if (i % 2 === 0) {
          const id = await syncPost(author, `post ${i}`);
          await sync('POST', `/api/posts/like/${id}`, me);
          favourited.push(id);
        } else {
          const id = await syncComment(author, postId, `comment ${i}`);
          await sync('POST', `/api/comments/upvote/${postId}/${id}`, me);
          favourited.push(id);
        }
      }
      const pages = await pagesOf(me.app.v1.favourites.list({ limit: 10 }));
      // The short last page links no `next`: the walk ends there.
      expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
      expect(idsOf(pages.flat())).toEqual([...favourited].reverse());

      const first = await server.request('GET', '/api/v1/favourites?limit=10', {
        token: bearer(me.accessToken),
      });
      const links = first.headers.get('link')!;
      const next = new URL(/<([^>]+)>; rel="next"/.exec(links)![1]!);
      const prev = new URL(/<([^>]+)>; rel="prev"/.exec(links)![1]!);
      // Opaque cursors, not status ids.
      expect(favourited).not.toContain(next.searchParams.get('max_id'));
      const minId = prev.searchParams.get('min_id')!;
      expect(await me.app.v1.favourites.list({ minId })).toEqual([]);
      const latest = await syncPost(author, 'latest');
      await me.app.v1.statuses.$select(latest).favourite();
      expect(idsOf(await me.app.v1.favourites.list({ minId }))).toEqual([latest]);
      // min_id: the page just above the cursor, its newest first.
      const second = await server.request('GET', `${next.pathname}${next.search}`, {
        token: bearer(me.accessToken),
      });
      const secondPrev = new URL(/<([^>]+)>; rel="prev"/.exec(second.headers.get('link')!)![1]!);
      const above = await me.app.v1.favourites.list({
        minId: secondPrev.searchParams.get('min_id')!,
        limit: 3,
      });
      expect(idsOf(above)).toEqual(idsOf(first.body.slice(7, 10)));

      const forged = await server.request<MastodonError>(
        'GET',
        `/api/v1/favourites?max_id=${favourited[3]}`,
        {
          token: bearer(me.accessToken),
        },
      );
      expect(forged.status).toBe(400);
      expect(forged.body.error).toMatch(/cursor is not valid/);
      // A cursor of someone else's list is refused too.
      const other = await appUser('other');
      const foreign = await server.request('GET', `/api/v1/favourites${next.search}`, {
        token: bearer(other.accessToken),
      });
      expect(foreign.status).toBe(400);
    });
  });

  describe('bookmarks', () => {
    it('through either API, the latest bookmark first, the same list as Sync`s own, paged', async () => {
      const [me, author] = [await appUser('me'), await appUser('author')];
      const ids = [
        await syncPost(author, 'one'),
        await syncPost(author, 'two'),
        await syncPost(author, 'three'),
      ];
      await sync('POST', `/api/users/bookmark/${ids[2]}`, me);
      await me.app.v1.statuses.$select(ids[0]!).bookmark();
      await sync('POST', `/api/users/bookmark/${ids[1]}`, me);

      const expected = [ids[1], ids[0], ids[2]];
      const listed = await me.app.v1.bookmarks.list();
      expect(idsOf(listed)).toEqual(expected);
      expect(listed.every((status) => status.bookmarked)).toBe(true);
      const syncList = (await sync('GET', '/api/users/bookmark', me)).bookmarks as { _id: string }[];
      expect(syncList.map((post) => post._id)).toEqual(expected);

      const pages = await pagesOf(me.app.v1.bookmarks.list({ limit: 2 }));
      expect(pages.map(idsOf)).toEqual([[ids[1], ids[0]], [ids[2]]]);

      await sync('POST', `/api/users/remove-bookmark/${ids[0]}`, me);
      await me.app.v1.statuses.$select(ids[2]!).unbookmark();
      expect(idsOf(await me.app.v1.bookmarks.list())).toEqual([ids[1]]);
      expect(await (await appUser('nobody')).app.v1.bookmarks.list()).toEqual([]);
    });
  });

  describe('favourited_by', () => {
    it('a post`s likers and a comment`s upvoters, the latest first, paged', async () => {
      const author = await appUser('author');
      const fans = [await appUser('fan'), await appUser('fan'), await appUser('fan')];
      const postId = await syncPost(author);
      const commentId = await syncComment(author, postId);
      for (const fan of fans) await fan.app.v1.statuses.$select(postId).favourite();
      await sync('POST', `/api/comments/upvote/${postId}/${commentId}`, fans[0]!);
      await sync('POST', `/api/comments/downvote/${postId}/${commentId}`, fans[1]!);
      await sync('POST', `/api/posts/dislike/${postId}`, author); // not a favourite

      const likers = await author.app.v1.statuses.$select(postId).favouritedBy.list();
      expect(likers.map((account) => account.username)).toEqual(fans.map((fan) => fan.username).reverse());
      // masto.js has no limit for this list: its pages, followed by their Link headers.
      const pages: { id: string }[][] = [];
      for (let url: string | undefined = `/api/v1/statuses/${postId}/favourited_by?limit=2`; url;) {
        const reply: Reply<Account[]> = await server.request<Account[]>('GET', url, {
          token: bearer(author.accessToken),
        });
        pages.push(reply.body);
        const next: string | undefined = /<([^>]+)>; rel="next"/.exec(reply.headers.get('link') ?? '')?.[1];
        url = next && next.slice(server.url.length);
      }
      expect(pages.map((page) => page.length)).toEqual([2, 1]);
      expect(idsOf(pages.flat())).toEqual(idsOf(likers));

      const upvoters = await author.app.v1.statuses.$select(commentId).favouritedBy.list();
      expect(upvoters.map((account) => account.id)).toEqual([fans[0]!.id]);

      // Public, as on Mastodon; an unknown status is not found.
      const anonymous = await server.request('GET', `/api/v1/statuses/${postId}/favourited_by`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.map((account: { id: string }) => account.id)).toEqual(idsOf(likers));
      expect(
        await failure(
          author.app.v1.statuses.$select('0190a5f0-0000-7000-8000-000000000000').favouritedBy.list(),
        ),
      ).toEqual({
        status: 404,
        error: 'Record not found',
      });
    });
  });
});
