import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Deps } from '../use-cases/shared/deps.js';
import { LiveHub, defaultHubOptions } from '../platform/live/hub.js';
import { liveRenderer } from '../use-cases/sync/live.js';
import { redisEvents } from '../platform/live/redis-events.js';
import { localStreamSlots, type StreamSlots } from '../platform/live/stream-slots.js';
import {
  inProcessTransport,
  withLocalDelivery,
  type EventTransport,
  type LocalEventTransport,
} from '../platform/live/transport.js';

/**
 * Live events for one app: through Redis when `REDIS_URL` is set (every process of the deployment
 * shares them), otherwise within this process, or through the transport given (node:cluster workers).
 */
export async function openLiveEvents(
  config: Config,
  log: FastifyBaseLogger,
  given?: { transport: EventTransport; slots: StreamSlots | undefined },
): Promise<{ transport: LocalEventTransport; hub(deps: Deps): LiveHub }> {
  const { heartbeatMs, countsIntervalMs, maxStreamsPerUser, redisKeyPrefix } = config.events;
  let transport: EventTransport;
  let slots: StreamSlots;
  if (given) {
    transport = given.transport;
    slots = given.slots ?? localStreamSlots(maxStreamsPerUser);
  } else if (config.redisUrl) {
    ({ transport, slots } = await redisEvents({
      url: config.redisUrl,
      keyPrefix: redisKeyPrefix,
      maxStreamsPerUser,
      // Two heartbeats may be missed before a place lapses.
      slotTtlMs: heartbeatMs * 2 + 5000,
      maxLength: defaultHubOptions.retention.maxCount,
      log,
    }));
  } else {
    transport = inProcessTransport();
    slots = localStreamSlots(maxStreamsPerUser);
  }
  const local = withLocalDelivery(transport);
  return {
    transport: local,
    hub: (deps) =>
      new LiveHub(
        liveRenderer(deps),
        local,
        slots,
        { ...defaultHubOptions, heartbeatMs, countsIntervalMs, maxStreamsPerUser },
        log,
      ),
  };
}
