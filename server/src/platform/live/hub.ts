import type { ServerResponse } from 'node:http';
import type { LiveNotificationData, PreviewPost } from '@sync/contract';
import type { FastifyBaseLogger } from 'fastify';
import { EventStream, eventFrame } from './event-stream.js';
import { countsEvent, type LiveMessage } from './messages.js';
import { RecentMessages, type HeldMessage, type Retention } from './recent-messages.js';
import type { StreamSlots } from './stream-slots.js';
import type { EventTransport } from './transport.js';

export interface HubOptions {
  heartbeatMs: number;
  maxStreamsPerUser: number;
  /** A post's `counts` go out at most once per this interval. */
  countsIntervalMs: number;
  retention: Retention;
  /** Unsent bytes a stream may hold before it is dropped (a reader that does not keep up). */
  maxBufferedBytes: number;
  /** Events waiting to be rendered, past which every stream is closed (see `inOrder`). */
  maxRendersWaiting: number;
}

export const defaultHubOptions: Omit<HubOptions, 'heartbeatMs' | 'countsIntervalMs' | 'maxStreamsPerUser'> = {
  retention: { maxAgeMs: 2 * 60_000, maxCount: 10_000 },
  maxBufferedBytes: 256 * 1024,
  maxRendersWaiting: 1000,
};

/** No stream can start: the event channel is down, or the open streams cannot be counted. */
export class LiveEventsPaused extends Error {
  constructor() {
    super('live events are paused');
  }
}

/** The user has `max` streams open already. */
export class TooManyStreams extends Error {
  constructor(readonly max: number) {
    super(`${max} streams are open already`);
  }
}

/**
 * What the streams of this process get, rendered for each viewer. The app injects it (use-cases/sync/live.ts):
 * the hub moves messages and knows nothing of posts, follows or notifications.
 */
export interface LiveRenderer {
  /** A new post as each of `connectedUserIds` who gets it would see it (the author and their followers). */
  post(
    message: { postId: string; authorId: string },
    connectedUserIds: readonly string[],
  ): Promise<Map<string, PreviewPost>>;
  /** A notification as its recipient sees it now, or undefined when it is gone. */
  notification(viewerId: string, notificationId: string): Promise<LiveNotificationData | undefined>;
  /** The frames a stream that resumes missed, in order. */
  missed(viewerId: string, missed: readonly HeldMessage[]): Promise<string[]>;
}

/** A reserved place for a stream, before its answer starts. */
export interface StreamReservation {
  userId: string;
  streamId: string;
}

/**
 * Another surface's live connections (the Mastodon streaming API: api/mastodon/streaming.ts), fed every
 * message in this hub's one order, so what it writes for a message comes after what it wrote for the
 * messages before (an update before its delete, everything before a session's end). Its connections
 * take their places with `reserve` and give them back with `release`, as the hub's own streams do.
 */
export interface LiveAudience {
  /**
   * Starts rendering what a message means for the audience's connections; the writer it resolves to is
   * called in arrival order. Undefined when no connection here needs the message.
   */
  render(message: LiveMessage): Promise<() => void> | undefined;
  /** Ends every connection (shutdown, the event channel down, renderings too far behind). */
  closeAll(): void;
  /** Keeps quiet connections open; answers the places they hold, to renew. */
  heartbeat(): StreamReservation[];
}

