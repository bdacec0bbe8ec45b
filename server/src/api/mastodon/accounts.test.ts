/**
 * `/api/v1/accounts` through masto.js, the client library real apps are built on (raw HTTP for `id[]=`
 * lists, `Link` headers and error bodies): Sync's users as accounts, the signed-in person's own and
 * its edit, lookups and people search, relationships, follows with exact counts, an account's
 * statuses and follow lists paged as apps page them, and the errors apps handle.
 */
import type { Account } from '@sync/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/ids.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure, linksOf } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

const recordNotFound = { status: 404, error: 'Record not found' };
const isoWithMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const idsOf = (items: readonly { id: string }[]) => items.map((item) => item.id);

describeEachDatabase('Mastodon API: accounts', (dialect) => {
  let server: TestServer;
  let mayaId: string;
  let lenaId: string;
  /** maya.chen's app. */
  let maya: mastodon.rest.Client;
  let mayaToken: string;

  const clientFor = (token: string) => createRestAPIClient({ url: server.url, accessToken: token });
  /** A fresh person and their app, for counts and lists no other test touches. */
  const newAccount = async (prefix: string) => {
    const person = await newPerson(server, prefix);
    const token = await accessToken(server, person.token);
    return { ...person, token, session: person.token, client: clientFor(token) };
  };
  const get = <Url extends string>(path: Url, token?: string) =>
    server.request('GET', path, token ? { token: bearer(token) } : {});
  /** The user as Sync's own API shows them. */
  const syncUser = async (username: string) => (await succeed(server, 'GET', `/api/users/${username}`)).user;

  beforeAll(async () => {
    server = await startServer(dialect);
    mayaToken = await accessToken(server, await server.login('maya.chen', demoPassword));
    maya = clientFor(mayaToken);
    mayaId = (await syncUser('maya.chen'))._id;
    lenaId = (await syncUser('lena.k'))._id;
  });
  afterAll(() => server.close());

  describe('the signed-in account', () => {
    it('verify_credentials: the whole account with the source of what can be edited', async () => {
      const me = await maya.v1.accounts.verifyCredentials();
      expect(me).toMatchObject({
        id: mayaId,
        username: 'maya.chen',
        acct: 'maya.chen',
        displayName: 'Maya Chen',
        locked: false,
        bot: false,
        note: '<p>Product designer. I sketch interfaces in the morning and bake sourdough at night.</p>',
        url: `${server.url}/profile/maya.chen`,
        avatar: `${server.url}/avatars/maya.chen.png`,
        // guest and olu_ade follow maya.chen in the demo data; she follows olu_ade.
        followersCount: 2,
        followingCount: 1,
        fields: [
          {
            name: 'Website',
            value:
              '<a href="https://example.com/maya" target="_blank" rel="nofollow noopener noreferrer me" translate="no">example.com/maya</a>',
            verifiedAt: null,
          },
          { name: 'City', value: 'Lisbon', verifiedAt: null },
        ],
        source: {
          privacy: 'public',
          note: 'Product designer. I sketch interfaces in the morning and bake sourdough at night.',
          fields: [
            { name: 'Website', value: 'https://example.com/maya', verifiedAt: null },
            { name: 'City', value: 'Lisbon', verifiedAt: null },
          ],
        },
      });
      expect(me.createdAt).toMatch(isoWithMs);
    });

    it('verify_credentials: the role, so an app can tell the owner from a member, and every documented source field', async () => {
      const source = {
        privacy: 'public',
        sensitive: false,
        language: '',
        followRequestsCount: 0,
        hideCollections: false,
        discoverable: true,
        indexable: true,
        attributionDomains: [],
        quotePolicy: 'public',
      };
      expect(await maya.v1.accounts.verifyCredentials()).toMatchObject({
        role: { id: '3', name: 'Owner', color: '', highlighted: true },
        source,
      });
      const member = await newAccount('member');
      expect(await member.client.v1.accounts.verifyCredentials()).toMatchObject({
        role: { id: '-99', name: '', permissions: '0', color: '', highlighted: false },
        source,
      });
    });

    it('verify_credentials takes the `profile` scope alone, and refuses a token without read:accounts', async () => {
      const session = await server.login('maya.chen', demoPassword);
      const profileOnly = await accessToken(server, session, { scopes: 'profile' });
      expect((await clientFor(profileOnly).v1.accounts.verifyCredentials()).id).toBe(mayaId);
      const writeOnly = await accessToken(server, session, { scopes: 'write' });
      expect(await failure(clientFor(writeOnly).v1.accounts.verifyCredentials())).toEqual({
        status: 403,
        error: 'This action is outside the authorized scopes',
      });
      // The profile scope reads one's own profile, nothing else.
      expect((await get(`/api/v1/accounts/relationships?id[]=${lenaId}`, profileOnly)).status).toBe(403);
      expect(await failure(createRestAPIClient({ url: server.url }).v1.accounts.verifyCredentials())).toEqual(
        { status: 401, error: 'The access token is invalid' },
      );
    });

    it("update_credentials: display name → first and last name, note → bio, fields → link and city, through Sync's profile", async () => {
      const person = await newAccount('editor');
      const updated = await person.client.v1.accounts.updateCredentials({
        displayName: '  Ana  María López ',
        note: 'Cartographer.\n\nMaps & <b>tea</b>.',
        fieldsAttributes: [
          { name: 'Website', value: 'ana.example/maps' },
          { name: 'Pronouns', value: 'she/her' },
          { name: 'Location', value: 'Sevilla' },
        ],
      });
      expect(updated).toMatchObject({
        id: person.id,
        displayName: 'Ana María López',
        note: '<p>Cartographer.</p><p>Maps &amp; &lt;b&gt;tea&lt;/b&gt;.</p>',
        source: {
          note: 'Cartographer.\n\nMaps & <b>tea</b>.',
          fields: [
            { name: 'Website', value: 'https://ana.example/maps', verifiedAt: null },
            { name: 'City', value: 'Sevilla', verifiedAt: null },
          ],
        },
      });
      expect(await syncUser(person.username)).toMatchObject({
        firstName: 'Ana María',
        lastName: 'López',
        bio: 'Cartographer.\n\nMaps & <b>tea</b>.',
        links: 'https://ana.example/maps',
        city: 'Sevilla',
      });
      // People search finds the new names (their keys moved with them), as apps and Sync search.
      const found = await person.client.v1.accounts.search.list({ q: 'lopez' });
      expect(idsOf(found)).toContain(person.id);

      // What is not sent stays; fields sent replace all of them (none: no link, no city).
      const again = await person.client.v1.accounts.updateCredentials({ note: 'Only the bio.' });
      expect(again).toMatchObject({
        displayName: 'Ana María López',
        fields: [expect.anything(), expect.anything()],
      });
      const cleared = await server.request('PATCH', '/api/v1/accounts/update_credentials', {
        token: bearer(person.token),
        body: { fields_attributes: { '0': { name: '', value: '' } } },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.fields).toEqual([]);
      expect(await syncUser(person.username)).toMatchObject({ bio: 'Only the bio.', links: '', city: '' });

      // One word is a first name alone.
      const oneWord = await person.client.v1.accounts.updateCredentials({ displayName: 'Ana' });
      expect(oneWord.displayName).toBe('Ana');
      expect(await syncUser(person.username)).toMatchObject({ firstName: 'Ana', lastName: '' });
    });

    it('update_credentials sent as a form, with fields_attributes[0][name] as Rails reads it', async () => {
      const person = await newAccount('former');
      const form = new URLSearchParams({
        display_name: 'Formed Person',
        'fields_attributes[0][name]': 'City',
        'fields_attributes[0][value]': 'Oslo',
        'fields_attributes[1][name]': 'Blog',
        'fields_attributes[1][value]': 'https://formed.example',
      });
      const reply = await server.request('PATCH', '/api/v1/accounts/update_credentials', {
        token: bearer(person.token),
        rawBody: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.source.fields).toEqual([
        { name: 'Website', value: 'https://formed.example', verified_at: null },
        { name: 'City', value: 'Oslo', verified_at: null },
      ]);
    });

    it("update_credentials refuses what Sync's profile refuses: 422 {error}, nothing changed", async () => {
      const person = await newAccount('refused');
      const before = await syncUser(person.username);
      const refusals: [mastodon.rest.v1.UpdateCredentialsParams, RegExp][] = [
        [{ note: 'x'.repeat(301) }, /^Validation failed: Bio can't be longer than 300 characters/],
        [{ displayName: '   ' }, /^Validation failed: First name can't be empty/],
        [{ displayName: `${'x'.repeat(51)} Last` }, /^Validation failed: First name can't be longer than 50/],
        [
          { fieldsAttributes: [{ name: 'Website', value: 'javascript:alert(1)' }] },
          /^Validation failed: Link must be a web address/,
        ],
        [
          { displayName: 'Admin\u202Egnp.exe' },
          /^Validation failed: First name can't contain control characters or text-direction overrides \(it has U\+202E\)/,
        ],
        [
          { note: 'Escape \u001b[31m codes' },
          /^Validation failed: Bio can't contain control characters or text-direction overrides \(it has U\+001B\)/,
        ],
        [
          { fieldsAttributes: [{ name: 'City', value: 'Paris\u0007' }] },
          /^Validation failed: City can't contain control characters or text-direction overrides \(it has U\+0007\)/,
        ],
      ];
      for (const [params, message] of refusals) {
        const refused = await failure(person.client.v1.accounts.updateCredentials(params));
        expect(refused.status).toBe(422);
        expect(refused.error).toMatch(message);
      }
      expect(await syncUser(person.username)).toEqual(before);
      const readOnly = await accessToken(server, person.session, { scopes: 'read' });
      expect(await failure(clientFor(readOnly).v1.accounts.updateCredentials({ note: 'no' }))).toEqual({
        status: 403,
        error: 'This action is outside the authorized scopes',
      });
    });
  });

  describe('accounts by id and by name', () => {
    it('GET /:id, signed in or not; an unknown id or one that is not an id is 404 Record not found', async () => {
      const lena = await maya.v1.accounts.$select(lenaId).fetch();
      expect(lena).toMatchObject({ id: lenaId, username: 'lena.k', displayName: 'Lena Kowalski' });
      const anonymous = createRestAPIClient({ url: server.url });
      expect(await anonymous.v1.accounts.$select(lenaId).fetch()).toEqual(lena);
      expect(await failure(maya.v1.accounts.$select(newId(new Date())).fetch())).toEqual(recordNotFound);
      const notAnId = await get('/api/v1/accounts/abc');
      expect(notAnId.status).toBe(404);
      expect(notAnId.body).toEqual({ error: 'Record not found' });
    });

    it('GET /?id[]=: the accounts that exist, in the order asked', async () => {
      const reply = await get(`/api/v1/accounts?id[]=${lenaId}&id[]=${newId(new Date())}&id[]=${mayaId}`);
      expect(reply.status).toBe(200);
      expect(idsOf(reply.body)).toEqual([lenaId, mayaId]);
    });

    it('lookup: a username, @username or username@this-host; another server is nobody', async () => {
      const host = new URL(server.url).host;
      for (const acct of ['maya.chen', '@maya.chen', 'MAYA.CHEN', `maya.chen@${host}`]) {
        expect((await maya.v1.accounts.lookup({ acct })).id).toBe(mayaId);
      }
      for (const acct of ['maya.chen@elsewhere.example', 'nobody_here', '', 'a@b@c']) {
        expect(await failure(maya.v1.accounts.lookup({ acct }))).toEqual(recordNotFound);
      }
    });

    it("search: Sync's people search by username, name or last name, limit and offset, following", async () => {
      expect(idsOf(await maya.v1.accounts.search.list({ q: 'lena' }))).toEqual([lenaId]);
      expect(idsOf(await maya.v1.accounts.search.list({ q: 'Kowal' }))).toEqual([lenaId]);
      expect(idsOf(await maya.v1.accounts.search.list({ q: '@lena.k' }))).toEqual([lenaId]);
      const host = new URL(server.url).host;
      expect(idsOf(await maya.v1.accounts.search.list({ q: `lena.k@${host}` }))).toEqual([lenaId]);
      expect(await maya.v1.accounts.search.list({ q: 'lena.k@elsewhere.example' })).toEqual([]);

      const people = await Promise.all([1, 2, 3].map(() => newPerson(server, 'searchable')));
      const all = idsOf(await maya.v1.accounts.search.list({ q: 'searchable' }));
      expect([...all].sort()).toEqual(people.map((person) => person.id).sort());
      expect(idsOf(await maya.v1.accounts.search.list({ q: 'searchable', limit: 2 }))).toEqual(
        all.slice(0, 2),
      );
      expect(idsOf(await maya.v1.accounts.search.list({ q: 'searchable', limit: 2, offset: 2 }))).toEqual(
        all.slice(2),
      );

      await maya.v1.accounts.$select(people[1]!.id).follow();
      expect(idsOf(await maya.v1.accounts.search.list({ q: 'searchable', following: true }))).toEqual([
        people[1]!.id,
      ]);
      const missing = await get('/api/v1/accounts/search', mayaToken);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('relationships and follows', () => {
    it('relationships: in the order asked (id[]=), unknown ids left out', async () => {
      const unknown = newId(new Date());
      const reply = await get(
        `/api/v1/accounts/relationships?id[]=${lenaId}&id[]=${unknown}&id[]=not-an-id&id[]=${mayaId}`,
        mayaToken,
      );
      expect(reply.status).toBe(200);
      expect(idsOf(reply.body)).toEqual([lenaId, mayaId]);
      expect(reply.body[0]).toEqual({
        id: lenaId,
        following: false,
        showing_reblogs: false,
        notifying: false,
        languages: null,
        followed_by: false,
        blocking: false,
        blocked_by: false,
        muting: false,
        muting_notifications: false,
        requested: false,
        requested_by: false,
        domain_blocking: false,
        endorsed: false,
        note: '',
      });
      // maya.chen and olu_ade follow each other in the demo data.
      const oluId = (await syncUser('olu_ade'))._id;
      const [olu] = await maya.v1.accounts.relationships.fetch({ id: [oluId] });
      expect(olu).toMatchObject({ id: oluId, following: true, followedBy: true, showingReblogs: true });
    });

    it('follow and unfollow: idempotent, the Relationship answered, both counts exact', async () => {
      const [fan, star] = [await newAccount('fan'), await newAccount('star')];
      const counts = async () => {
        const [fanAccount, starAccount] = await Promise.all([
          maya.v1.accounts.$select(fan.id).fetch(),
          maya.v1.accounts.$select(star.id).fetch(),
        ]);
        return {
          fanFollowing: fanAccount.followingCount,
          fanFollowers: fanAccount.followersCount,
          starFollowers: starAccount.followersCount,
          starFollowing: starAccount.followingCount,
        };
      };
      expect(await counts()).toEqual({
        fanFollowing: 0,
        fanFollowers: 0,
        starFollowers: 0,
        starFollowing: 0,
      });

      const followed = await fan.client.v1.accounts.$select(star.id).follow();
      expect(followed).toMatchObject({ id: star.id, following: true, followedBy: false, requested: false });
      expect(await fan.client.v1.accounts.$select(star.id).follow()).toEqual(followed);
      expect(await counts()).toEqual({
        fanFollowing: 1,
        fanFollowers: 0,
        starFollowers: 1,
        starFollowing: 0,
      });
      const [seenByStar] = await star.client.v1.accounts.relationships.fetch({ id: [fan.id] });
      expect(seenByStar).toMatchObject({ following: false, followedBy: true });
      // Sync's own API sees the same follow.
      expect((await syncUser(star.username)).followers.map((user: { _id: string }) => user._id)).toEqual([
        fan.id,
      ]);

      const unfollowed = await fan.client.v1.accounts.$select(star.id).unfollow();
      expect(unfollowed).toMatchObject({ id: star.id, following: false, followedBy: false });
      expect(await fan.client.v1.accounts.$select(star.id).unfollow()).toEqual(unfollowed);
      expect(await counts()).toEqual({
        fanFollowing: 0,
        fanFollowers: 0,
        starFollowers: 0,
        starFollowing: 0,
      });
    });

    it('following oneself is 403, an unknown account 404; unfollowing oneself changes nothing', async () => {
      const person = await newAccount('selfish');
      expect(await failure(person.client.v1.accounts.$select(person.id).follow())).toEqual({
        status: 403,
        error: 'Following your own account is not allowed',
      });
      expect(await person.client.v1.accounts.$select(person.id).unfollow()).toMatchObject({
        id: person.id,
        following: false,
      });
      expect(await failure(person.client.v1.accounts.$select(newId(new Date())).follow())).toEqual(
        recordNotFound,
      );
      expect((await person.client.v1.accounts.verifyCredentials()).followingCount).toBe(0);
    });

    it('follows need write:follows (or follow); relationships read:follows', async () => {
      const session = await server.login('maya.chen', demoPassword);
      const readOnly = await accessToken(server, session, { scopes: 'read' });
      const outside = { status: 403, error: 'This action is outside the authorized scopes' };
      expect(await failure(clientFor(readOnly).v1.accounts.$select(lenaId).follow())).toEqual(outside);
      const statusesOnly = await accessToken(server, session, { scopes: 'read:statuses' });
      expect(
        await failure(clientFor(statusesOnly).v1.accounts.relationships.fetch({ id: [lenaId] })),
      ).toEqual(outside);
      const legacyFollow = await accessToken(server, session, { scopes: 'follow' });
      expect((await clientFor(legacyFollow).v1.accounts.relationships.fetch({ id: [lenaId] }))[0]!.id).toBe(
        lenaId,
      );
    });

    it('familiar followers: the people the viewer follows who follow each account', async () => {
      const [viewer, friend, other, target] = [
        await newAccount('viewer'),
        await newAccount('friend'),
        await newAccount('other'),
        await newAccount('target'),
      ];
      await viewer.client.v1.accounts.$select(friend.id).follow();
      await friend.client.v1.accounts.$select(target.id).follow();
      await other.client.v1.accounts.$select(target.id).follow();
      const reply = await get(
        `/api/v1/accounts/familiar_followers?id[]=${target.id}&id[]=${other.id}&id[]=${newId(new Date())}`,
        viewer.token,
      );
      expect(reply.status).toBe(200);
      expect(
        reply.body.map((entry: { id: string; accounts: { id: string }[] }) => [
          entry.id,
          idsOf(entry.accounts),
        ]),
      ).toEqual([
        [target.id, [friend.id]],
        [other.id, []],
      ]);
      // (masto.js 7.12's familiarFollowers.fetch sends its ids as `0=…`, not `id[]=…`: raw HTTP here.)
      expect(reply.body[0]!.accounts[0]).toMatchObject({
        id: friend.id,
        username: friend.username,
        acct: friend.username,
      });
    });

    it('featured tags and lists are valid empty answers, for an account that exists', async () => {
      expect(await maya.v1.accounts.$select(lenaId).featuredTags.list()).toEqual([]);
      expect(await maya.v1.accounts.$select(lenaId).lists.list()).toEqual([]);
      expect(await failure(maya.v1.accounts.$select(newId(new Date())).lists.list())).toEqual(recordNotFound);
    });
  });

  describe("an account's statuses", () => {
    let author: Awaited<ReturnType<typeof newAccount>>;
    /** The author's statuses, newest first: posts, replies to others and to their own thread. */
    let everything: string[];
    let withoutReplies: string[];
    let tagged: string[];
    const tag = `topic${Date.now().toString(36)}`;

    beforeAll(async () => {
      author = await newAccount('author');
      const other = await newAccount('other');
      const othersPost = await other.client.v1.statuses.create({ status: 'Somebody else posting' });
      const created: { id: string; reply: 'none' | 'self' | 'other'; tagged: boolean }[] = [];
      for (let index = 0; index < 9; index++) {
        const withTag = index % 3 === 0;
        const status = await author.client.v1.statuses.create({
          status: `Post number ${index}${withTag ? ` #${tag}` : ''}`,
        });
        created.push({ id: status.id, reply: 'none', tagged: withTag });
        if (index % 2 === 0) {
          const own = await author.client.v1.statuses.create({ status: 'And more', inReplyToId: status.id });
          created.push({ id: own.id, reply: 'self', tagged: false });
          const toOther = await author.client.v1.statuses.create({
            status: 'A reply to someone',
            inReplyToId: othersPost.id,
          });
          created.push({ id: toOther.id, reply: 'other', tagged: false });
        }
      }
      everything = idsOf(created).reverse();
      withoutReplies = idsOf(created.filter((status) => status.reply !== 'other')).reverse();
      tagged = idsOf(created.filter((status) => status.tagged)).reverse();
    });

    it('lists posts and replies newest first; exclude_replies keeps the author continuing their own thread', async () => {
      expect(idsOf(await maya.v1.accounts.$select(author.id).statuses.list({ limit: 40 }))).toEqual(
        everything,
      );
      expect(
        idsOf(await maya.v1.accounts.$select(author.id).statuses.list({ limit: 40, excludeReplies: true })),
      ).toEqual(withoutReplies);
      const anonymous = createRestAPIClient({ url: server.url });
      expect(idsOf(await anonymous.v1.accounts.$select(author.id).statuses.list({ limit: 40 }))).toEqual(
        everything,
      );
    });

    it("masto.js's paginator walks it: each page strictly older, never a repeat, to the short last page", async () => {
      for (const excludeReplies of [false, true]) {
        const pages: string[][] = [];
        for await (const page of maya.v1.accounts
          .$select(author.id)
          .statuses.list({ limit: 4, excludeReplies })) {
          pages.push(idsOf(page));
          expect(pages.length).toBeLessThan(20);
        }
        // Each page but the last is full: the short last one links no `next`, so the walk ends there.
        expect(pages.slice(0, -1).filter((page) => page.length !== 4)).toEqual([]);
        expect(pages.flat()).toEqual(excludeReplies ? withoutReplies : everything);
        const flat = pages.flat();
        expect(new Set(flat).size).toBe(flat.length);
      }
    });

    it('Link: next carries max_id, prev min_id; min_id and since_id bound from below', async () => {
      const reply = await get(`/api/v1/accounts/${author.id}/statuses?limit=3&exclude_replies=true`);
      expect(reply.status).toBe(200);
      const links = linksOf(reply.headers.get('link'));
      expect(links.next?.searchParams.get('max_id')).toBe(withoutReplies[2]);
      expect(links.next?.searchParams.get('exclude_replies')).toBe('true');
      expect(links.prev?.searchParams.get('min_id')).toBe(withoutReplies[0]);
      const minPage = await get(`/api/v1/accounts/${author.id}/statuses?limit=2&min_id=${everything[5]}`);
      expect(idsOf(minPage.body)).toEqual(everything.slice(3, 5));
      const sincePage = await get(`/api/v1/accounts/${author.id}/statuses?limit=2&since_id=${everything[5]}`);
      expect(idsOf(sincePage.body)).toEqual(everything.slice(0, 2));
    });

    it('tagged: the posts with that tag; pinned and only_media are empty; exclude_reblogs changes nothing', async () => {
      const statuses = maya.v1.accounts.$select(author.id).statuses;
      expect(idsOf(await statuses.list({ tagged: tag.toUpperCase() }))).toEqual(tagged);
      const pages: string[][] = [];
      for await (const page of statuses.list({ tagged: tag, limit: 2 })) pages.push(idsOf(page));
      expect(pages.flat()).toEqual(tagged);
      expect(await statuses.list({ pinned: true })).toEqual([]);
      expect(await statuses.list({ onlyMedia: true })).toEqual([]);
      expect(idsOf(await statuses.list({ limit: 40, excludeReblogs: true }))).toEqual(everything);
    });

    it('an unknown account is 404 Record not found', async () => {
      const unknown = await get(`/api/v1/accounts/${newId(new Date())}/statuses`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Record not found' });
      expect((await get(`/api/v1/accounts/${newId(new Date())}/statuses?pinned=true`)).status).toBe(404);
    });
  });

  describe('followers and following', () => {
    let star: Person;
    /** The star's followers, the latest follow first. */
    let fans: string[];

    beforeAll(async () => {
      star = await newPerson(server, 'popular');
      fans = [];
      for (let index = 0; index < 7; index++) {
        const fan = await newAccount('follower');
        await fan.client.v1.accounts.$select(star.id).follow();
        fans.unshift(fan.id);
        server.clock.advance(1000);
      }
    });

    it("masto.js's paginator walks the followers by follow time, latest first, never repeating", async () => {
      const pages: string[][] = [];
      for await (const page of maya.v1.accounts.$select(star.id).followers.list({ limit: 3 })) {
        pages.push(idsOf(page));
        expect(pages.length).toBeLessThan(10);
      }
      // The short last page links no `next`: the walk ends there, not at an empty page.
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(fans);
      expect((await maya.v1.accounts.$select(star.id).fetch()).followersCount).toBe(7);
    });

    it('Link carries opaque cursors: next (max_id) goes on, prev (min_id) comes back, since_id the newest above', async () => {
      const first = await get(`/api/v1/accounts/${star.id}/followers?limit=3`);
      expect(idsOf(first.body)).toEqual(fans.slice(0, 3));
      const next = linksOf(first.headers.get('link')).next!;
      expect(next.searchParams.get('max_id')).not.toMatch(/^[0-9a-f-]{36}$/);
      const second = await server.request<Account[]>('GET', `${next.pathname}${next.search}`);
      expect(idsOf(second.body)).toEqual(fans.slice(3, 6));
      const prev = linksOf(second.headers.get('link')).prev!;
      expect(prev.searchParams.get('min_id')).toBeTruthy();
      expect(idsOf((await server.request<Account[]>('GET', `${prev.pathname}${prev.search}`)).body)).toEqual(
        fans.slice(0, 3),
      );
      const since = new URLSearchParams({ limit: '2', since_id: prev.searchParams.get('min_id')! });
      expect(idsOf((await get(`/api/v1/accounts/${star.id}/followers?${since}`)).body)).toEqual(
        fans.slice(0, 2),
      );
    });

    it('following lists whom an account follows; a cursor of another list or forged is 400 {error}', async () => {
      const fan = fans[0]!;
      expect(idsOf(await maya.v1.accounts.$select(fan).following.list())).toEqual([star.id]);
      const first = await get(`/api/v1/accounts/${star.id}/followers?limit=3`);
      const cursor = linksOf(first.headers.get('link')).next!.searchParams.get('max_id')!;
      for (const forged of [cursor, `${cursor}x`, 'nonsense']) {
        const reply = await get(`/api/v1/accounts/${fan}/following?max_id=${encodeURIComponent(forged)}`);
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: expect.any(String) });
      }
      expect((await get(`/api/v1/accounts/${newId(new Date())}/followers`)).status).toBe(404);
    });
  });
});
