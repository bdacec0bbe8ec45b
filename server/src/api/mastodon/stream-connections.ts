import { normalizeTag } from '@sync/contract';
import type { WebSocket } from 'ws';
import { grants, type Scope } from '../../platform/auth/scopes.js';
import type { ServerSentEvents } from '../../platform/live/event-stream.js';
import type { LiveAudience, StreamReservation } from '../../platform/live/hub.js';
import type { LiveMessage } from '../../platform/live/messages.js';
import type { Uris } from '../../platform/uris/uris.js';
import type { Access } from '../../use-cases/mastodon/oauth.js';
import type { Deps } from '../../use-cases/shared/deps.js';
import * as streaming from '../../use-cases/mastodon/streaming.js';

/**
 * The connections of the Mastodon streaming API on this process (WebSockets and server-sent event
 * streams), what each subscribed to, and what each gets of the live messages: an audience of the live
 * hub (platform/live/hub.ts), so they are fed in the one order of the shared event channel, across
 * processes through Redis, as Sync's own `/api/events` is.
 */

/** What a subscription delivers: `user` is `home` (with notifications when the token may read them). */
type Delivers = 'home' | 'notifications' | 'public' | 'hashtag' | 'nothing';

const streamKinds: Record<string, Delivers> = {
  user: 'home',
  'user:notification': 'notifications',
  public: 'public',
  'public:local': 'public',
  hashtag: 'hashtag',
  'hashtag:local': 'hashtag',
  // Streams Mastodon has that Sync has nothing for yet (media, other servers, direct messages): an app
  // may subscribe, and hears nothing, rather than an error that would end its other subscriptions too.
  'public:media': 'nothing',
  'public:local:media': 'nothing',
  'public:remote': 'nothing',
  'public:remote:media': 'nothing',
  direct: 'nothing',
};

/** The streams that need a person's token, and the scope each needs (beside `read`, which grants both). */
const personalScopes: Partial<Record<Delivers, Scope>> = {
  home: 'read:statuses',
  notifications: 'read:notifications',
};

export interface Subscription {
  /** Under which a connection holds it: the stream's name and tag. */
  key: string;
  delivers: Delivers;
  /** How its frames name it, as JSON: `["hashtag","Cats"]`, the tag as the app wrote it (apps match on it). */
  streamJson: string;
  /** A hashtag stream's tag, as tags are stored (`normalizeTag`). */
  tag?: string | undefined;
  /** A `user` stream carries notifications too when the token may read them. */
  withNotifications: boolean;
}

/** A subscription refused, in Mastodon's words (sent as `{"error", "status"}`, or as an HTTP answer). */
export interface Refusal {
  error: string;
  status: number;
}

/** At most this many streams on one WebSocket (a stream per hashtag an app follows). */
const maxSubscriptions = 100;

/** A hashtag stream's tag as tags are stored; undefined for other streams. */
const tagOf = (name: string, tag: string | undefined) =>
  streamKinds[name] === 'hashtag' && tag?.trim() ? normalizeTag(tag.trim()) : undefined;

/** The key a connection holds a subscription under: one per stream, and per tag. */
const keyOf = (name: string, tag: string | undefined) => {
  const stored = tagOf(name, tag);
  return stored === undefined ? name : `${name}#${stored}`;
};

/** The subscription an app asks for (`stream`, and `tag` for a hashtag stream), or why it is refused. */
export function subscriptionOf(
  name: string | undefined,
  givenTag: string | undefined,
  access: Access | undefined,
): Subscription | Refusal {
  const delivers = name === undefined ? undefined : streamKinds[name];
  if (name === undefined || delivers === undefined) return { error: 'Unknown stream type', status: 400 };
  const tag = tagOf(name, givenTag);
  if (delivers === 'hashtag' && tag === undefined)
    return { error: 'No tag for stream provided', status: 400 };
  const scope = personalScopes[delivers];
  if (scope) {
    if (!access) return { error: 'Missing access token', status: 401 };
    if (!access.user)
      return { error: 'This stream requires a token of a person, not of an app', status: 401 };
    if (!grants(access.scopes, scope))
      return { error: 'Access token does not have the required scopes', status: 401 };
  }
  return {
    key: keyOf(name, givenTag),
    delivers,
    streamJson: JSON.stringify(tag === undefined ? [name] : [name, givenTag]),
    tag,
    withNotifications: delivers === 'home' && !!access && grants(access.scopes, 'read:notifications'),
  };
}

export const isRefusal = (value: Subscription | Refusal): value is Refusal => 'error' in value;

/** Who is connected, and the URIs their answers carry (without PUBLIC_URL, those of the origin they used). */
export interface StreamViewer {
  access: Access | undefined;
  uris: Uris;
  /** The place a person's connection holds among their streams (stream-slots.ts). */
  reservation: StreamReservation | undefined;
}

type EventName = 'update' | 'status.update' | 'delete' | 'notification';

/** One event's frames, each serialised once whichever and however many connections it goes to. */
class Frames {
  private readonly escaped = new Map<string, string>();
  private readonly websocketFrames = new Map<string, Map<string, string>>();
  private readonly eventStreamFrames = new Map<string, string>();

