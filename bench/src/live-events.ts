/**
 * npm run bench:events -w bench -- [--streams 1000] [--duration 30] [--interval 100] [--workers 1]
 *   [--database-url postgres://...] [--port 3911]
 *
 * N open `GET /api/events` streams (5 per user, every user following one author) while the author
 * posts every `interval` ms: how long each post takes from the moment it is sent to each stream
 * (p50/p99/max), whether every stream got every post, and the server's RSS with the streams idle and
 * under the fan-out (summed over the workers). The server as `npm start` runs it, on a fresh database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  openEventStream,
  type EventStreamClient,
  type ReceivedEvent,
} from '../../server/src/test/event-stream-client.js';
import { prepareEmptyDatabase, type DatabaseTarget } from './database-target.js';
import { RssSampler, startSyncServer } from './server-process.js';

const benchDir = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    interval: { type: 'string', default: '100' },
    workers: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    port: { type: 'string', default: '3911' },
  },
});
const streamCount = Number(values.streams);
const durationMs = Number(values.duration) * 1000;
const intervalMs = Number(values.interval);
/** The server's cap per user (EVENTS_MAX_STREAMS_PER_USER). */
const streamsPerUser = 5;
const marker = 'live-bench sent at ';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-live-bench-'));
const target: DatabaseTarget = { databaseUrl: values['database-url'], dataDir };
await prepareEmptyDatabase(target, { force: true });
const server = await startSyncServer(target, {
  port: Number(values.port),
  workers: Number(values.workers),
  logFile: path.join(benchDir, '.data/logs/live-events.log'),
});
const streams: EventStreamClient[] = [];

try {
  const call = async (method: string, urlPath: string, token?: string, body?: unknown) => {
    const response = await fetch(server.url + urlPath, {
      method,
      headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const signup = async (username: string) => {
    const answer = await call('POST', '/api/auth/signup', undefined, {
      username,
      password: 'live-bench-password',
      firstName: 'Live',
      lastName: 'Bench',
    });
    return { token: answer.encodedToken as string, id: answer.createdUser._id as string };
  };
  const inBatches = async <T>(count: number, size: number, work: (index: number) => Promise<T>) => {
    const results: T[] = [];
    for (let start = 0; start < count; start += size) {
      const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) =>
        work(start + offset),
      );
      results.push(...(await Promise.all(batch)));
    }
    return results;
  };

  const run = Date.now().toString(36);
  const author = await signup(`author_${run}`);
  const listeners = await inBatches(Math.ceil(streamCount / streamsPerUser), 8, async (index) => {
    const listener = await signup(`listener_${run}_${index}`);
    await call('POST', `/api/users/follow/${author.id}?return=minimal`, listener.token);
    return listener;
  });
  console.log(`${listeners.length} listeners follow the author; opening ${streamCount} streams…`);

  const latencies: number[] = [];
  const onEvent = (event: ReceivedEvent) => {
    if (event.event !== 'post') return;
    const content: string = event.data.post.content;
    if (content.startsWith(marker)) latencies.push(Date.now() - Number(content.slice(marker.length)));
  };
  const opened = await inBatches(streamCount, 50, (index) =>
    openEventStream(server.url, listeners[Math.floor(index / streamsPerUser)]!.token, {
      onEvent,
      keepEvents: false,
    }),
  );
  streams.push(...opened);
  let endedEarly = 0;
  for (const stream of opened) void stream.ended.then(() => (endedEarly += 1));
  const refused = opened.filter((stream) => stream.status !== 200);
  if (refused.length > 0)
    throw new Error(`${refused.length} streams refused: ${JSON.stringify(refused[0]!.refusal)}`);

  const rss = new RssSampler(server.pid);
  rss.start();
  await sleep(1000);
  const idleRssMb = rss.stop();
  console.log(
    `${streamCount} streams open; server RSS ${idleRssMb} MB. Posting every ${intervalMs} ms for ${durationMs / 1000} s…`,
  );

  rss.start();
  let sent = 0;
  let failed = 0;
  const started = Date.now();
  while (Date.now() - started < durationMs) {
    const tick = Date.now();
    call('POST', '/api/posts?return=minimal', author.token, {
      postData: { content: `${marker}${tick}` },
    }).then(
      () => (sent += 1),
      () => (failed += 1),
    );
    await sleep(Math.max(0, intervalMs - (Date.now() - tick)));
  }
  // The last deliveries: until every stream has every post, or 10 s.
  const expected = () => sent * streamCount;
  const drainUntil = Date.now() + 10_000;
  while (latencies.length < expected() && Date.now() < drainUntil) await sleep(100);
  const maxRssMb = rss.stop();

  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  console.log(
    [
      `streams ${streamCount} (${listeners.length} users), ${values.workers} worker(s), posts sent ${sent} (${failed} failed)`,
      `deliveries ${latencies.length} of ${expected()}`,
      `delivery latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)} ms`,
      `server RSS idle with the streams ${idleRssMb} MB, max under the fan-out ${maxRssMb} MB`,
      `streams closed by the server during the run ${endedEarly}`,
    ].join('\n'),
  );
} finally {
  streams.forEach((stream) => stream.close());
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
