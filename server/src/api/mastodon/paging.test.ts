/**
 * The `Link` header of every paged list of the Mastodon API, read from the route table so that a new
 * list cannot go unchecked: as on Mastodon, `next` only from a full page (a short page is the end: a
 * `next` from it led apps to an empty page, and Mastodon.py's `fetch_next` to a TypeError), `prev` from
 * any page with items, and no link from an empty page.
 *
 * A new GET route: add it to `pagedLists` with a way to fill its list with a few items, or to `notPaged`
 * with why it has no pages. The last test fails for a route in neither and for a line naming no route.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import {
  accessToken,
  bearer,
  linksOf,
  mastodonRoutes,
  newAppUser,
  type AppUser,
} from '../../test/mastodon.js';
import { newPerson } from '../../test/people.js';
import { grantRoleFromCommandLine } from '../../use-cases/shared/role-changes.js';

/** A list filled with a few items: the path to read it (its query too) and whose token reads it. */
interface FilledList {
  path: string;
  token: string;
  /** Where the answer holds the list, when the answer is not the list itself. */
  listIn?: string;
}

interface Fixtures {
  server: TestServer;
  /** A fresh person with a Mastodon app. */
  person(prefix: string): Promise<AppUser>;
  /** A moderator's token with the admin scopes. */
  moderatorToken: string;
}

/** Every paged GET route, and how to fill its list with a few items (at least two). */
const pagedLists: Record<string, (fixtures: Fixtures) => Promise<FilledList>> = {
  'GET /api/v1/timelines/home': async ({ person }) => {
    const [reader, author] = [await person('home'), await person('homeauthor')];
    await reader.app.v1.accounts.$select(author.id).follow();
    for (const text of ['one', 'two']) await author.app.v1.statuses.create({ status: `Home ${text}` });
    return { path: '/api/v1/timelines/home', token: reader.accessToken };
  },
  // Everyone's posts: what the other lists post here stays under a page of 40.
  'GET /api/v1/timelines/public': async ({ person }) => {
    const author = await person('public');
    await author.app.v1.statuses.create({ status: 'Public one' });
    return { path: '/api/v1/timelines/public', token: author.accessToken };
  },
  'GET /api/v1/timelines/tag/:hashtag': async ({ person }) => {
    const [author, tag] = [await person('tag'), uniqueName('paged').replace(/\W/g, '')];
    for (const text of ['one', 'two']) await author.app.v1.statuses.create({ status: `#${tag} ${text}` });
    return { path: `/api/v1/timelines/tag/${tag}`, token: author.accessToken };
  },
  'GET /api/v1/accounts/:id/statuses': async ({ person }) => {
    const author = await person('statuses');
    for (const text of ['one', 'two']) await author.app.v1.statuses.create({ status: `Mine ${text}` });
    return { path: `/api/v1/accounts/${author.id}/statuses`, token: author.accessToken };
  },
  'GET /api/v1/accounts/:id/followers': async ({ person }) => {
    const followed = await person('followed');
    for (const prefix of ['fan', 'fan'])
      await (await person(prefix)).app.v1.accounts.$select(followed.id).follow();
    return { path: `/api/v1/accounts/${followed.id}/followers`, token: followed.accessToken };
  },
  'GET /api/v1/accounts/:id/following': async ({ person }) => {
    const follower = await person('follower');
    for (const prefix of ['idol', 'idol'])
      await follower.app.v1.accounts.$select((await person(prefix)).id).follow();
    return { path: `/api/v1/accounts/${follower.id}/following`, token: follower.accessToken };
  },
  'GET /api/v1/favourites': async (fixtures) => {
    const { reader, statusIds } = await readerAndPosts(fixtures, 'favourites');
    for (const id of statusIds) await reader.app.v1.statuses.$select(id).favourite();
    return { path: '/api/v1/favourites', token: reader.accessToken };
  },
  'GET /api/v1/bookmarks': async (fixtures) => {
    const { reader, statusIds } = await readerAndPosts(fixtures, 'bookmarks');
    for (const id of statusIds) await reader.app.v1.statuses.$select(id).bookmark();
    return { path: '/api/v1/bookmarks', token: reader.accessToken };
  },
  'GET /api/v1/statuses/:id/favourited_by': async ({ person }) => {
    const author = await person('liked');
    const status = await author.app.v1.statuses.create({ status: 'Liked twice' });
    for (const prefix of ['liker', 'liker'])
      await (await person(prefix)).app.v1.statuses.$select(status.id).favourite();
    return { path: `/api/v1/statuses/${status.id}/favourited_by`, token: author.accessToken };
  },
  'GET /api/v1/statuses/:id/reblogged_by': async ({ person }) => {
    const author = await person('boosted');
    const status = await author.app.v1.statuses.create({ status: 'Boosted twice' });
    for (const prefix of ['booster', 'booster'])
      await (await person(prefix)).app.v1.statuses.$select(status.id).reblog();
    return { path: `/api/v1/statuses/${status.id}/reblogged_by`, token: author.accessToken };
  },
  'GET /api/v1/statuses/:id/quotes': async ({ person }) => {
    const [author, quoter] = [await person('quoted'), await person('quoter')];
    const status = await author.app.v1.statuses.create({ status: 'Quoted twice' });
    for (const text of ['one', 'two'])
      await quoter.app.v1.statuses.create({ status: `Quote ${text}`, quotedStatusId: status.id });
    return { path: `/api/v1/statuses/${status.id}/quotes`, token: author.accessToken };
  },
  'GET /api/v1/blocks': async ({ person }) => {
    const blocker = await person('blocker');
    for (const prefix of ['blocked', 'blocked'])
      await blocker.app.v1.accounts.$select((await person(prefix)).id).block();
    return { path: '/api/v1/blocks', token: blocker.accessToken };
  },
  'GET /api/v1/mutes': async ({ person }) => {
    const muter = await person('muter');
    for (const prefix of ['muted', 'muted'])
      await muter.app.v1.accounts.$select((await person(prefix)).id).mute();
    return { path: '/api/v1/mutes', token: muter.accessToken };
  },
  // Comments on one's post arrive as mentions, which are never grouped: two of them, two groups.
  'GET /api/v1/notifications': async (fixtures) => ({
    path: '/api/v1/notifications',
    token: await notifiedTwice(fixtures, 'notified'),
  }),
  'GET /api/v2/notifications': async (fixtures) => ({
    path: '/api/v2/notifications',
    token: await notifiedTwice(fixtures, 'grouped'),
    listIn: 'notification_groups',
  }),
  'GET /api/v1/admin/reports': async ({ person, moderatorToken }) => {
    const [reporter, reported] = [await person('reporter'), await person('reported')];
    for (const comment of ['one', 'two'])
      await reporter.app.v1.reports.create({ accountId: reported.id, comment: `Report ${comment}` });
    return { path: '/api/v1/admin/reports', token: moderatorToken };
  },
  'GET /api/v1/admin/accounts': async (fixtures) => ({
    path: `/api/v1/admin/accounts?username=${await twoPeopleNamed(fixtures)}`,
    token: fixtures.moderatorToken,
  }),
  'GET /api/v2/admin/accounts': async (fixtures) => ({
    path: `/api/v2/admin/accounts?username=${await twoPeopleNamed(fixtures)}`,
    token: fixtures.moderatorToken,
  }),
};