  constructor(private readonly event: EventName) {}

  /** `{"stream":["user"],"event":"update","payload":"<the status as JSON text>"}`: the payload is a string. */
  forWebSocket(subscription: Subscription, payload: string): string {
    let byStream = this.websocketFrames.get(payload);
    if (!byStream) this.websocketFrames.set(payload, (byStream = new Map()));
    let frame = byStream.get(subscription.streamJson);
    if (frame === undefined) {
      let escaped = this.escaped.get(payload);
      if (escaped === undefined) this.escaped.set(payload, (escaped = JSON.stringify(payload)));
      frame = `{"stream":${subscription.streamJson},"event":"${this.event}","payload":${escaped}}`;
      byStream.set(subscription.streamJson, frame);
    }
    return frame;
  }

  forEventStream(payload: string): string {
    let frame = this.eventStreamFrames.get(payload);
    if (frame === undefined) {
      frame = `event: ${this.event}\ndata: ${payload}\n\n`;
      this.eventStreamFrames.set(payload, frame);
    }
    return frame;
  }
}

/** One connection of an app: a WebSocket with the streams it subscribed to, or an event stream of one. */
export abstract class Connection {
  readonly subscriptions = new Map<string, Subscription>();

  constructor(readonly viewer: StreamViewer) {}

  get userId(): string | undefined {
    return this.viewer.access?.user?.id;
  }

  abstract write(frames: Frames, subscription: Subscription, payload: string): void;
  abstract heartbeat(): void;
  abstract end(): void;
}

/** A WebSocket (`/api/v1/streaming`): any number of streams, subscribed to and left by the app's messages. */
export class WebSocketConnection extends Connection {
  private unansweredPings = 0;

  constructor(
    viewer: StreamViewer,
    private readonly socket: WebSocket,
    private readonly maxBufferedBytes: number,
  ) {
    super(viewer);
    socket.on('pong', () => (this.unansweredPings = 0));
  }

  /** An app's `{"type":"subscribe"|"unsubscribe","stream":…,"tag":…}`; anything else is ignored, as Mastodon does. */
  receive(type: string | undefined, stream: string | undefined, tag: string | undefined) {
    if (type === 'unsubscribe' && stream !== undefined) {
      this.subscriptions.delete(keyOf(stream, tag));
    } else if (type === 'subscribe') {
      this.subscribe(subscriptionOf(stream, tag, this.viewer.access));
    }
  }

  subscribe(subscription: Subscription | Refusal) {
    if (isRefusal(subscription)) return this.send(JSON.stringify(subscription));
    if (this.subscriptions.size >= maxSubscriptions && !this.subscriptions.has(subscription.key)) {
      const refusal: Refusal = {
        error: `At most ${maxSubscriptions} streams on one connection`,
        status: 400,
      };
      return this.send(JSON.stringify(refusal));
    }
    this.subscriptions.set(subscription.key, subscription);
  }

  write(frames: Frames, subscription: Subscription, payload: string) {
    this.send(frames.forWebSocket(subscription, payload));
  }

  /** A ping each beat; a connection that answered neither of the last two is gone (its network vanished). */
  heartbeat() {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.unansweredPings >= 2) return this.socket.terminate();
    this.unansweredPings += 1;
    this.socket.ping();
  }

  end() {
    this.socket.close();
  }

  /** Drops an app that does not read what it is sent, rather than growing our memory. */
  private send(frame: string) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(frame);
    if (this.socket.bufferedAmount > this.maxBufferedBytes) this.socket.terminate();
  }
}

/** A server-sent event stream (`/api/v1/streaming/user` and the others): one stream, named by its path. */
export class EventStreamConnection extends Connection {
  constructor(
    viewer: StreamViewer,
    subscription: Subscription,
    private readonly events: ServerSentEvents,
  ) {
    super(viewer);
    this.subscriptions.set(subscription.key, subscription);
  }

  write(frames: Frames, _subscription: Subscription, payload: string) {
    this.events.write(frames.forEventStream(payload));
  }

  heartbeat() {
    this.events.heartbeat();
  }

  end() {
    this.events.end();
  }
}

interface Delivery {
  connection: Connection;
  subscription: Subscription;
}

/** What a new or edited status reaches: home by the rule of `streamedStatus`, public and tag streams if a post. */
function reaches(subscription: Subscription, connection: Connection, status: streaming.StreamedStatus) {
  switch (subscription.delivers) {
    case 'home':
      return connection.userId !== undefined && status.home.has(connection.userId);
    case 'public':
      return status.isPost;
    case 'hashtag':
      return status.isPost && subscription.tag !== undefined && status.tags.has(subscription.tag);
    default:
      return false;
  }
}

