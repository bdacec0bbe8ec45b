/**
 * Blocks and mutes through masto.js: `POST /api/v1/accounts/:id/block|unblock|mute|unmute` answering a
 * Relationship, `GET /api/v1/blocks` and `/api/v1/mutes` paged by their `Link` headers, Relationships
 * that say so, follows a block removes (counts exact, the kept accounts too), mutes that end by
 * themselves, and the Mastodon writes refused across a block (favourite, bookmark, reply, follow,
 * mention) with Mastodon's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MuteLimits } from '@sync/contract';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { createRestAPIClient } from 'masto';
import { accessToken, bearer, failure, linksOf, newAppUser, type AppUser } from '../../test/mastodon.js';
import { succeed, type Person } from '../../test/people.js';

const recordNotFound = { status: 404, error: 'Record not found' };
const idsOf = (items: readonly { id: string }[]) => items.map((item) => item.id);

describeEachDatabase('Mastodon API: blocks and mutes', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  const relationshipOf = async (viewer: AppUser, other: Person) => {
    const [relationship] = await viewer.app.v1.accounts.relationships.fetch({ id: [other.id] });
    return relationship;
  };
  const syncPost = async (author: Person, content = 'A post') =>
    (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
      ._id as string;
  /** Every page a masto.js paginator follows, until the empty one. */
  const pagesOf = async <Item>(paginator: AsyncIterable<Item[]>) => {
    const pages: Item[][] = [];
    for await (const page of paginator) pages.push(page);
    return pages;
  };

  describe('block and unblock', () => {
    it('answer the Relationship; each side sees it; both are idempotent', async () => {
      const [me, other] = [await appUser('mblocker'), await appUser('mblocked')];
      const blocked = await me.app.v1.accounts.$select(other.id).block();
      expect(blocked).toMatchObject({ id: other.id, blocking: true, blockedBy: false, following: false });
      expect(await relationshipOf(other, me)).toMatchObject({ blocking: false, blockedBy: true });
      expect(await me.app.v1.accounts.$select(other.id).block()).toEqual(blocked);

      const lifted = await me.app.v1.accounts.$select(other.id).unblock();
      expect(lifted).toMatchObject({ blocking: false, blockedBy: false });
      expect(await me.app.v1.accounts.$select(other.id).unblock()).toEqual(lifted);
      expect(await relationshipOf(other, me)).toMatchObject({ blockedBy: false });
    });

    it("remove the follows both ways: the accounts' counts are exact, also as the API kept them", async () => {
      const [me, other] = [await appUser('mcutter'), await appUser('mcut')];
      await me.app.v1.accounts.$select(other.id).follow();
      await other.app.v1.accounts.$select(me.id).follow();
      // Read once, so each process keeps the accounts (follow-changed must tell it of the block).
      expect(await me.app.v1.accounts.$select(other.id).fetch()).toMatchObject({
        followersCount: 1,
        followingCount: 1,
      });
      const relationship = await me.app.v1.accounts.$select(other.id).block();
      expect(relationship).toMatchObject({ following: false, followedBy: false, blocking: true });
      for (const [viewer, account] of [
        [me, other],
        [other, me],
      ] as const) {
        expect(await viewer.app.v1.accounts.$select(account.id).fetch()).toMatchObject({
          followersCount: 0,
          followingCount: 0,
        });
      }
      await me.app.v1.accounts.$select(other.id).unblock();
      expect(await relationshipOf(me, other)).toMatchObject({ following: false, followedBy: false });
    });

    it('oneself: 422; an unknown id: 404 Record not found', async () => {
      const me = await appUser('mself');
      // Each request is made when its turn comes: one refused while another is awaited would be a
      // rejection nobody handles.
      for (const call of [
        () => me.app.v1.accounts.$select(me.id).block(),
        () => me.app.v1.accounts.$select(me.id).mute(),
      ]) {
        expect((await failure(call())).status).toBe(422);
      }
      for (const call of [
        () => me.app.v1.accounts.$select('not-an-id').block(),
        () => me.app.v1.accounts.$select('01900000-0000-7000-8000-000000000000').unblock(),
        () => me.app.v1.accounts.$select('not-an-id').mute(),
        () => me.app.v1.accounts.$select('not-an-id').unmute(),
      ]) {
        expect(await failure(call())).toEqual(recordNotFound);
      }
    });
  });

  describe('mute and unmute', () => {
    it('mute with notifications by default, or without them; the Relationship says which; unmute', async () => {
      const [me, one, two] = [await appUser('mmuter'), await appUser('mmuted'), await appUser('mmuted')];
      expect(await me.app.v1.accounts.$select(one.id).mute()).toMatchObject({
        muting: true,
        mutingNotifications: true,
      });
      expect(await me.app.v1.accounts.$select(two.id).mute({ notifications: false })).toMatchObject({
        muting: true,
        mutingNotifications: false,
      });
      expect(await relationshipOf(one, me)).toMatchObject({ muting: false });
      expect(await me.app.v1.accounts.$select(one.id).unmute()).toMatchObject({
        muting: false,
        mutingNotifications: false,
      });
    });

    it('a duration in seconds ends the mute by itself; 0 lasts until unmuted', async () => {
      const [me, brief, lasting] = [await appUser('mtimer'), await appUser('mbrief'), await appUser('mlast')];
      await me.app.v1.accounts.$select(brief.id).mute({ duration: 60 });
      await me.app.v1.accounts.$select(lasting.id).mute({ duration: 0 });
      const listed = await server.request('GET', '/api/v1/mutes', {
        headers: { authorization: bearer(me.accessToken) },
      });
      const ends = Object.fromEntries(listed.body.map((account) => [account.id, account.mute_expires_at]));
      expect(ends[lasting.id]).toBeNull();
      expect(Date.parse(ends[brief.id]!) - Date.now()).toBeGreaterThan(55_000);

      server.clock.advance(61_000);
      expect(await relationshipOf(me, brief)).toMatchObject({ muting: false });
      expect(await relationshipOf(me, lasting)).toMatchObject({ muting: true });
      expect(idsOf(await me.app.v1.mutes.list())).toEqual([lasting.id]);
    });

    it('a duration that is not a whole number of seconds in range: 422, nothing muted', async () => {
      const [me, other] = [await appUser('mbad'), await appUser('mbadder')];
      for (const duration of [-1, 1.5, MuteLimits.durationSecondsMax + 1]) {
        const refused = await failure(me.app.v1.accounts.$select(other.id).mute({ duration }));
        expect(refused.status).toBe(422);
        expect(refused.error).toMatch(/^Validation failed: duration/);
      }
      expect(await relationshipOf(me, other)).toMatchObject({ muting: false });
    });
  });

  describe('GET /api/v1/blocks and /api/v1/mutes', () => {
    for (const list of ['blocks', 'mutes'] as const) {
      it(`${list}: the latest first, every page by its Link header, none twice`, async () => {
        const me = await appUser(`m${list}`);
        const others = [await appUser('mlisted'), await appUser('mlisted'), await appUser('mlisted')];
        for (const other of others) {
          const account = me.app.v1.accounts.$select(other.id);
          await (list === 'blocks' ? account.block() : account.mute());
          server.clock.advance(1000);
        }
        const pages = await pagesOf(me.app.v1[list].list({ limit: 2 }));
        // The short last page links no `next`: the walk ends there.
        expect(pages.map(idsOf)).toEqual([[others[2]!.id, others[1]!.id], [others[0]!.id]]);
        expect(pages[0]![0]).toMatchObject({ id: others[2]!.id, username: others[2]!.username });

        const first = await server.request('GET', `/api/v1/${list}?limit=2`, {
          headers: { authorization: bearer(me.accessToken) },
        });
        const links = linksOf(first.headers.get('link'));
        expect(Object.keys(links).sort()).toEqual(['next', 'prev']);
        const newer = await server.request('GET', `${links.prev!.pathname}${links.prev!.search}`, {
          headers: { authorization: bearer(me.accessToken) },
        });
        expect(newer.body).toEqual([]);
      });
    }
  });

  it("the legacy scope `follow` grants blocking, muting and their lists, as Mastodon's does", async () => {
    const [me, other] = [await appUser('mlegacy'), await appUser('mlegacyto')];
    const app = createRestAPIClient({
      url: server.url,
      accessToken: await accessToken(server, me.token, { scopes: 'follow' }),
    });
    expect(await app.v1.accounts.$select(other.id).block()).toMatchObject({ blocking: true });
    expect(await app.v1.accounts.$select(other.id).mute()).toMatchObject({ muting: true });
    expect(idsOf(await app.v1.blocks.list())).toEqual([other.id]);
    expect(idsOf(await app.v1.mutes.list())).toEqual([other.id]);
  });

  describe('writes across a block, refused with Mastodon answers', () => {
    /** A block between two people with a post each, and what each may try on the other's. */
    const blockedPair = async () => {
      const [blocker, blocked] = [await appUser('mwblocker'), await appUser('mwblocked')];
      const blockersPost = await syncPost(blocker, 'By the blocker');
      const blockedsPost = await syncPost(blocked, 'By the blocked');
      await blocker.app.v1.accounts.$select(blocked.id).block();
      return { blocker, blocked, blockersPost, blockedsPost };
    };

    it("the blocked person: the blocker's statuses do not exist (404); following and mentioning are 403", async () => {
      const { blocker, blocked, blockersPost } = await blockedPair();
      const statuses = blocked.app.v1.statuses;
      expect(await failure(statuses.$select(blockersPost).favourite())).toEqual(recordNotFound);
      expect(await failure(statuses.$select(blockersPost).bookmark())).toEqual(recordNotFound);
      expect(await failure(statuses.create({ status: 'Hi', inReplyToId: blockersPost }))).toEqual(
        recordNotFound,
      );
      expect(await failure(blocked.app.v1.accounts.$select(blocker.id).follow())).toEqual({
        status: 403,
        error: `You cannot follow @${blocker.username}.`,
      });
      expect(await failure(statuses.create({ status: `Hey @${blocker.username}` }))).toEqual({
        status: 403,
        error: `You cannot mention @${blocker.username}.`,
      });
      const stored = await server.database.db
        .selectFrom('posts')
        .select(['like_count', 'comment_count'])
        .where('id', '=', blockersPost)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ like_count: 0, comment_count: 0 });
    });

    it('the blocker: told to unblock first (403); after unblocking, it goes through', async () => {
      const { blocker, blocked, blockedsPost } = await blockedPair();
      const unblockFirst = { status: 403, error: `You blocked @${blocked.username}. Unblock them first.` };
      const statuses = blocker.app.v1.statuses;
      expect(await failure(statuses.$select(blockedsPost).favourite())).toEqual(unblockFirst);
      expect(await failure(statuses.$select(blockedsPost).bookmark())).toEqual(unblockFirst);
      expect(await failure(statuses.create({ status: 'Hi', inReplyToId: blockedsPost }))).toEqual(
        unblockFirst,
      );
      expect(await failure(blocker.app.v1.accounts.$select(blocked.id).follow())).toEqual(unblockFirst);
      expect(await failure(statuses.create({ status: `Hey @${blocked.username}` }))).toEqual(unblockFirst);

      await blocker.app.v1.accounts.$select(blocked.id).unblock();
      expect(await statuses.$select(blockedsPost).favourite()).toMatchObject({ favourited: true });
      expect(await statuses.$select(blockedsPost).bookmark()).toMatchObject({ bookmarked: true });
      expect(await blocker.app.v1.accounts.$select(blocked.id).follow()).toMatchObject({ following: true });
    });
  });
});
