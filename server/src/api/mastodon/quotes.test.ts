/**
 * Mastodon 4.5's quote posts through masto.js: `quoted_status_id` and `quote_approval_policy` on a new
 * status (typed in masto.js), `quote` and `quote_approval` on statuses, `GET /statuses/:id/quotes`
 * (masto.js's `$select(id).quotes.list()`), the `quote` notification, and `source.quote_policy`. masto.js
 * 7.12 has no method for `PUT /statuses/:id/interaction_policy`, `POST /statuses/:id/quotes/:id/revoke`
 * nor `source[quote_policy]` in update_credentials: those are plain fetch calls here (`call`).
 */
import type { Status } from '@sync/contract/mastodon';
import type { mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import {
  bearer,
  failure,
  linksOf,
  newAppUser,
  type AppUser,
  type MastodonError,
} from '../../test/mastodon.js';
import { succeed } from '../../test/people.js';
import { openEventStream } from '../../test/mastodon-streaming.js';

describeEachDatabase('Mastodon API: quote posts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  /** A Mastodon API request masto.js has no method for: its status, body (typed by the route) and Link. */
  const call = async <Method extends string, Url extends string>(
    who: AppUser,
    method: Method,
    path: Url,
    body?: unknown,
  ) => {
    const reply = await server.request(method, path, { token: bearer(who.accessToken), body });
    return { ...reply, link: reply.headers.get('link') };
  };
  /** The status a quote shows: masto.js types a quote as a Quote or a ShallowQuote (which names it by id). */
  const quotedStatusOf = ({ quote }: mastodon.v1.Status) =>
    quote && 'quotedStatus' in quote ? quote.quotedStatus : undefined;
  const post = (who: AppUser, status: string, extra: object = {}) =>
    who.app.v1.statuses.create({ status, ...extra });

  it('quotes a status: quote.state accepted with quoted_status; quote_approval per policy and viewer', async () => {
    const [author, quoter] = [await appUser('lena'), await appUser('quoter')];
    const original = await post(author, 'Original', { quoteApprovalPolicy: 'public' });
    expect(original.quoteApproval).toEqual({ automatic: ['public'], manual: [], currentUser: 'automatic' });
    expect(original.quote).toBeNull();
    const quoting = await post(quoter, 'Look', { quotedStatusId: original.id });
    expect(quoting.quote).toMatchObject({
      state: 'accepted',
      quotedStatus: { id: original.id, content: '<p>Original</p>' },
    });
    expect(quotedStatusOf(quoting)!.account.id).toBe(author.id);
    // One level deep: a quote of a quote shows the inner one as a ShallowQuote.
    const outer = await post(author, 'Again', { quotedStatusId: quoting.id });
    expect(quotedStatusOf(outer)!.quote).toEqual({
      state: 'accepted',
      quotedStatusId: original.id,
    });

    const followersOnly = await post(author, 'Followers', { quoteApprovalPolicy: 'followers' });
    expect(followersOnly.quoteApproval).toEqual({
      automatic: ['followers'],
      manual: [],
      currentUser: 'automatic',
    });
    const seen = await quoter.app.v1.statuses.$select(followersOnly.id).fetch();
    expect(seen.quoteApproval.currentUser).toBe('denied');
    // Sync's post says the same to the same person: quoteDisabled while denied, absent once automatic.
    const syncViewer = async () =>
      (await succeed(server, 'GET', `/api/posts/${followersOnly.id}`, quoter)).post.viewer;
    expect((await syncViewer())!.quoteDisabled).toBe(true);
    expect(await failure(post(quoter, 'No', { quotedStatusId: followersOnly.id }))).toMatchObject({
      status: 403,
    });
    await quoter.app.v1.accounts.$select(author.id).follow();
    expect((await quoter.app.v1.statuses.$select(followersOnly.id).fetch()).quoteApproval.currentUser).toBe(
      'automatic',
    );
    expect(await syncViewer()).not.toHaveProperty('quoteDisabled');
    expect((await post(quoter, 'Yes', { quotedStatusId: followersOnly.id })).quote).toMatchObject({
      state: 'accepted',
    });

    const closed = await post(author, 'Closed', { quoteApprovalPolicy: 'nobody' });
    expect(closed.quoteApproval).toEqual({ automatic: [], manual: [], currentUser: 'automatic' });
    expect((await quoter.app.v1.statuses.$select(closed.id).fetch()).quoteApproval.currentUser).toBe(
      'denied',
    );
    // Signed out: unknown.
    const anonymous = await server.request('GET', `/api/v1/statuses/${closed.id}`);
    expect(anonymous.body.quote_approval.current_user).toBe('unknown');
  });

  it("Sync's following policy: automatic [] and current_user computed from whether the author follows the viewer", async () => {
    const [author, followed, stranger] = [await appUser('fo'), await appUser('fd'), await appUser('st')];
    await succeed(server, 'POST', `/api/users/follow/${followed.id}`, author);
    const id = (
      await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: 'Following only', quotePolicy: 'following' },
      })
    ).post._id;
    const forFollowed = await followed.app.v1.statuses.$select(id).fetch();
    expect(forFollowed.quoteApproval).toEqual({ automatic: [], manual: [], currentUser: 'automatic' });
    expect((await stranger.app.v1.statuses.$select(id).fetch()).quoteApproval.currentUser).toBe('denied');
  });

  it('bad input: an unknown status 404, a bad policy 422, a quoting reply 422; nothing posted', async () => {
    const me = await appUser('bad');
    const before = (await me.app.v1.accounts.verifyCredentials()).statusesCount;
    expect((await failure(post(me, 'x', { quotedStatusId: 'nope' }))).status).toBe(404);
    const bad = await server.request<MastodonError>('POST', '/api/v1/statuses', {
      token: bearer(me.accessToken),
      body: { status: 'x', quote_approval_policy: 'friends' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/quote_approval_policy/);
    const target = await post(me, 'target');
    const reply = await call(me, 'POST', '/api/v1/statuses', {
      status: 'x',
      in_reply_to_id: target.id,
      quoted_status_id: target.id,
    });
    expect(reply.status).toBe(422);
    expect((await me.app.v1.accounts.verifyCredentials()).statusesCount).toBe(before + 1);
  });

  it('PUT /statuses/:id/interaction_policy: the author changes quote_approval; others 403; bad value 422', async () => {
    const [author, other] = [await appUser('ip'), await appUser('ipo')];
    const status = await post(author, 'Policy');
    const changed = await call(author, 'PUT', `/api/v1/statuses/${status.id}/interaction_policy`, {
      quote_approval_policy: 'nobody',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.quote_approval).toEqual({ automatic: [], manual: [], current_user: 'automatic' });
    expect((await other.app.v1.statuses.$select(status.id).fetch()).quoteApproval.currentUser).toBe('denied');
    expect((await failure(post(other, 'x', { quotedStatusId: status.id }))).status).toBe(403);
    const foreign = await call(other, 'PUT', `/api/v1/statuses/${status.id}/interaction_policy`, {
      quote_approval_policy: 'public',
    });
    expect(foreign.status).toBe(403);
    const bad = await call(author, 'PUT', `/api/v1/statuses/${status.id}/interaction_policy`, {
      quote_approval_policy: 'anyone',
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await call(author, 'PUT', '/api/v1/statuses/nope/interaction_policy', {
          quote_approval_policy: 'public',
        })
      ).status,
    ).toBe(404);
  });

  it('revoke: only the quoted author; the quote is "revoked" in the status, the home timeline and the quotes list', async () => {
    const [author, quoter] = [await appUser('rv'), await appUser('rq')];
    await author.app.v1.accounts.$select(quoter.id).follow();
    const original = await post(author, 'Mine');
    const quoting = await post(quoter, 'Quoting', { quotedStatusId: original.id });
    const home = async () =>
      (await author.app.v1.timelines.home.list({ limit: 10 })).find((s) => s.id === quoting.id);
    expect((await home())!.quote).toMatchObject({ state: 'accepted' });
    const path = `/api/v1/statuses/${original.id}/quotes/${quoting.id}/revoke` as const;
    expect((await call(quoter, 'POST', path)).status).toBe(403);
    const revoked = await call(author, 'POST', path);
    expect(revoked.status).toBe(200);
    expect(revoked.body.id).toBe(quoting.id);
    expect(revoked.body.quote).toEqual({ state: 'revoked', quoted_status: null });
    expect((await call(author, 'POST', path)).status).toBe(200);
    expect((await home())!.quote).toEqual({ state: 'revoked', quotedStatus: null });
    expect((await quoter.app.v1.statuses.$select(quoting.id).fetch()).quote).toEqual({
      state: 'revoked',
      quotedStatus: null,
    });
    expect(await author.app.v1.statuses.$select(original.id).quotes.list()).toEqual([]);
    expect((await call(author, 'POST', `/api/v1/statuses/${original.id}/quotes/nope/revoke`)).status).toBe(
      404,
    );
  });

  it('quotes_count: the accepted quotes, without a revoked or a deleted one', async () => {
    const [author, quoter] = [await appUser('qc'), await appUser('qcq')];
    const original = await post(author, 'Count me');
    expect(original.quotesCount).toBe(0);
    const countNow = async () => (await quoter.app.v1.statuses.$select(original.id).fetch()).quotesCount;
    const first = await post(quoter, 'One', { quotedStatusId: original.id });
    expect(quotedStatusOf(first)!.quotesCount).toBe(1);
    const second = await post(quoter, 'Two', { quotedStatusId: original.id });
    expect(await countNow()).toBe(2);
    expect(
      (await call(author, 'POST', `/api/v1/statuses/${original.id}/quotes/${first.id}/revoke`)).status,
    ).toBe(200);
    expect(await countNow()).toBe(1);
    await quoter.app.v1.statuses.$select(second.id).remove();
    expect(await countNow()).toBe(0);
  });

  it('GET /statuses/:id/quotes: newest first, paged with Link headers', async () => {
    const author = await appUser('popular');
    const original = await post(author, 'Quote me');
    const ids: string[] = [];
    for (const prefix of ['q1', 'q2', 'q3']) {
      server.clock.advance(1000);
      ids.push((await post(await appUser(prefix), prefix, { quotedStatusId: original.id })).id);
    }
    const first = await call(author, 'GET', `/api/v1/statuses/${original.id}/quotes?limit=2`);
    expect(first.body.map((status) => status.id)).toEqual([ids[2], ids[1]]);
    const next = linksOf(first.link).next!;
    const second = await server.request<Status[]>('GET', `${next.pathname}${next.search}`, {
      token: bearer(author.accessToken),
    });
    expect(second.body.map((status) => status.id)).toEqual([ids[0]]);
    const listed = await author.app.v1.statuses.$select(original.id).quotes.list();
    expect(listed.map((status) => status.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await call(author, 'GET', '/api/v1/statuses/nope/quotes')).status).toBe(404);
  });

  it('deleted original → deleted; a viewer who blocks or mutes the quoted author sees unauthorized', async () => {
    const [author, quoter, blocker, muter] = [
      await appUser('da'),
      await appUser('dq'),
      await appUser('db'),
      await appUser('dm'),
    ];
    const original = await post(author, 'Original');
    const quoting = await post(quoter, 'Quoting', { quotedStatusId: original.id });
    await blocker.app.v1.accounts.$select(author.id).block();
    await muter.app.v1.accounts.$select(author.id).mute();
    for (const viewer of [blocker, muter])
      expect((await viewer.app.v1.statuses.$select(quoting.id).fetch()).quote).toEqual({
        state: 'unauthorized',
        quotedStatus: null,
      });
    await author.app.v1.statuses.$select(original.id).remove();
    expect((await quoter.app.v1.statuses.$select(quoting.id).fetch()).quote).toEqual({
      state: 'deleted',
      quotedStatus: null,
    });
  });

  it('streamed: a quote of a blocked author comes as unauthorized to the blocker, accepted to others', async () => {
    const [author, quoter, blocker, other] = [
      await appUser('sa'),
      await appUser('sq'),
      await appUser('sb'),
      await appUser('so'),
    ];
    await blocker.app.v1.accounts.$select(author.id).block();
    const original = await post(author, 'Streamed original');
    const streams = await Promise.all(
      [blocker, other].map(async (who) => {
        const stream = await openEventStream(server.url, '/api/v1/streaming/public', {
          authorization: bearer(who.accessToken),
        });
        await stream.text.waitFor((part) => part.includes(':)'), 'the opening comment');
        return stream;
      }),
    );
    try {
      const quoting = await post(quoter, 'Streamed quote', { quotedStatusId: original.id });
      const [toBlocker, toOther] = await Promise.all(
        streams.map(async (stream) =>
          JSON.parse(
            (
              await stream.events.waitFor(
                (received) => received.event === 'update' && JSON.parse(received.data).id === quoting.id,
                'the quote',
              )
            ).data,
          ),
        ),
      );
      expect(toBlocker.quote).toEqual({ state: 'unauthorized', quoted_status: null });
      expect(toOther.quote).toMatchObject({ state: 'accepted', quoted_status: { id: original.id } });
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('notification type quote: its status is the quoting status', async () => {
    const [author, quoter] = [await appUser('na'), await appUser('nq')];
    const original = await post(author, 'Notify');
    const quoting = await post(quoter, 'Quoting', { quotedStatusId: original.id });
    const listed = await author.app.v1.notifications.list({ types: ['quote'] });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      type: 'quote',
      account: { id: quoter.id },
      status: { id: quoting.id },
    });
  });

  describe('source.quote_policy', () => {
    it('the default for new statuses, changed with update_credentials source[quote_policy]', async () => {
      const me = await appUser('src');
      expect((await me.app.v1.accounts.verifyCredentials()).source.quotePolicy).toBe('public');
      const changed = await call(me, 'PATCH', '/api/v1/accounts/update_credentials', {
        source: { quote_policy: 'followers' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.source.quote_policy).toBe('followers');
      expect((await me.app.v1.accounts.verifyCredentials()).source.quotePolicy).toBe('followers');
      expect((await post(me, 'Default')).quoteApproval.automatic).toEqual(['followers']);
      expect(await succeed(server, 'GET', '/api/account/preferences', me)).toEqual({
        preferences: { quotePolicy: 'followers' },
      });
      const bad = await call(me, 'PATCH', '/api/v1/accounts/update_credentials', {
        source: { quote_policy: 'x' },
      });
      expect(bad.status).toBe(422);
    });
  });
});
