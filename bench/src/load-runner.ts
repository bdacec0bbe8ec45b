import autocannon from 'autocannon';
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
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  ok2xx: number;
  maxRssMb: number;
}

/** Runs one scenario with autocannon against `url`, sampling the server's memory meanwhile. */
export async function runScenario(
  url: string,
  serverPid: number,
  scenario: Scenario,
  options: LoadOptions,
): Promise<ScenarioResult> {
  const rss = new RssSampler(serverPid);
  rss.start();
  const result = await hammer(url, scenario, options.connections, options.durationSeconds);
  const maxRssMb = rss.stop();
  return {
    name: scenario.name,
    kind: scenario.kind,
    note: scenario.note,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok2xx: result['2xx'],
    maxRssMb,
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