/** A reader and two posts by someone else. */
async function readerAndPosts({ person }: Fixtures, prefix: string) {
  const [reader, author] = [await person(prefix), await person(`${prefix}author`)];
  const statusIds: string[] = [];
  for (const text of ['one', 'two'])
    statusIds.push((await author.app.v1.statuses.create({ status: `To keep ${text}` })).id);
  return { reader, statusIds };
}

/** Someone whose post got two comments: their token. */
async function notifiedTwice({ person }: Fixtures, prefix: string) {
  const [notified, commenter] = [await person(prefix), await person(`${prefix}commenter`)];
  const status = await notified.app.v1.statuses.create({ status: 'Comment on this' });
  for (const text of ['one', 'two'])
    await commenter.app.v1.statuses.create({ status: `Comment ${text}`, inReplyToId: status.id });
  return notified.accessToken;
}

/** Two people whose usernames start with a prefix no one else's does: the prefix. */
async function twoPeopleNamed({ server }: Fixtures) {
  const prefix = uniqueName('adm').replace(/\W/g, '').toLowerCase();
  for (const _ of [1, 2]) await newPerson(server, prefix);
  return prefix;
}

/** GET routes that have no pages, and why. */
const notPaged: Record<string, string> = Object.fromEntries(
  Object.entries({
    'one entity, or an answer about one': [
      'GET /api/v1/apps/verify_credentials',
      'GET /api/v1/instance',
      'GET /api/v2/instance',
      'GET /.well-known/nodeinfo',
      'GET /.well-known/webfinger',
      'GET /.well-known/host-meta',
      'GET /.well-known/oauth-authorization-server',
      'GET /nodeinfo/2.0',
      'GET /api/v1/media/:id',
      'GET /api/v1/statuses/:id',
      'GET /api/v1/statuses/:id/source',
      'GET /api/v1/statuses/:id/context',
      'GET /api/v1/statuses/:id/history',
      'GET /api/v1/markers',
      'GET /api/v1/accounts/verify_credentials',
      'GET /api/v1/accounts/lookup',
      'GET /api/v1/accounts/:id',
      'GET /api/v1/preferences',
      'GET /api/v2/filters/:id',
      'GET /api/v2/filters/keywords/:id',
      'GET /api/v1/notifications/unread_count',
      'GET /api/v1/notifications/:id',
      'GET /api/v2/notifications/unread_count',
      'GET /api/v2/notifications/:group_key',
      'GET /api/v2/notifications/policy',
      'GET /api/v1/tags/:name',
      'GET /api/v1/admin/reports/:id',
      'GET /api/v1/admin/accounts/:id',
    ],
    'a whole list, which Mastodon does not page either': [
      'GET /api/v1/instance/rules',
      'GET /api/v1/accounts',
      'GET /api/v1/accounts/relationships',
      'GET /api/v1/accounts/familiar_followers',
      'GET /api/v1/accounts/:id/lists',
      'GET /api/v1/accounts/:id/featured_tags',
      'GET /api/v1/filters',
      'GET /api/v2/filters',
      'GET /api/v2/filters/:id/keywords',
      'GET /api/v2/notifications/:group_key/accounts',
    ],
    'a list cut at `limit`, with no pages on Mastodon either': [
      'GET /api/v1/accounts/search',
      'GET /api/v2/suggestions',
    ],
    'paged by `offset`, no `Link` header (as on Mastodon)': ['GET /api/v2/search'],
    'paged by `offset`: setOffsetLinks links `next` only from a full page (trends.test.ts)': [
      'GET /api/v1/trends',
      'GET /api/v1/trends/tags',
      'GET /api/v1/trends/statuses',
    ],
    'a fixed empty list (fixed-answers.ts)': [
      'GET /api/v1/custom_emojis',
      'GET /api/v1/trends/links',
      'GET /api/v1/announcements',
      'GET /api/v1/lists',
      'GET /api/v1/followed_tags',
      'GET /api/v1/conversations',
      'GET /api/v1/follow_requests',
      'GET /api/v1/domain_blocks',
      'GET /api/v1/endorsements',
      'GET /api/v1/featured_tags',
      'GET /api/v1/scheduled_statuses',
    ],
    "an image file (a report's kept image)": [
      'GET /api/v1/admin/reports/:id/media/:media_id',
      'GET /api/v1/admin/reports/:id/media/:media_id/preview',
    ],
    'streaming, not a list': [
      'GET /api/v1/streaming',
      'GET /api/v1/streaming/health',
      'GET /api/v1/streaming/user',
      'GET /api/v1/streaming/user/notification',
      'GET /api/v1/streaming/public',
      'GET /api/v1/streaming/public/local',
      'GET /api/v1/streaming/hashtag',
      'GET /api/v1/streaming/hashtag/local',
    ],
  }).flatMap(([why, routes]) => routes.map((route) => [route, why])),
);