/**
 * This process's event streams. Every message from the transport is held for resumes and dispatched:
 * - `post`: to the author's streams and the streams of connected users who follow the author;
 * - `notification`: to the recipient's streams;
 * - `counts`: to every stream (see docs/decisions/060-live-events.md), at most once per post per interval;
 * - `sessions-ended`: ends the user's streams (they come back with a new token, or are refused);
 * - the others (comments, edits, deletions, revoked app tokens): only to the audiences, for now.
 * Every message also goes to the audiences (other surfaces' connections, LiveAudience).
 * Each message is rendered as soon as it arrives, and written in arrival order (a chain of writes),
 * so a stream's ids only go forward and `Last-Event-ID` never skips an event.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<EventStream>>();
  private readonly audiences: LiveAudience[] = [];
  private readonly recent: RecentMessages;
  private writes: Promise<void> = Promise.resolve();
  private rendersWaiting = 0;
  private readonly counts = new Map<string, { sentAt: number; pending?: HeldMessage }>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly render: LiveRenderer,
    private readonly transport: EventTransport,
    private readonly slots: StreamSlots,
    private readonly options: HubOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.recent = new RecentMessages(options.retention);
    transport.subscribe((id, message) => this.receive(id, message));
    transport.onHealthChange?.((healthy) => {
      if (healthy) return log.info('live events: the event channel is back');
      log.warn('live events: the event channel is down; closing streams so clients reconnect later');
      // What arrives after the outage may have a gap: nobody resumes across it.
      this.recent.clear();
      this.counts.clear();
      this.closeAll();
    });
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs).unref();
  }

  get healthy() {
    return this.transport.healthy;
  }

  /** Takes one of the user's stream places: LiveEventsPaused while events are paused, TooManyStreams past the cap. */
  async reserve(userId: string): Promise<StreamReservation> {
    if (!this.transport.healthy) throw new LiveEventsPaused();
    const reservation = { userId, streamId: crypto.randomUUID() };
    let taken: boolean;
    try {
      taken = await this.slots.take(userId, reservation.streamId);
    } catch (error) {
      this.log.warn({ err: error }, 'live events: could not count the open streams');
      throw new LiveEventsPaused();
    }
    if (!taken) throw new TooManyStreams(this.options.maxStreamsPerUser);
    return reservation;
  }

  /** Gives a place back (its stream or connection closed). */
  release(reservation: StreamReservation) {
    this.slots.release(reservation.userId, reservation.streamId).catch(() => undefined);
  }

  /** Feeds another surface's connections too (see LiveAudience). */
  addAudience(audience: LiveAudience) {
    this.audiences.push(audience);
  }

  /**
   * Starts the stream on a reserved place. With `lastEventId`, what it missed is written first, or a
   * `reset` event when that is no longer held.
   */
  attach(reservation: StreamReservation, response: ServerResponse, lastEventId: string | undefined) {
    const stream = new EventStream(
      reservation.userId,
      reservation.streamId,
      response,
      this.options.maxBufferedBytes,
    );
    const now = Date.now();
    const newest = this.recent.newest;
    stream.deliveredThrough = newest?.sequence ?? 0;
    const missed = lastEventId === undefined ? undefined : this.recent.after(lastEventId, now);
    if (lastEventId !== undefined && missed === undefined) {
      stream.write(eventFrame(newest?.id, 'reset', {}));
    } else if (missed && missed.length > 0) {
      const frames = this.render.missed(stream.userId, missed);
      this.inOrder(
        frames,
        (rendered) => rendered.forEach((frame) => stream.write(frame)),
        () => stream.end(),
      );
    }
    const own = this.streams.get(stream.userId) ?? new Set();
    this.streams.set(stream.userId, own.add(stream));
    stream.onClose(() => {
      own.delete(stream);
      if (own.size === 0 && this.streams.get(stream.userId) === own) this.streams.delete(stream.userId);
      this.release({ userId: stream.userId, streamId: stream.id });
    });
    if (!this.transport.healthy) stream.end();
  }

  /** Ends every stream (shutdown, or the event channel went down): their clients reconnect. */
  closeAll() {
    for (const own of this.streams.values()) for (const stream of own) stream.end();
    for (const audience of this.audiences) audience.closeAll();
  }

  async close() {
    clearInterval(this.heartbeat);
    this.counts.clear();
    this.closeAll();
    await this.transport.close();
  }

  private receive(id: string, message: LiveMessage) {
    const held = this.recent.add(id, message, Date.now());
    for (const audience of this.audiences) {
      const rendered = audience.render(message);
      if (rendered)
        this.inOrder(
          rendered,
          (write) => write(),
          () => audience.closeAll(),
        );
    }
    if (this.streams.size === 0) return;
    switch (message.type) {
      case 'post': {
        const rendered = this.render.post(message, [...this.streams.keys()]);
        this.inOrder(
          rendered,
          (byUser) => {
            for (const [userId, post] of byUser) this.writeTo(userId, held, eventFrame(id, 'post', { post }));
          },
          () => this.closeAll(),
        );
        return;
      }
      case 'notification': {
        if (!this.streams.has(message.userId)) return;
        const rendered = this.render.notification(message.userId, message.notificationId);
        this.inOrder(
          rendered,
          (data) => data && this.writeTo(message.userId, held, eventFrame(id, 'notification', data)),
          () => this.streams.get(message.userId)?.forEach((stream) => stream.end()),
        );
        return;
      }
      case 'sessions-ended':
        // After the writes before it: a stream gets what happened while its session was valid, then ends.
        this.inOrder(
          Promise.resolve(),
          () => this.streams.get(message.userId)?.forEach((stream) => stream.end()),
          () => undefined,
        );
        return;
      case 'counts':
        this.throttleCounts(held);
    }
  }

  /**
   * Writes after every message that arrived earlier is written. A rendering that fails (the database
   * does not answer) closes the streams concerned: they resume, or reset, when they reconnect. When
   * renderings fall behind by more than `maxRendersWaiting` (the database is slower than the writes),
   * every stream is closed rather than letting the backlog grow: clients come back and resume.
   */
  private inOrder<T>(rendered: Promise<T>, write: (value: T) => void, onFailure: () => void) {
    rendered.catch(() => undefined);
    this.rendersWaiting += 1;
    if (this.rendersWaiting > this.options.maxRendersWaiting) {
      this.log.warn(`live events: ${this.rendersWaiting} events wait to be rendered; closing streams`);
      this.closeAll();
    }
    this.writes = this.writes.then(async () => {
      try {
        write(await rendered);
      } catch (error) {
        this.log.warn({ err: error }, 'live events: an event could not be rendered; closing its streams');
        onFailure();
      } finally {
        this.rendersWaiting -= 1;
      }
    });
  }

  private writeTo(userId: string, held: HeldMessage, frame: string) {
    for (const stream of this.streams.get(userId) ?? []) {
      if (stream.deliveredThrough < held.sequence) stream.write(frame);
    }
  }

  private throttleCounts(held: HeldMessage) {
    if (held.message.type !== 'counts') return;
    const { postId } = held.message;
    const entry = this.counts.get(postId);
    const now = Date.now();
    if (entry && now - entry.sentAt < this.options.countsIntervalMs) {
      if (!entry.pending)
        setTimeout(
          () => this.flushCounts(postId),
          entry.sentAt + this.options.countsIntervalMs - now,
        ).unref();
      entry.pending = held;
      return;
    }
    this.counts.set(postId, { sentAt: now });
    this.writeCounts(held);
  }

  private flushCounts(postId: string) {
    const entry = this.counts.get(postId);
    if (!entry?.pending) return;
    const held = entry.pending;
    this.counts.set(postId, { sentAt: Date.now() });
    this.writeCounts(held);
  }

  private writeCounts(held: HeldMessage) {
    if (held.message.type !== 'counts') return;
    const frame = eventFrame(held.id, 'counts', countsEvent(held.message));
    this.inOrder(
      Promise.resolve(),
      () => {
        for (const userId of this.streams.keys()) this.writeTo(userId, held, frame);
      },
      () => undefined,
    );
  }

  private beat() {
    const now = Date.now();
    const open: StreamReservation[] = this.audiences.flatMap((audience) => audience.heartbeat());
    for (const own of this.streams.values()) {
      for (const stream of own) {
        stream.heartbeat();
        open.push({ userId: stream.userId, streamId: stream.id });
      }
    }
    if (open.length > 0) {
      this.slots
        .renew(open)
        .catch((error: unknown) =>
          this.log.warn({ err: error }, 'live events: renewing stream places failed'),
        );
    }
    for (const [postId, entry] of this.counts) {
      if (!entry.pending && now - entry.sentAt >= this.options.countsIntervalMs) this.counts.delete(postId);
    }
  }
}
