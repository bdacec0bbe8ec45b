// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEventParser,
  openEventStream,
  type EventStream,
  type EventStreamOptions,
  type StreamEvent,
  type StreamState,
} from './event-stream';

/** A real HTTP server; each test says how the n-th request (0-based) is answered. */
type Handler = (req: IncomingMessage, res: ServerResponse, attempt: number) => void | Promise<void>;

let server: Server;
let url: string;
let handler: Handler;
let requests: IncomingMessage[];
let stream: EventStream | undefined;

beforeEach(async () => {
  requests = [];
  server = createServer((req, res) => {
    requests.push(req);
    req.socket.setNoDelay(true);
    void handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`;
});

afterEach(async () => {
  stream?.close();
  stream = undefined;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function startStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write(': open\n\n');
}

/** Writes each piece as its own chunk, pausing between them so they reach the client apart. */
async function writeApart(res: ServerResponse, pieces: string[]) {
  for (const piece of pieces) {
    res.write(piece);
    await tick();
  }
}

function open(overrides: Partial<EventStreamOptions> = {}) {
  const events: StreamEvent[] = [];
  const states: StreamState[] = [];
  const waits: number[] = [];
  const unauthorized = vi.fn();
  stream = openEventStream({
    url,
    headers: () => ({ authorization: 'token-1' }),
    onEvent: (event) => events.push(event),
    onStateChange: (state, retryInMs) => {
      states.push(state);
      if (retryInMs !== undefined) waits.push(retryInMs);
    },
    onUnauthorized: unauthorized,
    initialDelayMs: 10,
    maxDelayMs: 40,
    tooManyDelayMs: 30,
    ...overrides,
  });
  return { events, states, waits, unauthorized };
}

describe('createEventParser', () => {
  const frames =
    ': heartbeat\r\nid: 7\r\nevent: post\r\ndata: {"a":1}\r\n\r\n' +
    'event: counts\ndata: line one\ndata: line two\n\n' +
    'id: 9\revent: reset\rdata: {}\r\r' +
    'retry: 5000\nunknown: x\ndata:no space\n\n';
  const expected: StreamEvent[] = [
    { id: '7', event: 'post', data: '{"a":1}' },
    { id: '7', event: 'counts', data: 'line one\nline two' },
    { id: '9', event: 'reset', data: '{}' },
    { id: '9', event: 'message', data: 'no space' },
  ];

  it('reads every kind of line ending, joins data lines, keeps the id, skips comments and unknown fields', () => {
    const events: StreamEvent[] = [];
    const parser = createEventParser((event) => events.push(event));
    parser.push(frames);
    expect(events).toEqual(expected);
    expect(parser.lastEventId).toBe('9');
  });

  it('gives the same events wherever the text is cut in two, CRLF included', () => {
    for (let cut = 0; cut <= frames.length; cut++) {
      const events: StreamEvent[] = [];
      const parser = createEventParser((event) => events.push(event));
      parser.push(frames.slice(0, cut));
      parser.push(frames.slice(cut));
      expect(events, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('dispatches an event with a name and no data; an empty block dispatches nothing', () => {
    const events: StreamEvent[] = [];
    const parser = createEventParser((event) => events.push(event), '3');
    parser.push('\n\nevent: reset\n\n');
    expect(events).toEqual([{ id: '3', event: 'reset', data: '' }]);
  });
});

describe('openEventStream against a real HTTP server', () => {
  it('sends the authorization header and reads events whose chunks split lines and events', async () => {
    handler = async (_req, res) => {
      startStream(res);
      await writeApart(res, [
        'id: 1\nevent: po',
        'st\ndata: {"post":',
        '{"_id":"p1"}}\n',
        '\nid: 2\n',
        ': heartbeat\n\n',
        'event: counts\ndata: {"postId":"p1","likeCount":3,"commentCount":0}\n\n',
      ]);
    };
    const { events, states } = open();
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { id: '1', event: 'post', data: '{"post":{"_id":"p1"}}' },
      { id: '2', event: 'counts', data: '{"postId":"p1","likeCount":3,"commentCount":0}' },
    ]);
    expect(requests[0]!.headers.authorization).toBe('token-1');
    expect(requests[0]!.headers.accept).toBe('text/event-stream');
    expect(requests[0]!.headers['last-event-id']).toBeUndefined();
    expect(states).toEqual(['connecting', 'open']);
    expect(stream!.lastEventId).toBe('2');
  });

  it('heartbeats keep a quiet stream open past the idle timeout', async () => {
    handler = async (_req, res, attempt) => {
      startStream(res);
      if (attempt > 0) return;
      for (let i = 0; i < 12; i++) {
        res.write(': heartbeat\n\n');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    const { events } = open({ idleTimeoutMs: 1_000 });
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(requests).toHaveLength(1);
  });

  it('a connection dropped mid-event reconnects with Last-Event-ID and gets the rest once', async () => {
    handler = async (req, res, attempt) => {
      startStream(res);
      if (attempt === 0) {
        await writeApart(res, [
          'id: 1\nevent: post\ndata: {"n":1}\n\n',
          'id: 2\nevent: post\ndata: {"n":2}\n\n',
        ]);
        res.write('id: 3\nevent: post\ndata: {"n"');
        await tick();
        res.destroy();
        return;
      }
      // What the server holds after the id it was given.
      const after = Number(req.headers['last-event-id']);
      for (let n = after + 1; n <= 4; n++) res.write(`id: ${n}\nevent: post\ndata: {"n":${n}}\n\n`);
    };
    const { events, states } = open();
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events.map((event) => event.data)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}']);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['last-event-id']).toBe('2');
    expect(requests[1]!.headers.authorization).toBe('token-1');
    expect(states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
  });

  it('a connection with no byte for the idle timeout is replaced', async () => {
    handler = (_req, res, attempt) => {
      startStream(res);
      res.write(`id: ${attempt + 1}\nevent: post\ndata: {}\n\n`);
    };
    const { events } = open({ idleTimeoutMs: 200 });
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(requests[1]!.headers['last-event-id']).toBe('1');
  });

  it('a server that takes the request and never answers is asked again', async () => {
    handler = (_req, res, attempt) => {
      if (attempt === 0) return;
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    const { events } = open({ idleTimeoutMs: 200 });
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(requests).toHaveLength(2);
  });

  it('5xx answers and refused connections are retried until the server answers', async () => {
    handler = (_req, res, attempt) => {
      if (attempt < 2) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"errors":["Live updates are paused"]}');
        return;
      }
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    const { events, states } = open();
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(requests).toHaveLength(3);
    expect(states).toEqual(['connecting', 'waiting', 'connecting', 'waiting', 'connecting', 'open']);
  });

  it('waits double up to the ceiling, and start again from the first after a stream stayed open long enough', async () => {
    handler = async (_req, res, attempt) => {
      if (attempt < 4) {
        res.writeHead(503);
        res.end();
        return;
      }
      startStream(res);
      if (attempt === 4) {
        // Healthy: open for longer than healthyAfterMs.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        res.end();
      } else if (attempt === 5) {
        res.end();
      }
    };
    // The jitter at its top: each wait is the whole ceiling.
    const { waits } = open({ random: () => 1, healthyAfterMs: 1_000 });
    await vi.waitFor(() => expect(requests).toHaveLength(7), { timeout: 5_000 });
    // Four failures, a healthy stream, one that ended at once.
    expect(waits).toEqual([10, 20, 40, 40, 10, 20]);
  });

  it('a server that is down is asked again after it comes back', async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const { events, states } = open();
    await vi.waitFor(() => expect(states.filter((s) => s === 'waiting').length).toBeGreaterThanOrEqual(2));
    handler = (_req, res) => {
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
  });

  it('retryNow() cuts a long wait short once the server is back; it does nothing while the stream is open', async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const { events, states } = open({ initialDelayMs: 60_000, maxDelayMs: 60_000 });
    await vi.waitFor(() => expect(states).toContain('waiting'));
    handler = (_req, res) => {
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    stream!.retryNow();
    await vi.waitFor(() => expect(events).toHaveLength(1));
    stream!.retryNow();
    await tick();
    expect(requests).toHaveLength(1);
  });

  it('429 waits (Retry-After when given) and asks again', async () => {
    handler = (_req, res, attempt) => {
      if (attempt === 0) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0.05' });
        res.end('{"errors":["You already have 5 live update streams open"]}');
        return;
      }
      if (attempt === 1) {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end('{"errors":["You already have 5 live update streams open"]}');
        return;
      }
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    const { events, states, waits } = open({ random: () => 0 });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(requests).toHaveLength(3);
    expect(states.at(-1)).toBe('open');
    // Retry-After when given, else the long wait; never the short backoff of a failure.
    expect(waits).toEqual([50, 30]);
  });

  it('404 stops quietly: no event, no second request', async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"errors":["Route GET:/api/events not found"]}');
    };
    const { events, states, unauthorized } = open();
    await vi.waitFor(() => expect(states).toContain('unavailable'));
    // Longer than every backoff the test's settings allow: a retry would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(1);
    expect(events).toEqual([]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('an answer that is not an event stream is treated like a server without events', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html>');
    };
    const { states } = open();
    await vi.waitFor(() => expect(states).toContain('unavailable'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(1);
  });

  it('401 ends the session once and stops', async () => {
    handler = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"errors":["Your session has expired"]}');
    };
    const { states, unauthorized } = open();
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(1);
    expect(states).toEqual(['connecting', 'refused']);
  });

  it('close() ends the connection and nothing is dispatched after it', async () => {
    let serverSawClose = false;
    handler = async (req, res) => {
      req.on('close', () => {
        serverSawClose = true;
      });
      startStream(res);
      res.write('id: 1\nevent: post\ndata: {}\n\n');
    };
    const { events, states } = open();
    await vi.waitFor(() => expect(events).toHaveLength(1));
    stream!.close();
    await vi.waitFor(() => expect(serverSawClose).toBe(true));
    expect(states.at(-1)).toBe('closed');
    expect(requests).toHaveLength(1);
  });

  it('resumes after the id it was opened with', async () => {
    handler = (req, res) => {
      startStream(res);
      res.write(`id: ${Number(req.headers['last-event-id']) + 1}\nevent: post\ndata: {}\n\n`);
    };
    const { events } = open({ lastEventId: '41' });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(requests[0]!.headers['last-event-id']).toBe('41');
    expect(events[0]!.id).toBe('42');
  });
});
