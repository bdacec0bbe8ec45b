/**
 * npm run bench -w bench -- [--db sqlite|postgres|both] [--sizes 10000,1000000] [--duration 10]
 *   [--connections 50] [--quick] [--only name,name] [--workers 1,2] [--cpu-prof] [--postgres-url postgres://...]
 *   [--port 3901]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dialect } from '../../server/src/data/database.js';
import { loadOptionFlags, scenarioFilter } from './cli-options.js';
import { cacheDir, checkOutDataset } from './dataset-cache.js';
import { countRows, openServerDatabase } from './database-target.js';
import { prepareFixture } from './fixture.js';
import { findInvariantViolations } from './invariants.js';
import { runScenario, warmUp, type LoadOptions, type ScenarioResult } from './load-runner.js';
import { cpuModel, renderMarkdown, type BenchReport, type DatasetRun, type RowCreation } from './report.js';
import { captureAnswers, largestAnswerBytes, sameBytesScenario } from './same-bytes.js';
import { baselineScenario, serverScenarios, withWorkers, type Scenario } from './scenarios.js';
import {
  buildIfStale,
  jwtSecret,
  startBareFastify,
  startBaselineServer,
  startSyncServer,
} from './server-process.js';
import { checkTargets } from './targets.js';

const benchDir = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    ...loadOptionFlags,
    db: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '10000,1000000' },
    quick: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

/** The baseline servers listen on --port, Sync on the next one. */
const baselinePort = Number(values.port);
const serverPort = baselinePort + 1;

const dialects: Dialect[] = values.quick
  ? ['sqlite']
  : values.db === 'both'
    ? ['sqlite', 'postgres']
    : [values.db === 'postgres' ? 'postgres' : 'sqlite'];
const sizes = values.quick ? [10_000] : values.sizes.split(',').map(Number);
const load: LoadOptions = {
  connections: Number(values.connections),
  durationSeconds: values.quick ? 3 : Number(values.duration),
};
const runsScenario = scenarioFilter(values.only);
if (sizes.some((size) => !Number.isInteger(size) || size < 1000))
  throw new Error('--sizes takes post counts ≥ 1000');
