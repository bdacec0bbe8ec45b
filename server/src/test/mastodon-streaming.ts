import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createStreamingAPIClient, type mastodon } from 'masto';
import WebSocket from 'ws';

/** What arrived so far, and a wait for what is to come. */
export interface Received<T> {
  items: T[];
  /** The first item so far or to come that matches; throws after `timeoutMs`, or when the source ended. */
  waitFor(matches: (item: T) => boolean, what: string, timeoutMs?: number): Promise<T>;
}

/** A log that a reader fills (`add`) and ends (`end`), which tests wait on. */
export function receivedLog<T>(): Received<T> & { add(item: T): void; end(reason: string): void } {
  const items: T[] = [];
  const listeners = new Set<() => void>();
  let ended: string | undefined;
  const changed = () => listeners.forEach((listener) => listener());
  return {
    items,
    add(item) {
      items.push(item);
      changed();
    },
    end(reason) {
      ended = reason;
      changed();
    },
    waitFor(matches, what, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(matches);
          if (found !== undefined) finish(() => resolve(found));
          else if (ended !== undefined)
            finish(() => reject(new Error(`${what}: ended (${ended}) without it`)));
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new Error(`${what}: not within ${timeoutMs} ms; got ${JSON.stringify(items)}`)),
            ),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/**
 * ws's WebSocket that notes the messages it sends. Not Node's own (the browser's API): a test pings to
 * know the server has read what came before, and reads a refused upgrade's status, which that API hides.
 */
class RecordingWebSocket extends WebSocket {
  readonly sent: string[] = [];

  override send(data: unknown, ...rest: unknown[]) {
    this.sent.push(String(data));
    this.emit('sent');
    // @ts-expect-error ws's overloads take the same arguments it was given
    super.send(data, ...rest);
  }
}

/** A masto.js streaming client on one WebSocket, whose subscriptions a test awaits the server taking. */
export interface StreamingApp {
  client: mastodon.streaming.Client;
  /**
   * Starts reading a subscription, and resolves once the server has taken it: its `subscribe` message
   * went out, then a ping came back (the server reads a connection's frames in order).
   */
  subscribe(
    open: (client: mastodon.streaming.Client) => mastodon.streaming.Subscription,
  ): Promise<Received<mastodon.streaming.Event>>;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  close(): void;
}

export async function openStreamingApp(url: string, accessToken: string | undefined): Promise<StreamingApp> {
  const sockets: RecordingWebSocket[] = [];
  class Implementation extends RecordingWebSocket {
    constructor(...parameters: ConstructorParameters<typeof WebSocket>) {
      super(...parameters);
      sockets.push(this);
    }
  }
  const client = createStreamingAPIClient({
    streamingApiUrl: url.replace(/^http/, 'ws'),
    accessToken,
    implementation: Implementation,
    retry: false,
  });
  await client.prepare();
  const socket = sockets[0]!;
  return {
    client,
    closed: once(socket, 'close').then(() => undefined),
    async subscribe(open) {
      const sentBefore = socket.sent.length;
      const received = receivedLog<mastodon.streaming.Event>();
      void (async () => {
        try {
          for await (const event of open(client)) received.add(event);
          received.end('the subscription ended');
        } catch (error) {
          received.end(String(error));
        }
      })();
      while (socket.sent.length === sentBefore) await once(socket, 'sent');
      socket.ping();
      await once(socket, 'pong');
      return received;
    },
    close: () => client.close(),
  };
}

/**
 * A frame the WebSocket sends, as Mastodon's streaming server writes it: an event on a stream (its
 * payload JSON text, or a deleted status's id), or a refusal of a message. Each names the other's
 * fields as absent, so a test reads `frame.event` or `frame.error` on any frame.
 */
export type StreamingFrame =
  | { stream: string[]; event: string; payload: string; error?: never; status?: never }
  | { error: string; status: number; stream?: never; event?: never; payload?: never };

/** A raw WebSocket to `/api/v1/streaming` and the frames it receives, as JSON. */
export async function openRawSocket(
  url: string,
  options: { query?: Record<string, string>; protocols?: string[] } = {},
): Promise<{ socket: WebSocket; frames: Received<StreamingFrame> } | { refused: number }> {
  const address = new URL('/api/v1/streaming', url.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(options.query ?? {})) address.searchParams.set(name, value);
  const socket = new WebSocket(address, options.protocols);
  const frames = receivedLog<StreamingFrame>();
  socket.on('message', (data) => frames.add(JSON.parse(String(data))));
  socket.on('close', () => frames.end('the connection closed'));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/**
 * A server-sent event stream of the Mastodon streaming API, read as it arrives (with node:http: a fetch
 * that is aborted leaves Node's fetch opening a connection it never uses, which holds a server's close).
 */
export async function openEventStream(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: IncomingHttpHeaders;
  text: Received<string>;
  events: Received<{ event: string; data: string }>;
  /** Resolves when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}> {
  const text = receivedLog<string>();
  const events = receivedLog<{ event: string; data: string }>();
  const request = http.get(url + path, { headers });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // Closing it here, or the server ending it abruptly, is how it ends: not an error of the test.
  request.on('error', () => undefined);
  response.on('error', () => undefined);
  response.setEncoding('utf8');
  let pending = '';
  response.on('data', (part: string) => {
    text.add(part);
    pending += part;
    let end: number;
    while ((end = pending.indexOf('\n\n')) !== -1) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const event = field('event');
      if (event !== undefined) events.add({ event, data: field('data') ?? '' });
    }
  });
  const ended = new Promise<void>((resolve) =>
    response.once('close', () => {
      events.end('the stream ended');
      resolve();
    }),
  );
  return {
    ended,
    status: response.statusCode ?? 0,
    headers: response.headers,
    text,
    events,
    close: () => request.destroy(),
  };
}
