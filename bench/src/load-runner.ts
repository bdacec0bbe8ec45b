import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { CpuShare, untilServerQuiet } from './cpu-share.js';
import { RssSampler } from './server-process.js';
import type { Scenario, ScenarioKind } from './scenarios.js';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
}

export interface ScenarioResult {
  name: string;
  kind: ScenarioKind;
  note: string | undefined;
  /** Sync's own page with the same data, whose CPU per request this one's is held to (scenarios.ts). */
  equivalentOf: string | undefined;
  /** How many times the equivalent's CPU per request this one may cost (1.25 when not said). */
  costAtMost: number | undefined;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  ok2xx: number;
  maxRssMb: number;
  /** Share of all cores used by other processes during the run (a shared machine lowers every number). */
  othersCpuPercent: number;
  /** CPU time of the server (and PostgreSQL's processes) per answered request, in µs: 10 ms ticks over the run. */
  serverCpuMicrosPerRequest: number;
  /** Seconds the server kept working on abandoned requests after the run, before it answered promptly again. */
  drainSeconds: number;
  /** Reads and login: the largest answer of one connection's first 50 rounds of requests, in bytes. */
  answerBytes?: number;
  /** Reads: a bare Fastify serving this scenario's exact answer bytes, measured in the same run. */
  sameBytes?: { requestsPerSecond: number; p99Ms: number };
}

/** Runs one scenario with autocannon against `url`, sampling the server's memory meanwhile. */
export async function runScenario(
  url: string,
  serverPid: number,
  scenario: Scenario,
  options: LoadOptions,
): Promise<ScenarioResult> {
  await untilServerQuiet(serverPid);
  const cpu = new CpuShare(serverPid);
  const rss = new RssSampler(serverPid);
  rss.start();
  const result = await hammer(url, scenario, options.connections, options.durationSeconds);
  const { othersPercent: othersCpuPercent, serverMicros } = cpu.measure();
  const drainSeconds = await waitUntilIdle(url);
  const maxRssMb = rss.stop();
  return {
    name: scenario.name,
    kind: scenario.kind,
    note: scenario.note,
    equivalentOf: scenario.equivalentOf,
    costAtMost: scenario.costAtMost,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok2xx: result['2xx'],
    maxRssMb,
    othersCpuPercent,
    serverCpuMicrosPerRequest:
      result.requests.total > 0 ? Math.round(serverMicros / result.requests.total) : 0,
    drainSeconds,
  };
}

/** Reads only: a short unmeasured run first, so caches and the JIT are warm. */
export async function warmUp(url: string, scenario: Scenario, connections: number): Promise<void> {
  if (scenario.kind === 'read' || scenario.kind === 'baseline') await hammer(url, scenario, connections, 1);
}

function hammer(url: string, scenario: Scenario, connections: number, durationSeconds: number) {
  let nextConnection = 0;
  return autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: 10,
    // Each connection gets its own requests (its own user and state) once, when it is created.
    setupClient: (client) => client.setRequests(scenario.requestsFor(nextConnection++)),
  });
}

const idleAnswerMs = 50;
const maxDrainMs = 300_000;

/**
 * autocannon gives up on a request after its timeout, but the server still works through it: waits
 * until two health checks in a row answer within 50 ms, so one scenario's backlog does not slow the next.
 */
async function waitUntilIdle(url: string): Promise<number> {
  const startedAt = performance.now();
  let prompt = 0;
  while (prompt < 2 && performance.now() - startedAt < maxDrainMs) {
    const askedAt = performance.now();
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    prompt = ok && performance.now() - askedAt < idleAnswerMs ? prompt + 1 : 0;
    if (prompt < 2) await sleep(100);
  }
  return Math.round((performance.now() - startedAt) / 100) / 10;
}