const workerCounts = values.workers.split(',').map(Number);
if (workerCounts.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error('--workers takes server process counts ≥ 1, e.g. 1,2');

function logResult(result: ScenarioResult) {
  console.log(
    `  ${result.name.padEnd(72)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  ` +
      `p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}  non-2xx ${result.non2xx}  RSS ${result.maxRssMb} MB` +
      (result.sameBytes ? `  same bytes ${Math.round(result.sameBytes.requestsPerSecond)} req/s` : '') +
      (result.answerBytes ? `  answer ${result.answerBytes} B` : ''),
  );
}

async function measureBaseline(): Promise<ScenarioResult> {
  const server = await startBaselineServer({
    port: baselinePort,
    logFile: path.join(cacheDir, 'logs', 'baseline.log'),
  });
  try {
    await warmUp(server.url, baselineScenario, load.connections);
    return await runScenario(server.url, server.pid, baselineScenario, load);
  } finally {
    await server.stop();
  }
}

/** A bare Fastify serving `answers` (a page's exact bytes), measured like the page itself. */
async function measureSameBytes(scenario: Scenario, answers: string[]) {
  const replay = sameBytesScenario(scenario, answers, path.join(cacheDir, 'same-bytes'));
  const server = await startBaselineServer({
    port: baselinePort,
    logFile: path.join(cacheDir, 'logs', 'same-bytes.log'),
    sameBytesFile: replay.file,
  });
  try {
    await warmUp(server.url, replay.scenario, load.connections);
    const result = await runScenario(server.url, server.pid, replay.scenario, load);
    return { requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms };
  } finally {
    await server.stop();
  }
}

/** Start to first answer of a bare Fastify process, timed just before Sync's first start on a data set. */
async function timeBareFastifyStart(): Promise<number> {
  const bare = await startBareFastify({
    port: serverPort,
    logFile: path.join(cacheDir, 'logs', 'bare-fastify.log'),
  });
  await bare.stop();
  return bare.startedInMs;
}

async function benchDataset(dialect: Dialect, posts: number): Promise<DatasetRun> {
  const { dataset, target } = await checkOutDataset(dialect, posts, values['postgres-url'], serverPort);
  console.log(`\n${dialect}, ${posts.toLocaleString('en-US')} posts`);
  const handle = openServerDatabase(target);
  try {
    const bareStartedInMs = await timeBareFastifyStart();
    const scenarios: ScenarioResult[] = [];
    const creations: RowCreation[] = [];
    let startedInMs: number | undefined;
    for (const workers of workerCounts) {
      const server = await startSyncServer(target, {
        port: serverPort,
        workers,
        logFile: path.join(cacheDir, 'logs', `server-${dialect}-${posts}-workers-${workers}.log`),
        cpuProfileDir: values['cpu-prof']
          ? path.join(cacheDir, 'profiles', `${dialect}-${posts}`)
          : undefined,
      });
      startedInMs ??= server.startedInMs;
      try {
        // Prepared again for each server: the like/dislike and follow/unfollow plans start from the
        // reactions and follows the previous server left.
        const fixture = await prepareFixture(handle.db, {
          connections: load.connections,
          jwtSecret,
          serverUrl: server.url,
        });
        for (const scenario of withWorkers(serverScenarios(fixture), workers)) {
          if (!runsScenario(scenario.name)) continue;
          if (scenario.unavailable) {
            console.log(`  ${scenario.name.padEnd(72)} skipped: ${scenario.unavailable}`);
            continue;
          }
          await scenario.prepare?.();
          const table = scenario.createsRowsIn;
          const rowsBefore = table ? await countRows(handle, table) : 0;
          await warmUp(server.url, scenario, load.connections);
          const result = await runScenario(server.url, server.pid, scenario, load);
          if (scenario.kind === 'read' || scenario.kind === 'login') {
            const answers = await captureAnswers(server.url, scenario);
            result.answerBytes = largestAnswerBytes(answers);
            if (scenario.kind === 'read') result.sameBytes = await measureSameBytes(scenario, answers);
          }
          scenarios.push(result);
          logResult(result);
          if (table) {
            await sleep(500); // requests in flight when the run stopped
            creations.push({
              scenario: scenario.name,
              table,
              acknowledged: result.ok2xx,
              rowsAdded: (await countRows(handle, table)) - rowsBefore,
            });
          }
        }
      } finally {
        await server.stop();
      }
    }
    const violations = await findInvariantViolations(handle.db);
    console.log('  invariants after the writes:', violations);
    return {
      dialect,
      posts,
      dataset,
      scenarios,
      creations,
      violations,
      startedInMs: startedInMs!,
      bareStartedInMs,
    };
  } finally {
    await handle.db.destroy();
  }
}

// Built before any server starts, so that each start is timed as a start, not as a build.
buildIfStale();
const baseline = await measureBaseline();
logResult(baseline);
const runs: DatasetRun[] = [];
for (const dialect of dialects) {
  for (const posts of sizes) runs.push(await benchDataset(dialect, posts));
}

const report: BenchReport = {
  date: new Date().toISOString(),
  cpu: cpuModel(),
  cores: (await import('node:os')).availableParallelism(),
  node: process.version,
  connections: load.connections,
  durationSeconds: load.durationSeconds,
  workers: workerCounts,
  command: `npm run bench -w bench -- ${process.argv.slice(2).join(' ')}`.trim(),
  baseline,
  runs,
};
const stamp = report.date.replace(/[:.]/g, '-');
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(path.join(benchDir, 'results', `${stamp}.json`), JSON.stringify(report, null, 2));
const markdownFile =
  values.quick || values.only
    ? path.join(benchDir, 'results', 'partial.md')
    : path.join(benchDir, 'results.md');
fs.writeFileSync(markdownFile, renderMarkdown(report));
console.log(`\nWrote ${path.relative(process.cwd(), markdownFile)}`);
for (const check of checkTargets(runs, baseline.requestsPerSecond)) {
  console.log(`${check.pass ? 'PASS' : 'MISS'}  ${check.dialect}  ${check.target}: ${check.measured}`);
}
