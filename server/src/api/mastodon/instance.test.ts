/**
 * What apps read before and right after signing in, through masto.js: the instance (v1 and v2, behind a
 * proxy too), preferences, markers, and the valid empty lists of what Sync does not have; discovery
 * (NodeInfo, WebFinger, host-meta) over raw HTTP; CORS on every answer; the default pictures load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Limits } from '@sync/contract';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { nodeInfoView, webfingerView } from '../../read/views/mastodon/discovery.js';
import { accessToken, bearer, failure, type MastodonError } from '../../test/mastodon.js';
import { webClientWithPublicFiles } from '../../test/web-client.js';

const isoWithMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const serverVersion = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
).version as string;

describeEachDatabase('Mastodon API: instance, discovery and the small endpoints', (dialect) => {
  let server: TestServer;
  let host: string;
  let maya: mastodon.rest.Client;
  let mayaToken: string;
  /** Anyone's app, signed out. */
  let visitor: mastodon.rest.Client;

  beforeAll(async () => {
    server = await startServer(dialect);
    host = new URL(server.url).host;
    mayaToken = await accessToken(server, await server.login('maya.chen', demoPassword));
    maya = createRestAPIClient({ url: server.url, accessToken: mayaToken });
    visitor = createRestAPIClient({ url: server.url });
  });
  afterAll(() => server.close());

  /** A fresh person who writes a post and a reply (a comment): one more user and two more statuses. */
  async function newPersonWrites() {
    const { token } = await server.signup(`writer${Math.random().toString(36).slice(2, 8)}`);
    const app = createRestAPIClient({ url: server.url, accessToken: await accessToken(server, token) });
    const post = await app.v1.statuses.create({ status: 'Counted' });
    await app.v1.statuses.create({ status: 'Counted too', inReplyToId: post.id });
  }

  describe('the instance', () => {
    it('v2 names Sync as a current Mastodon, with its limits, streaming origin and contact', async () => {
      const instance = await visitor.v2.instance.fetch();
      expect(instance).toMatchObject({
        domain: host,
        title: 'Sync',
        version: `4.5.0 (compatible; Sync ${serverVersion})`,
        // Mastodon 4.5's: apps offer its quotes API from 7 (quotes.test.ts tests it).
        apiVersions: { mastodon: 7 },
        languages: ['en'],
        registrations: { enabled: true, approvalRequired: false, url: `${server.url}/signup` },
        thumbnail: { url: `${server.url}/thumbnail.png` },
      });
      expect(instance.rules).toHaveLength(4);
      expect(instance.configuration.urls.streaming).toBe(`ws://${host}`);
      expect(instance.configuration.statuses).toEqual({
        maxCharacters: Limits.postContent,
        maxMediaAttachments: 4,
        charactersReservedPerUrl: 23,
      });
      // The owner: the demo's maya.chen.
      expect(instance.contact.account).toMatchObject({
        username: 'maya.chen',
        url: `${server.url}/profile/maya.chen`,
        avatar: `${server.url}/avatars/maya.chen.png`,
        header: `${server.url}/headers/default.png`,
      });
      expect(instance.contact.account?.createdAt).toMatch(isoWithMs);
    });

    it('v2 counts the people who wrote a post in the last 30 days', async () => {
      const before = (await visitor.v2.instance.fetch()).usage.users.activeMonth;
      await newPersonWrites();
      expect((await visitor.v2.instance.fetch()).usage.users.activeMonth).toBe(before + 1);
    });

    it('v1 has the same server for older apps, with statistics that follow new people and statuses', async () => {
      const instance = await visitor.v1.instance.fetch();
      expect(instance).toMatchObject({
        uri: host,
        title: 'Sync',
        version: `4.5.0 (compatible; Sync ${serverVersion})`,
        urls: { streamingApi: `ws://${host}` },
        registrations: true,
        approvalRequired: false,
        contactAccount: { username: 'maya.chen' },
      });
      expect(instance.rules).toHaveLength(4);
      expect(instance.configuration.statuses.maxCharacters).toBe(Limits.postContent);
      expect(instance.stats.domainCount).toBe(1);

      await newPersonWrites();
      const after = await visitor.v1.instance.fetch();
      expect(after.stats.userCount).toBe(instance.stats.userCount + 1);
      expect(after.stats.statusCount).toBe(instance.stats.statusCount + 2);
    });

    it('answers with a trailing slash, and whatever token the app still holds', async () => {
      const plain = await server.request('GET', '/api/v1/instance');
      const slashed = await server.request('GET', '/api/v1/instance/');
      expect(slashed.status).toBe(200);
      expect(slashed.body).toEqual(plain.body);
      const stale = await server.request('GET', '/api/v2/instance', { token: bearer('revoked-token') });
      expect(stale.status).toBe(200);
      expect(stale.body.title).toBe('Sync');
    });

    it('has the rules of the About page (registrations.test.ts has more)', async () => {
      const reply = await server.request('GET', '/api/v1/instance/rules');
      expect(reply.status).toBe(200);
      const rules = (await server.request('GET', '/api/instance')).body.instance.rules as object[];
      expect(reply.body).toEqual(rules.map((rule) => ({ ...rule, translations: {} })));
    });
  });

  describe('preferences and the lists of what Sync does not have', () => {
    it('preferences: every status public, nothing sensitive, no default language', async () => {
      expect(await maya.v1.preferences.fetch()).toEqual({
        'posting:default:visibility': 'public',
        'posting:default:sensitive': false,
        'posting:default:language': null,
        'reading:expand:media': 'default',
        'reading:expand:spoilers': false,
      });
    });

    it('are valid empty lists, as apps load them at start', async () => {
      const lists = await Promise.all([
        maya.v1.customEmojis.list(),
        maya.v1.announcements.list(),
        maya.v1.lists.list(),
        maya.v1.filters.list(),
        maya.v2.filters.list(),
        maya.v1.followedTags.list(),
        maya.v1.conversations.list(),
        maya.v1.followRequests.list(),
        maya.v1.domainBlocks.list(),
        maya.v1.endorsements.list(),
        maya.v1.featuredTags.list(),
        maya.v1.scheduledStatuses.list(),
        maya.v1.trends.links.list(),
      ]);
      for (const list of lists) expect(list).toEqual([]);
    });

    it('the public ones need no token; the others a person with the scope Mastodon asks', async () => {
      expect(await visitor.v1.customEmojis.list()).toEqual([]);
      expect(await visitor.v1.trends.links.list()).toEqual([]);
      expect(await failure(visitor.v1.lists.list())).toEqual({
        status: 401,
        error: 'The access token is invalid',
      });
      expect(await failure(visitor.v1.preferences.fetch())).toMatchObject({ status: 401 });

      const statusesOnly = createRestAPIClient({
        url: server.url,
        accessToken: await accessToken(server, await server.login('lena.k', demoPassword), {
          scopes: 'read:statuses',
        }),
      });
      const outside = { status: 403, error: 'This action is outside the authorized scopes' };
      expect(await failure(statusesOnly.v1.preferences.fetch())).toEqual(outside);
      expect(await failure(statusesOnly.v2.filters.list())).toEqual(outside);
      expect(await failure(statusesOnly.v1.followRequests.list())).toEqual(outside);
      expect(await statusesOnly.v1.conversations.list()).toEqual([]);
      // Announcements ask for a person's token of any scope.
      expect(await statusesOnly.v1.announcements.list()).toEqual([]);
    });
  });

  describe('markers', () => {
    it('none are kept at first, and none are asked for without timeline[]', async () => {
      const { token } = await server.signup(`reader${Math.random().toString(36).slice(2, 8)}`);
      const reader = createRestAPIClient({ url: server.url, accessToken: await accessToken(server, token) });
      expect(await reader.v1.markers.fetch({ timeline: ['home', 'notifications'] })).toEqual({});
      expect(await reader.v1.markers.fetch()).toEqual({});
    });

    it('saves a position per timeline, moves its version on, and reads back only those asked for', async () => {
      const saved = await maya.v1.markers.create({
        home: { lastReadId: '0190a1b2-0000-7000-8000-000000000001' },
      });
      expect(Object.keys(saved)).toEqual(['home']);
      expect(saved.home).toMatchObject({ lastReadId: '0190a1b2-0000-7000-8000-000000000001' });
      expect(saved.home?.updatedAt).toMatch(isoWithMs);
      const firstVersion = saved.home!.version;

      const both = await maya.v1.markers.create({
        home: { lastReadId: '0190a1b2-0000-7000-8000-000000000002' },
        notifications: { lastReadId: '0190a1b2-0000-7000-8000-0000000000aa' },
      });
      expect(both.home).toMatchObject({
        lastReadId: '0190a1b2-0000-7000-8000-000000000002',
        version: firstVersion + 1,
      });
      expect(both.notifications).toMatchObject({ lastReadId: '0190a1b2-0000-7000-8000-0000000000aa' });

      expect(await maya.v1.markers.fetch({ timeline: ['home', 'notifications'] })).toEqual(both);
      expect(Object.keys(await maya.v1.markers.fetch({ timeline: ['notifications'] }))).toEqual([
        'notifications',
      ]);
    });

    it('reads a form body as Rails does (home[last_read_id]=…), and keeps each person’s own', async () => {
      const { token } = await server.signup(`former${Math.random().toString(36).slice(2, 8)}`);
      const appToken = await accessToken(server, token);
      const reply = await server.request('POST', '/api/v1/markers', {
        token: bearer(appToken),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'notifications%5Blast_read_id%5D=42',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.notifications).toMatchObject({ last_read_id: '42', version: 1 });
      const mine = await server.request('GET', '/api/v1/markers?timeline[]=notifications', {
        token: bearer(appToken),
      });
      expect(mine.body.notifications!.last_read_id).toBe('42');
      // maya's marker is hers alone.
      const hers = await maya.v1.markers.fetch({ timeline: ['notifications'] });
      expect(hers.notifications?.lastReadId).toBe('0190a1b2-0000-7000-8000-0000000000aa');
    });

    it('an empty or oversized id is refused with 422; reading needs read:statuses, saving write:statuses', async () => {
      expect(await failure(maya.v1.markers.create({ home: { lastReadId: '' } }))).toMatchObject({
        status: 422,
      });
      expect(await failure(maya.v1.markers.create({ home: { lastReadId: 'x'.repeat(65) } }))).toMatchObject({
        status: 422,
      });
      const readOnly = createRestAPIClient({
        url: server.url,
        accessToken: await accessToken(server, await server.login('noor.h', demoPassword), {
          scopes: 'read',
        }),
      });
      expect(await readOnly.v1.markers.fetch({ timeline: ['home'] })).toEqual({});
      expect(await failure(readOnly.v1.markers.create({ home: { lastReadId: '1' } }))).toEqual({
        status: 403,
        error: 'This action is outside the authorized scopes',
      });
    });
  });

  describe('discovery', () => {
    it('NodeInfo: the well-known link, then the software, its usage and open registrations', async () => {
      const links = await server.request('GET', '/.well-known/nodeinfo');
      expect(links.status).toBe(200);
      expect(links.body).toEqual({
        links: [
          { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: `${server.url}/nodeinfo/2.0` },
        ],
      });

      const info = await server.request<ReturnType<typeof nodeInfoView>>('GET', '/nodeinfo/2.0');
      expect(info.status).toBe(200);
      expect(info.headers.get('content-type')).toBe(
        'application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.0#"; charset=utf-8',
      );
      const stats = (await visitor.v1.instance.fetch()).stats;
      expect(info.body).toMatchObject({
        version: '2.0',
        software: { name: 'sync', version: serverVersion },
        protocols: [],
        services: { inbound: [], outbound: [] },
        openRegistrations: true,
        metadata: {},
      });
      expect(info.body.usage.users.total).toBe(stats.userCount);
      expect(info.body.usage.localPosts + info.body.usage.localComments).toBe(stats.statusCount);
      expect(info.body.usage.users.activeMonth).toBe(
        (await visitor.v2.instance.fetch()).usage.users.activeMonth,
      );
    });

    it('WebFinger finds an account by acct: (any case, with or without the port) and by its addresses', async () => {
      // Raw: masto.js's Account has no `uri`.
      const contact = (await server.request('GET', '/api/v2/instance')).body.contact.account!;
      const expected = {
        subject: `acct:maya.chen@${host}`,
        aliases: [contact.url, contact.uri],
        // No `self` link until Sync serves ActivityPub actors: a server that followed it got the web client's HTML.
        links: [{ rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: contact.url }],
      };
      const hostname = new URL(server.url).hostname;
      for (const resource of [
        `acct:maya.chen@${host}`,
        `acct:MAYA.CHEN@${hostname}`,
        `maya.chen@${host}`,
        contact.url,
        contact.uri,
      ]) {
        const reply = await server.request(
          'GET',
          `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
        );
        expect(reply.status, resource).toBe(200);
        expect(reply.headers.get('content-type')).toBe('application/jrd+json; charset=utf-8');
        expect(reply.body).toEqual(expected);
      }
    });

    it('WebFinger: 404 for nobody or another server, 400 for no resource or one it cannot read', async () => {
      const finger = (query: string) =>
        server.request<MastodonError>('GET', `/.well-known/webfinger${query}`);
      for (const query of [
        `?resource=${encodeURIComponent(`acct:nobody-here@${host}`)}`,
        `?resource=${encodeURIComponent('acct:maya.chen@elsewhere.example')}`,
        `?resource=${encodeURIComponent('https://elsewhere.example/profile/maya.chen')}`,
      ]) {
        const reply = await finger(query);
        expect(reply.status, query).toBe(404);
        expect(reply.body).toEqual({ error: 'Record not found' });
      }
      for (const query of [
        '',
        '?resource=',
        '?resource=maya.chen',
        `?resource=${encodeURIComponent(`acct:@${host}`)}`,
        `?resource=${encodeURIComponent(`${server.url}/post/123`)}`,
        `?resource=${encodeURIComponent('https://[not a url')}`,
        // A malformed %-escape in a profile's address.
        `?resource=${encodeURIComponent(`${server.url}/users/%E0%A4%A`)}`,
      ]) {
        const reply = await finger(query);
        expect(reply.status, query).toBe(400);
        expect(reply.body.error).toMatch(/acct:username@host/);
      }
    });

    it('host-meta points at WebFinger', async () => {
      const reply = await server.request('GET', '/.well-known/host-meta');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/xrd+xml; charset=utf-8');
      expect(reply.body).toContain('<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">');
      expect(reply.body).toContain(
        `<Link rel="lrdd" template="${server.url}/.well-known/webfinger?resource={uri}"/>`,
      );
    });
  });

  describe('CORS', () => {
    it('every answer allows any origin, errors included', async () => {
      const origin = { origin: 'https://elk.example' };
      const answers = await Promise.all([
        server.request('GET', '/api/v2/instance', { headers: origin }),
        server.request('GET', '/api/v1/instance/', { headers: origin }),
        server.request('GET', '/nodeinfo/2.0', { headers: origin }),
        server.request('GET', '/.well-known/nodeinfo', { headers: origin }),
        server.request('GET', '/.well-known/host-meta', { headers: origin }),
        server.request('GET', `/.well-known/webfinger?resource=acct:maya.chen@${host}`, { headers: origin }),
        server.request('GET', '/.well-known/webfinger?resource=acct:nobody@elsewhere', { headers: origin }),
        server.request('GET', '/.well-known/webfinger', { headers: origin }),
        server.request('GET', '/api/v1/markers', { headers: origin }),
        server.request('GET', '/api/v2/filters', { headers: origin, token: bearer('not-a-token') }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([
        200, 200, 200, 200, 200, 200, 404, 400, 401, 401,
      ]);
      for (const answer of answers) {
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
        expect(answer.headers.get('access-control-expose-headers')).toContain('Link');
      }
    });

    it('answers the preflight of every discovery path and of the new endpoints', async () => {
      for (const urlPath of [
        '/api/v1/instance',
        '/api/v2/instance',
        '/api/v1/markers',
        '/api/v1/preferences',
        '/.well-known/webfinger',
        '/.well-known/nodeinfo',
        '/.well-known/host-meta',
        '/nodeinfo/2.0',
      ]) {
        const reply = await server.request('OPTIONS', urlPath, {
          headers: {
            origin: 'https://elk.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
        expect(reply.status, urlPath).toBe(204);
        expect(reply.headers.get('access-control-allow-origin')).toBe('*');
        expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
        expect(reply.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
      }
    });
  });

  it('active people are those who wrote in the last 30 days, by the server’s clock', async () => {
    // Last: it moves the server's clock 31 days on, past every post written so far.
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await visitor.v2.instance.fetch()).usage.users.activeMonth).toBe(0);
    await newPersonWrites();
    expect((await visitor.v2.instance.fetch()).usage.users.activeMonth).toBe(1);
  });
});

describeEachDatabase('Mastodon API: the instance behind a proxy, named by its operator', (dialect) => {
  let server: TestServer;
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'social.example' };

  beforeAll(async () => {
    server = await startServer(dialect, {
      env: {
        TRUST_PROXY: '1',
        INSTANCE_TITLE: 'Harbour Lights',
        INSTANCE_DESCRIPTION: 'A small place for the people of the harbour.',
      },
    });
  });
  afterAll(() => server.close());

  it('streams at wss:// on the forwarded host, and every URL is on it', async () => {
    const v2 = await server.request('GET', '/api/v2/instance', { headers: forwarded });
    expect(v2.body).toMatchObject({
      domain: 'social.example',
      title: 'Harbour Lights',
      description: 'A small place for the people of the harbour.',
      thumbnail: { url: 'https://social.example/thumbnail.png' },
      configuration: { urls: { streaming: 'wss://social.example' } },
      contact: { account: { url: `https://social.example/profile/maya.chen` } },
    });
    const v1 = await server.request('GET', '/api/v1/instance/', { headers: forwarded });
    expect(v1.body).toMatchObject({
      uri: 'social.example',
      title: 'Harbour Lights',
      short_description: 'A small place for the people of the harbour.',
      urls: { streaming_api: 'wss://social.example' },
    });
  });

  it('WebFinger answers for the forwarded host', async () => {
    const reply = await server.request<ReturnType<typeof webfingerView>>(
      'GET',
      '/.well-known/webfinger?resource=acct:maya.chen@social.example',
      {
        headers: forwarded,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.subject).toBe('acct:maya.chen@social.example');
    expect(reply.body.aliases).toEqual([
      'https://social.example/profile/maya.chen',
      'https://social.example/users/maya.chen',
    ]);
    expect(reply.body.links[0]!.href).toBe('https://social.example/profile/maya.chen');
  });

  it('without the proxy headers, the address the client used', async () => {
    const host = new URL(server.url).host;
    const v2 = await server.request('GET', '/api/v2/instance');
    expect(v2.body.configuration.urls.streaming).toBe(`ws://${host}`);
  });
});

describe('Mastodon API: the default pictures', () => {
  const client = webClientWithPublicFiles();
  let server: TestServer;

  /** Width and height from a PNG's header (its IHDR chunk). */
  const pngSize = (bytes: Buffer) => {
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  };

  beforeAll(async () => {
    server = await startServer('sqlite', { env: { WEB_DIR: client.webDir } });
  });
  afterAll(async () => {
    await server.close();
    client.remove();
  });

  it('an account without a picture gets a default avatar and header that load as PNG', async () => {
    const { token } = await server.signup('nopicture');
    const app = createRestAPIClient({ url: server.url, accessToken: await accessToken(server, token) });
    const status = await app.v1.statuses.create({ status: 'No picture yet' });
    const { avatar, header } = status.account;
    expect(avatar).toBe(`${server.url}/avatars/default.png`);
    expect(header).toBe(`${server.url}/headers/default.png`);
    for (const [url, size] of [
      [avatar, { width: 400, height: 400 }],
      [header, { width: 1500, height: 500 }],
      [(await app.v2.instance.fetch()).thumbnail.url, { width: 1200, height: 630 }],
    ] as const) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual(size);
    }
  });
});
