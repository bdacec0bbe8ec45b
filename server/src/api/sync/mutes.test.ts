import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MuteLimits } from '@sync/contract';
import { Messages } from '../../platform/http/errors.js';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newAppUser } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

describeEachDatabase('mutes', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const mute = (muter: Person, muted: Person, body: unknown = {}) =>
    server.request('POST', `/api/users/${muted.username}/mute`, { token: muter.token, body });
  const unmute = (muter: Person, muted: Person) =>
    server.request('DELETE', `/api/users/${muted.username}/mute`, { token: muter.token });
  const relationship = async (viewer: Person, other: Person) =>
    (await succeed(server, 'GET', `/api/users/${other.username}/relationship`, viewer)).relationship;
  const muteRows = async (muter: Person) =>
    server.database.db
      .selectFrom('mutes')
      .select(['muted_id', 'notifications', 'expires_at'])
      .where('muter_id', '=', muter.id)
      .orderBy('muted_id')
      .execute();

  describe('POST|DELETE /api/users/:username/mute', () => {
    it('mutes until unmuted, with notifications by default; the muted person sees nothing of it', async () => {
      const muter = await newPerson(server, 'muter');
      const muted = await newPerson(server, 'muted');
      const reply = await mute(muter, muted);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        relationship: {
          username: muted.username,
          following: false,
          followedBy: false,
          blocking: false,
          blockedBy: false,
          muting: true,
          mutingNotifications: true,
          muteExpiresAt: null,
          showingReposts: true,
        },
      });
      expect(await relationship(muted, muter)).toMatchObject({ muting: false, blockedBy: false });

      const lifted = await unmute(muter, muted);
      expect(lifted.status).toBe(200);
      expect(lifted.body.relationship).toMatchObject({ muting: false, mutingNotifications: false });
      expect(await muteRows(muter)).toEqual([]);
      expect((await unmute(muter, muted)).body).toEqual(lifted.body);
    });

    it('muting again replaces the notifications and the end, and keeps one mute', async () => {
      const muter = await newPerson(server, 'remuter');
      const muted = await newPerson(server, 'remuted');
      await mute(muter, muted, { notifications: false, durationSeconds: 3600 });
      const again = await mute(muter, muted, { notifications: true, durationSeconds: null });
      expect(again.body.relationship).toMatchObject({
        muting: true,
        mutingNotifications: true,
        muteExpiresAt: null,
        showingReposts: true,
      });
      expect(await muteRows(muter)).toEqual([{ muted_id: muted.id, notifications: 1, expires_at: null }]);
    });

    it('a mute for a duration ends by itself: every read leaves it out, and the next write deletes it', async () => {
      const muter = await newPerson(server, 'timed');
      const muted = await newPerson(server, 'timedout');
      const other = await newPerson(server, 'otherone');
      const before = Date.now();
      const reply = await mute(muter, muted, { notifications: false, durationSeconds: 60 });
      const endsAt = Date.parse(reply.body.relationship.muteExpiresAt!);
      expect(endsAt - before).toBeGreaterThanOrEqual(60_000);
      expect(endsAt - Date.now()).toBeLessThanOrEqual(60_000 + 5_000);
      expect(reply.body.relationship).toMatchObject({ muting: true, mutingNotifications: false });
      expect((await succeed(server, 'GET', '/api/mutes', muter)).users).toHaveLength(1);

      server.clock.advance(61_000);
      expect(await relationship(muter, muted)).toMatchObject({
        muting: false,
        mutingNotifications: false,
        muteExpiresAt: null,
        showingReposts: true,
      });
      expect(await succeed(server, 'GET', '/api/mutes', muter)).toEqual({ users: [], nextCursor: null });
      // Ended, not yet deleted: the reads did not depend on its deletion.
      expect(await muteRows(muter)).toHaveLength(1);

      await mute(muter, other);
      expect((await muteRows(muter)).map((row) => row.muted_id)).toEqual([other.id]);
    });

    it("takes effect at once in the muter's lists, and ends at once, by itself or unmuted", async () => {
      const muter = await newPerson(server, 'feedmuter');
      const muted = await newPerson(server, 'feedmuted');
      const { post } = await succeed(server, 'POST', '/api/posts?return=post', muted, {
        postData: { content: 'Muted words' },
      });
      const shown = async () =>
        (await succeed(server, 'GET', '/api/posts?limit=50', muter)).posts.some(
          (item) => item._id === post._id,
        );
      // Read first, so the muter's rules are kept: the mute must tell every process to read them again.
      expect(await shown()).toBe(true);
      await mute(muter, muted, { durationSeconds: 60 });
      expect(await shown()).toBe(false);
      server.clock.advance(61_000);
      expect(await shown()).toBe(true);
      await mute(muter, muted);
      expect(await shown()).toBe(false);
      await unmute(muter, muted);
      expect(await shown()).toBe(true);
    });

    it('a mute of 0 seconds lasts until unmuted', async () => {
      const muter = await newPerson(server, 'zero');
      const muted = await newPerson(server, 'zeroed');
      const reply = await mute(muter, muted, { durationSeconds: 0 });
      expect(reply.body.relationship).toMatchObject({ muting: true, muteExpiresAt: null });
      server.clock.advance(24 * 3600_000);
      expect(await relationship(muter, muted)).toMatchObject({ muting: true });
    });

    it('bad input: 400 naming the field, 422 for oneself, 404 for nobody; nothing written', async () => {
      const muter = await newPerson(server, 'badmute');
      const muted = await newPerson(server, 'badmuted');
      for (const body of [
        { durationSeconds: -1 },
        { durationSeconds: 1.5 },
        { durationSeconds: 'soon' },
        { durationSeconds: MuteLimits.durationSecondsMax + 1 },
        { notifications: 'yes' },
      ]) {
        const reply = await mute(muter, muted, body);
        expect({ body, status: reply.status }).toEqual({ body, status: 400 });
        expectError(reply, 400);
      }
      for (const method of ['POST', 'DELETE']) {
        expectError(
          await server.request(method, `/api/users/${muter.username}/mute`, { token: muter.token, body: {} }),
          422,
          'You cannot mute or unmute yourself.',
        );
        expectError(
          await server.request(method, '/api/users/nobody_muted_here/mute', { token: muter.token, body: {} }),
          404,
          Messages.userNotFound('nobody_muted_here'),
        );
      }
      expectError(await server.request('POST', `/api/users/${muted.username}/mute`, { body: {} }), 401);
      expect(await muteRows(muter)).toEqual([]);
    });
  });

  it('a muted person is no longer suggested, in Sync and Mastodon alike; unmuted, they are again', async () => {
    const muter = await newAppUser(server, 'sugmuter');
    const popular = await newPerson(server, 'sugmuted');
    // Followed by more people than anyone else here, they lead the suggestions.
    for (let i = 0; i < 4; i++)
      await succeed(server, 'POST', `/api/users/follow/${popular.id}`, await newPerson(server, 'fan'));
    const suggested = async () => {
      const sync = await succeed(server, 'GET', '/api/users/suggestions?limit=20', muter);
      const mastodon = await muter.app.v2.suggestions.list({ limit: 80 });
      return {
        sync: sync.users.some((user) => user.username === popular.username),
        mastodon: mastodon.some((suggestion) => suggestion.account.id === popular.id),
      };
    };
    expect(await suggested()).toEqual({ sync: true, mastodon: true });
    await mute(muter, popular, { notifications: false });
    expect(await suggested()).toEqual({ sync: false, mastodon: false });
    await unmute(muter, popular);
    expect(await suggested()).toEqual({ sync: true, mastodon: true });
  });

  describe('GET /api/mutes', () => {
    it('lists the mutes that have not ended, the latest first, a page at a time', async () => {
      const me = await newPerson(server, 'mlister');
      const people = [
        await newPerson(server, 'mlisted'),
        await newPerson(server, 'mlisted'),
        await newPerson(server, 'mlisted'),
      ];
      await mute(me, people[0]!);
      server.clock.advance(1000);
      await mute(me, people[1]!, { notifications: false, durationSeconds: 7200 });
      server.clock.advance(1000);
      await mute(me, people[2]!);
      const first = await succeed(server, 'GET', '/api/mutes?limit=2', me);
      expect(first.users.map((user) => user.username)).toEqual([people[2]!.username, people[1]!.username]);
      expect(first.users[1]).toEqual({
        _id: people[1]!.id,
        username: people[1]!.username,
        firstName: 'Test',
        lastName: 'User',
        avatarURL: '',
        mutedAt: expect.any(String),
        notifications: false,
        expiresAt: expect.any(String),
      });
      expect(first.users[0]).toMatchObject({ notifications: true, expiresAt: null });
      const second = await succeed(server, 'GET', `/api/mutes?limit=2&cursor=${first.nextCursor}`, me);
      expect(second).toEqual({
        users: [expect.objectContaining({ username: people[0]!.username })],
        nextCursor: null,
      });
      expectError(await server.request('GET', '/api/mutes'), 401, Messages.missingToken);
    });
  });
});
