/**
 * `/api/v1/statuses` through masto.js, the client library real apps are built on: posts and comments as
 * statuses (a reply to a post is a comment, a reply to a reply a comment on the same post that points at
 * the comment it answers), their context in thread order, deleting with the source text, favourites
 * (a post's like, a comment's upvote), bookmarks, the HTML content, and the errors apps handle.
 */
import { Limits } from '@sync/contract';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/ids.js';
import { uniqueName } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure } from '../../test/mastodon.js';

const recordNotFound = { status: 404, error: 'Record not found' };
const isoWithMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase('Mastodon API: statuses', (dialect) => {
  let server: TestServer;
  /** maya.chen's and lena.k's apps. */
  let maya: mastodon.rest.Client;
  let lena: mastodon.rest.Client;
  let mayaToken: string;
  let lenaToken: string;

  const clientFor = (accessToken: string) => createRestAPIClient({ url: server.url, accessToken });
  const post = (client: mastodon.rest.Client, status: string, inReplyToId?: string) =>
    client.v1.statuses.create({ status, inReplyToId });
  /** The comments of a post as Sync's own API lists them. */
  const syncComments = async (postId: string) => {
    const reply = await server.request('GET', `/api/comments/${postId}`);
    expect(reply.status).toBe(200);
    return reply.body.comments as {
      _id: string;
      text: string;
      votes: { upvotedBy: { username: string }[] };
    }[];
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    mayaToken = await accessToken(server, await server.login('maya.chen', demoPassword));
    lenaToken = await accessToken(server, await server.login('lena.k', demoPassword));
    maya = clientFor(mayaToken);
    lena = clientFor(lenaToken);
  });
  afterAll(() => server.close());

  describe('create and fetch', () => {
    it('a status is a post of Sync, with a string id, a millisecond time and absolute URLs', async () => {
      const status = await post(maya, 'Hello from a Mastodon app');
      expect(status).toMatchObject({
        content: '<p>Hello from a Mastodon app</p>',
        visibility: 'public',
        inReplyToId: null,
        inReplyToAccountId: null,
        repliesCount: 0,
        favouritesCount: 0,
        favourited: false,
        bookmarked: false,
        url: `${server.url}/post/${status.id}`,
        account: { username: 'maya.chen', acct: 'maya.chen' },
      });
      expect(status.createdAt).toMatch(isoWithMs);
      const synced = await server.request('GET', `/api/posts/${status.id}`);
      expect(synced.status).toBe(200);
      expect(synced.body.post.content).toBe('Hello from a Mastodon app');
      expect(await maya.v1.statuses.$select(status.id).fetch()).toEqual(status);
    });

    it('anyone may read a status; a signed-out reader gets no viewer fields', async () => {
      const status = await post(maya, 'Public to everyone');
      const reply = await server.request('GET', `/api/v1/statuses/${status.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.id).toBe(status.id);
      expect(reply.body).not.toHaveProperty('favourited');
    });

    it('a reply to a post is a comment on it', async () => {
      const parent = await post(maya, 'A post to answer');
      const reply = await post(lena, 'An answer', parent.id);
      expect(reply).toMatchObject({
        inReplyToId: parent.id,
        inReplyToAccountId: parent.account.id,
        content: '<p>An answer</p>',
        account: { username: 'lena.k' },
        url: `${server.url}/post/${parent.id}/comment/${reply.id}`,
      });
      expect(reply.uri).toBe(reply.url);
      expect((await syncComments(parent.id)).map((comment) => [comment._id, comment.text])).toEqual([
        [reply.id, 'An answer'],
      ]);
      expect((await maya.v1.statuses.$select(parent.id).fetch()).repliesCount).toBe(1);
    });

    it("a reply's url ends with its own id: an app that takes a status id from the url's tail gets the reply", async () => {
      const parent = await post(maya, 'A post whose answer is linked');
      const reply = await post(lena, 'The linked answer', parent.id);
      const tail = new URL(reply.url!).pathname.split('/').pop()!;
      expect(tail).toBe(reply.id);
      const fetched = await maya.v1.statuses.$select(tail).fetch();
      expect(fetched).toMatchObject({
        id: reply.id,
        inReplyToId: parent.id,
        content: '<p>The linked answer</p>',
      });
      // Its address, and the one comments had before, are found by a search for the url.
      for (const url of [reply.url!, `${server.url}/post/${parent.id}?comment=${reply.id}`]) {
        const found = await maya.v2.search.list({ q: url, resolve: true });
        expect(found.statuses.map((status) => status.id)).toEqual([reply.id]);
      }
      // What `toot delete` does with that tail: the reply goes, its post stays.
      await lena.v1.statuses.$select(tail).remove();
      expect(await syncComments(parent.id)).toEqual([]);
      expect((await maya.v1.statuses.$select(parent.id).fetch()).repliesCount).toBe(0);
    });

    it('a reply to a reply is a comment on the same post that points at the comment it answers', async () => {
      const parent = await post(maya, 'A post with a conversation');
      const first = await post(lena, 'First answer', parent.id);
      const second = await post(maya, 'An answer to the answer', first.id);
      expect(second).toMatchObject({ inReplyToId: first.id, inReplyToAccountId: first.account.id });
      expect((await syncComments(parent.id)).map((comment) => comment._id)).toEqual([first.id, second.id]);
      expect(await lena.v1.statuses.$select(second.id).fetch()).toMatchObject({ inReplyToId: first.id });
    });

    it('422 for an empty text, a text over the limit, and a reply over the comment limit', async () => {
      for (const status of ['', '   ', 'x'.repeat(Limits.postContent + 1)]) {
        expect((await failure(post(maya, status))).status).toBe(422);
      }
      expect((await post(maya, 'x'.repeat(Limits.postContent))).content).toHaveLength(
        Limits.postContent + '<p></p>'.length,
      );
      const parent = await post(maya, 'Short answers only');
      const tooLong = await failure(post(lena, 'y'.repeat(Limits.commentText + 1), parent.id));
      expect(tooLong.status).toBe(422);
      expect(tooLong.error).toMatch(/^Validation failed: /);
      expect(await syncComments(parent.id)).toEqual([]);
      const raw = await server.request('POST', '/api/v1/statuses', {
        token: bearer(mayaToken),
        body: {},
      });
      expect(raw.status).toBe(422);
      expect(Object.keys(raw.body)).toEqual(['error']);
    });

    it('what Sync cannot keep is refused with 422 and nothing is posted; unlisted is posted as public', async () => {
      const refused: [string, mastodon.rest.v1.CreateScheduledStatusParams][] = [
        ['private', { status: 'Followers only', visibility: 'private' }],
        ['direct', { status: 'A direct message', visibility: 'direct' }],
        ['content warning', { status: 'Spoilers', spoilerText: 'The ending' }],
        ['media that is not an upload of the poster', { status: 'With a picture', mediaIds: ['1'] }],
        ['poll', { status: 'Vote', poll: { options: ['yes', 'no'], expiresIn: 3600 } }],
        ['scheduled', { status: 'Later', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }],
      ];
      for (const [name, params] of refused) {
        const answer = await failure(maya.v1.statuses.create(params));
        expect({ name, status: answer.status }).toEqual({ name, status: 422 });
        expect(answer.error).toMatch(/^Validation failed: /);
        const posted = await server.database.db
          .selectFrom('posts')
          .select('id')
          .where('content', '=', params.status ?? '')
          .execute();
        expect({ name, posted }).toEqual({ name, posted: [] });
      }
      const form = await server.request('POST', '/api/v1/statuses', {
        token: bearer(mayaToken),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'status=Form+poll&poll[options][]=a&poll[options][]=b&poll[expires_in]=600',
      });
      expect(form.status).toBe(422);
      const unlisted = await maya.v1.statuses.create({
        status: 'Quietly public',
        visibility: 'unlisted',
        spoilerText: '',
      });
      expect(unlisted.visibility).toBe('public');
    });

    it('a reply to a status that does not exist is a 404', async () => {
      const reply = await failure(post(lena, 'Into the void', newId(new Date())));
      expect(reply.status).toBe(404);
    });
  });

  describe('content', () => {
    it('what a person wrote never comes back as markup; mentions, tags and links are anchors', async () => {
      const text =
        '<script>alert(1)</script> & "quotes" <b>bold</b> @lena.k #Sourdough https://example.com/a?b=1&c=2';
      const status = await post(maya, text);
      expect(status.content).not.toMatch(/<(script|b)\b/i);
      expect(status.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
      expect(status.content).toContain(
        `<span class="h-card" translate="no"><a href="${server.url}/profile/lena.k" class="u-url mention">@<span>lena.k</span></a></span>`,
      );
      expect(status.content).toContain(
        `<a href="${server.url}/tag/sourdough" class="mention hashtag" rel="tag">#<span>Sourdough</span></a>`,
      );
      expect(status.content).toContain(
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="nofollow noopener noreferrer" translate="no">https://example.com/a?b=1&amp;c=2</a>',
      );
      expect(status.mentions).toEqual([
        expect.objectContaining({ username: 'lena.k', acct: 'lena.k', url: `${server.url}/profile/lena.k` }),
      ]);
      expect(status.tags).toEqual([{ name: 'sourdough', url: `${server.url}/tag/sourdough` }]);
    });

    it('a mention is of the account it named when written: a deleted account’s name, taken again, is text', async () => {
      const name = uniqueName('mentioned');
      const first = await server.signup(name);
      const status = await post(maya, `Thanks @${name}!`);
      const comment = await post(lena, `Seconded, @${name}`, status.id);
      const linked = `<span class="h-card" translate="no"><a href="${server.url}/profile/${name}" class="u-url mention">@<span>${name}</span></a></span>`;
      expect(status.content).toBe(`<p>Thanks ${linked}!</p>`);
      expect(status.mentions).toEqual([expect.objectContaining({ id: first.user._id, username: name })]);
      // Read once more, so the answers after the deletion could come from what was kept.
      expect((await maya.v1.statuses.$select(comment.id).fetch()).mentions).toHaveLength(1);
      // Sync's own answers: every @name of the texts is a mention (no unresolvedMentions).
      const syncPost = async () => (await server.request('GET', `/api/posts/${status.id}`)).body.post;
      expect((await syncPost()).unresolvedMentions).toBeUndefined();
      expect((await syncComments(status.id))[0]).not.toHaveProperty('unresolvedMentions');

      const deleted = await server.request('POST', '/api/account/delete', {
        token: first.token,
        body: { password: 'password123' },
      });
      expect(deleted.status).toBe(200);
      const second = await server.signup(name);
      expect(second.user._id).not.toBe(first.user._id);

      for (const read of [status.id, comment.id]) {
        const again = await maya.v1.statuses.$select(read).fetch();
        expect(again.mentions).toEqual([]);
        expect(again.content).not.toContain('<a');
      }
      const thread = await lena.v1.statuses.$select(status.id).context.fetch();
      expect(thread.descendants.map((reply) => reply.mentions)).toEqual([[]]);
      expect(thread.descendants[0]!.content).toBe(`<p>Seconded, @${name}</p>`);
      expect((await syncPost()).unresolvedMentions).toEqual([name]);
      expect((await syncComments(status.id))[0]).toMatchObject({ unresolvedMentions: [name] });
      const notified = await server.request('GET', '/api/notifications', { token: second.token });
      expect(notified.body.notifications).toEqual([]);
    });

    it('an edit resolves its mentions again: a name taken since the text was written is mentioned then', async () => {
      const name = uniqueName('later');
      const status = await post(maya, `Waiting for @${name}`);
      expect(status.mentions).toEqual([]);
      const syncPost = async () => (await server.request('GET', `/api/posts/${status.id}`)).body.post;
      expect((await syncPost()).unresolvedMentions).toEqual([name]);
      const newcomer = await server.signup(name);
      expect((await maya.v1.statuses.$select(status.id).fetch()).mentions).toEqual([]);

      const edited = await maya.v1.statuses.$select(status.id).update({ status: `Welcome, @${name}` });
      expect(edited.mentions).toEqual([expect.objectContaining({ id: newcomer.user._id, username: name })]);
      expect(edited.content).toContain(`href="${server.url}/profile/${name}" class="u-url mention"`);
      expect((await syncPost()).unresolvedMentions).toBeUndefined();
    });

    it('paragraphs and line breaks; an unknown @name stays text', async () => {
      const status = await post(maya, 'one\ntwo\n\nthree @nobody_here_at_all');
      expect(status.content).toBe('<p>one<br />two</p><p>three @nobody_here_at_all</p>');
      expect(status.mentions).toEqual([]);
    });
  });

  describe('context', () => {
    let parent: mastodon.v1.Status;
    let thread: Record<'c1' | 'c1a' | 'c1a1' | 'c1b' | 'c2', mastodon.v1.Status>;
    beforeAll(async () => {
      parent = await post(maya, 'A threaded post');
      const c1 = await post(lena, 'c1', parent.id);
      const c2 = await post(maya, 'c2', parent.id);
      const c1a = await post(maya, 'c1a', c1.id);
      const c1b = await post(lena, 'c1b', c1.id);
      const c1a1 = await post(lena, 'c1a1', c1a.id);
      thread = { c1, c1a, c1a1, c1b, c2 };
    });
    const ids = (statuses: mastodon.v1.Status[]) => statuses.map((status) => status.content);

    it("a post's context: no ancestors, its comments in thread order", async () => {
      const context = await lena.v1.statuses.$select(parent.id).context.fetch();
      expect(context.ancestors).toEqual([]);
      expect(ids(context.descendants)).toEqual([
        '<p>c1</p>',
        '<p>c1a</p>',
        '<p>c1a1</p>',
        '<p>c1b</p>',
        '<p>c2</p>',
      ]);
      expect(context.descendants.map((status) => status.inReplyToId)).toEqual([
        parent.id,
        thread.c1.id,
        thread.c1a.id,
        thread.c1.id,
        parent.id,
      ]);
    });

    it("a nested comment's context: the post and the comments it answers above, its answers below", async () => {
      const context = await maya.v1.statuses.$select(thread.c1a.id).context.fetch();
      expect(context.ancestors.map((status) => status.id)).toEqual([parent.id, thread.c1.id]);
      expect(context.descendants.map((status) => status.id)).toEqual([thread.c1a1.id]);
      const leaf = await maya.v1.statuses.$select(thread.c1a1.id).context.fetch();
      expect(leaf.ancestors.map((status) => status.id)).toEqual([parent.id, thread.c1.id, thread.c1a.id]);
      expect(leaf.descendants).toEqual([]);
    });

    it('signed out too', async () => {
      const reply = await server.request('GET', `/api/v1/statuses/${thread.c2.id}/context`);
      expect(reply.status).toBe(200);
      expect(reply.body.ancestors.map((status: { id: string }) => status.id)).toEqual([parent.id]);
      expect(reply.body.descendants).toEqual([]);
    });
  });

  describe('delete', () => {
    it('answers the status with its source text, then it is gone', async () => {
      const status = await post(maya, 'Delete & redraft <me>');
      const deleted = await maya.v1.statuses.$select(status.id).remove();
      expect(deleted).toMatchObject({ id: status.id, text: 'Delete & redraft <me>' });
      expect(await failure(maya.v1.statuses.$select(status.id).fetch())).toEqual(recordNotFound);
      expect((await server.request('GET', `/api/posts/${status.id}`)).status).toBe(404);
    });

    it("the post's author may delete a comment on it; the comment's author may too", async () => {
      const parent = await post(maya, 'My post, my comments');
      const theirs = await post(lena, 'A comment maya removes', parent.id);
      const own = await post(lena, 'A comment lena removes', parent.id);
      expect(await maya.v1.statuses.$select(theirs.id).remove()).toMatchObject({
        id: theirs.id,
        text: 'A comment maya removes',
      });
      expect(await lena.v1.statuses.$select(own.id).remove()).toMatchObject({
        text: 'A comment lena removes',
      });
      expect(await syncComments(parent.id)).toEqual([]);
    });

    it("someone else's status is a 404, and stays", async () => {
      const status = await post(maya, 'Not yours to delete');
      expect(await failure(lena.v1.statuses.$select(status.id).remove())).toEqual(recordNotFound);
      const other = await post(lena, 'Nor this one');
      const comment = await post(maya, 'A comment on lena', other.id);
      const third = await accessToken(server, await server.login('sam_rivera', demoPassword));
      expect(await failure(clientFor(third).v1.statuses.$select(comment.id).remove())).toEqual(
        recordNotFound,
      );
      expect((await maya.v1.statuses.$select(status.id).fetch()).id).toBe(status.id);
      expect((await maya.v1.statuses.$select(comment.id).fetch()).id).toBe(comment.id);
    });
  });

  describe('favourites and bookmarks', () => {
    it("favouriting a post is Sync's like; twice changes nothing; unfavourite takes it back, twice too", async () => {
      const status = await post(maya, 'Like me');
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(status.id).favourite()).toMatchObject({
          favourited: true,
          favouritesCount: 1,
        });
      }
      const liked = await server.request('GET', `/api/posts/${status.id}`);
      expect(liked.body.post.likes.likeCount).toBe(1);
      expect(liked.body.post.likes.likedBy.map((user: { username: string }) => user.username)).toEqual([
        'lena.k',
      ]);
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(status.id).unfavourite()).toMatchObject({
          favourited: false,
          favouritesCount: 0,
        });
      }
      expect((await server.request('GET', `/api/posts/${status.id}`)).body.post.likes.likeCount).toBe(0);
    });

    it("favouriting a comment is Sync's upvote, idempotent both ways", async () => {
      const parent = await post(maya, 'Vote on the comments');
      const comment = await post(maya, 'Upvote me', parent.id);
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(comment.id).favourite()).toMatchObject({
          favourited: true,
          favouritesCount: 1,
        });
      }
      const [voted] = await syncComments(parent.id);
      expect(voted!.votes.upvotedBy.map((user) => user.username)).toEqual(['lena.k']);
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(comment.id).unfavourite()).toMatchObject({
          favourited: false,
          favouritesCount: 0,
        });
      }
      expect((await syncComments(parent.id))[0]!.votes.upvotedBy).toEqual([]);
    });

    it('the same favourite, unfavourite or bookmark sent twice at once is done once, both answered 200', async () => {
      const status = await post(maya, 'Tapped twice');
      const comment = await post(maya, 'Tapped twice too', status.id);
      for (const id of [status.id, comment.id]) {
        const target = lena.v1.statuses.$select(id);
        const favourited = await Promise.all([target.favourite(), target.favourite()]);
        expect(favourited.map((answer) => [answer.favourited, answer.favouritesCount])).toEqual([
          [true, 1],
          [true, 1],
        ]);
        const unfavourited = await Promise.all([target.unfavourite(), target.unfavourite()]);
        expect(unfavourited.map((answer) => [answer.favourited, answer.favouritesCount])).toEqual([
          [false, 0],
          [false, 0],
        ]);
      }
      const target = lena.v1.statuses.$select(status.id);
      const bookmarked = await Promise.all([target.bookmark(), target.bookmark()]);
      expect(bookmarked.map((answer) => answer.bookmarked)).toEqual([true, true]);
    });

    it("bookmarking a post is Sync's bookmark, idempotent; a comment cannot be bookmarked (422)", async () => {
      const status = await post(maya, 'Bookmark me');
      const session = await server.login('lena.k', demoPassword);
      const bookmarkedIds = async () =>
        (await server.request('GET', '/api/users/bookmark', { token: session })).body.bookmarks.map(
          (bookmarked: { _id: string }) => bookmarked._id,
        );
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(status.id).bookmark()).toMatchObject({ bookmarked: true });
      }
      expect(await bookmarkedIds()).toContain(status.id);
      for (let time = 0; time < 2; time += 1) {
        expect(await lena.v1.statuses.$select(status.id).unbookmark()).toMatchObject({ bookmarked: false });
      }
      expect(await bookmarkedIds()).not.toContain(status.id);
      const comment = await post(maya, 'Not bookmarkable', status.id);
      expect((await failure(lena.v1.statuses.$select(comment.id).bookmark())).status).toBe(422);
      expect((await failure(lena.v1.statuses.$select(comment.id).unbookmark())).status).toBe(422);
    });
  });

  // maya's account is left out here: the Idempotency-Key tests compare two renderings of her account.
  describe('pins', () => {
    it("pinning is refused (422) in Mastodon's words: a boost, someone else's post, and one's own past the limit of 0", async () => {
      const sam = clientFor(await accessToken(server, await server.login('sam_rivera', demoPassword)));
      const own = await post(lena, 'Would be pinned');
      const theirs = await post(sam, 'Not mine to pin');
      const boost = await sam.v1.statuses.$select(own.id).reblog();
      const refusal = (error: string) => ({ status: 422, error: `Validation failed: ${error}` });
      expect(await failure(lena.v1.statuses.$select(own.id).pin())).toEqual(
        refusal('You have already pinned the maximum number of posts'),
      );
      expect(await failure(lena.v1.statuses.$select(theirs.id).pin())).toEqual(
        refusal("Someone else's post cannot be pinned"),
      );
      expect(await failure(sam.v1.statuses.$select(boost.id).pin())).toEqual(
        refusal('A boost cannot be pinned'),
      );
      const instance = await lena.v2.instance.fetch();
      expect(instance.configuration.accounts.maxPinnedStatuses).toBe(0);
      expect(await lena.v1.accounts.$select(own.account.id).statuses.list({ pinned: true })).toEqual([]);
    });

    it('unpinning a status, which is not pinned, answers it as Mastodon does', async () => {
      const own = await post(lena, 'Never pinned');
      expect(await lena.v1.statuses.$select(own.id).unpin()).toMatchObject({ id: own.id, pinned: false });
    });
  });

  describe('Idempotency-Key', () => {
    const withKey = (key: string) => ({ requestInit: { headers: { 'Idempotency-Key': key } } });
    const postsWith = async (content: string) =>
      (
        await server.database.db.selectFrom('posts').select('id').where('content', '=', content).execute()
      ).map((row) => row.id);
    const commentsWith = async (text: string) =>
      (await server.database.db.selectFrom('comments').select('id').where('text', '=', text).execute()).map(
        (row) => row.id,
      );

    it('the same key from the same person answers the first status instead of posting again', async () => {
      const key = uniqueName('key');
      const first = await maya.v1.statuses.create({ status: 'Sent once' }, withKey(key));
      const again = await maya.v1.statuses.create({ status: 'Sent once' }, withKey(key));
      expect(again).toEqual(first);
      expect(await postsWith('Sent once')).toEqual([first.id]);
      const otherKey = await maya.v1.statuses.create({ status: 'Sent once' }, withKey(uniqueName('key')));
      expect(otherKey.id).not.toBe(first.id);
      const noKey = await maya.v1.statuses.create({ status: 'Sent once' });
      expect(new Set([first.id, otherKey.id, noKey.id]).size).toBe(3);
    });

    it('two identical requests at once make one status, and both answer it', async () => {
      for (const [index, inReplyToId] of [
        undefined,
        (await post(lena, 'Reply to me twice at once')).id,
      ].entries()) {
        const key = uniqueName('key');
        const text = `At once ${index} ${key}`;
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            maya.v1.statuses.create({ status: text, inReplyToId }, withKey(key)),
          ),
        );
        expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
        const made = inReplyToId ? await commentsWith(text) : await postsWith(text);
        expect(made).toEqual([answers[0]!.id]);
        if (inReplyToId) expect(answers[0]!.inReplyToId).toBe(inReplyToId);
      }
    });

    it("someone else's same key is theirs", async () => {
      const key = uniqueName('key');
      const mine = await maya.v1.statuses.create({ status: 'Same key, two people' }, withKey(key));
      const theirs = await lena.v1.statuses.create({ status: 'Same key, two people' }, withKey(key));
      expect(theirs.id).not.toBe(mine.id);
      expect(theirs.account.username).toBe('lena.k');
    });

    it('a refused status claims no key: the same key then posts', async () => {
      const key = uniqueName('key');
      expect((await failure(maya.v1.statuses.create({ status: '' }, withKey(key)))).status).toBe(422);
      const posted = await maya.v1.statuses.create({ status: 'Second try' }, withKey(key));
      expect(await postsWith('Second try')).toEqual([posted.id]);
    });

    it('after an hour the key is forgotten: it posts anew, and expired keys are deleted', async () => {
      const key = uniqueName('key');
      const first = await maya.v1.statuses.create({ status: 'An hour apart' }, withKey(key));
      server.clock.advance(59 * 60_000);
      expect((await maya.v1.statuses.create({ status: 'An hour apart' }, withKey(key))).id).toBe(first.id);
      server.clock.advance(2 * 60_000);
      const later = await maya.v1.statuses.create({ status: 'An hour apart' }, withKey(key));
      expect(later.id).not.toBe(first.id);
      expect((await postsWith('An hour apart')).sort()).toEqual([first.id, later.id].sort());
      const hourAgo = new Date(server.clock.now().getTime() - 60 * 60_000).toISOString();
      const expired = await server.database.db
        .selectFrom('idempotency_keys')
        .select('status_id')
        .where('created_at', '<', hourAgo)
        .execute();
      expect(expired).toEqual([]);
      expect(
        await server.database.db
          .selectFrom('idempotency_keys')
          .select('status_id')
          .where('status_id', 'in', [first.id, later.id])
          .execute(),
      ).toEqual([{ status_id: later.id }]);
    });
  });

  describe('unknown ids', () => {
    const unknownIds = () => [newId(new Date()), 'not-a-uuid', '12345', uniqueName('x')];

    it.each([
      ['fetch', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).fetch()],
      [
        'context',
        (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).context.fetch(),
      ],
      ['delete', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).remove()],
      ['favourite', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).favourite()],
      [
        'unfavourite',
        (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).unfavourite(),
      ],
      ['bookmark', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).bookmark()],
      [
        'unbookmark',
        (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).unbookmark(),
      ],
      ['pin', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).pin()],
      ['unpin', (client: mastodon.rest.Client, id: string) => client.v1.statuses.$select(id).unpin()],
    ])('%s: an unknown id and one that is not an id are 404 Record not found', async (_name, call) => {
      for (const id of unknownIds()) {
        expect({ id, ...(await failure(call(maya, id))) }).toEqual({ id, ...recordNotFound });
      }
    });
  });
});
