import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Dialect } from '../../data/database.js';
import { findPost, insertPost } from '../../data/posts.repo.js';
import { newId } from '../../platform/db/ids.js';
import type { LiveMessage } from '../../platform/live/messages.js';
import { describeEachDatabase } from '../../test/harness.js';
import { openFixtureWorld, type OpenedFixtureWorld } from '../../test/fixture-world.js';
import { commit } from './commit.js';
import type { Deps } from './deps.js';
import { react, writePost } from './post-writes.js';

/**
 * The commit path (`commit.ts`) on the fixture world, without HTTP: what a write declares is published
 * only once its transaction has committed, in the order declared, and not at all when it throws.
 */
describeEachDatabase('the commit path', (dialect: Dialect) => {
  let world: OpenedFixtureWorld;
  beforeAll(async () => {
    world = await openFixtureWorld(dialect);
  }, 60_000);
  afterAll(async () => world?.close());

  /** The world's deps with a publisher that keeps what it is handed. */
  const recording = (): { deps: Deps; published: LiveMessage[] } => {
    const published: LiveMessage[] = [];
    return { deps: { ...world.deps, events: { publish: (message) => published.push(message) } }, published };
  };

  test('a write that throws after declaring its messages publishes nothing, and writes nothing', async () => {
    const rae = await world.join('rae');
    const { deps, published } = recording();
    world.step();
    const now = deps.clock.now();
    const id = newId(now);
    await expect(
      commit(deps, async (trx, effects) => {
        const post = await insertPost(trx, {
          id,
          author_id: rae.id,
          content: 'Never seen',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        effects.newPost(post);
        effects.publish({ type: 'post', postId: post.id, authorId: rae.id });
        effects.counts(post);
        throw new Error('refused after declaring');
      }),
    ).rejects.toThrow('refused after declaring');
    expect(published).toEqual([]);
    expect(await findPost(deps.db, id)).toBeUndefined();
  });

  test('a write that commits publishes what it declared, in that order, after the commit', async () => {
    const [sam, tia] = [await world.join('sam'), await world.join('tia')];
    const { deps, published } = recording();
    world.step();
    const post = await writePost(deps, { viewerId: sam.id, content: 'Hello' });
    expect(published).toEqual([{ type: 'post', postId: post.id, authorId: sam.id }]);

    published.length = 0;
    const seenInside = await commit(deps, async (_trx, effects) => {
      effects.publish({ type: 'rules-changed', userIds: [sam.id] });
      effects.notified([undefined, { recipientId: tia.id, notificationId: 'n1' }]);
      effects.publish({ type: 'follow-changed', followerId: tia.id, followeeId: sam.id });
      return [...published];
    });
    expect(seenInside).toEqual([]);
    expect(published).toEqual([
      { type: 'rules-changed', userIds: [sam.id] },
      { type: 'notification', userId: tia.id, notificationId: 'n1' },
      { type: 'follow-changed', followerId: tia.id, followeeId: sam.id },
    ]);

    published.length = 0;
    world.step();
    const liked = await react(deps, { viewerId: tia.id, postId: post.id, kind: 'like' });
    expect(published).toEqual([
      { type: 'counts', postId: post.id, likeCount: 1, commentCount: 0, repostCount: 0 },
      { type: 'notification', userId: sam.id, notificationId: expect.any(String) },
    ]);
    expect(liked.like_count).toBe(1);
  });
});
