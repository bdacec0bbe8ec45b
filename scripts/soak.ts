/**
 * Soak run (not a unit test): mixed reads and writes from many connections against the production
 * server for a while, reporting errors, client time-outs, requests shed under load (503 with the
 * overload message: the server refusing work it cannot do in time, not a failure), p99 latency over
 * time and the server's memory.
 *
 *   npm run soak -- [--connections 200] [--minutes 5] [--window-seconds 30]
 *
 * SOAK_LOG=file also writes the server's request log there and the timed-out requests to file.timeouts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config.js';
import { overloadMessage } from '../server/src/platform/http/overload.js';
import { buildCompiledServer, spawnServer } from '../server/src/test/server-process.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
    'window-seconds': { type: 'string', default: '30' },
  },
});
const connections = Number(values.connections);
const windowSeconds = Number(values['window-seconds']);
const windows = Math.max(1, Math.round((Number(values.minutes) * 60) / windowSeconds));

const production = loadConfig({});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-soak-'));
buildCompiledServer();
const server = await spawnServer({
  DATA_DIR: dataDir,
  // The load generator stands where a proxy would: one address carrying many clients' connections.
  TRUST_PROXY: '127.0.0.1',
  // Load shedding and admission control as in production (tests turn them off), or as set to try.
  MAX_EVENT_LOOP_DELAY_MS:
    process.env.MAX_EVENT_LOOP_DELAY_MS ?? String(production.connections.maxEventLoopDelayMs),
  MAX_IN_FLIGHT: process.env.MAX_IN_FLIGHT ?? String(production.admission.maxInFlight),
  MAX_TICK_WORK_MS: process.env.MAX_TICK_WORK_MS ?? String(production.admission.maxTickWorkMs),
  ...(process.env.SOAK_LOG ? { LOG_LEVEL: 'info' } : {}),
});
const pid = server.child.pid!;
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function api(method: string, urlPath: string, body?: unknown, token?: string) {
  const response = await fetch(server.url + urlPath, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { encodedToken?: string; posts?: { _id: string }[] };
}

// Twenty writers; each connection writes as one of them.
const tokens: string[] = [];
for (let i = 0; i < 20; i++) {
  const reply = await api('POST', '/api/auth/signup', {
    username: `soak${i}`,
    password: 'password123',
    firstName: 'Soak',
    lastName: `Writer ${i}`,
  });
  tokens.push(reply.encodedToken!);
}
const seedPostIds = (await api('GET', '/api/posts')).posts!.map((post) => post._id);

let shedInWindow = 0;
const countShed = (status: number, body: string) => {
  if (status === 503 && body.includes(overloadMessage)) shedInWindow += 1;
};

/** What each connection sends in turn, as one of the writers. */
const mixedRequests = (token: string) => {
  const headers = { authorization: token, 'content-type': 'application/json' };
  const requests = [
    { method: 'GET' as const, path: '/api/posts?limit=20', headers },
    { method: 'GET' as const, path: '/api/posts?limit=20&sort=trending', headers },
    {
      method: 'POST' as const,
      path: '/api/posts?return=post',
      headers,
      body: JSON.stringify({ postData: { content: 'Soaking Sync for a while.' } }),
    },
    { method: 'GET' as const, path: `/api/comments/${seedPostIds[0]}?limit=20`, headers },
    {
      method: 'POST' as const,
      path: `/api/comments/add/${seedPostIds[1]}?return=post`,
      headers,
      body: JSON.stringify({ commentData: { text: 'Still here.' } }),
    },
    { method: 'GET' as const, path: '/api/users/maya.chen', headers },
  ];
  return requests.map((request) => ({ ...request, onResponse: countShed }));
};

/** With SOAK_LOG: each timed-out request, to be matched with the server's log by port and time. */
const timedOut: string[] = [];
/** What autocannon's client also has: its type declarations list three of its events and not its socket. */
interface ClientInternals {
  on(event: 'request' | 'timeout', listener: () => void): unknown;
  conn: { localPort?: number };
}
function recordTimeouts(autocannonClient: autocannon.Client) {
  const client = autocannonClient as unknown as ClientInternals;
  // autocannon reconnects and sends its next request before it reports a time-out: keep two.
  let previous = { localPort: 0, sentAt: 0, nth: 0 };
  let latest = previous;
  let sent = 0;
  client.on('request', () => {
    previous = latest;
    // localPort 0: the request was written before its connection was established.
    latest = { localPort: client.conn.localPort ?? 0, sentAt: Date.now(), nth: ++sent };
  });
  client.on('timeout', () => timedOut.push(JSON.stringify({ ...previous, timedOutAt: Date.now() })));
}

let connection = 0;
const rows: string[] = [];
let totalErrors = 0;
let totalTimeouts = 0;
let totalShed = 0;
const startRss = rssMb();
console.log(
  `Soak: ${connections} connections, ${windows} × ${windowSeconds} s, server RSS at start ${startRss.toFixed(0)} MB`,
);

// The load generator shares the machine: a stall of its own event loop shows up as client time-outs
// that the server never saw, so its longest stall is reported beside them.
const generatorLag = monitorEventLoopDelay({ resolution: 20 });
generatorLag.enable();

for (let window = 1; window <= windows; window++) {
  let peakRss = 0;
  generatorLag.reset();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 500);
  shedInWindow = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: windowSeconds,
    setupClient: (client) => {
      client.setRequests(mixedRequests(tokens[connection++ % tokens.length]!));
      recordTimeouts(client);
    },
  });
  clearInterval(sampler);
  // autocannon counts a time-out as an error too.
  const errors = result.errors - result.timeouts + result.non2xx - shedInWindow;
  if (errors || result.timeouts) {
    const { errors: failed, timeouts, non2xx, resets, mismatches } = result;
    console.log(
      `errors: ${JSON.stringify({ failed, timeouts, non2xx, shed: shedInWindow, resets, mismatches, codes: result.statusCodeStats })}`,
    );
  }
  totalErrors += errors;
  totalTimeouts += result.timeouts;
  totalShed += shedInWindow;
  rows.push(
    `| ${window} | ${Math.round(result.requests.average)} | ${Math.round((result.requests.total - shedInWindow) / windowSeconds)} | ${result.latency.p50} | ${result.latency.p99} | ${shedInWindow} | ${errors} | ${result.timeouts} | ${Math.round(generatorLag.max / 1e6)} | ${peakRss.toFixed(0)} |`,
  );
  console.log(rows.at(-1));
}

const endRss = rssMb();
server.child.kill('SIGTERM');
await server.exited;
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`
| window (${windowSeconds} s) | answers/s | served/s | p50 ms | p99 ms | shed (503) | errors | time-outs | generator stall ms | peak RSS MB |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Errors: ${totalErrors}, client time-outs: ${totalTimeouts} (both must be 0); shed under load: ${totalShed}.
Server RSS: ${startRss.toFixed(0)} MB at start, ${endRss.toFixed(0)} MB at end.`);
process.exitCode = totalErrors === 0 && totalTimeouts === 0 ? 0 : 1;
if (process.env.SOAK_LOG) {
  fs.writeFileSync(process.env.SOAK_LOG, server.output());
  fs.writeFileSync(process.env.SOAK_LOG + '.timeouts', timedOut.join('\n'));
}