/** Far more than any list filled here holds, and at most every list's largest page. */
const wholeList = 40;

describeEachDatabase('Mastodon API: paging links', (dialect) => {
  let server: TestServer;
  let fixtures: Fixtures;

  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
    const moderator = await newPerson(server, 'moderator');
    await grantRoleFromCommandLine(server.app.deps, { username: moderator.username, role: 'moderator' });
    fixtures = {
      server,
      person: (prefix) => newAppUser(server, prefix),
      moderatorToken: await accessToken(server, moderator.token, {
        scopes: 'read write follow admin:read admin:write',
      }),
    };
  });
  afterAll(() => server.close());

  /** A page of a list: its items and its links. */
  const page = async (url: string, { token, listIn }: FilledList) => {
    const reply = await fetch(url.startsWith('http') ? url : server.url + url, {
      headers: { authorization: bearer(token) },
    });
    expect(reply.status, url).toBe(200);
    const body = await reply.json();
    const items: unknown[] = listIn === undefined ? body : body[listIn];
    return { items, links: linksOf(reply.headers.get('link')) };
  };
  const withLimit = (path: string, limit: number) => `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;

  for (const [route, fill] of Object.entries(pagedLists)) {
    it(`${route}: \`next\` from a full page only, \`prev\` from any page with items`, async () => {
      const list = await fill(fixtures);
      const { path } = list;
      const whole = await page(withLimit(path, wholeList), list);
      const count = whole.items.length;
      expect(count, 'the filled list, read whole').toBeGreaterThanOrEqual(2);
      expect(count, 'the filled list, read whole').toBeLessThan(wholeList);
      expect(Object.keys(whole.links), 'a short page: the end').toEqual(['prev']);

      const full = await page(withLimit(path, count - 1), list);
      expect(full.items).toHaveLength(count - 1);
      expect(Object.keys(full.links).sort(), 'a full page').toEqual(['next', 'prev']);
      const last = await page(full.links.next!.href, list);
      expect(last.items, 'the rest, past the full page').toHaveLength(1);

      const exact = await page(withLimit(path, count), list);
      expect(Object.keys(exact.links).sort(), 'a page as full as the list').toEqual(['next', 'prev']);
      const beyond = await page(exact.links.next!.href, list);
      expect(beyond).toEqual({ items: [], links: {} });
    });
  }

  it('every GET route of the route table is a paged list or named as not paged, and every line is a route', () => {
    const getRoutes = mastodonRoutes(server).filter((route) => route.startsWith('GET '));
    expect(getRoutes).toEqual([...Object.keys(pagedLists), ...Object.keys(notPaged)].sort());
  });
});
