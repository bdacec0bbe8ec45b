import type { BlockedUser, MutedUser, Relationship } from '@sync/contract';
import type { BlockRow } from '../../../data/blocks.repo.js';
import type { MuteRow } from '../../../data/mutes.repo.js';
import type { SummaryRow } from '../../../data/accounts.repo.js';
import type { RelationshipState } from '../relationship-state.js';
import { userSummary } from './summaries.js';

/** How the viewer and one person stand (`GET /api/users/:username/relationship`, a block's or mute's answer). */
export function relationshipView(
  user: { id: string; username: string },
  state: RelationshipState,
): Relationship {
  const mute = state.mutes.get(user.id);
  return {
    username: user.username,
    following: state.follows.follows.has(user.id),
    followedBy: state.follows.followedBy.has(user.id),
    blocking: state.blocks.blocking.has(user.id),
    blockedBy: state.blocks.blockedBy.has(user.id),
    muting: mute !== undefined,
    mutingNotifications: mute?.notifications ?? false,
    muteExpiresAt: mute?.expires_at ?? null,
    showingReposts: !state.repostsHidden.has(user.id),
  };
}

/** A page of the viewer's blocks, in order, skipping anyone deleted meanwhile. */
export function blockedUserViews(rows: readonly BlockRow[], people: Map<string, SummaryRow>): BlockedUser[] {
  return rows.flatMap((row) => {
    const person = people.get(row.blocked_id);
    return person ? [{ ...userSummary(person), blockedAt: row.created_at }] : [];
  });
}

/** A page of the viewer's mutes, in order, skipping anyone deleted meanwhile. */
export function mutedUserViews(rows: readonly MuteRow[], people: Map<string, SummaryRow>): MutedUser[] {
  return rows.flatMap((row) => {
    const person = people.get(row.muted_id);
    return person
      ? [
          {
            ...userSummary(person),
            mutedAt: row.created_at,
            notifications: row.notifications,
            expiresAt: row.expires_at,
          },
        ]
      : [];
  });
}
