/**
 * `/api/v1/timelines/{home,public,tag/:hashtag}` paged as Mastodon apps page them: masto.js's paginator
 * (which follows the `Link` header) and raw `max_id`, `since_id` and `min_id`, on the same timelines.
 */
import type { Status } from '@sync/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as posts from '../../data/posts.repo.js';
import { newId } from '../../platform/db/ids.js';
import { uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, linksOf, type MastodonError } from '../../test/mastodon.js';
import { bulkUserRow, insertBulkPeople, newPerson, succeed, type Person } from '../../test/people.js';

/** A timeline under test: its path, masto.js's call for it, and the ids it must list, newest first. */
interface Timeline {
  path: string;
  token: string;
  list(params: mastodon.DefaultPaginationParams): mastodon.Paginator<mastodon.v1.Status[]>;
  expected(): Promise<string[]>;
}

const idsOf = (statuses: readonly { id: string }[]) => statuses.map((status) => status.id);

/** How Mastodon apps order ids they hold: a longer id is newer, then the greater text. */
const mastodonOrder = (a: string, b: string) =>
  a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;

describeEachDatabase('Mastodon API: timelines', (dialect) => {
  let server: TestServer;
  const timelines: Record<string, () => Timeline> = {};
  const limit = 4;

  const clientFor = (token: string) => createRestAPIClient({ url: server.url, accessToken: token });
  const write = async (author: Person, content: string) =>
    (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
      ._id as string;
  const follow = (who: Person, followee: Person) =>
    succeed(server, 'POST', `/api/users/follow/${followee.id}`, who);
  const raw = async (timeline: Timeline, query: string) => {
    const reply = await server.request<Status[]>('GET', `${timeline.path}?${query}`, {
      token: bearer(timeline.token),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return { ids: idsOf(reply.body), links: linksOf(reply.headers.get('link')) };
  };
  const newestFirstInDatabase = async (filter?: { authorIds?: string[]; ids?: string[] }) => {
    let query = server.database.db.selectFrom('posts').select('id');
    if (filter?.authorIds) query = query.where('author_id', 'in', filter.authorIds);
    if (filter?.ids) query = query.where('id', 'in', filter.ids);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => row.id);
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const reader = await newPerson(server, 'reader');
    const [first, second, stranger] = [
      await newPerson(server, 'first'),
      await newPerson(server, 'second'),
      await newPerson(server, 'stranger'),
    ];
    await follow(reader, first);
    await follow(reader, second);
    const tag = uniqueName('tag').replace(/_/g, '');
    const tagged: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      for (const author of [first, reader, second, stranger]) {
        const id = await write(
          author,
          `post ${index} of ${author.username}${index % 2 === 0 ? ` #${tag}` : ''}`,
        );
        if (index % 2 === 0) tagged.push(id);
      }
    }
    const readerToken = await accessToken(server, reader.token);
    const reader$ = clientFor(readerToken);

    // A reader following hundreds of people: their home timeline walks everyone's newest posts.
    const busy = await newPerson(server, 'busy');
    const at = new Date();
    const quiet = Array.from({ length: 250 }, () => bulkUserRow(uniqueName('quiet'), at));
    await insertBulkPeople(server.database.db, quiet);
    await server.database.db
      .insertInto('follows')
      .values(
        quiet.map((person) => ({
          follower_id: busy.id,
          followee_id: person.id,
          created_at: at.toISOString(),
        })),
      )
      .execute();
    await follow(busy, first);
    await follow(busy, stranger);
    const busyToken = await accessToken(server, busy.token);
    const busy$ = clientFor(busyToken);

    timelines.home = () => ({
      path: '/api/v1/timelines/home',
      token: readerToken,
      list: (params) => reader$.v1.timelines.home.list(params),
      expected: () => newestFirstInDatabase({ authorIds: [reader.id, first.id, second.id] }),
    });
    timelines['home of someone following hundreds'] = () => ({
      path: '/api/v1/timelines/home',
      token: busyToken,
      list: (params) => busy$.v1.timelines.home.list(params),
      expected: () => newestFirstInDatabase({ authorIds: [busy.id, first.id, stranger.id] }),
    });
    timelines.public = () => ({
      path: '/api/v1/timelines/public',
      token: readerToken,
      list: (params) => reader$.v1.timelines.public.list(params),
      expected: () => newestFirstInDatabase(),
    });
    timelines.tag = () => ({
      path: `/api/v1/timelines/tag/${tag}`,
      token: readerToken,
      list: (params) => reader$.v1.timelines.tag.$select(tag.toUpperCase()).list(params),
      expected: () => newestFirstInDatabase({ ids: tagged }),
    });
  });
  afterAll(() => server.close());

  for (const name of ['home', 'home of someone following hundreds', 'public', 'tag']) {
    describe(name, () => {
      let timeline: Timeline;
      let expected: string[];
      beforeAll(async () => {
        timeline = timelines[name]!();
        expected = await timeline.expected();
        expect(expected.length).toBeGreaterThan(3 * limit);
      });

      it("masto.js's paginator walks it newest first to an empty page, never repeating a status", async () => {
        const pages: string[][] = [];
        for await (const page of timeline.list({ limit })) pages.push(idsOf(page));
        expect(pages.at(-1)).toEqual([]);
        expect(pages.slice(0, -1).every((page) => page.length > 0 && page.length <= limit)).toBe(true);
        expect(pages.flat()).toEqual(expected);
      });

      it('Link: next carries max_id (the oldest of the page), prev min_id (the newest); none on an empty page', async () => {
        let page = await raw(timeline, `limit=${limit}`);
        const seen: string[] = [];
        while (page.ids.length > 0) {
          seen.push(...page.ids);
          const { next, prev } = page.links;
          expect(next?.searchParams.get('max_id')).toBe(page.ids.at(-1));
          expect(prev?.searchParams.get('min_id')).toBe(page.ids[0]);
          expect(next?.searchParams.get('limit')).toBe(String(limit));
          expect(next?.pathname).toBe(new URL(timeline.path, server.url).pathname);
          page = await raw(timeline, next!.search.slice(1));
        }
        expect(page.links).toEqual({});
        expect(seen).toEqual(expected);
      });

      it('max_id: the statuses just below it', async () => {
        for (const index of [0, 3, expected.length - 2, expected.length - 1]) {
          const page = await raw(timeline, `limit=${limit}&max_id=${expected[index]}`);
          expect(page.ids).toEqual(expected.slice(index + 1, index + 1 + limit));
        }
      });

      it('since_id: the newest statuses above it, newest first', async () => {
        for (const index of [0, 2, expected.length - 1]) {
          const page = await raw(timeline, `limit=${limit}&since_id=${expected[index]}`);
          expect(page.ids).toEqual(expected.slice(0, Math.min(index, limit)));
        }
      });

      it('min_id: the page just above it, newest first; prev links then climb to the top', async () => {
        for (const index of [0, 2, limit + 3, expected.length - 1]) {
          const page = await raw(timeline, `limit=${limit}&min_id=${expected[index]}`);
          expect(page.ids).toEqual(expected.slice(Math.max(0, index - limit), index));
        }
        const pages: string[][] = [];
        for await (const page of timeline.list({ limit, minId: expected.at(-1) }).setDirection('prev')) {
          pages.push(idsOf(page));
        }
        expect(pages.at(-1)).toEqual([]);
        expect(pages.reverse().flat()).toEqual(expected.slice(0, -1));
      });

      it('max_id with since_id or min_id: the statuses between them', async () => {
        const [upper, lower] = [1, limit + 4];
        const between = expected.slice(upper + 1, lower);
        const since = await raw(
          timeline,
          `limit=${limit}&max_id=${expected[upper]}&since_id=${expected[lower]}`,
        );
        expect(since.ids).toEqual(between.slice(0, limit));
        const min = await raw(timeline, `limit=${limit}&max_id=${expected[upper]}&min_id=${expected[lower]}`);
        expect(min.ids).toEqual(between.slice(-limit));
      });

      it('ids that are no status of the timeline page by their time all the same; the limit is 1..40', async () => {
        const future = newId(new Date(Date.now() + 3_600_000));
        expect((await raw(timeline, `limit=${limit}&max_id=${future}`)).ids).toEqual(
          expected.slice(0, limit),
        );
        expect((await raw(timeline, `limit=${limit}&min_id=${future}`)).ids).toEqual([]);
        expect((await raw(timeline, 'limit=0')).ids).toHaveLength(1);
        expect((await raw(timeline, 'limit=1000')).ids).toEqual(expected.slice(0, 40));
      });
    });
  }

  it('a max_id, since_id or min_id that is not an id is a 400 {error}', async () => {
    const timeline = timelines.public!();
    for (const key of ['max_id', 'since_id', 'min_id']) {
      const reply = await server.request<MastodonError>('GET', `${timeline.path}?${key}=12345`);
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['error']);
    }
  });

  it('statuses created in the same millisecond keep their order, in their ids and on a timeline', async () => {
    const author = await newPerson(server, 'sameMs');
    const at = new Date(Date.now() + 86_400_000);
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const record = await posts.insertPost(server.database.db, {
        id: newId(at),
        author_id: author.id,
        content: `same millisecond ${index}`,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      made.push(record.id);
    }
    expect([...made].sort(mastodonOrder)).toEqual(made);
    const timeline = timelines.public!();
    const newest = [...made].reverse();
    expect((await raw(timeline, 'limit=3')).ids).toEqual(newest);
    expect((await raw(timeline, `limit=3&max_id=${made[2]}`)).ids.slice(0, 2)).toEqual([made[1], made[0]]);
    expect((await raw(timeline, `limit=1&min_id=${made[0]}`)).ids).toEqual([made[1]]);
    expect((await raw(timeline, `limit=3&since_id=${made[1]}`)).ids).toEqual([made[2]]);
  });

  it('public: remote=true and only_media=true are empty (every Sync post is local, none has media); local=true is everything', async () => {
    const timeline = timelines.public!();
    expect((await raw(timeline, 'remote=true')).ids).toEqual([]);
    expect((await raw(timeline, 'only_media=true')).ids).toEqual([]);
    expect((await raw(timelines.tag!(), 'only_media=1')).ids).toEqual([]);
    expect((await raw(timeline, 'only_media=false')).ids).not.toEqual([]);
    expect((await raw(timeline, `local=true&limit=${limit}`)).ids).toEqual(
      (await timeline.expected()).slice(0, limit),
    );
  });

  it('home needs a person (401 without a token); public and tag are open to anyone', async () => {
    expect((await server.request('GET', '/api/v1/timelines/home')).status).toBe(401);
    expect((await server.request('GET', '/api/v1/timelines/public')).status).toBe(200);
    expect((await server.request('GET', '/api/v1/timelines/tag/anything')).status).toBe(200);
    expect((await server.request('GET', '/api/v1/timelines/tag/not%20a%20tag')).body).toEqual([]);
  });
});
