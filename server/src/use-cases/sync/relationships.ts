import type { RelationshipReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { relationshipView } from '../../read/views/sync/relationships.js';
import { relationshipState } from '../shared/relationships.js';

/** Sync's answer about how the viewer and one person stand. */
export async function relationshipAnswer(
  deps: Deps,
  viewerId: string,
  user: { id: string; username: string },
): Promise<RelationshipReply> {
  return { relationship: relationshipView(user, await relationshipState(deps, viewerId, [user.id])) };
}
