import type { FollowState } from '../../../data/follows.repo.js';
import type { Relationship } from './entities.js';

/**
 * How the viewer and each account follow each other, as Mastodon's Relationship: Sync has follows
 * only (no blocks, mutes, requests, notes or endorsements yet), so the rest is what Mastodon answers
 * without them. Following shows the account's reblogs, as a Mastodon follow does by default.
 */
export function relationshipViews(ids: readonly string[], state: FollowState): Relationship[] {
  return ids.map((id) => ({
    id,
    following: state.follows.has(id),
    showing_reblogs: state.follows.has(id),
    notifying: false,
    languages: null,
    followed_by: state.followedBy.has(id),
    blocking: false,
    blocked_by: false,
    muting: false,
    muting_notifications: false,
    requested: false,
    requested_by: false,
    domain_blocking: false,
    endorsed: false,
    note: '',
  }));
}
