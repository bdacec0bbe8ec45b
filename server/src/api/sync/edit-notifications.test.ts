/**
 * What an edit tells and changes (issue 28, docs/decisions/092 "Edits notify", 091): everyone who liked,
 * commented on, reposted or bookmarked a post hears of each edit once (`update`), never its author; one
 * group per person and post, unread again at each edit; a quoter hears `quoted_update` about their own
 * quoting post instead; a muted or blocked author's edits are not shown. An edit may add, take off and
 * reorder images (the ones taken off are swept a day later; the history keeps naming them), and a new
 * alt text after posting keeps a version. The same through masto.js.
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { jpeg } from '../../test/images.js';
import { accessToken } from '../../test/mastodon.js';
import { openStreamingApp } from '../../test/mastodon-streaming.js';
import {
  bulkUserRow,
  insertBulkPeople,
  newComment,
  newPerson,
  newPost,
  succeed,
  type Person,
} from '../../test/people.js';
import { fetchFile, sendFile } from '../../test/uploads.js';
import { chunksOf } from '../../platform/db/chunks.js';

const hour = 60 * 60 * 1000;

interface Shown {
  _id: string;
  type: string;
  actors: { _id: string }[];
  read: boolean;
  createdAt: string;
  post?: { _id: string };
}

describeEachDatabase('edit notifications', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const person = (prefix: string) => newPerson(server, prefix);
  const edit = (who: Person, postId: string, postData: Record<string, unknown>) =>
    succeed(server, 'POST', `/api/posts/edit/${postId}?return=post`, who, { postData });
  const notificationsOf = async (who: Person): Promise<Shown[]> =>
    (await succeed(server, 'GET', '/api/notifications?limit=50', who)).notifications;
  const ofType = async (who: Person, type: string) =>
    (await notificationsOf(who)).filter((shown) => shown.type === type);
  const uploaded = async (who: Person, description = '') => {
    const reply = await sendFile(
      server.url,
      '/api/media',
      who.token,
      { bytes: await jpeg(64, 48) },
      {
        fields: { description },
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.media as { id: string; url: string; previewUrl: string };
  };
  const served = async (media: { url: string; previewUrl: string }) => [
    (await fetchFile(server.url, media.url)).status,
    (await fetchFile(server.url, media.previewUrl)).status,
  ];
  const history = async (postId: string) =>
    (await succeed(server, 'GET', `/api/posts/${postId}/history`)).versions as {
      text: string;
      media: { id: string; description: string }[];
    }[];

  it('likers, commenters, reposters and bookmarkers hear of each edit once; never the author', async () => {
    const author = await person('edited');
    const [liker, commenter, reposter, bookmarker, everything, stranger] = await Promise.all([
      person('liker'),
      person('commenter'),
      person('reposter'),
      person('bookmarker'),
      person('everything'),
      person('stranger'),
    ]);
    const postId = await newPost(server, author, 'First words');
    await succeed(server, 'POST', `/api/posts/like/${postId}`, liker);
    await newComment(server, commenter, postId);
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, reposter);
    await succeed(server, 'POST', `/api/users/bookmark/${postId}`, bookmarker);
    await succeed(server, 'POST', `/api/posts/like/${postId}`, everything);
    await newComment(server, everything, postId);
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, everything);
    await succeed(server, 'POST', `/api/users/bookmark/${postId}`, everything);
    // The author's own like and comment: nobody tells them of their own edit.
    await succeed(server, 'POST', `/api/posts/like/${postId}`, author);
    await newComment(server, author, postId);
    const told = [liker, commenter, reposter, bookmarker, everything];

    server.clock.advance(60_000);
    await edit(author, postId, { content: 'Second words' });
    const first = new Map<string, Shown>();
    for (const who of told) {
      const updates = await ofType(who, 'update');
      expect(updates, who.username).toHaveLength(1);
      expect(updates[0]).toMatchObject({ read: false, post: { _id: postId }, actors: [{ _id: author.id }] });
      first.set(who.id, updates[0]!);
      await succeed(server, 'POST', '/api/notifications/read', who);
    }
    expect(await ofType(author, 'update')).toEqual([]);
    expect(await ofType(stranger, 'update')).toEqual([]);

    // A second edit renews each one's group: still one, newest and unread again.
    server.clock.advance(60_000);
    await edit(author, postId, { content: 'Third words' });
    for (const who of told) {
      const updates = await ofType(who, 'update');
      expect(updates, who.username).toHaveLength(1);
      expect(updates[0]!._id).toBe(first.get(who.id)!._id);
      expect(updates[0]!.read).toBe(false);
      expect(updates[0]!.createdAt > first.get(who.id)!.createdAt).toBe(true);
      expect((await notificationsOf(who))[0]!.type).toBe('update');
      expect((await succeed(server, 'GET', '/api/notifications/unread', who)).count).toBe(1);
    }
    expect(await ofType(author, 'update')).toEqual([]);
  });

  it('a quoter hears `quoted_update` about their own quoting post, and no `update`', async () => {
    const [author, quoter] = [await person('quoted'), await person('quoter')];
    const postId = await newPost(server, author, 'Quote me');
    const quoting = await succeed(server, 'POST', '/api/posts?return=post', quoter, {
      postData: { content: 'Look at this', quoteId: postId },
    });
    await succeed(server, 'POST', `/api/posts/like/${postId}`, quoter);
    server.clock.advance(60_000);
    await edit(author, postId, { content: 'Quote me, edited' });
    expect(await ofType(quoter, 'update')).toEqual([]);
    const quotedUpdates = await ofType(quoter, 'quoted_update');
    expect(quotedUpdates).toHaveLength(1);
    expect(quotedUpdates[0]).toMatchObject({
      read: false,
      post: { _id: quoting.post._id },
      actors: [{ _id: author.id }],
    });
    server.clock.advance(60_000);
    await edit(author, postId, { content: 'Quote me, edited twice' });
    expect(await ofType(quoter, 'quoted_update')).toHaveLength(1);
  });

  it('an author who quoted their own post hears nothing of its edit', async () => {
    const author = await person('selfquote');
    const postId = await newPost(server, author, 'My first thought');
    await succeed(server, 'POST', '/api/posts?return=post', author, {
      postData: { content: 'Adding to what I said', quoteId: postId },
    });
    server.clock.advance(60_000);
    await edit(author, postId, { content: 'My first thought, edited' });
    expect(await notificationsOf(author)).toEqual([]);
  });

  it('an author muted with notifications, or blocked either way, is not heard of', async () => {
    const author = await person('unheard');
    const [muter, blocker, blocked, quietMuter] = await Promise.all([
      person('muter'),
      person('blocker'),
      person('blocked'),
      person('quietmuter'),
    ]);
    const postId = await newPost(server, author, 'Before');
    for (const who of [muter, blocker, blocked, quietMuter])
      await succeed(server, 'POST', `/api/posts/like/${postId}`, who);
    await succeed(server, 'POST', `/api/users/${author.username}/mute`, muter, { notifications: true });
    // Muted in the feed only: their notifications still show.
    await succeed(server, 'POST', `/api/users/${author.username}/mute`, quietMuter, { notifications: false });
    await succeed(server, 'POST', `/api/users/${author.username}/block`, blocker);
    await succeed(server, 'POST', `/api/users/${blocked.username}/block`, author);
    server.clock.advance(60_000);
    await edit(author, postId, { content: 'After' });
    for (const who of [muter, blocker, blocked]) {
      expect(await ofType(who, 'update'), who.username).toEqual([]);
      expect((await succeed(server, 'GET', '/api/notifications/unread', who)).count).toBe(0);
    }
    expect(await ofType(quietMuter, 'update')).toHaveLength(1);
  });

  it('2,000 likers: the edit tells at most 2,000 people, those who did more than like first', async () => {
    const [author, commenter] = [await person('popular'), await person('talker')];
    const postId = await newPost(server, author, 'Everyone likes this');
    await newComment(server, commenter, postId);
    const at = new Date(server.clock.now().getTime() - hour);
    const likers = Array.from({ length: 2000 }, () => bulkUserRow(uniqueName('fan'), at));
    const { db } = server.database;
    for (const chunk of chunksOf(likers)) {
      await insertBulkPeople(db, chunk);
      await db
        .insertInto('post_reactions')
        .values(
          chunk.map((liker) => ({
            post_id: postId,
            user_id: liker.id,
            kind: 'like',
            created_at: at.toISOString(),
          })),
        )
        .execute();
    }
    // The count the likes keep (posts.repo's invariant), which the edit reads first.
    await db.updateTable('posts').set({ like_count: likers.length }).where('id', '=', postId).execute();
    const started = performance.now();
    await edit(author, postId, { content: 'Everyone likes this, edited' });
    const took = performance.now() - started;
    console.log(`edit notifying 2,000 people on ${dialect}: ${took.toFixed(0)} ms`);
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('type', '=', 'update')
      .where('group_key', '=', postId)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(2000);
    expect(await ofType(commenter, 'update')).toHaveLength(1);
    // One transaction's worth: 0.1 to 0.4 s on SQLite, 0.25 to 1.2 s on PostgreSQL here (a loaded machine).
    expect(took).toBeLessThan(5000);
  });

  describe('images in an edit', () => {
    it('adds, takes off and reorders; an image taken off is swept a day later, the history keeps it', async () => {
      const author = await person('pictures');
      const [a, b, c] = [
        await uploaded(author, 'A red door'),
        await uploaded(author, 'A blue sky'),
        await uploaded(author, 'A cat'),
      ];
      const posted = await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: 'Two pictures', mediaIds: [a.id, b.id], sensitive: true },
      });
      const postId = posted.post._id;
      server.clock.advance(60_000);
      const edited = await edit(author, postId, { content: 'Other pictures', mediaIds: [c.id, a.id] });
      expect(edited.post.media!.map((image: { id: string }) => image.id)).toEqual([c.id, a.id]);
      expect(edited.post.sensitive).toBe(true);
      const shown = await succeed(server, 'GET', `/api/posts/${postId}`);
      expect(shown.post.media!.map((image: { id: string }) => image.id)).toEqual([c.id, a.id]);
      expect((await history(postId)).map((version) => version.media)).toEqual([
        [
          { id: a.id, description: 'A red door' },
          { id: b.id, description: 'A blue sky' },
        ],
        [
          { id: c.id, description: 'A cat' },
          { id: a.id, description: 'A red door' },
        ],
      ]);
      // Leaving mediaIds out keeps the images.
      const kept = await edit(author, postId, { content: 'Same pictures' });
      expect(kept.post.media!.map((image: { id: string }) => image.id)).toEqual([c.id, a.id]);

      // The image taken off waits a day (it may be posted again), then its files go.
      await server.app.jobs.runDue();
      expect(await served(b)).toEqual([200, 200]);
      server.clock.advance(24 * hour + 1000);
      await server.app.jobs.runDue();
      expect(await served(b)).toEqual([404, 404]);
      expect(await served(a)).toEqual([200, 200]);
      expect(await served(c)).toEqual([200, 200]);
      expect((await history(postId))[0]!.media[1]).toEqual({ id: b.id, description: 'A blue sky' });
    });

    it('taking every image off leaves the post unsensitive; refusals change nothing', async () => {
      const [author, other] = [await person('refused'), await person('otherupload')];
      const a = await uploaded(author);
      const postId = (
        await succeed(server, 'POST', '/api/posts?return=post', author, {
          postData: { content: 'One picture', mediaIds: [a.id], sensitive: true },
        })
      ).post._id;
      const refusal = async (postData: Record<string, unknown>, status: number) => {
        const reply = await server.request('POST', `/api/posts/edit/${postId}`, {
          token: author.token,
          body: { postData },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(status);
        expect(JSON.stringify(reply.body)).toMatch(/image|content/i);
      };
      const foreign = await uploaded(other);
      await refusal({ content: 'Theirs', mediaIds: [a.id, foreign.id] }, 422);
      const many = await Promise.all(Array.from({ length: 5 }, () => uploaded(author)));
      await refusal({ content: 'Too many', mediaIds: [a.id, ...many.map((image) => image.id)] }, 422);
      await refusal({ content: '', mediaIds: [] }, 400);
      expect(await history(postId)).toHaveLength(1);
      expect((await succeed(server, 'GET', `/api/posts/${postId}`)).post.media).toHaveLength(1);

      const bare = await edit(author, postId, { content: 'No picture now', mediaIds: [] });
      expect(bare.post.media ?? []).toEqual([]);
      expect(bare.post.sensitive ?? false).toBe(false);
      // The image taken off may be posted again.
      const again = await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: 'Again', mediaIds: [a.id] },
      });
      expect(again.post.media!.map((image: { id: string }) => image.id)).toEqual([a.id]);
    });

    it('a new alt text after posting keeps a version, and the post says it was edited', async () => {
      const author = await person('describer');
      const a = await uploaded(author, 'Old words');
      const postId = (
        await succeed(server, 'POST', '/api/posts?return=post', author, {
          postData: { content: 'Described', mediaIds: [a.id] },
        })
      ).post._id;
      server.clock.advance(60_000);
      await succeed(server, 'PATCH', `/api/media/${a.id}`, author, { description: 'New words' });
      expect((await history(postId)).map((version) => version.media)).toEqual([
        [{ id: a.id, description: 'Old words' }],
        [{ id: a.id, description: 'New words' }],
      ]);
      expect((await succeed(server, 'GET', `/api/posts/${postId}`)).post.editedAt).toEqual(
        expect.any(String),
      );
    });
  });

  it('a new alt text of a comment’s image keeps a version of the comment', async () => {
    const [author, commenter] = [await person('commented'), await person('imagecommenter')];
    const postId = await newPost(server, author, 'Show me');
    const image = await uploaded(commenter, 'Before');
    const added = await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, commenter, {
      commentData: { text: 'Here', mediaIds: [image.id] },
    });
    const commentId = added.comment!._id;
    server.clock.advance(60_000);
    await succeed(server, 'PATCH', `/api/media/${image.id}`, commenter, { description: 'After' });
    const versions = (await succeed(server, 'GET', `/api/comments/${postId}/${commentId}/history`)).versions;
    expect(versions.map((version: { media: unknown }) => version.media)).toEqual([
      [{ id: image.id, description: 'Before' }],
      [{ id: image.id, description: 'After' }],
    ]);
    expect(versions[0]!.replacedAt).toBe(versions[1]!.writtenAt);
  });

  describe('through a Mastodon app', () => {
    const app = async (who: Person) =>
      createRestAPIClient({ url: server.url, accessToken: await accessToken(server, who.token) });
    let author: Person;
    let writer: mastodon.rest.Client;
    beforeAll(async () => {
      author = await person('mastoauthor');
      writer = await app(author);
    });

    it('`update` and `quoted_update` notifications, with the edited post and the quoting post', async () => {
      const [fan, quoter] = [await person('mastofan'), await person('mastoquoter')];
      const status = await writer.v1.statuses.create({ status: 'An app writes' });
      await succeed(server, 'POST', `/api/posts/like/${status.id}`, fan);
      const quoting = await succeed(server, 'POST', '/api/posts?return=post', quoter, {
        postData: { content: 'Quoting', quoteId: status.id },
      });
      server.clock.advance(60_000);
      await writer.v1.statuses.$select(status.id).update({ status: 'An app edits' });
      const fanNotifications = await (await app(fan)).v1.notifications.list({ types: ['update'] });
      expect(fanNotifications.map((shown) => [shown.type, shown.status?.id, shown.account.id])).toEqual([
        ['update', status.id, author.id],
      ]);
      expect(fanNotifications[0]!.status?.editedAt).toEqual(expect.any(String));
      const quoterApp = await app(quoter);
      const quoterNotifications = await quoterApp.v1.notifications.list();
      expect(
        quoterNotifications
          .filter((shown) => shown.type === 'update' || shown.type === 'quoted_update')
          .map((shown) => [shown.type, shown.status?.id]),
      ).toEqual([['quoted_update', quoting.post._id]]);
      const grouped = await quoterApp.v2.notifications.list();
      expect(grouped.notificationGroups).toContainEqual(
        expect.objectContaining({ type: 'quoted_update', statusId: quoting.post._id }),
      );
    });

    it('a PUT reaches a follower’s stream as `status.update`, and a fan’s as an `update` notification', async () => {
      const fan = await person('streamfan');
      const fanToken = await accessToken(server, fan.token);
      await succeed(server, 'POST', `/api/users/follow/${author.id}`, fan);
      const status = await writer.v1.statuses.create({ status: 'Streamed' });
      await succeed(server, 'POST', `/api/posts/like/${status.id}`, fan);
      const app = await openStreamingApp(server.url, fanToken);
      try {
        const home = await app.subscribe((client) => client.user.subscribe());
        const image = await uploaded(author, 'added');
        await writer.v1.statuses
          .$select(status.id)
          .update({ status: 'Streamed, edited', mediaIds: [image.id] });
        const edited = await home.waitFor(
          (event) => event.event === 'status.update' && event.payload.id === status.id,
          'the edit',
        );
        expect(edited.payload).toMatchObject({
          content: '<p>Streamed, edited</p>',
          mediaAttachments: [{ id: image.id }],
        });
        const told = await home.waitFor(
          (event) =>
            event.event === 'notification' &&
            event.payload.type === 'update' &&
            event.payload.status?.id === status.id,
          'the update notification',
        );
        expect(told.payload).toMatchObject({ status: { id: status.id } });
      } finally {
        app.close();
      }
    });

    it('PUT with other media_ids adds, takes off and reorders images', async () => {
      const [a, b, c] = [
        await uploaded(author, 'first'),
        await uploaded(author, 'second'),
        await uploaded(author, 'third'),
      ];
      const status = await writer.v1.statuses.create({ status: 'Pictures', mediaIds: [a.id, b.id] });
      server.clock.advance(60_000);
      const edited = await writer.v1.statuses.$select(status.id).update({
        status: 'Pictures, changed',
        mediaIds: [c.id, a.id],
        mediaAttributes: [{ id: c.id, description: 'third, described' }],
      });
      expect(edited.mediaAttachments.map((image) => [image.id, image.description])).toEqual([
        [c.id, 'third, described'],
        [a.id, 'first'],
      ]);
      const versions = await writer.v1.statuses.$select(status.id).history.list();
      expect(versions).toHaveLength(2);
      expect(versions[1]!.mediaAttachments.map((image) => image.id)).toEqual([c.id, a.id]);
      // Someone else's upload is refused as Mastodon refuses invalid input.
      const other = await uploaded(await person('mastoother'));
      await expect(
        writer.v1.statuses.$select(status.id).update({ status: 'Theirs', mediaIds: [other.id] }),
      ).rejects.toMatchObject({ statusCode: 422 });
    });
  });
});
