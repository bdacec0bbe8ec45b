import type { Deps } from './deps.js';
import { commit } from './commit.js';
import * as mutes from '../../data/mutes.repo.js';

/** A mute as asked for: `durationSeconds` 0 or null lasts until unmuted. */
export interface MuteChange {
  notifications: boolean;
  durationSeconds: number | null;
}

/** Mutes (or, `undefined`, unmutes) someone: idempotent; muting again replaces the notifications and the end. */
export async function writeMute(deps: Deps, muterId: string, mutedId: string, mute: MuteChange | undefined) {
  const now = deps.clock.now();
  const at = now.toISOString();
  await commit(deps, async (trx, effects) => {
    // First: the muter's row, locked by its version's move, orders two changes of theirs one after the other.
    await effects.rulesChanged([muterId]);
    await mutes.deleteEndedMutes(trx, muterId, at);
    if (mute) {
      const expiresAt = mute.durationSeconds
        ? new Date(now.getTime() + mute.durationSeconds * 1000).toISOString()
        : null;
      await mutes.putMute(trx, { muterId, mutedId, notifications: mute.notifications, expiresAt, at });
    } else {
      await mutes.deleteMute(trx, muterId, mutedId);
    }
  });
}
