/**
 * Finding things through masto.js: `/api/v2/search` (Sync's people search, its post search with its
 * operators, the tags posts have, and this server's own URLs resolved), `/api/v1/trends/tags` and
 * `/statuses`, `/api/v2/suggestions` and `/api/v1/tags/:name`; raw HTTP for `Link` headers and errors.
 */
import type { Tag } from '@sync/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/ids.js';
import { uniqueName } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure, linksOf } from '../../test/mastodon.js';
import { newPerson, succeed } from '../../test/people.js';

const idsOf = (items: readonly { id: string }[]) => items.map((item) => item.id);
const namesOf = (tags: readonly { name: string }[]) => tags.map((tag) => tag.name);
/** A tag no other test (or run) uses: letters only, lower case. */
const newTag = (prefix: string) => uniqueName(prefix).replace(/[^a-z0-9]/g, '');

/** Midnight (UTC) of the day `daysAgo` before today, as Mastodon's tag history writes it. */
const midnight = (daysAgo: number) => {
  const now = new Date();
  return String(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo) / 1000);
};

describeEachDatabase('Mastodon API: search, trends, suggestions and tags', (dialect) => {
  let server: TestServer;
  let maya: mastodon.rest.Client;
  let mayaToken: string;
  let mayaId: string;
  const anonymous = () => createRestAPIClient({ url: server.url });

  const clientFor = (token: string) => createRestAPIClient({ url: server.url, accessToken: token });
  const newAccount = async (prefix: string) => {
    const person = await newPerson(server, prefix);
    const token = await accessToken(server, person.token);
    return { ...person, token, client: clientFor(token) };
  };
  const get = <Url extends string>(path: Url, token?: string) =>
    server.request('GET', path, token ? { token: bearer(token) } : {});

  beforeAll(async () => {
    server = await startServer(dialect);
    mayaToken = await accessToken(server, await server.login('maya.chen', demoPassword));
    maya = clientFor(mayaToken);
    mayaId = (await succeed(server, 'GET', '/api/users/maya.chen')).user._id;
  });
  afterAll(() => server.close());

  describe('/api/v2/search', () => {
    it('accounts: people by username, name or last name, the following filter', async () => {
      const found = await maya.v2.search.list({ q: 'Kowalski', type: 'accounts' });
      expect(found).toEqual({
        accounts: [expect.objectContaining({ username: 'lena.k' })],
        statuses: [],
        hashtags: [],
      });
      const both = await maya.v2.search.list({ q: 'o', type: 'accounts' });
      const followedOnly = await maya.v2.search.list({ q: 'o', type: 'accounts', following: true });
      expect(namesOf(both.accounts.map((account) => ({ name: account.username })))).toContain('olu_ade');
      expect(followedOnly.accounts.map((account) => account.username)).toEqual(['olu_ade']);
    });

    it("statuses: Sync's post search, its operators (from:, #tag) and account_id", async () => {
      const word = newTag('word');
      const tag = newTag('tag');
      const writer = await newAccount('writer');
      const mine = await writer.client.v1.statuses.create({ status: `About ${word} #${tag}` });
      const theirs = await maya.v1.statuses.create({ status: `Also about ${word}` });
      const search = (q: string, extra: Partial<mastodon.rest.v2.SearchParams> = {}) =>
        maya.v2.search.list({ q, type: 'statuses', ...extra }).then((found) => idsOf(found.statuses));
      expect(await search(word)).toEqual([theirs.id, mine.id]);
      expect(await search(`${word} from:${writer.username}`)).toEqual([mine.id]);
      expect(await search(`#${tag}`)).toEqual([mine.id]);
      expect(await search(word, { accountId: mayaId })).toEqual([theirs.id]);
      expect(await search(`${word} from:${writer.username}`, { accountId: mayaId })).toEqual([]);
      expect(await search(word, { limit: 1 })).toEqual([theirs.id]);
      expect(await search(word, { limit: 1, offset: 1 })).toEqual([mine.id]);
      expect(await search(word, { maxId: theirs.id })).toEqual([mine.id]);
      const [status] = (await maya.v2.search.list({ q: `#${tag}`, type: 'statuses' })).statuses;
      expect(status).toMatchObject({
        id: mine.id,
        account: { id: writer.id },
        url: `${server.url}/post/${mine.id}`,
      });
    });

    it('hashtags: the tags posts have that start with the query, the query itself first, then the most used, with no history', async () => {
      const stem = newTag('stem');
      await maya.v1.statuses.create({ status: `#${stem}alpha #${stem}beta` });
      await maya.v1.statuses.create({ status: `#${stem}beta again, and #${stem}gamma` });
      const found = await maya.v2.search.list({ q: `#${stem}`, type: 'hashtags' });
      expect(found.hashtags).toEqual([
        { id: stem, name: stem, url: `${server.url}/tag/${stem}`, history: [] },
        ...['beta', 'alpha', 'gamma'].map((end) => ({
          id: `${stem}${end}`,
          name: `${stem}${end}`,
          url: `${server.url}/tag/${stem}${end}`,
          history: [],
        })),
      ]);
      expect(namesOf((await maya.v2.search.list({ q: `${stem}B`, type: 'hashtags' })).hashtags)).toEqual([
        `${stem}b`,
        `${stem}beta`,
      ]);
      const paged = await maya.v2.search.list({ q: stem, type: 'hashtags', limit: 2, offset: 2 });
      expect(namesOf(paged.hashtags)).toEqual([`${stem}alpha`, `${stem}gamma`]);
      expect((await maya.v2.search.list({ q: 'two words', type: 'hashtags' })).hashtags).toEqual([]);
    });

    it('accounts: a prefix of what is typed finds people, as /api/v1/accounts/search does; blocked people are absent', async () => {
      const stem = newTag('pre');
      const [kept, blocked, blocker] = [
        await newAccount(`${stem}_kept`),
        await newAccount(`${stem}_blocked`),
        await newAccount(`${stem}_blocker`),
      ];
      const viewer = await newAccount(`${stem}_viewer`);
      await viewer.client.v1.accounts.$select(blocked.id).block();
      await blocker.client.v1.accounts.$select(viewer.id).block();
      const prefix = `${stem}_`;
      const byV2 = await viewer.client.v2.search.list({ q: prefix, type: 'accounts' });
      const byV1 = await viewer.client.v1.accounts.search.list({ q: prefix });
      for (const accounts of [byV2.accounts, byV1]) {
        expect(accounts.map((account) => account.username).sort()).toEqual(
          [kept.username, viewer.username].sort(),
        );
      }
      expect(await failure(viewer.client.v1.accounts.search.list({ q: '' }))).toMatchObject({ status: 400 });
    });

    it('every kind at once without a type; signed out it works too, but not with offset or resolve', async () => {
      const found = await anonymous().v2.search.list({ q: 'maya' });
      expect(found.accounts.map((account) => account.id)).toEqual([mayaId]);
      expect(found.hashtags.map((tag) => tag.name)).toEqual(['maya']);
      expect(found.statuses).toEqual(expect.any(Array));
      expect(await failure(anonymous().v2.search.list({ q: 'maya', type: 'accounts', offset: 1 }))).toEqual({
        status: 401,
        error: 'Search queries pagination is not supported without authentication',
      });
      expect(await failure(anonymous().v2.search.list({ q: 'maya', resolve: true }))).toEqual({
        status: 401,
        error: 'Search queries that resolve remote resources are not supported without authentication',
      });
    });

    it("a URL of one of this server's posts, replies, profiles or tags is what it shows", async () => {
      const post = await maya.v1.statuses.create({ status: 'Find me by my address' });
      const reply = await maya.v1.statuses.create({ status: 'And me', inReplyToId: post.id });
      const byUrl = (q: string) => maya.v2.search.list({ q, resolve: true });
      const byPostUrl = await byUrl(post.url!);
      expect(byPostUrl).toEqual({
        accounts: [],
        statuses: [expect.objectContaining({ id: post.id })],
        hashtags: [],
      });
      expect(byPostUrl.statuses[0]).toMatchObject({ content: post.content, repliesCount: 1 });
      expect(idsOf((await byUrl(reply.url!)).statuses)).toEqual([reply.id]);
      expect(idsOf((await byUrl(`${server.url}/profile/maya.chen`)).accounts)).toEqual([mayaId]);
      expect(idsOf((await byUrl(`${server.url}/users/maya.chen`)).accounts)).toEqual([mayaId]);
      expect(namesOf((await byUrl(`${server.url}/tag/Sourdough`)).hashtags)).toEqual(['sourdough']);
      expect(await byUrl(`${server.url}/post/${newId(new Date())}`)).toEqual({
        accounts: [],
        statuses: [],
        hashtags: [],
      });
      // A malformed %-escape is no address of ours, not a server error.
      expect((await byUrl(`${server.url}/profile/%E0%A4%A`)).accounts).toEqual([]);
      // Another server's address is only text to search for.
      expect((await byUrl(`https://elsewhere.example/post/${post.id}`)).statuses).toEqual([]);
    });

    it('bad input: no query is 400 {error}, a max_id that is not an id 400, a foreign token 401', async () => {
      const missing = await get('/api/v2/search', mayaToken);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: expect.any(String) });
      const badMax = await get('/api/v2/search?q=x&type=statuses&max_id=nope', mayaToken);
      expect(badMax.status).toBe(400);
      expect((await get('/api/v2/search?q=x', 'not-a-token')).status).toBe(401);
    });
  });

  describe('trends', () => {
    it('tags: the most used this week first, each with its seven days of use (newest first)', async () => {
      const [busy, quiet, rare] = [newTag('busy'), newTag('quiet'), newTag('rare')];
      const [first, second] = [await newAccount('tagger'), await newAccount('tagger')];
      for (const status of [`#${busy} #${quiet}`, `#${busy}`, `#${busy} #${rare}`])
        await first.client.v1.statuses.create({ status });
      await second.client.v1.statuses.create({ status: `#${busy} and #${quiet}` });

      const trending = await anonymous().v1.trends.tags.list({ limit: 20 });
      const names = namesOf(trending);
      expect(names.indexOf(busy)).toBeLessThan(names.indexOf(quiet));
      expect(names.indexOf(quiet)).toBeLessThan(names.indexOf(rare));
      const busyTag = trending.find((tag) => tag.name === busy)!;
      expect(busyTag).toMatchObject({ id: busy, name: busy, url: `${server.url}/tag/${busy}` });
      expect(busyTag.history).toEqual([
        { day: midnight(0), uses: '4', accounts: '2' },
        ...[1, 2, 3, 4, 5, 6].map((daysAgo) => ({ day: midnight(daysAgo), uses: '0', accounts: '0' })),
      ]);
      expect(trending.find((tag) => tag.name === rare)!.history?.[0]).toEqual({
        day: midnight(0),
        uses: '1',
        accounts: '1',
      });
    });

    it('tags page by offset, with Link next (a full page) and prev (after the first)', async () => {
      const all = namesOf(await anonymous().v1.trends.tags.list({ limit: 20 }));
      expect(all.length).toBeGreaterThan(3);
      const first = await get('/api/v1/trends/tags?limit=2');
      expect(namesOf(first.body)).toEqual(all.slice(0, 2));
      const { next, prev } = linksOf(first.headers.get('link'));
      expect(prev).toBeUndefined();
      expect(next?.searchParams.get('offset')).toBe('2');
      const second = await server.request<Tag[]>('GET', `${next!.pathname}${next!.search}`);
      expect(namesOf(second.body)).toEqual(all.slice(2, 4));
      expect(linksOf(second.headers.get('link')).prev?.searchParams.get('offset')).toBe('0');
      // The older name of the same list.
      expect(namesOf((await get('/api/v1/trends?limit=2')).body)).toEqual(all.slice(0, 2));
    });

    it("statuses: Sync's trending posts, the most liked first, by offset", async () => {
      const author = await newAccount('liked');
      const [more, fewer] = [
        await author.client.v1.statuses.create({ status: 'Liked by many' }),
        await author.client.v1.statuses.create({ status: 'Liked by one' }),
      ];
      const likers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newAccount('liker')));
      for (const liker of likers) await liker.client.v1.statuses.$select(more.id).favourite();
      await likers[0]!.client.v1.statuses.$select(fewer.id).favourite();
      const trending = await anonymous().v1.trends.statuses.list({ limit: 40 });
      const ids = idsOf(trending);
      expect(ids[0]).toBe(more.id);
      expect(trending[0]!.favouritesCount).toBe(6);
      expect(ids.indexOf(more.id)).toBeLessThan(ids.indexOf(fewer.id));
      // masto.js 7.12 has no `offset` for this list: raw HTTP.
      expect(idsOf((await get('/api/v1/trends/statuses?limit=2&offset=1')).body)).toEqual(ids.slice(1, 3));
      // Signed in, the viewer's own marks are there.
      const [seen] = await likers[0]!.client.v1.trends.statuses.list({ limit: 1 });
      expect(seen).toMatchObject({ id: more.id, favourited: true });
    });
  });

  describe('suggestions and tags', () => {
    it('suggestions: the most followed people the viewer does not follow, as Suggestion entities', async () => {
      const newcomer = await newAccount('newcomer');
      const suggested = await newcomer.client.v2.suggestions.list({ limit: 80 });
      expect(suggested.length).toBeGreaterThan(0);
      expect(suggested.every((suggestion) => suggestion.source === 'global')).toBe(true);
      expect(suggested[0]).toMatchObject({ sources: ['most_followed'], account: { id: expect.any(String) } });
      const ids = suggested.map((suggestion) => suggestion.account.id);
      expect(ids).not.toContain(newcomer.id);
      const counts = suggested.map((suggestion) => suggestion.account.followersCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));

      await newcomer.client.v1.accounts.$select(ids[0]!).follow();
      const after = await newcomer.client.v2.suggestions.list({ limit: 80 });
      expect(after.map((suggestion) => suggestion.account.id)).not.toContain(ids[0]);
      expect(await newcomer.client.v2.suggestions.list({ limit: 1 })).toHaveLength(1);
      expect(await failure(anonymous().v2.suggestions.list())).toMatchObject({ status: 401 });
    });

    it('tags/:name: the tag (any case, with its #) and its week, not followed; a name that is no tag 404', async () => {
      const tag = newTag('shown');
      await maya.v1.statuses.create({ status: `#${tag} once` });
      const shown = await anonymous().v1.tags.$select(tag.toUpperCase()).fetch();
      expect(shown).toEqual({
        id: tag,
        name: tag,
        url: `${server.url}/tag/${tag}`,
        following: false,
        history: [
          { day: midnight(0), uses: '1', accounts: '1' },
          ...[1, 2, 3, 4, 5, 6].map((daysAgo) => ({ day: midnight(daysAgo), uses: '0', accounts: '0' })),
        ],
      });
      expect(
        (await maya.v1.tags.$select(`never${tag}`).fetch()).history?.every((day) => day.uses === '0'),
      ).toBe(true);
      const notATag = await get(`/api/v1/tags/${encodeURIComponent('not a tag')}`);
      expect(notATag.status).toBe(404);
      expect(notATag.body).toEqual({ error: 'Record not found' });
    });
  });
});
