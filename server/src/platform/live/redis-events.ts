import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { isLiveMessage } from './messages.js';
import type { StreamSlots } from './stream-slots.js';
import type { EventTransport, LiveMessage } from './transport.js';

export interface RedisEventsOptions {
  url: string;
  keyPrefix: string;
  maxStreamsPerUser: number;
  /** A stream's place lapses this long after its last renewal (its process died without releasing it). */
  slotTtlMs: number;
  /** Messages kept in the Redis stream (approximately: MAXLEN ~). */
  maxLength: number;
  log: FastifyBaseLogger;
}

/** How long one blocking read waits before it is issued again (and notices a close). */
const blockMs = 5000;

/**
 * Live events through a Redis stream: `XADD` (trimmed with `MAXLEN ~`) gives every message a global,
 * ordered id; each process reads the stream with a blocking `XREAD` on a connection of its own (a
 * blocking read must not share the command timeout or the connection of other commands). A process
 * reads on from the last id it saw, so a short outage of its connection loses nothing that Redis kept.
 *
 * The open streams per user are a sorted set of stream ids scored by expiry, renewed with the
 * heartbeat, so the cap holds across processes and a dead process's places lapse.
 */
export async function redisEvents(
  options: RedisEventsOptions,
): Promise<{ transport: EventTransport; slots: StreamSlots }> {
  const { Redis } = await import('ioredis');
  const common = { connectTimeout: 2000, enableOfflineQueue: false, lazyConnect: false };
  const commands = new Redis(options.url, { ...common, maxRetriesPerRequest: 1, commandTimeout: 2000 });
  const reader = new Redis(options.url, { ...common, maxRetriesPerRequest: 0 });
  const streamKey = `${options.keyPrefix}events`;
  const handlers: ((id: string, message: LiveMessage) => void)[] = [];
  const healthHandlers: ((healthy: boolean) => void)[] = [];
  let healthy = false;
  let closed = false;

  const updateHealth = () => {
    const now = !closed && commands.status === 'ready' && reader.status === 'ready';
    if (now === healthy) return;
    healthy = now;
    for (const handler of healthHandlers) handler(now);
  };
  for (const connection of [commands, reader]) {
    connection.on('ready', updateHealth);
    connection.on('close', updateHealth);
    connection.on('end', updateHealth);
    // Errors are reported by the commands that fail; a connection error only changes the health.
    connection.on('error', () => undefined);
  }

  const readLoop = async () => {
    let lastId: string | undefined;
    while (!closed) {
      if (reader.status !== 'ready') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      try {
        if (lastId === undefined) {
          const [newest] = await reader.xrevrange(streamKey, '+', '-', 'COUNT', 1);
          lastId = newest?.[0] ?? '0-0';
        }
        const reply = await reader.xread('COUNT', 1000, 'BLOCK', blockMs, 'STREAMS', streamKey, lastId);
        for (const [, entries] of reply ?? []) {
          for (const [id, fields] of entries) {
            lastId = id;
            const message = parseMessage(fields);
            if (message) for (const handler of handlers) handler(id, message);
          }
        }
      } catch (error) {
        if (closed) return;
        options.log.debug({ err: error }, 'live events: reading the Redis stream failed');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  void readLoop();

  const transport: EventTransport = {
    get healthy() {
      return healthy;
    },
    publish(message) {
      if (closed) return;
      commands
        .xadd(streamKey, 'MAXLEN', '~', options.maxLength, '*', 'm', JSON.stringify(message))
        .catch((error: unknown) =>
          options.log.warn({ err: error, message }, 'live events: a message could not be published'),
        );
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onHealthChange(handler) {
      healthHandlers.push(handler);
    },
    async close() {
      closed = true;
      // At once, not QUIT: nothing is left to flush, and a shutdown must not wait on a Redis that is going away.
      reader.disconnect();
      commands.disconnect();
    },
  };
  return { transport, slots: redisStreamSlots(commands, options) };
}

function parseMessage(fields: string[]): LiveMessage | undefined {
  const raw = fields[fields.indexOf('m') + 1];
  try {
    const value: unknown = raw === undefined ? undefined : JSON.parse(raw);
    return isLiveMessage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Drops lapsed places, then takes one if fewer than the cap are left: atomic, so two processes never both take the last. */
const takeSlot = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

function redisStreamSlots(
  redis: Redis,
  options: Pick<RedisEventsOptions, 'keyPrefix' | 'maxStreamsPerUser' | 'slotTtlMs'>,
): StreamSlots {
  const keyOf = (userId: string) => `${options.keyPrefix}event-streams:${userId}`;
  return {
    async take(userId, streamId) {
      const now = Date.now();
      const taken = await redis.eval(
        takeSlot,
        1,
        keyOf(userId),
        now,
        now + options.slotTtlMs,
        streamId,
        options.maxStreamsPerUser,
      );
      return taken === 1;
    },
    async renew(slots) {
      const expiry = Date.now() + options.slotTtlMs;
      const batch = redis.pipeline();
      for (const { userId, streamId } of slots) {
        batch.zadd(keyOf(userId), 'XX', expiry, streamId);
        batch.pexpireat(keyOf(userId), expiry);
      }
      await batch.exec();
    },
    async release(userId, streamId) {
      await redis.zrem(keyOf(userId), streamId);
    },
  };
}
