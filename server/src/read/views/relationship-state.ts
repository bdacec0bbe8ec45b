import type { BlockState } from '../../data/blocks.repo.js';
import type { FollowState } from '../../data/follows.repo.js';
import type { ActiveMute } from '../../data/mutes.repo.js';

/**
 * How the viewer and other people stand, what both APIs' relationships show: the follows both ways, a
 * block either way, and the viewer's mutes that have not ended.
 */
export interface RelationshipState {
  follows: FollowState;
  blocks: BlockState;
  /** The viewer's mutes of these people, by whom they mute. */
  mutes: ReadonlyMap<string, ActiveMute>;
  /** The people the viewer follows with their reposts hidden (docs/decisions/092). */
  repostsHidden: ReadonlySet<string>;
}
