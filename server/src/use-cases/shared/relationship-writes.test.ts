import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Dialect } from '../../data/database.js';
import { findUserById } from '../../data/users.repo.js';
import { counterMismatches } from '../../test/counters.js';
import { describeEachDatabase } from '../../test/harness.js';
import { notificationActors } from '../../test/notification-actors.js';
import { openFixtureWorld, type FixturePerson, type OpenedFixtureWorld } from '../../test/fixture-world.js';
import { changeBlock } from '../sync/blocks.js';
import { changeFollow, getRelationship } from '../sync/follows.js';
import { changeMute } from '../sync/mutes.js';

/**
 * Follows, blocks and mutes as their use cases write them (`follow-writes.ts`, `block-writes.ts`,
 * `mute-writes.ts`), called directly on the fixture world, without HTTP: the rows, both people's counts,
 * the notification and the relationship a read answers. Each test acts in accounts of its own.
 */
describeEachDatabase('follow, block and mute writes', (dialect: Dialect) => {
  let world: OpenedFixtureWorld;
  beforeAll(async () => {
    world = await openFixtureWorld(dialect);
  }, 60_000);
  afterAll(async () => world?.close());

  const follow = (follower: FixturePerson, followed: FixturePerson, change: 'follow' | 'unfollow') => {
    world.step();
    return changeFollow(world.deps, {
      viewerId: follower.id,
      targetId: followed.id,
      change,
      changedOnly: true,
    });
  };
  const counts = async (person: FixturePerson) => {
    const row = await findUserById(world.deps.db, person.id);
    return { followers: row?.follower_count, following: row?.following_count };
  };
  const relationship = async (viewer: FixturePerson, other: FixturePerson) =>
    (await getRelationship(world.deps, { viewerId: viewer.id, username: other.username })).relationship;
  const newFollowers = (person: FixturePerson) => notificationActors(world.deps.db, person.id, 'follow');

  test('the world holds the follows it was written with, counted on both sides', async () => {
    const { ada, ben, cleo, dan } = world.people;
    expect(await counts(ben)).toEqual({ followers: 3, following: 1 });
    expect(await counts(cleo)).toEqual({ followers: 2, following: 1 });
    expect(await counts(ada)).toEqual({ followers: 0, following: 2 });
    expect(await newFollowers(ben)).toEqual([ada.id, cleo.id, dan.id].sort());
    expect(await relationship(ben, dan)).toMatchObject({ following: false, followedBy: true, muting: true });
  });

  test('a follow counts on both sides and notifies; an unfollow takes both back', async () => {
    const [gil, hal] = [await world.join('gil'), await world.join('hal')];

    expect(await follow(gil, hal, 'follow')).toMatchObject({ followerCount: 1, followingCount: 1 });
    expect(await counts(gil)).toEqual({ followers: 0, following: 1 });
    expect(await counts(hal)).toEqual({ followers: 1, following: 0 });
    expect(await newFollowers(hal)).toEqual([gil.id]);
    expect(await relationship(gil, hal)).toMatchObject({ following: true, followedBy: false });
    expect(await relationship(hal, gil)).toMatchObject({ following: false, followedBy: true });
    await expect(follow(gil, hal, 'follow')).rejects.toMatchObject({ statusCode: 400 });
    expect(await counts(hal)).toEqual({ followers: 1, following: 0 });

    await follow(gil, hal, 'unfollow');
    expect(await counts(gil)).toEqual({ followers: 0, following: 0 });
    expect(await counts(hal)).toEqual({ followers: 0, following: 0 });
    expect(await newFollowers(hal)).toEqual([]);
    expect(await relationship(gil, hal)).toMatchObject({ following: false, followedBy: false });
    await expect(follow(gil, hal, 'unfollow')).rejects.toMatchObject({ statusCode: 400 });
  });

  test('a block ends the follows both ways with their counts, and no follow crosses it', async () => {
    const [ivy, jon] = [await world.join('ivy'), await world.join('jon')];
    await follow(ivy, jon, 'follow');
    await follow(jon, ivy, 'follow');

    world.step();
    const { relationship: afterBlock } = await changeBlock(world.deps, {
      viewerId: ivy.id,
      username: jon.username,
      block: true,
    });
    expect(afterBlock).toMatchObject({ blocking: true, following: false, followedBy: false });
    expect(await relationship(jon, ivy)).toMatchObject({ blockedBy: true, following: false });
    expect(await counts(ivy)).toEqual({ followers: 0, following: 0 });
    expect(await counts(jon)).toEqual({ followers: 0, following: 0 });
    expect(await newFollowers(ivy)).toEqual([]);
    expect(await newFollowers(jon)).toEqual([]);
    await expect(follow(jon, ivy, 'follow')).rejects.toMatchObject({
      kind: 'not-allowed',
      message: 'You cannot follow @ivy.',
    });
    await expect(follow(ivy, jon, 'follow')).rejects.toMatchObject({
      kind: 'not-allowed',
      message: 'You blocked @jon. Unblock them first.',
    });
    expect(await counts(ivy)).toEqual({ followers: 0, following: 0 });

    world.step();
    await changeBlock(world.deps, { viewerId: ivy.id, username: jon.username, block: false });
    // An unblock lifts the block only: the follows it ended stay ended.
    expect(await relationship(ivy, jon)).toMatchObject({
      blocking: false,
      following: false,
      followedBy: false,
    });
    await follow(jon, ivy, 'follow');
    expect(await counts(ivy)).toEqual({ followers: 1, following: 0 });
  });

  test('a mute for a while shows in the relationship until it ends, and an unmute ends it at once', async () => {
    const [kim, lou] = [await world.join('kim'), await world.join('lou')];
    world.step();
    const muteStart = world.deps.clock.now();
    const { relationship: muted } = await changeMute(world.deps, {
      viewerId: kim.id,
      username: lou.username,
      mute: { notifications: false, durationSeconds: 90 },
    });
    expect(muted).toMatchObject({
      muting: true,
      mutingNotifications: false,
      muteExpiresAt: new Date(muteStart.getTime() + 90_000).toISOString(),
    });
    expect(await relationship(lou, kim)).toMatchObject({ muting: false });
    world.step();
    expect(await relationship(kim, lou)).toMatchObject({ muting: true });
    world.step();
    expect(await relationship(kim, lou)).toMatchObject({ muting: false, muteExpiresAt: null });

    await changeMute(world.deps, {
      viewerId: kim.id,
      username: lou.username,
      mute: { notifications: true, durationSeconds: null },
    });
    expect(await relationship(kim, lou)).toMatchObject({ muting: true, mutingNotifications: true });
    await changeMute(world.deps, { viewerId: kim.id, username: lou.username, mute: undefined });
    expect(await relationship(kim, lou)).toMatchObject({ muting: false });
  });

  test("every follow count the tests' writes left agrees with a recount of the rows", async () => {
    expect(await counterMismatches(world.deps.db)).toEqual([]);
  });
});
