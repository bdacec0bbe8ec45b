import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Dialect } from '../../data/database.js';
import { findPost } from '../../data/posts.repo.js';
import { counterMismatches } from '../../test/counters.js';
import { describeEachDatabase } from '../../test/harness.js';
import { notificationActors } from '../../test/notification-actors.js';
import { openFixtureWorld, type FixturePerson, type OpenedFixtureWorld } from '../../test/fixture-world.js';
import { createPost, deletePost, editPost, getPost, postHistory, reactToPost } from '../sync/posts.js';
import { changeRepost } from '../sync/reposts.js';

/**
 * A post's writes as their use cases make them (`post-writes.ts`, `repost-writes.ts`, `edit-history.ts`),
 * called directly on the fixture world, without HTTP: the post's row (counters, version), its edit
 * history, the author's notifications and what a read of the post answers. Each test acts in accounts
 * and posts of its own.
 */
describeEachDatabase('post, reaction and repost writes', (dialect: Dialect) => {
  let world: OpenedFixtureWorld;
  beforeAll(async () => {
    world = await openFixtureWorld(dialect);
  }, 60_000);
  afterAll(async () => world?.close());

  const post = async (author: FixturePerson, content: string, quoteId?: string) => {
    world.step();
    const answer = await createPost(world.deps, { viewerId: author.id, content, quoteId, changedOnly: true });
    if (!('post' in answer)) throw new Error('asked for the new post only');
    return answer.post._id;
  };
  const row = async (postId: string) => {
    const found = await findPost(world.deps.db, postId);
    if (!found) throw new Error(`post ${postId} is not in the database`);
    return found;
  };
  const notifiedBy = (author: FixturePerson, type: 'like' | 'repost' | 'quote') =>
    notificationActors(world.deps.db, author.id, type);

  test('an edit moves the version, keeps the text it replaced in the history, and reads show the new text', async () => {
    const [nia, ozzy] = [await world.join('nia'), await world.join('ozzy')];
    const postId = await post(nia, 'First words');
    const written = await row(postId);

    world.step();
    const editedAt = world.deps.clock.now().toISOString();
    await editPost(world.deps, { viewerId: nia.id, postId, content: 'Second words', changedOnly: true });
    expect(await row(postId)).toMatchObject({
      content: 'Second words',
      version: written.version + 1,
      updated_at: editedAt,
    });
    expect((await postHistory(world.deps, { postId, viewerId: ozzy.id })).versions).toEqual([
      {
        text: 'First words',
        sensitive: false,
        media: [],
        writtenAt: written.created_at,
        replacedAt: editedAt,
      },
      { text: 'Second words', sensitive: false, media: [], writtenAt: editedAt, replacedAt: null },
    ]);
    expect((await getPost(world.deps, { postId, viewerId: ozzy.id })).post).toMatchObject({
      content: 'Second words',
      editedAt,
    });

    world.step();
    await expect(
      editPost(world.deps, { viewerId: ozzy.id, postId, content: 'Not mine', changedOnly: true }),
    ).rejects.toMatchObject({ kind: 'not-yours', thing: 'post', change: 'edit' });
    expect(await row(postId)).toMatchObject({ content: 'Second words', version: written.version + 1 });
    expect((await postHistory(world.deps, { postId, viewerId: nia.id })).versions).toHaveLength(2);
  });

  test('a like counts and notifies; a dislike replaces it and takes both back', async () => {
    const [pia, quin] = [await world.join('pia'), await world.join('quin')];
    const postId = await post(pia, 'Like or not');
    const written = await row(postId);

    world.step();
    await reactToPost(world.deps, { viewerId: quin.id, postId, kind: 'like', changedOnly: true });
    const liked = await row(postId);
    expect(liked.like_count).toBe(1);
    expect(liked.version).toBeGreaterThan(written.version);
    expect(await notifiedBy(pia, 'like')).toEqual([quin.id]);

    world.step();
    await reactToPost(world.deps, { viewerId: quin.id, postId, kind: 'dislike', changedOnly: true });
    const disliked = await row(postId);
    expect(disliked.like_count).toBe(0);
    expect(disliked.version).toBeGreaterThan(liked.version);
    expect(await notifiedBy(pia, 'like')).toEqual([]);
  });

  test('a repost counts once and notifies the author; taking it back undoes both', async () => {
    const [rex, sue] = [await world.join('rex'), await world.join('sue')];
    const postId = await post(rex, 'Worth sharing');

    world.step();
    expect(await changeRepost(world.deps, { viewerId: sue.id, postId, repost: true })).toEqual({
      reposted: true,
      repostCount: 1,
    });
    world.step();
    expect(await changeRepost(world.deps, { viewerId: sue.id, postId, repost: true })).toEqual({
      reposted: true,
      repostCount: 1,
    });
    expect((await row(postId)).repost_count).toBe(1);
    expect(await notifiedBy(rex, 'repost')).toEqual([sue.id]);
    expect((await getPost(world.deps, { postId, viewerId: rex.id })).post.repostCount).toBe(1);

    world.step();
    expect(await changeRepost(world.deps, { viewerId: sue.id, postId, repost: false })).toEqual({
      reposted: false,
      repostCount: 0,
    });
    expect((await row(postId)).repost_count).toBe(0);
    expect(await notifiedBy(rex, 'repost')).toEqual([]);
  });

  test('a quote counts on the quoted post and notifies its author until the quote is deleted', async () => {
    const [tam, uma] = [await world.join('tam'), await world.join('uma')];
    const quotedId = await post(tam, 'Quote me');
    const written = await row(quotedId);

    const quoteId = await post(uma, 'Well said', quotedId);
    expect(await row(quoteId)).toMatchObject({ quoted_post_id: quotedId, quote_state: 'accepted' });
    expect(await row(quotedId)).toMatchObject({ quote_count: 1, version: written.version + 1 });
    expect(await notifiedBy(tam, 'quote')).toEqual([uma.id]);
    expect((await getPost(world.deps, { postId: quotedId, viewerId: uma.id })).post.quoteCount).toBe(1);

    world.step();
    await expect(
      deletePost(world.deps, { viewerId: tam.id, postId: quoteId, changedOnly: true }),
    ).rejects.toMatchObject({ kind: 'not-yours', thing: 'post', change: 'delete' });
    expect((await row(quotedId)).quote_count).toBe(1);

    world.step();
    expect(await deletePost(world.deps, { viewerId: uma.id, postId: quoteId, changedOnly: true })).toEqual({
      deleted: quoteId,
    });
    expect(await findPost(world.deps.db, quoteId)).toBeUndefined();
    expect(await row(quotedId)).toMatchObject({ quote_count: 0, version: written.version + 2 });
  });

  test("every post counter the tests' writes left agrees with a recount of the rows", async () => {
    expect(await counterMismatches(world.deps.db)).toEqual([]);
  });
});
