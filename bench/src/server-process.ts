import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseTarget } from './database-target.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 60_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** From spawning the process to its first 200 from /api/health. */
  startedInMs: number;
  stop(): Promise<void>;
}

interface StartOptions {
  script: string;
  /** The Node.js that runs it: the bench's own unless said otherwise. */
  node?: string | undefined;
  /** The working directory: this checkout unless said otherwise. */
  cwd?: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  nodeFlags?: string[];
}

/** Starts `node <script>` (TypeScript through tsx) and resolves once its /api/health answers 200. */
async function startNodeProcess(options: StartOptions): Promise<ServerProcess> {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  const loader = options.script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(
    options.node ?? process.execPath,
    [...(options.nodeFlags ?? []), ...loader, options.script],
    {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env, PORT: String(options.port) },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(`${url}/api/health`)) {
      const startedInMs = Math.round(performance.now() - spawnedAt);
      return { url, pid: child.pid!, startedInMs, stop: () => stop(child, exited) };
    }
    // Often enough to time the start to about 10 ms.
    await sleep(10);
  }
  child.kill('SIGKILL');
  const tail = fs.readFileSync(options.logFile, 'utf8').slice(-2000);
  throw new Error(`${options.script} did not start on port ${options.port}. Its log:\n${tail}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** SIGTERM (the server finishes requests in flight), SIGKILL after 10 s. */
async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** What `npm start` builds when it is missing or stale (the server bundle, the web client), built now. */
export function buildIfStale(checkout = repoRoot, node = process.execPath): void {
  const build = spawnSync(node, ['scripts/build.mjs', '--if-stale'], {
    cwd: checkout,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('scripts/build.mjs --if-stale failed');
}

export const jwtSecret = 'sync-bench-secret-not-for-production-0123456789';

/** The node flags of `npm start` (package.json: `node <flags> scripts/start.mjs`), so the bench runs its process. */
function startFlags(checkout = repoRoot): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs')
    throw new Error(`npm start is no longer "node <flags> scripts/start.mjs": ${manifest.scripts.start}`);
  return words.slice(1, -1);
}

/**
 * The production server, as `npm start` runs it, on its own database, in `workers` processes: this
 * checkout's, or that of `checkout` (another revision's work tree, see compare.ts).
 */
export function startSyncServer(
  target: DatabaseTarget,
  options: {
    port: number;
    logFile: string;
    workers: number;
    cpuProfileDir?: string | undefined;
    checkout?: string;
    /** The Node.js that runs the server: the bench's own unless said otherwise (compare.ts). */
    node?: string;
    /** More environment, after the bench's own (the uploads bench's limits, say). */
    env?: Record<string, string>;
  },
): Promise<ServerProcess> {
  return startNodeProcess({
    // `npm start`: builds the compiled server if it is missing or stale, then runs it.
    script: 'scripts/start.mjs',
    cwd: options.checkout,
    node: options.node,
    port: options.port,
    logFile: options.logFile,
    nodeFlags: [
      ...startFlags(options.checkout),
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
      // To try V8's flags on the server alone (NODE_OPTIONS would reach the bench too, and refuses some).
      ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WORKERS: String(options.workers),
      // Rate limits would answer 429 to a benchmark by design; they are measured apart, not here.
      RATE_LIMITS: 'off',
      // Load shedding would turn a saturated run into 503s: the bench measures capacity, the soak shedding.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The load generator is one address carrying many clients, as a proxy would be (1,000 event streams).
      MAX_CONNECTIONS_PER_IP: '0',
      ...options.env,
    },
  });
}

export function startBaselineServer(options: {
  port: number;
  logFile: string;
  /** A JSON array of answer bodies, served at /same/<index>. */
  sameBytesFile?: string;
}): Promise<ServerProcess> {
  return startNodeProcess({
    script: 'bench/src/baseline-server.ts',
    port: options.port,
    logFile: options.logFile,
    env: { NODE_ENV: 'production', SAME_BYTES_FILE: options.sameBytesFile ?? '' },
  });
}

/** The start baseline (bare-fastify.mjs), with the node flags of `npm start`. */
export function startBareFastify(options: { port: number; logFile: string }): Promise<ServerProcess> {
  return startNodeProcess({
    script: 'bench/src/bare-fastify.mjs',
    port: options.port,
    logFile: options.logFile,
    nodeFlags: startFlags(),
    env: { NODE_ENV: 'production' },
  });
}

/** A process and its descendants (a server's cluster workers), from /proc. */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    const listed = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    children = listed ? listed.split(' ').map(Number) : [];
  } catch {
    // The process is gone.
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * Samples the resident memory of a process and its descendants (VmRSS in /proc/<pid>/status, summed
 * over a cluster's workers) and keeps the maximum.
 */
export class RssSampler {
  private maxKb = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  start(everyMs = 100): void {
    this.maxKb = 0;
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  /** Stops sampling and returns the maximum seen, in MB. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return Math.round(this.maxKb / 1024);
  }

  private sample() {
    let totalKb = 0;
    for (const pid of processTree(this.pid)) {
      try {
        const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (match) totalKb += Number(match[1]);
      } catch {
        // The process is gone: it counts for nothing in this sample.
      }
    }
    this.maxKb = Math.max(this.maxKb, totalKb);
  }
}
