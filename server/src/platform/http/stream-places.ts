import { LiveEventsPaused, TooManyStreams, type LiveHub } from '../live/hub.js';
import { HttpError, unavailable } from './errors.js';

export const eventsPausedMessage =
  'Live updates are paused: the server cannot reach its event channel. Reconnect in a few seconds.';

/**
 * Takes one of the user's stream places for a live answer (Sync's `/api/events`, the Mastodon streaming
 * API): 503 while events are paused, 429 past the cap.
 */
export async function reserveStream(live: LiveHub, userId: string) {
  try {
    return await live.reserve(userId);
  } catch (error) {
    if (error instanceof LiveEventsPaused) throw unavailable(eventsPausedMessage);
    if (error instanceof TooManyStreams) {
      throw new HttpError(
        429,
        `You already have ${error.max} live update streams open (one per tab or device). Close a tab or another device's session, then reload.`,
      );
    }
    throw error;
  }
}
