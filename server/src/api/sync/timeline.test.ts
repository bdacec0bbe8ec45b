import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsPageReply, SearchTagsReply, SearchUsersReply } from '@sync/contract';
import { expectError, expectPosts, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import {
  bulkUserRow,
  insertBulkPeople,
  newPerson,
  newPost,
  type Person,
  succeed,
} from '../../test/people.js';

/** Signs `count` people up and makes `followerId` follow them, in bulk: people who never post. */
async function followQuietPeople(server: TestServer, followerId: string, count: number) {
  const at = new Date();
  const people = Array.from({ length: count }, () => bulkUserRow(uniqueName('quiet'), at));
  const { db } = server.database;
  await insertBulkPeople(db, people);
  await db
    .insertInto('follows')
    .values(
      people.map((quiet) => ({
        follower_id: followerId,
        followee_id: quiet.id,
        created_at: at.toISOString(),
      })),
    )
    .execute();
}

describeEachDatabase('timeline, tags and search', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const person = (prefix: string, extra: Record<string, unknown> = {}) => newPerson(server, prefix, extra);
  const call = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who?: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);
  const post = (author: Person, content: string) => newPost(server, author, content);
  /** Every page of a list, following nextCursor, with `limit` per page. */
  const everyPage = async (path: string, who: Person | undefined, limit: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    const joiner = path.includes('?') ? '&' : '?';
    do {
      const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      // Each list paged here answers a page of posts; its path is built as the test runs.
      const body: PostsPageReply = await succeed<PostsPageReply>(
        server,
        'GET',
        `${path}${joiner}${query}`,
        who,
      );
      expect(body.posts.length).toBeLessThanOrEqual(limit);
      expectPosts(body.posts, { preview: true });
      ids.push(...body.posts.map((item) => item._id));
      cursor = body.nextCursor;
    } while (cursor);
    return ids;
  };
  const ids = async (
    path: '/api/timeline' | `/api/tags/${string}` | `/api/search?q=${string}`,
    who?: Person,
  ) => (await call('GET', path, who)).posts.map((item) => item._id);

  describe('GET /api/timeline', () => {
    it('the posts of the people I follow and mine, newest first; follow and unfollow change it', async () => {
      const [me, followed, stranger] = [
        await person('me'),
        await person('followed'),
        await person('stranger'),
      ];
      const mine = await post(me, 'mine');
      const theirs = await post(followed, 'theirs');
      await post(stranger, 'not for me');
      expect(await ids('/api/timeline', me)).toEqual([mine]);
      await call('POST', `/api/users/follow/${followed.id}`, me);
      const later = await post(followed, 'later');
      expect(await ids('/api/timeline', me)).toEqual([later, theirs, mine]);
      await call('POST', `/api/users/unfollow/${followed.id}`, me);
      expect(await ids('/api/timeline', me)).toEqual([mine]);
    });

    it('pages without skips or repeats across authors, with nextCursor null at the end', async () => {
      const me = await person('reader');
      const authors = [await person('a'), await person('b'), await person('c')];
      for (const author of authors) await call('POST', `/api/users/follow/${author.id}`, me);
      const written: string[] = [];
      for (let i = 0; i < 12; i++) written.push(await post(authors[i % 3]!, `post ${i}`));
      for (const limit of [1, 5, 12, 20]) {
        expect(await everyPage('/api/timeline', me, limit)).toEqual([...written].reverse());
      }
    });

    it('pages the same for a reader who follows hundreds of people (walking the newest posts)', async () => {
      const me = await person('crowd');
      const authors = [await person('d'), await person('e')];
      for (const author of authors) await call('POST', `/api/users/follow/${author.id}`, me);
      // Enough quiet followees to take the walking path (post-skeletons.repo: walkNewestFromAuthors).
      await followQuietPeople(server, me.id, 250);
      const stranger = await person('outsider');
      const written: string[] = [];
      for (let i = 0; i < 9; i++) {
        written.push(await post(authors[i % 2]!, `crowd ${i}`));
        await post(stranger, `between ${i}`);
      }
      // A full page is found by walking; the last, short page falls back to seeking each author.
      for (const limit of [1, 4, 9, 20]) {
        expect(await everyPage('/api/timeline', me, limit)).toEqual([...written].reverse());
      }
    });

    it('needs a signed-in user; a forged cursor is a 400', async () => {
      expect((await server.request('GET', '/api/timeline')).status).toBe(401);
      const me = await person('cursor');
      const reply = await server.request('GET', '/api/timeline?cursor=abc.def', { token: me.token });
      expectError(reply, 400);
    });
  });

  describe('GET /api/tags/:tag', () => {
    it('the posts with the tag in any case, newest first; edits and deletes follow', async () => {
      const author = await person('tagger');
      const tag = uniqueName('tag').replace(/[^a-z0-9_]/gi, '_');
      const first = await post(author, `#${tag} first`);
      const second = await post(author, `Second about #${tag.toUpperCase()}, twice #${tag}`);
      const untagged = await post(author, 'no tag here');
      expect(await ids(`/api/tags/${tag}`)).toEqual([second, first]);
      expect(await ids(`/api/tags/${encodeURIComponent('#' + tag.toUpperCase())}`)).toEqual([second, first]);
      await call('POST', `/api/posts/edit/${first}`, author, { postData: { content: 'tag removed' } });
      await call('POST', `/api/posts/edit/${untagged}`, author, { postData: { content: `now #${tag}` } });
      await call('DELETE', `/api/posts/${second}`, author);
      expect(await ids(`/api/tags/${tag}`)).toEqual([untagged]);
    });

    it('an unknown tag or something that is not a tag is an empty list', async () => {
      for (const tag of ['nobody_uses_this', '2024', encodeURIComponent('two words'), '%25']) {
        expect(await call('GET', `/api/tags/${tag}`)).toEqual({ posts: [], nextCursor: null });
      }
    });

    it('pages without skips or repeats', async () => {
      const author = await person('pager');
      const tag = uniqueName('paged').replace(/[^a-z0-9_]/gi, '_');
      const written: string[] = [];
      for (let i = 0; i < 7; i++) written.push(await post(author, `#${tag} ${i}`));
      expect(await everyPage(`/api/tags/${tag}`, undefined, 3)).toEqual([...written].reverse());
    });
  });

  describe('GET /api/search?type=posts', () => {
    const search = (q: string, who?: Person) => ids(`/api/search?q=${encodeURIComponent(q)}`, who);

    it('finds words in any case and accent, newest first, all words required', async () => {
      const author = await person('writer');
      const word = uniqueName('zebra').replace(/[^a-z]/gi, '');
      const a = await post(author, `The ${word} café opened`);
      const b = await post(author, `Another ${word.toUpperCase()} story about a cafe`);
      await post(author, 'unrelated');
      expect(await search(word)).toEqual([b, a]);
      expect(await search(`${word} CAFE`)).toEqual(dialect === 'sqlite' ? [b, a] : [b]);
      expect(await search(`${word} opened`)).toEqual([a]);
    });

    it("finds a word's other forms: index finds indexes, running finds run (stemmed on both databases)", async () => {
      const author = await person('stems');
      const word = uniqueName('okapi').replace(/[^a-z]/gi, '');
      const indexes = await post(author, `${word} rebuilds its indexes`);
      const run = await post(author, `${word} went for a run`);
      expect(await search(`${word} index`)).toEqual([indexes]);
      expect(await search(`${word} running`)).toEqual([run]);
      expect(await search(`${word} rebuilding`)).toEqual([indexes]);
      expect(await search(`${word} walking`)).toEqual([]);
    });

    it('follows edits and deletes', async () => {
      const author = await person('editor');
      const word = uniqueName('walrus').replace(/[^a-z]/gi, '');
      const postId = await post(author, `about ${word}`);
      expect(await search(word)).toEqual([postId]);
      await call('POST', `/api/posts/edit/${postId}`, author, {
        postData: { content: 'about something else' },
      });
      expect(await search(word)).toEqual([]);
      expect(await search('something else')).toContain(postId);
      await call('DELETE', `/api/posts/${postId}`, author);
      expect(await search('something else')).not.toContain(postId);
    });

    it('from:username and #tag narrow the search, alone or with words', async () => {
      const [alice, bob] = [await person('alice'), await person('bob')];
      const tag = uniqueName('op').replace(/[^a-z0-9_]/gi, '_');
      const a1 = await post(alice, `apples #${tag}`);
      const a2 = await post(alice, 'apples plain');
      const b1 = await post(bob, `apples #${tag}`);
      expect(await search(`from:${alice.username}`)).toEqual([a2, a1]);
      expect(await search(`from:@${alice.username.toUpperCase()} #${tag}`)).toEqual([a1]);
      expect(await search(`#${tag}`)).toEqual([b1, a1]);
      expect(await search(`apples from:${bob.username}`)).toEqual([b1]);
      expect(await search(`apples #${tag} from:${alice.username}`)).toEqual([a1]);
      expect(await search('from:no_such_user_here')).toEqual([]);
    });

    it('searches for its input as text: quotes, operators, % and SQL find nothing and break nothing', async () => {
      const author = await person('careful');
      const postId = await post(author, 'Robert said DROP the table OR NOT');
      for (const q of [
        '"',
        '%',
        '_',
        '*',
        'NEAR(',
        "'; drop table posts; --",
        'a" OR "b',
        '^x',
        'content:robert',
      ]) {
        const reply = await server.request('GET', `/api/search?q=${encodeURIComponent(q)}`);
        expect(reply.status, q).toBe(200);
        expect(reply.body.nextCursor).toBeNull();
      }
      expect(await search("'; drop table posts; --")).toEqual([]);
      expect(await search('robert OR')).toEqual([postId]);
      expect(await search('"robert said"')).toEqual([postId]);
    });

    it('pages without skips or repeats', async () => {
      const author = await person('many');
      const word = uniqueName('quokka').replace(/[^a-z]/gi, '');
      const written: string[] = [];
      for (let i = 0; i < 7; i++) written.push(await post(author, `${word} number ${i}`));
      expect(await everyPage(`/api/search?q=${word}`, author, 3)).toEqual([...written].reverse());
    });

    it('refuses an empty or too long query with a clear 400', async () => {
      for (const q of ['', '   ']) {
        expectError(
          await server.request('GET', `/api/search?q=${encodeURIComponent(q)}`),
          400,
          "The search text can't be empty.",
        );
      }
      expectError(
        await server.request('GET', `/api/search?q=${'a'.repeat(201)}`),
        400,
        "The search text can't be longer than 200 characters (it has 201).",
      );
      expect((await server.request('GET', `/api/search?q=${'a'.repeat(200)}`)).status).toBe(200);
      expectError(await server.request('GET', '/api/search'), 400);
      expectError(await server.request('GET', '/api/search?q=x&type=groups'), 400);
    });
  });

  describe('GET /api/search?type=users', () => {
    const people = async (q: string) =>
      (await call('GET', `/api/search?type=users&q=${encodeURIComponent(q)}`)).users.map(
        (user) => user.username,
      );

    it('finds people by a prefix of their username, full name or last name, ignoring case and accents', async () => {
      const zoe = await person('zoe', { firstName: 'Zoë', lastName: 'Ångström', bio: 'Physicist' });
      const stem = zoe.username.slice(0, 6);
      expect(await people(stem.toUpperCase())).toContain(zoe.username);
      expect(await people(`@${zoe.username}`)).toEqual([zoe.username]);
      expect(await people('zoe ang')).toContain(zoe.username);
      expect(await people('ÅNGSTR')).toContain(zoe.username);
      expect(await people('angstrom')).toContain(zoe.username);
      expect(await people('ngstrom')).not.toContain(zoe.username);
      const reply = await call('GET', `/api/search?type=users&q=${zoe.username}`);
      expect(reply.users[0]).toEqual({
        _id: zoe.id,
        username: zoe.username,
        firstName: 'Zoë',
        lastName: 'Ångström',
        avatarURL: '',
        bio: 'Physicist',
      });
    });

    it('pages by username without skips or repeats; %, _ and SQL are text', async () => {
      const prefix = `pg${Date.now().toString(36)}`;
      const names: string[] = [];
      for (let i = 0; i < 5; i++) names.push((await person(`${prefix}_${i}`)).username);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: `q=${string}&type=users&limit=2${string}` = `q=${prefix}&type=users&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body: SearchUsersReply = await call('GET', `/api/search?${query}`);
        seen.push(...body.users.map((user) => user.username));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      for (const q of ['%', '_', "' or 1=1 --"]) expect(await people(q)).toEqual([]);
    });
  });

  describe('GET /api/search?type=tags', () => {
    const tags = async (q: string, limit = 20) =>
      (await call('GET', `/api/search?type=tags&limit=${limit}&q=${encodeURIComponent(q)}`)).tags as {
        name: string;
        uses: number;
      }[];

    it('finds the tags posts have by a prefix, with or without #, most used first, then by name', async () => {
      const stem = `tg${Date.now().toString(36)}`;
      const author = await person('tagger');
      await post(author, `#${stem}Garden #${stem}gardening`);
      await post(author, `#${stem}gardening and #${stem}games`);
      await post(author, `#${stem}gardening again`);
      await post(author, `#${stem}garlic`);
      expect(await tags(`#${stem}GAR`)).toEqual([
        { name: `${stem}gardening`, uses: 3 },
        { name: `${stem}garden`, uses: 1 },
        { name: `${stem}garlic`, uses: 1 },
      ]);
      expect((await tags(stem)).map((tag) => tag.name)).toEqual([
        `${stem}gardening`,
        `${stem}games`,
        `${stem}garden`,
        `${stem}garlic`,
      ]);
      expect(await tags(`${stem}gardens`)).toEqual([]);
      // Not a tag: nothing to find, and %, _ and SQL are text.
      for (const q of ['%', '_', "' or 1=1 --", `${stem}-`]) expect(await tags(q)).toEqual([]);
    });

    it('pages by use then name without skips or repeats, within the page size limit', async () => {
      const stem = `tp${Date.now().toString(36)}`;
      const author = await person('pager');
      for (let i = 0; i < 5; i++)
        await post(author, Array.from({ length: i + 1 }, (_, n) => `#${stem}${n}`).join(' '));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: `q=${string}&type=tags&limit=2${string}` = `q=${stem}&type=tags&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body: SearchTagsReply = await call('GET', `/api/search?${query}`);
        expect(body.tags.length).toBeLessThanOrEqual(2);
        seen.push(...body.tags.map((tag) => `${tag.name}:${tag.uses}`));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([5, 4, 3, 2, 1].map((uses, n) => `${stem}${n}:${uses}`));
      expectError(await server.request('GET', `/api/search?type=tags&q=${stem}&limit=0`), 400);
      expectError(await server.request('GET', '/api/search?type=tags&q='), 400);
    });
  });

  it('people search leaves out whoever blocked the viewer, or whom the viewer blocked', async () => {
    const stem = `bk${Date.now().toString(36)}`;
    const [me, blocker, blocked, other] = [
      await person(`${stem}_me`),
      await person(`${stem}_blocker`),
      await person(`${stem}_blocked`),
      await person(`${stem}_other`),
    ];
    await call('POST', `/api/users/${me.username}/block`, blocker);
    await call('POST', `/api/users/${blocked.username}/block`, me);
    const found = (await call('GET', `/api/search?type=users&q=${stem}`, me)).users.map(
      (user) => user.username,
    );
    expect(found).toEqual([me.username, other.username]);
  });
});
