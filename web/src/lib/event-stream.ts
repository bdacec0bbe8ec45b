/**
 * A server-sent events stream read with `fetch` (EventSource cannot send the authorization header):
 * a `text/event-stream` parser, reconnection with exponential backoff and jitter, and resumption with
 * `Last-Event-ID`. Framework-free: the live feature decides what the events mean.
 */

export type StreamEvent = { id: string | undefined; event: string; data: string };

/**
 * Where the stream stands. `unavailable`: the server has no events (404) and is not asked again;
 * `refused`: the session was refused (401); `closed`: closed by its owner.
 */
export type StreamState = 'connecting' | 'open' | 'waiting' | 'unavailable' | 'refused' | 'closed';

export type EventStreamOptions = {
  url: string;
  /** The headers of each attempt (the session's authorization), read afresh each time. */
  headers: () => Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  /** The server refused the session: the stream stops, the owner ends the session. */
  onUnauthorized?: () => void;
  /** With `waiting`, how long until the next attempt. */
  onStateChange?: (state: StreamState, retryInMs?: number) => void;
  /** The id to resume after, from a stream this one replaces. */
  lastEventId?: string;
  /** First wait after a failure; doubles up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A stream that stayed open this long starts the next backoff from `initialDelayMs` again. */
  healthyAfterMs?: number;
  /** The wait after a 429 (too many streams) when the server gives no Retry-After. */
  tooManyDelayMs?: number;
  /** With no byte (not even a heartbeat) for this long the connection is presumed dead. */
  idleTimeoutMs?: number;
  random?: () => number;
};

export type EventStream = {
  close(): void;
  /**
   * While waiting to reconnect, tries now: the server was just seen answering (the app's own request,
   * the browser back online), so the rest of the backoff would only keep the tab behind.
   */
  retryNow(): void;
  readonly lastEventId: string | undefined;
};

const DEFAULTS = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
  tooManyDelayMs: 5 * 60_000,
  // Heartbeats come every 25 s: two missed ones and a margin.
  idleTimeoutMs: 60_000,
};

/**
 * The `text/event-stream` parser of the HTML standard: lines end with CRLF, LF or CR; `data` lines
 * join with LF; `id` persists across events and counts once its event has ended; comments (heartbeats) and unknown fields are ignored.
 * Unlike EventSource it also dispatches an event that has a name but no data line.
 */
export function createEventParser(onEvent: (event: StreamEvent) => void, lastEventId?: string) {
  let buffer = '';
  let pendingCR = false;
  let lastId = lastEventId;
  // An id takes effect when its event ends: one cut off mid-event is not resumed after.
  let id = lastEventId;
  let event = '';
  let data: string[] = [];

  function line(text: string) {
    if (text === '') {
      lastId = id;
      if (data.length > 0 || event !== '') {
        onEvent({ id, event: event || 'message', data: data.join('\n') });
      }
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string) {
      let text = chunk;
      // A CR that ended the last chunk already ended its line; an LF right after it is part of it.
      if (pendingCR && text.startsWith('\n')) text = text.slice(1);
      pendingCR = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i));
        if (char === '\r') {
          if (i + 1 === buffer.length) pendingCR = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return lastId;
    },
  };
}

/** Seconds or an HTTP date, as Retry-After allows; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Opens the stream and keeps it open (reconnecting) until `close()`, a 404 or a 401. */
export function openEventStream(options: EventStreamOptions): EventStream {
  const settings = { ...DEFAULTS, ...options };
  const random = options.random ?? Math.random;
  let lastEventId = options.lastEventId;
  let failures = 0;
  let closed = false;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;

  const setState = (state: StreamState, retryInMs?: number) => options.onStateChange?.(state, retryInMs);

  /** Exponential, with jitter so that many clients dropped at once do not come back at once. */
  function backoffMs() {
    const ceiling = Math.min(settings.maxDelayMs, settings.initialDelayMs * 2 ** failures);
    failures++;
    return ceiling / 2 + random() * (ceiling / 2);
  }

  function retryIn(ms: number) {
    if (closed) return;
    waiting = true;
    setState('waiting', ms);
    retryTimer = setTimeout(() => void connect(), ms);
  }

  async function read(body: ReadableStream<BufferSource>, onBytes: () => void) {
    const parser = createEventParser((event) => {
      if (!closed) options.onEvent(event);
    }, lastEventId);
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        onBytes();
        parser.push(value);
        lastEventId = parser.lastEventId;
      }
    } finally {
      lastEventId = parser.lastEventId;
    }
  }

  /** One attempt: the request, then the stream until it ends; what comes next depends on how. */
  async function attempt(abort: AbortController, armIdle: () => void) {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers() };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    let response: Response;
    try {
      response = await fetch(settings.url, { headers, signal: abort.signal, cache: 'no-store' });
    } catch {
      return retryIn(backoffMs());
    }
    if (closed) return;
    const body = response.body;
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
    if (!response.ok || !isStream || !body) void body?.cancel();
    if (response.status === 404 || (response.ok && !isStream)) {
      // No events here (a server without them, or an old one's fallback page): work without.
      return setState('unavailable');
    }
    if (response.status === 401) {
      setState('refused');
      return options.onUnauthorized?.();
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? settings.tooManyDelayMs;
      return retryIn(wait * (1 + random() / 2));
    }
    if (!response.ok || !body) return retryIn(backoffMs());

    const openedAt = Date.now();
    setState('open');
    try {
      await read(body, armIdle);
    } catch {
      // A dropped connection, an idle timeout or our own close: all end the same way below.
    }
    if (closed) return;
    if (Date.now() - openedAt >= settings.healthyAfterMs) failures = 0;
    retryIn(backoffMs());
  }

  async function connect() {
    waiting = false;
    if (closed) return;
    const abort = new AbortController();
    controller = abort;
    setState('connecting');
    // A server that accepts and then says nothing (a hung proxy) is given up on like a silent stream.
    let idle: ReturnType<typeof setTimeout> | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => abort.abort(), settings.idleTimeoutMs);
    };
    armIdle();
    try {
      await attempt(abort, armIdle);
    } finally {
      clearTimeout(idle);
    }
  }

  void connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      controller?.abort();
      setState('closed');
    },
    retryNow() {
      if (!waiting) return;
      clearTimeout(retryTimer);
      void connect();
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
