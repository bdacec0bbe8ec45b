import type { ErrorBody } from '@sync/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { expectError, expectPost } from '../../test/expectations.js';
import { counterMismatches } from '../../test/counters.js';
import { describeEachDatabase, isRefusal, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, newPost, succeed, type Person } from '../../test/people.js';
import { grantRoleFromCommandLine } from '../../use-cases/shared/role-changes.js';

/** Quote posts with the quoted author's consent (docs/decisions/092), through Sync's API. */
describeEachDatabase('quote posts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const person = (prefix: string) => newPerson(server, prefix);
  const quote = (who: Person, quoteId: string, extra: object = {}) =>
    server.request('POST', '/api/posts?return=post', {
      token: who.token,
      body: { postData: { content: 'Look at this', quoteId, ...extra } },
    });
  const follow = (who: Person, whom: Person) => succeed(server, 'POST', `/api/users/follow/${whom.id}`, who);
  const block = (who: Person, whom: Person) =>
    succeed(server, 'POST', `/api/users/${whom.username}/block`, who);
  const mute = (who: Person, whom: Person) =>
    succeed(server, 'POST', `/api/users/${whom.username}/mute`, who, {});
  const policyPost = async (author: Person, quotePolicy: string) =>
    (
      await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: 'Mine', quotePolicy },
      })
    ).post;
  const getPost = async (id: string, who?: Person) =>
    (await succeed(server, 'GET', `/api/posts/${id}`, who)).post;
  /** What a write leaves behind: the posts and notifications stored. */
  const written = async () => {
    const count = async (table: 'posts' | 'notifications') =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(server.database.db))
          .rows[0]!.n,
      );
    return { posts: await count('posts'), notifications: await count('notifications') };
  };

  describe('consent: every policy against every relation', () => {
    type Relation = 'stranger' | 'follower' | 'followee' | 'blocked' | 'blocker';
    const allowed: Record<string, Relation[]> = {
      anyone: ['stranger', 'follower', 'followee'],
      followers: ['follower'],
      following: ['followee'],
      nobody: [],
    };
    for (const policy of ['anyone', 'followers', 'following', 'nobody']) {
      for (const relation of ['stranger', 'follower', 'followee', 'blocked', 'blocker'] as Relation[]) {
        const ok = allowed[policy]!.includes(relation);
        it(`${policy} × ${relation}: ${ok ? 'quoted (201)' : 'refused (403), nothing written'}`, async () => {
          const author = await person('lena');
          const quoter = await person('quoter');
          if (relation === 'follower') await follow(quoter, author);
          if (relation === 'followee') await follow(author, quoter);
          if (relation === 'blocked') await block(author, quoter);
          if (relation === 'blocker') await block(quoter, author);
          const original = await policyPost(author, policy);
          if (policy !== 'anyone') expect(original.quotePolicy).toBe(policy);
          else expect(original).not.toHaveProperty('quotePolicy');
          // Where the quoter sees the post (opened, and in a list), it says beforehand whether a quote would be refused.
          if (relation !== 'blocked' && relation !== 'blocker') {
            const listed = await succeed(
              server,
              'GET',
              `/api/posts/user/${author.username}?limit=20`,
              quoter,
            );
            for (const seen of [(await getPost(original._id, quoter)).viewer, listed.posts[0]!.viewer]) {
              if (ok) expect(seen).not.toHaveProperty('quoteDisabled');
              else expect(seen!.quoteDisabled).toBe(true);
            }
          }
          const before = await written();
          const reply = await quote(quoter, original._id);
          if (ok) {
            expect(reply.status, JSON.stringify(reply.body)).toBe(201);
            expectPost(reply.body.post, { preview: true });
            expect(reply.body.post.quote).toEqual({
              state: 'accepted',
              post: {
                _id: original._id,
                content: 'Mine',
                username: author.username,
                firstName: original.firstName,
                lastName: original.lastName,
                avatarURL: original.avatarURL,
                createdAt: original.createdAt,
              },
            });
            return;
          }
          expect(reply.status, JSON.stringify(reply.body)).toBe(403);
          if (!isRefusal(reply)) return;
          const message = reply.body.errors[0];
          if (relation === 'blocker')
            expect(message).toBe(`You blocked @${author.username}. Unblock them first.`);
          else if (relation === 'blocked') expect(message).toBe(`You cannot quote @${author.username}.`);
          else if (policy === 'followers')
            expect(message).toMatch(/^Only .+'s followers can quote this post\. Follow them first\.$/);
          else if (policy === 'following')
            expect(message).toMatch(/^Only people .+ follows can quote this post\.$/);
          else expect(message).toMatch(/ does not allow quotes of this post\.$/);
          expect(await written()).toEqual(before);
        });
      }
    }

    it('the author may always quote their own post, even one nobody may quote; no notification', async () => {
      const author = await person('self');
      const original = await policyPost(author, 'nobody');
      const before = await written();
      const reply = await quote(author, original._id);
      expect(reply.status).toBe(201);
      expect(reply.body.post.quote!.state).toBe('accepted');
      expect(await written()).toEqual({ posts: before.posts + 1, notifications: before.notifications });
    });
  });

  it('bad input: an unknown post 404, a suspended author 404, a bad policy 400, nothing written', async () => {
    const quoter = await person('bad');
    const before = await written();
    expectError(await quote(quoter, 'no-such-post'), 404, Messages.postNotFound('no-such-post'));
    const author = await person('gone');
    const postId = await newPost(server, author);
    const moderator = await person('mod');
    await grantRoleFromCommandLine(server.app.deps, { username: moderator.username, role: 'moderator' });
    const beforeSuspension = await written();
    await succeed(server, 'POST', `/api/admin/accounts/${author.username}/actions`, moderator, {
      type: 'suspend',
      text: 'No',
    });
    expectError(await quote(quoter, postId), 404, Messages.postNotFound(postId));
    const badPolicy = await server.request<ErrorBody>('POST', '/api/posts', {
      token: quoter.token,
      body: { postData: { content: 'x', quotePolicy: 'friends' } },
    });
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.body.errors[0]).toMatch(/quotePolicy/);
    expect((await written()).posts).toBe(beforeSuspension.posts);
    expect(before.posts + 1).toBe(beforeSuspension.posts);
  });

  it('a quote of a quote shows one level: the inner quote only by id', async () => {
    const [a, b, c] = [await person('a'), await person('b'), await person('c')];
    const first = await newPost(server, a, 'First');
    const second = (await quote(b, first)).body.post;
    const third = (await quote(c, second._id)).body.post;
    expect(third.quote!.state).toBe('accepted');
    expect(third.quote!.post!._id).toBe(second._id);
    expect(third.quote!.post!.quotesPostId).toBe(first);
    expect(third.quote!.post).not.toHaveProperty('quote');
  });

  it('preferences: GET and PUT the default policy, which new posts take; a bad value 400', async () => {
    const me = await person('prefs');
    expect(await succeed(server, 'GET', '/api/account/preferences', me)).toEqual({
      preferences: { quotePolicy: 'anyone' },
    });
    expect(
      await succeed(server, 'PUT', '/api/account/preferences', me, { quotePolicy: 'followers' }),
    ).toEqual({ preferences: { quotePolicy: 'followers' } });
    expect(await succeed(server, 'GET', '/api/account/preferences', me)).toEqual({
      preferences: { quotePolicy: 'followers' },
    });
    const bad = await server.request('PUT', '/api/account/preferences', {
      token: me.token,
      body: { quotePolicy: 'everyone' },
    });
    expect(bad.status).toBe(400);
    expect(await succeed(server, 'GET', '/api/account/preferences', me)).toEqual({
      preferences: { quotePolicy: 'followers' },
    });
    expectError(await server.request('GET', '/api/account/preferences'), 401, Messages.missingToken);
    const post = (
      await succeed(server, 'POST', '/api/posts?return=post', me, { postData: { content: 'Default' } })
    ).post;
    expect(post.quotePolicy).toBe('followers');
    // A stranger is refused by the default; the post's own policy wins over it.
    expect((await quote(await person('stranger'), post._id)).status).toBe(403);
    const open = await policyPost(me, 'anyone');
    expect(open).not.toHaveProperty('quotePolicy');
  });

  it('an edit may change the policy, never the quote', async () => {
    const [author, other] = [await person('editor'), await person('other')];
    const target = await newPost(server, other);
    const mine = (await quote(author, target)).body.post;
    const edited = await succeed(server, 'POST', `/api/posts/edit/${mine._id}?return=post`, author, {
      postData: { content: 'Changed', quotePolicy: 'nobody', quoteId: 'ignored' },
    });
    expect(edited.post.quotePolicy).toBe('nobody');
    expect(edited.post.quote!.post!._id).toBe(target);
    expect((await quote(other, mine._id)).status).toBe(403);
  });

  it('detach: only the quoted author (403), unknown 404, idempotent; "revoked" everywhere, cached feed page too', async () => {
    const [author, quoter, stranger] = [await person('orig'), await person('q'), await person('s')];
    const original = await newPost(server, author, 'Original');
    const quoting = (await quote(quoter, original)).body.post._id;
    // The feed page is read (and cached) before the detach.
    const feedBefore = await succeed(server, 'GET', '/api/posts?limit=5', stranger);
    expect(feedBefore.posts.find((post) => post._id === quoting)!.quote!.state).toBe('accepted');
    const path = `/api/posts/${original}/quotes/${quoting}/detach`;
    expect((await server.request('POST', path, { token: quoter.token })).status).toBe(403);
    expect((await server.request('POST', path, { token: stranger.token })).status).toBe(403);
    expectError(
      await server.request('POST', `/api/posts/${original}/quotes/nope/detach`, { token: author.token }),
      404,
    );
    expectError(
      await server.request('POST', `/api/posts/nope/quotes/${quoting}/detach`, { token: author.token }),
      404,
    );
    expect(await succeed(server, 'POST', path, author)).toEqual({ detached: true });
    expect(await succeed(server, 'POST', path, author)).toEqual({ detached: true });
    const feed = await succeed(server, 'GET', '/api/posts?limit=5', stranger);
    expect(feed.posts.find((post) => post._id === quoting)!.quote).toEqual({ state: 'revoked' });
    expect((await getPost(quoting)).quote).toEqual({ state: 'revoked' });
    expect((await getPost(quoting, quoter)).quote).toEqual({ state: 'revoked' });
    // No longer among the post's quotes.
    expect((await succeed(server, 'GET', `/api/posts/${original}/quotes`)).posts).toEqual([]);
  });

  it('quoteCount counts the accepted quotes: a detach and every deletion of a quoting post take theirs off', async () => {
    const [author, quoter, other, going] = [
      await person('qc'),
      await person('qcq'),
      await person('qco'),
      await person('qcg'),
    ];
    const original = await newPost(server, author, 'Count my quotes');
    const countOf = async () => {
      expect(await counterMismatches(server.database.db)).toEqual([]);
      return (await getPost(original)).quoteCount;
    };
    expect(await countOf()).toBeUndefined();
    const quoting = (await quote(quoter, original)).body.post._id;
    expect(await countOf()).toBe(1);
    // The author's own quote counts too; a quote of a quote counts for the quote, not the original.
    const own = (await quote(author, original)).body.post._id;
    const ofOther = (await quote(other, original)).body.post._id;
    await quote(going, original);
    await quote(going, original);
    expect(await countOf()).toBe(5);
    expect((await quote(other, quoting)).status).toBe(201);
    expect(await countOf()).toBe(5);
    expect((await getPost(quoting)).quoteCount).toBe(1);

    const detach = (quotingId: string) =>
      succeed(server, 'POST', `/api/posts/${original}/quotes/${quotingId}/detach`, author);
    await detach(quoting);
    expect(await countOf()).toBe(4);
    await detach(quoting);
    expect(await countOf()).toBe(4);
    // A detached quote's deletion takes nothing more off.
    await succeed(server, 'DELETE', `/api/posts/${quoting}?return=minimal`, quoter);
    expect(await countOf()).toBe(4);

    await succeed(server, 'DELETE', `/api/posts/${own}?return=minimal`, author);
    expect(await countOf()).toBe(3);
    const moderator = await person('qcmod');
    await grantRoleFromCommandLine(server.app.deps, { username: moderator.username, role: 'moderator' });
    await succeed(server, 'DELETE', `/api/admin/posts/${ofOther}`, moderator, {});
    expect(await countOf()).toBe(2);
    // Their two quotes of it go with their account.
    await succeed(server, 'POST', '/api/account/delete', going, { password: 'password123' });
    expect(await countOf()).toBeUndefined();
  });

  it('GET /posts/:postId/quotes: the accepted quotes, newest first, paged; hidden for a viewer who blocks', async () => {
    const author = await person('popular');
    const original = await newPost(server, author, 'Quote me');
    const quoters = [await person('q1'), await person('q2'), await person('q3')];
    const ids: string[] = [];
    for (const quoter of quoters) {
      server.clock.advance(1000);
      ids.push((await quote(quoter, original)).body.post._id);
    }
    const first = await succeed(server, 'GET', `/api/posts/${original}/quotes?limit=2`);
    expect(first.posts.map((post) => post._id)).toEqual([ids[2], ids[1]]);
    first.posts.forEach((post) => expectPost(post, { preview: true }));
    const second = await succeed(
      server,
      'GET',
      `/api/posts/${original}/quotes?limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.posts.map((post) => post._id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const viewer = await person('viewer');
    await block(viewer, quoters[1]!);
    expect(
      (await succeed(server, 'GET', `/api/posts/${original}/quotes`, viewer)).posts.map((p) => p._id),
    ).toEqual([ids[2], ids[0]]);
    expectError(await server.request('GET', '/api/posts/nope/quotes'), 404, Messages.postNotFound('nope'));
    const blocker = await person('blocker');
    await block(author, blocker);
    expectError(
      await server.request('GET', `/api/posts/${original}/quotes`, { token: blocker.token }),
      404,
      Messages.postNotFound(original),
    );
  });

  it('an edit of the quoted post shows in a quote at once, a cached feed page too (the quote is never kept in the quoting post)', async () => {
    const [author, quoter, viewer] = [await person('ed'), await person('edq'), await person('edv')];
    const original = await newPost(server, author, 'Before the edit');
    const quoting = (await quote(quoter, original)).body.post._id;
    const quoteIn = async () =>
      (await succeed(server, 'GET', '/api/posts?limit=10', viewer)).posts.find(
        (post) => post._id === quoting,
      )!.quote;
    expect((await quoteIn())!.post!.content).toBe('Before the edit');
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/edit/${original}?return=post`, author, {
      postData: { content: 'After the edit' },
    });
    const after = (await quoteIn())!;
    expect(after.post!.content).toBe('After the edit');
    expect(after.post!.editedAt).toBeDefined();
  });

  it('a deleted original shows "deleted"; so does a suspended author\'s post', async () => {
    const [author, quoter, viewer] = [await person('del'), await person('dq'), await person('dv')];
    const original = await newPost(server, author, 'Soon gone');
    const quoting = (await quote(quoter, original)).body.post._id;
    expect((await getPost(quoting, viewer)).quote!.state).toBe('accepted');
    await succeed(server, 'DELETE', `/api/posts/${original}?return=minimal`, author);
    expect((await getPost(quoting, viewer)).quote).toEqual({ state: 'deleted' });
    const feed = await succeed(server, 'GET', '/api/posts?limit=10', viewer);
    expect(feed.posts.find((post) => post._id === quoting)!.quote).toEqual({ state: 'deleted' });

    const other = await person('susp');
    const theirs = await newPost(server, other, 'Theirs');
    const quotingTheirs = (await quote(quoter, theirs)).body.post._id;
    const moderator = await person('mod2');
    await grantRoleFromCommandLine(server.app.deps, { username: moderator.username, role: 'moderator' });
    await succeed(server, 'POST', `/api/admin/accounts/${other.username}/actions`, moderator, {
      type: 'suspend',
      text: 'No',
    });
    expect((await getPost(quotingTheirs, viewer)).quote).toEqual({ state: 'deleted' });
  });

  it('hidden for a viewer who blocks or mutes the quoted author, or whom they block; shown to others', async () => {
    const [author, quoter] = [await person('hid'), await person('hq')];
    const original = await newPost(server, author, 'Hidden from some');
    const quoting = (await quote(quoter, original)).body.post._id;
    const [blocker, muter, blocked, other] = [
      await person('hb'),
      await person('hm'),
      await person('hbd'),
      await person('ho'),
    ];
    await block(blocker, author);
    await mute(muter, author);
    await block(author, blocked);
    for (const viewer of [blocker, muter, blocked]) {
      expect((await getPost(quoting, viewer)).quote).toEqual({ state: 'hidden' });
      const feed = await succeed(server, 'GET', '/api/posts?limit=10', viewer);
      expect(feed.posts.find((post) => post._id === quoting)!.quote).toEqual({ state: 'hidden' });
    }
    expect((await getPost(quoting, other)).quote!.state).toBe('accepted');
    expect((await getPost(quoting)).quote!.state).toBe('accepted');
  });

  it('the quoted author is notified (quote, post = the quoting post); a muted quoter is not shown; deleting removes it', async () => {
    const [author, quoter] = [await person('nq'), await person('nqq')];
    const original = await newPost(server, author, 'Notify me');
    const quoting = (await quote(quoter, original)).body.post._id;
    const notifications = async (who: Person) =>
      (await succeed(server, 'GET', '/api/notifications?limit=20', who)).notifications.filter(
        (n) => n.type === 'quote',
      );
    const [notice] = await notifications(author);
    expect(notice!.actors.map((actor) => actor.username)).toEqual([quoter.username]);
    expect(notice!.post!._id).toBe(quoting);
    expect(notice!.post!.quote!.post!._id).toBe(original);
    await succeed(server, 'DELETE', `/api/posts/${quoting}?return=minimal`, quoter);
    expect(await notifications(author)).toEqual([]);

    const muted = await person('nqm');
    await succeed(server, 'POST', `/api/users/${muted.username}/mute`, author, { notifications: true });
    await quote(muted, original);
    expect(await notifications(author)).toEqual([]);
  });
});
