import type { ErrorBody } from '@sync/contract';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { eventually } from '../../test/wait.js';

/** Opens a TCP connection to the server; resolves once connected. */
function connect(server: TestServer): Promise<net.Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves with the milliseconds from now until the server closes the socket, and what it sent. */
function closedAfter(socket: net.Socket): Promise<{ ms: number; received: string }> {
  const start = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  socket.on('error', () => undefined);
  return new Promise((resolve) =>
    socket.on('close', () => resolve({ ms: Math.round(performance.now() - start), received })),
  );
}

describeEachDatabase('slow clients', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, {
      env: {
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '3000',
        LINGERING_TIMEOUT_MS: '500',
        MAX_CONNECTIONS_PER_IP: '0',
      },
    });
  });
  afterAll(() => server.close());

  it('cuts off 200 clients trickling a request body, and keeps serving others meanwhile', async () => {
    const body = JSON.stringify({
      username: 'slow.client',
      password: 'password123',
      firstName: 'S',
      lastName: 'C',
    });
    const sockets = await Promise.all(Array.from({ length: 200 }, () => connect(server)));
    const closed = sockets.map((socket) => closedAfter(socket));
    for (const socket of sockets) {
      socket.write(
        `POST /api/auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
    }
    let sent = 0;
    // Real time on purpose: a byte every 250 ms is the slow client, and Node's own socket timers (not the
    // app's clock) cut it off.
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(body[sent % body.length]!);
      sent += 1;
    }, 250);
    try {
      expect((await server.request('GET', '/api/health')).status).toBe(200);
      const results = await Promise.all(closed);
      // REQUEST_TIMEOUT_MS (3 s) plus Node's check every second, measured from the first byte; the upper
      // bound leaves room for a loaded CI machine while still telling a cut from a hang.
      for (const { ms, received } of results) {
        expect(ms).toBeGreaterThanOrEqual(2900);
        expect(ms).toBeLessThan(9000);
        expect(received).toMatch(/^HTTP\/1\.1 408 /);
      }
    } finally {
      clearInterval(trickle);
    }
    expect((await server.request('GET', '/api/users/slow.client')).status).toBe(404);
  });

  it('cuts off a client that trickles its headers', async () => {
    const socket = await connect(server);
    const closed = closedAfter(socket);
    socket.write('GET /api/posts HTTP/1.1\r\n');
    // Real time on purpose, as above: Node's headers timer cuts this client off.
    const trickle = setInterval(() => !socket.destroyed && socket.write('X-Slow: 1\r\n'), 200);
    try {
      // HEADERS_TIMEOUT_MS (1 s) plus Node's check every second: before the request time-out (3 s).
      const { ms } = await closed;
      expect(ms).toBeLessThan(2900);
    } finally {
      clearInterval(trickle);
    }
  });

  /** An upload the server refuses before reading it (no token), declaring `length` bytes of body. */
  const refusedUpload = (length: number) =>
    `POST /api/media HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
    `Content-Length: ${length}\r\n\r\n`;

  it('reads the rest of a body its answer came before, then serves the next request on the connection', async () => {
    const socket = await connect(server);
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    const length = 256 * 1024;
    socket.write(refusedUpload(length) + 'x'.repeat(length));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await eventually(() => (/HTTP\/1\.1 200 /.test(received) ? true : undefined), {
      what: 'the second request answered on the same connection',
    });
    expect(received).toMatch(/^HTTP\/1\.1 401 [\s\S]*HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it('lets go of a client that pauses in the rest of a body its answer came before', async () => {
    const socket = await connect(server);
    const closed = closedAfter(socket);
    socket.write(refusedUpload(1024 * 1024) + 'x'.repeat(1024));
    const { ms, received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    // LINGERING_TIMEOUT_MS (0.5 s) after the last byte, well before the request timeout (3 s).
    expect(ms).toBeLessThan(2900);
  });
});

describeEachDatabase('connection caps', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  const start = async (env: Record<string, string>) => {
    const server = await startServer(dialect, { env });
    servers.push(server);
    return server;
  };

  /** A request on a fresh connection of its own, so the caps see it as one more. */
  const freshRequest = <Answer>(server: TestServer) =>
    server.request<Answer>('GET', '/api/posts?limit=1', { headers: { connection: 'close' } });

  it('answers 503 with a readable reason to a connection over the per-IP cap, and serves again once one closes', async () => {
    const server = await start({ MAX_CONNECTIONS_PER_IP: '3' });
    const held = await Promise.all([connect(server), connect(server), connect(server)]);
    const refused = await freshRequest(server);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      errors: ['Too many open connections from your address (at most 3). Close some and try again.'],
    });
    held[0]!.destroy();
    await eventually(async () => ((await freshRequest(server)).status === 200 ? true : undefined), {
      what: 'a connection to be served after one closed',
    });
    for (const socket of held) socket.destroy();
  });

  it('caps connections in total, proxies included', async () => {
    const server = await start({ MAX_CONNECTIONS: '3', TRUST_PROXY: '127.0.0.1' });
    const held = await Promise.all([connect(server), connect(server), connect(server)]);
    const refused = await freshRequest<ErrorBody>(server);
    expect(refused.status).toBe(503);
    expect(refused.body.errors[0]).toBe(
      'The server has too many open connections right now. Try again in a few seconds.',
    );
    for (const socket of held) socket.destroy();
  });

  it('does not cap a trusted proxy per address: it carries many clients', async () => {
    const server = await start({ MAX_CONNECTIONS_PER_IP: '3', TRUST_PROXY: '127.0.0.1' });
    const held = await Promise.all([connect(server), connect(server), connect(server)]);
    expect((await freshRequest(server)).status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
