import type { DatasetRun } from './report.js';
import { withoutWorkersMark, workersOf } from './scenarios.js';

export interface TargetCheck {
  dialect: string;
  target: string;
  measured: string;
  pass: boolean;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/**
 * The read path's targets (issue 8), on every data set with one server process:
 * - reads ≥ 25% of a bare Fastify serving the same bytes, p99 < 25 ms; the largest data set ≥ 80% of the
 *   smallest; no answer above 1 MB; PostgreSQL ≥ 50% of SQLite for every read page;
 * - writes ≥ 15% of the 2 KB baseline, p99 < 40 ms, no errors, counts exact;
 * - login on the largest data set ≥ 80% of login on the smallest, its answer < 1 MB;
 * - server RSS < 250 MB (one process); start to first answer < 1 s on the existing database;
 * - with n workers (issue 11), each read page ≥ 0.85 × n times its req/s in one process (1.7× for 2);
 * - a Mastodon API page costs at most 1.25 times the server CPU per request of Sync's own page with the
 *   same data, in the same run (issue 25); a page read by a viewer with 1,000 blocks and 1,000 mutes at
 *   most 1.15 times the same page read by a viewer with none (issue 26); the home feed's page of posts
 *   with images at most 1.1 times the same page without (issue 27); an edit of one's own post at most
 *   1.5 times a new post (issue 28).
 */
export function checkTargets(runs: DatasetRun[], baselineRps: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const megabyte = 1024 * 1024;
  for (const dialect of [...new Set(runs.map((run) => run.dialect))]) {
    const ofDialect = runs.filter((run) => run.dialect === dialect).sort((a, b) => a.posts - b.posts);
    const small = ofDialect[0]!;
    const add = (target: string, measured: string, pass: boolean) =>
      checks.push({ dialect, target, measured, pass });
    for (const run of ofDialect) {
      const at = `${run.posts.toLocaleString('en-US')} posts`;
      for (const result of run.scenarios) {
        // With no answer at all, autocannon reports a p99 of 0: count it as the timeout.
        const p99 = result.ok2xx > 0 ? `${result.p99Ms} ms` : 'no answer within the 10 s timeout';
        const p99Below = (limitMs: number) => result.ok2xx > 0 && result.p99Ms < limitMs;
        const before = small.scenarios.find((candidate) => candidate.name === result.name);
        const equivalent = run.scenarios.find((candidate) => candidate.name === result.equivalentOf);
        if (equivalent) {
          const cost = result.serverCpuMicrosPerRequest / equivalent.serverCpuMicrosPerRequest;
          const atMost = result.costAtMost ?? 1.25;
          add(
            `${result.name} — server CPU per request ≤ ${atMost}× ${equivalent.name} at ${at}`,
            `${cost.toFixed(2)}× (${result.serverCpuMicrosPerRequest} µs against ${equivalent.serverCpuMicrosPerRequest} µs)`,
            cost <= atMost,
          );
        }
        if (result.kind === 'read') {
          if (result.sameBytes) {
            const ofSame = result.requestsPerSecond / result.sameBytes.requestsPerSecond;
            add(`${result.name} — ≥ 25% of the same bytes at ${at}`, percent(ofSame), ofSame >= 0.25);
          }
          add(`${result.name} — p99 < 25 ms at ${at}`, p99, p99Below(25));
          if (result.answerBytes !== undefined) {
            add(
              `${result.name} — answer < 1 MB at ${at}`,
              `${(result.answerBytes / 1024).toFixed(1)} KB`,
              result.answerBytes < megabyte,
            );
          }
          if (run !== small && before) {
            const kept = result.requestsPerSecond / before.requestsPerSecond;
            add(
              `${result.name} — at ${at} ≥ 80% of its req/s at ${small.posts.toLocaleString('en-US')} posts`,
              percent(kept),
              kept >= 0.8,
            );
          }
          if (dialect === 'postgres') {
            const sqlite = runs
              .find((other) => other.dialect === 'sqlite' && other.posts === run.posts)
              ?.scenarios.find((candidate) => candidate.name === result.name);
            if (sqlite) {
              const share = result.requestsPerSecond / sqlite.requestsPerSecond;
              add(`${result.name} — ≥ 50% of SQLite at ${at}`, percent(share), share >= 0.5);
            }
          }
        }
        if (result.kind === 'write') {
          const ofBaseline = result.requestsPerSecond / baselineRps;
          add(`${result.name} — ≥ 15% of baseline at ${at}`, percent(ofBaseline), ofBaseline >= 0.15);
          add(`${result.name} — p99 < 40 ms at ${at}`, p99, p99Below(40));
          const failures = result.errors + result.non2xx;
          add(`${result.name} — zero errors at ${at}`, `${failures} errors/non-2xx`, failures === 0);
        }
        if (result.kind === 'login') {
          if (result.answerBytes !== undefined) {
            add(
              `login answer < 1 MB at ${at}`,
              `${(result.answerBytes / 1024).toFixed(1)} KB`,
              result.answerBytes < megabyte,
            );
          }
          if (run !== small && before) {
            const kept = result.requestsPerSecond / before.requestsPerSecond;
            add(
              `login at ${at} ≥ 80% of login at ${small.posts.toLocaleString('en-US')} posts`,
              percent(kept),
              kept >= 0.8,
            );
          }
        }
      }
      const lost = run.creations.filter((creation) => creation.rowsAdded < creation.acknowledged);
      const broken = Object.entries(run.violations).filter(([, count]) => count > 0);
      add(
        `counts exact after the writes at ${at}`,
        broken.length === 0 && lost.length === 0
          ? 'all counters match their rows; every acknowledged post/comment/kept version exists'
          : [
              ...broken.map(([name, count]) => `${name}: ${count}`),
              ...lost.map((c) => `${c.table}: ${c.acknowledged} acknowledged, ${c.rowsAdded} added`),
            ].join('; '),
        broken.length === 0 && lost.length === 0,
      );
      for (const workers of [...new Set(run.scenarios.map((result) => workersOf(result.name)))]) {
        if (workers === 1) continue;
        for (const result of run.scenarios.filter((candidate) => workersOf(candidate.name) === workers)) {
          const name = withoutWorkersMark(result.name);
          const single = run.scenarios.find((candidate) => candidate.name === name);
          if (result.kind !== 'read' || !single) continue;
          const speedUp = result.requestsPerSecond / single.requestsPerSecond;
          const wanted = 0.85 * workers;
          add(
            `${name} — WORKERS=${workers} ≥ ${wanted.toFixed(2)}× WORKERS=1 at ${at}`,
            `${speedUp.toFixed(2)}×`,
            speedUp >= wanted,
          );
        }
      }
      const singleProcess = run.scenarios.filter((result) => workersOf(result.name) === 1);
      if (singleProcess.length === 0) continue;
      const maxRss = Math.max(...singleProcess.map((result) => result.maxRssMb));
      add(`server RSS < 250 MB during the ${at} runs`, `${maxRss} MB`, maxRss < 250);
      add(
        `start to first answer < 1 s at ${at}`,
        `${run.startedInMs} ms (bare Fastify ${run.bareStartedInMs} ms)`,
        run.startedInMs < 1000,
      );
    }
  }
  return checks;
}
