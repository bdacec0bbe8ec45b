import type { DatasetRun } from './report.js';

export interface TargetCheck {
  dialect: string;
  target: string;
  measured: string;
  pass: boolean;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/**
 * The targets, checked on each dialect's largest data set (server in one process):
 * reads ≥ 25% of baseline req/s, p99 < 25 ms, ≥ 80% of the same page's req/s on the smallest data set;
 * writes ≥ 15% of baseline, p99 < 40 ms, no errors, counts exact; server RSS < 250 MB.
 */
export function checkTargets(runs: DatasetRun[], baselineRps: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const dialect of [...new Set(runs.map((run) => run.dialect))]) {
    const ofDialect = runs.filter((run) => run.dialect === dialect).sort((a, b) => a.posts - b.posts);
    const small = ofDialect[0]!;
    const large = ofDialect.at(-1)!;
    const at = `${large.posts.toLocaleString('en-US')} posts`;
    const add = (target: string, measured: string, pass: boolean) =>
      checks.push({ dialect, target, measured, pass });
    for (const result of large.scenarios) {
      // With no answer at all, autocannon reports a p99 of 0: count it as the timeout.
      const p99 = result.ok2xx > 0 ? `${result.p99Ms} ms` : 'no answer within the 10 s timeout';
      const p99Below = (limitMs: number) => result.ok2xx > 0 && result.p99Ms < limitMs;
      const ofBaseline = result.requestsPerSecond / baselineRps;
      if (result.kind === 'read') {
        add(`${result.name} — ≥ 25% of baseline at ${at}`, percent(ofBaseline), ofBaseline >= 0.25);
        add(`${result.name} — p99 < 25 ms at ${at}`, p99, p99Below(25));
        const before = small.scenarios.find((candidate) => candidate.name === result.name);
        if (small !== large && before) {
          const kept = result.requestsPerSecond / before.requestsPerSecond;
          add(
            `${result.name} — ≥ 80% of its req/s at ${small.posts.toLocaleString('en-US')} posts`,
            percent(kept),
            kept >= 0.8,
          );
        }
      }
      if (result.kind === 'write') {
        add(`${result.name} — ≥ 15% of baseline at ${at}`, percent(ofBaseline), ofBaseline >= 0.15);
        add(`${result.name} — p99 < 40 ms at ${at}`, p99, p99Below(40));
        const failures = result.errors + result.non2xx;
        add(`${result.name} — zero errors at ${at}`, `${failures} errors/non-2xx`, failures === 0);
      }
    }
    for (const run of ofDialect) {
      const lost = run.creations.filter((creation) => creation.rowsAdded < creation.acknowledged);
      const broken = Object.entries(run.violations).filter(([, count]) => count > 0);
      add(
        `counts exact after the writes at ${run.posts.toLocaleString('en-US')} posts`,
        broken.length === 0 && lost.length === 0
          ? 'all counters match their rows; every acknowledged post/comment exists'
          : [
              ...broken.map(([name, count]) => `${name}: ${count}`),
              ...lost.map((c) => `${c.table}: ${c.acknowledged} acknowledged, ${c.rowsAdded} added`),
            ].join('; '),
        broken.length === 0 && lost.length === 0,
      );
    }
    const maxRss = Math.max(...large.scenarios.map((result) => result.maxRssMb));
    add(`server RSS < 250 MB during the ${at} runs`, `${maxRss} MB`, maxRss < 250);
  }
  return checks;
}
