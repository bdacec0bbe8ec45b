import type { RelationshipState } from '../relationship-state.js';
import type { Relationship } from '@sync/contract/mastodon';

/**
 * How the viewer and each account stand, as Mastodon's Relationship: follows, blocks and mutes; Sync has
 * no follow requests, notes, endorsements or domain blocks yet, so those are what Mastodon answers
 * without them. Following shows the account's reblogs, as a Mastodon follow does by default, until hidden (follows.show_reposts).
 */
export function relationshipViews(ids: readonly string[], state: RelationshipState): Relationship[] {
  return ids.map((id) => {
    const mute = state.mutes.get(id);
    return {
      id,
      following: state.follows.follows.has(id),
      showing_reblogs: state.follows.follows.has(id) && !state.repostsHidden.has(id),
      notifying: false,
      languages: null,
      followed_by: state.follows.followedBy.has(id),
      blocking: state.blocks.blocking.has(id),
      blocked_by: state.blocks.blockedBy.has(id),
      muting: mute !== undefined,
      muting_notifications: mute?.notifications ?? false,
      requested: false,
      requested_by: false,
      domain_blocking: false,
      endorsed: false,
      note: '',
    };
  });
}
