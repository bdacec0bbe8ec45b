import type { Db } from '../../data/database.js';
import * as blocks from '../../data/blocks.repo.js';
import * as users from '../../data/users.repo.js';
import { NotAllowed, NotFound, type Missing } from './domain-errors.js';

/**
 * The one check every write that reaches another person makes (issue 26): nothing crosses a block,
 * whichever of the two made it. Run it in the write's transaction, after taking the rows the write
 * changes, so a block that commits meanwhile is seen (a block takes the same rows first).
 *
 * - The blocker acting on the blocked person, their post or comment: NotAllowed, "You blocked @x. Unblock
 *   them first.", which says what to do.
 * - The blocked person acting on the blocker's post or comment: it does not exist for them, as a read
 *   of it does not, so the write is refused as an unknown one would be (NotFound).
 * - The blocked person following, mentioning or quoting the blocker: NotAllowed, "You cannot follow @x.".
 */

/** What the actor does to the other people. */
export type ActAcross =
  /**
   * Acts on what they wrote (a like, a comment, a vote, a bookmark); `missing`: what the blocked actor
   * is told does not exist, given the person who blocked them.
   */
  | { on: 'content'; missing: (blockerId: string) => Missing }
  | { on: 'follow' }
  | { on: 'mention' }
  /** Quotes their post (docs/decisions/092): not allowed either way, as a mention is. */
  | { on: 'quote' };

/** Acting on a post (or a comment under it): the blocked person is told the post does not exist. */
export const onPost = (postId: string): ActAcross => ({
  on: 'content',
  missing: () => ({ thing: 'post', id: postId }),
});

export async function refuseAcrossBlock(
  db: Db,
  input: { actorId: string; otherIds: readonly string[]; act: ActAcross },
): Promise<void> {
  const others = [...new Set(input.otherIds)].filter((id) => id !== input.actorId);
  if (others.length === 0) return;
  const state = await blocks.blockStateAmong(db, input.actorId, others);
  const blocked = others.find((id) => state.blocking.has(id));
  if (blocked) throw new NotAllowed(`You blocked @${await usernameOf(db, blocked)}. Unblock them first.`);
  const blocker = others.find((id) => state.blockedBy.has(id));
  if (!blocker) return;
  const { act } = input;
  if (act.on === 'content') throw new NotFound(act.missing(blocker));
  throw new NotAllowed(`You cannot ${act.on} @${await usernameOf(db, blocker)}.`);
}

async function usernameOf(db: Db, id: string): Promise<string> {
  return (await users.findUserById(db, id))?.username ?? id;
}
