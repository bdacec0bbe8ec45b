/**
 * A reply's tags (docs/decisions/127): a comment's tags are recorded when it is written and replaced
 * when it is edited, in their order in the text, and a Mastodon client reads them from those rows; the
 * texts written before the rows existed are filled by the backfill job, and read correctly before it.
 */
import type { mastodon } from 'masto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tagsBackfillJob } from '../../data/text-entities.repo.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newAppUser, type AppUser } from '../../test/mastodon.js';
import { inSchemaOfThen } from '../../test/migrated-database.js';
import { newComment, newPost, succeed } from '../../test/people.js';

const tagNames = (status: mastodon.v1.Status) => status.tags.map((tag) => tag.name);

describeEachDatabase("Mastodon API: a reply's tags", (dialect) => {
  let server: TestServer;
  let maya: AppUser;

  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
    maya = await newAppUser(server, 'replytags');
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const commentTagRows = (commentId: string) =>
    db()
      .selectFrom('comment_tags')
      .select(['tag', 'position'])
      .where('comment_id', '=', commentId)
      .orderBy('position')
      .execute();

  const postTagRows = (postId: string) =>
    db()
      .selectFrom('post_tags')
      .select(['tag', 'position'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .execute();
  /** Queues the first step of a backfill run, as migration 029 does, due at `at`. */
  const queueBackfill = (id: string, run: string, at: string) =>
    db()
      .insertInto('jobs')
      .values({
        id,
        kind: tagsBackfillJob,
        payload: JSON.stringify({ run, texts: 'posts', after: null }),
        state: 'queued',
        run_at: at,
        created_at: at,
      })
      .execute();

  it("records a reply's tags in their order when it is written, and replaces them when it is edited", async () => {
    const post = await maya.app.v1.statuses.create({ status: 'Bread' });
    const reply = await maya.app.v1.statuses.create({
      status: 'Crumb #Sourdough and #bread, #sourdough again',
      inReplyToId: post.id,
    });
    expect(tagNames(reply)).toEqual(['sourdough', 'bread']);
    expect(await commentTagRows(reply.id)).toEqual([
      { tag: 'sourdough', position: 0 },
      { tag: 'bread', position: 1 },
    ]);
    expect(tagNames(await maya.app.v1.statuses.$select(reply.id).fetch())).toEqual(['sourdough', 'bread']);

    const edited = await maya.app.v1.statuses.$select(reply.id).update({ status: 'Now #rye then #bread' });
    expect(tagNames(edited)).toEqual(['rye', 'bread']);
    expect(await commentTagRows(reply.id)).toEqual([
      { tag: 'rye', position: 0 },
      { tag: 'bread', position: 1 },
    ]);
    const context = await maya.app.v1.statuses.$select(post.id).context.fetch();
    expect(context.descendants.map(tagNames)).toEqual([['rye', 'bread']]);

    // Sync's own API writes and edits the same rows.
    const syncComment = await newComment(server, maya, post.id, 'From the web #Oven');
    expect(await commentTagRows(syncComment)).toEqual([{ tag: 'oven', position: 0 }]);
    await succeed(server, 'POST', `/api/comments/edit/${post.id}/${syncComment}`, maya, {
      commentData: { text: 'No tags now' },
    });
    expect(await commentTagRows(syncComment)).toEqual([]);
    expect(tagNames(await maya.app.v1.statuses.$select(syncComment).fetch())).toEqual([]);
  });

  it('reads the texts written before their rows correctly, and the backfill records them once', async () => {
    const postId = await newPost(server, maya, 'Old #Zebra post #apple');
    const commentId = await newComment(server, maya, postId, 'Old #Yak reply #apple');
    // As a server before migration 029 left them: no comment rows, post rows without their order, and
    // the backfill's first step queued (for a minute from now, so that no poll runs it before we do).
    await db().deleteFrom('comment_tags').where('comment_id', '=', commentId).execute();
    await inSchemaOfThen(db())
      .updateTable('post_tags')
      .set({ position: null })
      .where('post_id', '=', postId)
      .execute();
    const due = new Date(server.clock.now().getTime() + 60_000).toISOString();
    await queueBackfill('00000000-0000-7000-8000-000000000029', '029', due);
    // Written after the job (a process asks whether the backfill is done only when it meets a comment
    // with a `#` and no rows, and once done it does not ask again): a `#` that is no tag has no rows.
    const untagged = await newComment(server, maya, postId, 'In C# there is no tag');

    const statusTags = async (id: string) => tagNames(await maya.app.v1.statuses.$select(id).fetch());
    expect(await statusTags(postId)).toEqual(['zebra', 'apple']);
    expect(await statusTags(commentId)).toEqual(['yak', 'apple']);
    expect(await commentTagRows(commentId)).toEqual([]);

    server.clock.advance(60_000);
    await server.app.jobQueue.runDue();
    const recordedRows = async () => ({
      comment: await commentTagRows(commentId),
      untagged: await commentTagRows(untagged),
      post: await postTagRows(postId),
    });
    const recorded = await recordedRows();
    expect(recorded).toEqual({
      comment: [
        { tag: 'yak', position: 0 },
        { tag: 'apple', position: 1 },
      ],
      untagged: [],
      post: [
        { tag: 'zebra', position: 0 },
        { tag: 'apple', position: 1 },
      ],
    });
    const backfill = await db()
      .selectFrom('jobs')
      .select(['state'])
      .where('kind', '=', tagsBackfillJob)
      .execute();
    expect(backfill.every((job) => job.state === 'done')).toBe(true);
    // One step for the posts and one for the comments: each kind holds fewer than a batch.
    expect(backfill.length).toBe(2);
    expect(await statusTags(postId)).toEqual(['zebra', 'apple']);
    expect(await statusTags(commentId)).toEqual(['yak', 'apple']);

    // A second run (its first step queued again) changes nothing.
    await queueBackfill('00000000-0000-7000-8000-000000000030', 'again', server.clock.now().toISOString());
    await server.app.jobQueue.runDue();
    expect(await recordedRows()).toEqual(recorded);
  });
});
