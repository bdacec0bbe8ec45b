import type { LiveEventName, LiveEvents } from '@sync/contract';

/** An event as received: its name and the JSON of its data, as the contract's LiveEvents has it. */
export type ReceivedEvent = {
  [Name in LiveEventName]: { id: string | undefined; event: Name; data: LiveEvents[Name] };
}[LiveEventName];

/** Every event the stream sends (the contract's LiveEvents, each named once, so none is left out). */
const liveEventNames: Record<LiveEventName, true> = {
  post: true,
  notification: true,
  counts: true,
  reset: true,
};
const isLiveEventName = (name: string | undefined): name is LiveEventName =>
  name !== undefined && Object.hasOwn(liveEventNames, name);

/** The data of the events of one name, in order. */
export const dataOf = <Name extends LiveEventName>(events: ReceivedEvent[], name: Name): LiveEvents[Name][] =>
  events.flatMap((received) => (isNamed(received, name) ? [received.data] : []));

/** Whether a received event is the one named: its data is then that event's. */
const isNamed = <Name extends LiveEventName>(
  received: ReceivedEvent,
  name: Name,
): received is ReceivedEvent & { event: Name; data: LiveEvents[Name] } => received.event === name;

export interface EventStreamClient {
  status: number;
  /** The error answer when the stream was refused. */
  refusal: { errors: string[] } | undefined;
  headers: Headers;
  /** Every event so far, in order. */
  events: ReceivedEvent[];
  /** Heartbeat comment lines received so far. */
  heartbeats: number;
  /** The id of the last event with one, as a browser would send it in `Last-Event-ID`. */
  lastEventId: string | undefined;
  /** Resolves when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  /** The first event so far or to come that matches; throws after `timeoutMs`. */
  waitFor<Name extends LiveEventName>(
    event: Name,
    matches?: (data: LiveEvents[Name]) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<{ id: string | undefined; data: LiveEvents[Name] }>;
  close(): void;
}

/**
 * Opens `GET /api/events` the way the web client does (fetch with the authorization header) and
 * parses the `text/event-stream` as it arrives: `id:`, `event:` and `data:` lines, a blank line ending
 * each event, comment lines skipped.
 */
export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  options: {
    lastEventId?: string | undefined;
    /** Called with each event as it is parsed (the bench times deliveries with it). */
    onEvent?: (event: ReceivedEvent) => void;
    /** False: events are only handed to `onEvent`, not kept (thousands of streams in one process). */
    keepEvents?: boolean;
  } = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const listeners = new Set<() => void>();
  let finished = false;

  const client: EventStreamClient = {
    status: response.status,
    refusal: undefined,
    headers: response.headers,
    events,
    heartbeats: 0,
    lastEventId: undefined,
    ended: Promise.resolve(),
    waitFor(event, matches = () => true, { timeoutMs = 10_000 } = {}) {
      const find = () =>
        events.find(
          (received): received is ReceivedEvent & { event: typeof event; data: LiveEvents[typeof event] } =>
            isNamed(received, event) && matches(received.data),
        );
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found) {
            cleanup();
            resolve(found);
          } else if (finished) {
            cleanup();
            reject(new Error(`the stream ended before a matching "${event}" event; got ${describe(events)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching "${event}" event within ${timeoutMs} ms; got ${describe(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (!response.ok) {
    client.refusal = await response.json();
    return client;
  }

  const notify = () => listeners.forEach((listener) => listener());
  client.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    let pending: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            const name = pending.event;
            // An event the contract does not name has no type to read it by: the stream sends none.
            if (pending.data.length > 0 && isLiveEventName(name)) {
              const received: ReceivedEvent = {
                id: pending.id,
                event: name,
                data: JSON.parse(pending.data.join('\n')),
              };
              if (options.keepEvents !== false) events.push(received);
              options.onEvent?.(received);
              if (received.id !== undefined) client.lastEventId = received.id;
              notify();
            }
            pending = { data: [] };
            continue;
          }
          if (line.startsWith(':')) {
            if (line === ':') client.heartbeats += 1;
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') pending.id = value;
          else if (field === 'event') pending.event = value;
          else if (field === 'data') pending.data.push(value);
        }
      }
    } catch {
      // Aborted here, or the connection was cut: the stream has ended either way.
    } finally {
      finished = true;
      notify();
    }
  })();
  return client;
}

function describe(events: readonly ReceivedEvent[]): string {
  return events.length === 0 ? 'no events' : events.map((received) => received.event).join(', ');
}
