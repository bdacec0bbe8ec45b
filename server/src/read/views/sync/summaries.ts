import type { FollowViewer, UserSummary } from '@sync/contract';
import type { FollowState } from '../../../data/follows.repo.js';
import type { SummaryRow } from '../../../data/accounts.repo.js';

export const userSummary = (row: SummaryRow): UserSummary => ({
  _id: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatarURL: row.avatar_url,
});

/** Summaries of the given ids, in order, skipping anyone deleted meanwhile. */
export function summariesOf(ids: readonly string[], people: Map<string, SummaryRow>): UserSummary[] {
  return ids.flatMap((id) => {
    const row = people.get(id);
    return row ? [userSummary(row)] : [];
  });
}

/** How the viewer and a person stand by follows, as profiles and lists of people show it. */
export const followViewer = (state: FollowState, id: string): FollowViewer => ({
  follows: state.follows.has(id),
  followedBy: state.followedBy.has(id),
});
