import type { Clock } from '../clock.js';
import type { EventTransport } from '../platform/live/transport.js';

/**
 * What keeping something between answers needs (the Mastodon API's accounts, each viewer's rules): the
 * app's clock, how long a process that missed a message may use what it kept, and the channel whose
 * messages say what moved.
 */
export interface KeptBetweenAnswers {
  clock: Clock;
  /** VIEWER_CACHE_MS; 0: nothing is kept. */
  keptMs: number;
  events: EventTransport;
}
