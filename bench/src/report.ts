import fs from 'node:fs';
import os from 'node:os';
import type { CachedDataset } from './dataset-cache.js';
import type { InvariantViolations } from './invariants.js';
import type { ScenarioResult } from './load-runner.js';
import { workersMark, workersOf } from './scenarios.js';
import { checkTargets } from './targets.js';

export interface RowCreation {
  scenario: string;
  table: 'posts' | 'comments' | 'edit_history';
  /** 2xx answers: rows the server promised. */
  acknowledged: number;
  /** Rows counted after minus before (can exceed `acknowledged` by the requests in flight at the end). */
  rowsAdded: number;
}

export interface DatasetRun {
  dialect: string;
  posts: number;
  dataset: CachedDataset;
  scenarios: ScenarioResult[];
  creations: RowCreation[];
  violations: InvariantViolations;
  /** The first server's start on this data set (`npm start`'s process, built already), to its first answer. */
  startedInMs: number;
  /** The same for a bare Fastify process (bare-fastify.mjs), just before. */
  bareStartedInMs: number;
}

export interface BenchReport {
  date: string;
  cpu: string;
  cores: number;
  node: string;
  connections: number;
  durationSeconds: number;
  /** Server processes (WORKERS) each scenario was run with. */
  workers: number[];
  command: string;
  baseline: ScenarioResult;
  runs: DatasetRun[];
}

export function cpuModel(): string {
  const match = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
  return match?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (value: number) => `${Math.round(value * 100)}%`;
/** Text for a Markdown table cell: a bare "|" (as in "like|dislike") would end the cell. */
export const tableCell = (text: string) => text.replaceAll('|', '\\|');

export function renderMarkdown(report: BenchReport): string {
  const lines = [
    '# Sync benchmark results',
    '',
    `- Date: ${report.date}`,
    `- CPU: ${report.cpu} (${report.cores} cores); Node ${report.node}`,
    `- Load: autocannon in the bench process, ${report.connections} connections, ${report.durationSeconds} s per scenario; ` +
      `Sync with WORKERS=${report.workers.join(' and ')} (rows marked [WORKERS=n] for more than one process), the baseline in one process, on the same machine`,
    `- Command: \`${report.command}\``,
    `- Baseline (bare Fastify, 2 KB JSON): **${number(report.baseline.requestsPerSecond)} req/s**, ` +
      `p50 ${report.baseline.p50Ms} ms, p99 ${report.baseline.p99Ms} ms`,
    '',
    '## Data sets',
    '',
    '| dialect | posts | users | likes (+2% dislikes) | comments | follows | bookmarks | generated in | rows/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.runs.map(
      ({ dataset: { dialect, size, generation } }) =>
        `| ${dialect} | ${number(size.posts)} | ${number(size.users)} | ${number(size.likes)} | ${number(size.comments)} | ` +
        `${number(size.follows)} | ${number(size.bookmarks)} | ${generation.totalSeconds.toFixed(1)} s | ` +
        `${number(generation.rows / generation.totalSeconds)} |`,
    ),
    '',
  ];
  for (const run of report.runs) lines.push(...renderRun(run, report));
  lines.push('## Targets', '', '| dialect | target | measured | |', '|---|---|---|---|');
  for (const check of checkTargets(report.runs, report.baseline.requestsPerSecond)) {
    lines.push(
      `| ${check.dialect} | ${tableCell(check.target)} | ${tableCell(check.measured)} | ${check.pass ? 'PASS' : '**MISS**'} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** The words before the request, with the workers mark: "create post [WORKERS=2]". */
const shortName = (name: string) => name.split(':')[0]! + workersMark(workersOf(name));

function renderRun(run: DatasetRun, report: BenchReport): string[] {
  const smallest = report.runs
    .filter((other) => other.dialect === run.dialect)
    .sort((a, b) => a.posts - b.posts)[0]!;
  const lines = [
    `## ${run.dialect}, ${number(run.posts)} posts`,
    '',
    `| scenario | req/s | × same bytes | × 2 KB baseline | vs ${number(smallest.posts)} posts | server CPU µs/request | p50 ms | p99 ms | answer KB | errors | non-2xx | max RSS MB | backlog s | others' CPU |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of run.scenarios) {
    const before = smallest.scenarios.find((candidate) => candidate.name === result.name);
    const kept =
      before && smallest !== run ? ratio(result.requestsPerSecond / before.requestsPerSecond) : '—';
    lines.push(
      `| ${tableCell(result.name)} | ${number(result.requestsPerSecond)} | ` +
        `${result.sameBytes ? `${ratio(result.requestsPerSecond / result.sameBytes.requestsPerSecond)} of ${number(result.sameBytes.requestsPerSecond)}` : '—'} | ` +
        `${ratio(result.requestsPerSecond / report.baseline.requestsPerSecond)} | ` +
        `${kept} | ${number(result.serverCpuMicrosPerRequest)} | ${result.p50Ms} | ${result.p99Ms} | ${result.answerBytes === undefined ? '—' : (result.answerBytes / 1024).toFixed(1)} | ` +
        `${result.errors} | ${result.non2xx} | ${result.maxRssMb} | ${result.drainSeconds} | ${result.othersCpuPercent}% |`,
    );
  }
  lines.push(
    '',
    "- server CPU µs/request: CPU time of the server process (and PostgreSQL's) over the run, per answer; other load on the machine moves it far less than req/s. " +
      'backlog s: how long the server kept working on requests autocannon had given up on (10 s timeout) before it answered promptly again; ' +
      "others' CPU: share of the machine's 2 cores used by other processes during the run (this machine is shared)",
  );
  for (const result of run.scenarios.filter((candidate) => candidate.note))
    lines.push(`- ${shortName(result.name)}: ${result.note}`);
  for (const creation of run.creations) {
    lines.push(
      `- ${shortName(creation.scenario)}: ${number(creation.acknowledged)} acknowledged, ` +
        `${number(creation.rowsAdded)} ${creation.table} rows added`,
    );
  }
  const broken = Object.entries(run.violations).filter(([, count]) => count > 0);
  lines.push(
    `- Start to first answer: ${number(run.startedInMs)} ms (\`scripts/start.mjs\` with its stale check, on this data set as it was, spawn to the first 200 of /api/health); a bare Fastify process: ${number(run.bareStartedInMs)} ms`,
    `- Invariants after the writes: ${broken.length === 0 ? 'all hold (like_count, comment_count, follower/following counts, no self-follow)' : broken.map(([name, count]) => `${name} = ${count}`).join(', ')}`,
    '',
  );
  return lines;
}