/**
 * Every Mastodon streaming connection of this process, fed by the live hub:
 * - `post`, `comment` (a reply): `update`; `post-edited`, `comment-edited`: `status.update`; to the
 *   streams that show the status (see `reaches`), rendered once for all of them (use-cases/mastodon/streaming.ts);
 * - `post-deleted`, `comment-deleted`: `delete` with the id, to every stream that may have shown it
 *   (an app drops an id it does not hold): nothing to render;
 * - `notification`: the recipient's `user` (if its token reads notifications) and `user:notification`;
 * - `sessions-ended`, `tokens-revoked`: the connections of that person, or of those tokens, end.
 */
export class MastodonStreams implements LiveAudience {
  private readonly connections = new Set<Connection>();

  constructor(private readonly deps: Deps) {}

  add(connection: Connection) {
    this.connections.add(connection);
  }

  remove(connection: Connection) {
    this.connections.delete(connection);
  }

  render(message: LiveMessage): Promise<() => void> | undefined {
    if (this.connections.size === 0) return undefined;
    switch (message.type) {
      case 'post':
      case 'post-edited':
        return this.status(
          { kind: 'post', postId: message.postId },
          message.type === 'post' ? 'update' : 'status.update',
        );
      case 'comment':
      case 'comment-edited':
        return this.status(
          { kind: 'comment', postId: message.postId, commentId: message.commentId },
          message.type === 'comment' ? 'update' : 'status.update',
        );
      case 'post-deleted':
        return this.deleted(message.postId, ['home', 'public', 'hashtag']);
      case 'comment-deleted':
        return this.deleted(message.commentId, ['home']);
      case 'notification':
        return this.notification(message.userId, message.notificationId);
      case 'sessions-ended':
        return this.ending((connection) => connection.userId === message.userId);
      case 'tokens-revoked':
        return this.ending((connection) =>
          message.tokenIds.includes(connection.viewer.access?.tokenId ?? ''),
        );
      case 'counts':
        // Mastodon's streams carry no counts: apps read them with the statuses.
        return undefined;
    }
  }

  closeAll() {
    for (const connection of this.connections) connection.end();
  }

  heartbeat(): StreamReservation[] {
    const held: StreamReservation[] = [];
    for (const connection of this.connections) {
      connection.heartbeat();
      if (connection.viewer.reservation) held.push(connection.viewer.reservation);
    }
    return held;
  }

  private deliveries(wanted: (subscription: Subscription, connection: Connection) => boolean): Delivery[] {
    const found: Delivery[] = [];
    for (const connection of this.connections) {
      for (const subscription of connection.subscriptions.values()) {
        if (wanted(subscription, connection)) found.push({ connection, subscription });
      }
    }
    return found;
  }

  private status(status: streaming.StatusOfMessage, event: EventName) {
    const candidates = this.deliveries(
      (subscription) =>
        subscription.delivers === 'home' ||
        (status.kind === 'post' &&
          (subscription.delivers === 'public' || subscription.delivers === 'hashtag')),
    );
    if (candidates.length === 0) return undefined;
    const homeCandidates = distinct(
      candidates.flatMap(({ connection, subscription }) =>
        subscription.delivers === 'home' && connection.userId !== undefined ? [connection.userId] : [],
      ),
    );
    return (async () => {
      const streamed = await streaming.streamedStatus(this.deps, { status, homeCandidates });
      if (!streamed) return () => undefined;
      const reached = candidates.filter(({ connection, subscription }) =>
        reaches(subscription, connection, streamed),
      );
      const viewerIds = distinct(reached.flatMap(({ connection }) => connection.userId ?? []));
      const textFor = await streaming.statusTexts(this.deps, streamed, viewerIds);
      return () => {
        const frames = new Frames(event);
        for (const { connection, subscription } of reached) {
          const context = subscription.delivers === 'home' ? 'home' : 'public';
          const text = textFor(connection.userId, connection.viewer.uris, context);
          if (text !== undefined) connection.write(frames, subscription, text);
        }
      };
    })();
  }

  private deleted(statusId: string, from: readonly Delivers[]) {
    return Promise.resolve(() => {
      const frames = new Frames('delete');
      for (const { connection, subscription } of this.deliveries((subscription) =>
        from.includes(subscription.delivers),
      )) {
        connection.write(frames, subscription, statusId);
      }
    });
  }

  private notification(userId: string, notificationId: string) {
    const reached = this.deliveries(
      (subscription, connection) =>
        connection.userId === userId &&
        (subscription.delivers === 'notifications' || subscription.withNotifications),
    );
    if (reached.length === 0) return undefined;
    return (async () => {
      const textFor = await streaming.streamedNotification(this.deps, { viewerId: userId, notificationId });
      return () => {
        const frames = new Frames('notification');
        for (const { connection, subscription } of reached) {
          const text = textFor?.(connection.viewer.uris);
          if (text !== undefined) connection.write(frames, subscription, text);
        }
      };
    })();
  }

  /** Ends connections after everything that arrived before (what happened while their token was valid). */
  private ending(which: (connection: Connection) => boolean) {
    return Promise.resolve(() => {
      for (const connection of this.connections) if (which(connection)) connection.end();
    });
  }
}

const distinct = (ids: readonly string[]) => [...new Set(ids)];
