/**
 * npm run bench:compare -w bench -- --base <revision> [--base-install <folder>] [--only name,name]
 *   [--rounds 4] [--duration 10] [--db sqlite|postgres] [--posts 10000] [--connections 50]
 *   [--postgres-url postgres://...] [--port 3901]
 *
 * Did a change make the server slower? Runs the scenarios against the production server built from
 * `--base` and from this checkout, in turn (base first in the first round, this checkout first in the
 * second, and so on), on one data set, and compares the server's CPU time per request. Each build runs on
 * its own copy of the data set, kept from round to round; a base whose server knows fewer migrations than
 * this checkout gets its copy taken down to its schema after the fixture is written (build-schema.ts).
 * On this shared
 * machine req/s swings by 10–15% from one run to the next and by 3–4 times between sessions, so one
 * run against another says little; CPU per request over rounds in turn says more (decision 025).
 * Writes bench/results/compare.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOptionFlags, scenarioFilter } from './cli-options.js';
import { migrateToLatest } from '../../server/src/data/database.js';
import { olderSchemaOf, takeCopyDownTo } from './build-schema.js';
import { cacheDir, checkOutDataset } from './dataset-cache.js';
import { openServerDatabase, type DatabaseTarget } from './database-target.js';
import { fixtureOfServer, writeFixture } from './fixture.js';
import { runScenario, warmUp, type LoadOptions, type ScenarioResult } from './load-runner.js';
import { tableCell } from './report.js';
import { serverScenarios } from './scenarios.js';
import { buildIfStale, jwtSecret, repoRoot, startSyncServer } from './server-process.js';

const { values } = parseArgs({
  options: {
    ...loadOptionFlags,
    base: { type: 'string' },
    'base-install': { type: 'string' },
    rounds: { type: 'string', default: '4' },
    db: { type: 'string', default: 'sqlite' },
    posts: { type: 'string', default: '10000' },
  },
});
if (!values.base)
  throw new Error('--base takes the revision to compare this checkout with, e.g. --base HEAD~3');
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number ≥ 1');
const load: LoadOptions = {
  connections: Number(values.connections),
  durationSeconds: Number(values.duration),
};
const runsScenario = scenarioFilter(values.only);

interface Build {
  label: string;
  checkout: string;
  samples: Map<string, ScenarioResult[]>;
  /** Scenarios this build's server cannot run (a base without the Mastodon API), with the reason. */
  skipped: Map<string, string>;
  /** The Node.js its server runs on. */
  node: string;
  /** Its server's last migration, when this checkout has later ones (build-schema.ts). */
  olderSchema: string | undefined;
}

const nodeVersion = (node: string) =>
  execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();

/** The machine's own Node.js: the first `node` on the PATH outside any node_modules. */
function machineNode(): string {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const node = path.join(folder, 'node');
    if (!folder.includes('node_modules') && fs.existsSync(node)) return node;
  }
  throw new Error('no node on the PATH outside node_modules');
}

/**
 * `--base-install`: a work tree of the base revision with its own `npm ci` done, whose server runs
 * with its own packages on its own Node.js (its node_modules/.bin/node, else the machine's): what a base
 * from before a change of Node.js or of packages needs, since this checkout's would not be its own.
 */
function installedRevision(revision: string, folder: string): Build {
  const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
  const checkedOut = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: folder, encoding: 'utf8' }).trim();
  if (checkedOut !== commit)
    throw new Error(
      `--base-install ${folder} has ${checkedOut.slice(0, 7)} checked out, not ${commit.slice(0, 7)}`,
    );
  const pinned = path.join(folder, 'node_modules/.bin/node');
  const node = fs.existsSync(pinned) ? pinned : machineNode();
  buildIfStale(folder, node);
  return {
    label: `base ${commit.slice(0, 7)}`,
    checkout: folder,
    samples: new Map(),
    skipped: new Map(),
    node,
    olderSchema: olderSchemaOf(folder),
  };
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/**
 * A work tree of `revision` in bench/.data/compare/<commit>, built as `npm start` builds it. It runs with
 * this checkout's installed packages (symlinked): a base whose dependencies differ is measured with these.
 * Its own workspaces are its own: the root's `node_modules` is a folder of links in which the workspace
 * packages (`@sync/contract`, say) point into the base, or the base would be built against this
 * checkout's contract and fail on every change of it.
 */
function checkOutRevision(revision: string): Build {
  const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
  const checkout = path.join(cacheDir, 'compare', commit);
  if (!fs.existsSync(path.join(checkout, 'package.json'))) {
    git('worktree', 'prune');
    git('worktree', 'add', '--force', '--detach', checkout, commit);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  linkInstalledPackages(checkout, manifest.workspaces);
  for (const folder of manifest.workspaces) {
    const installed = path.join(repoRoot, folder, 'node_modules');
    const link = path.join(checkout, folder, 'node_modules');
    if (fs.existsSync(installed) && fs.existsSync(path.dirname(link)) && !fs.existsSync(link))
      fs.symlinkSync(installed, link);
  }
  buildIfStale(checkout);
  return {
    label: `base ${commit.slice(0, 7)}`,
    checkout,
    samples: new Map(),
    skipped: new Map(),
    node: process.execPath,
    olderSchema: olderSchemaOf(checkout),
  };
}

/** The checkout's root `node_modules`: this checkout's packages, but its own workspaces. */
function linkInstalledPackages(checkout: string, workspaces: readonly string[]): void {
  const modules = path.join(checkout, 'node_modules');
  if (fs.existsSync(modules)) return;
  const own = new Map(
    workspaces.flatMap((folder) => {
      const manifestPath = path.join(checkout, folder, 'package.json');
      if (!fs.existsSync(manifestPath)) return [];
      const { name } = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { name: string };
      return [[name, path.join(checkout, folder)] as const];
    }),
  );
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    const installed = path.join(repoRoot, 'node_modules', entry);
    if (!entry.startsWith('@')) {
      fs.symlinkSync(installed, path.join(modules, entry));
      continue;
    }
    fs.mkdirSync(path.join(modules, entry));
    for (const scoped of fs.readdirSync(installed)) {
      const name = `${entry}/${scoped}`;
      fs.symlinkSync(own.get(name) ?? path.join(installed, scoped), path.join(modules, name));
    }
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function describe(samples: ScenarioResult[]) {
  const cpu = samples.map((sample) => sample.serverCpuMicrosPerRequest);
  return {
    cpu: median(cpu),
    text: `${Math.round(median(cpu))} (${Math.min(...cpu)}–${Math.max(...cpu)})`,
    requestsPerSecond: Math.round(median(samples.map((sample) => sample.requestsPerSecond))),
  };
}

function render(base: Build, current: Build, dataset: string): string {
  const lines = [
    `# ${base.label} against this checkout`,
    '',
    `${dataset}; ${rounds} rounds of ${load.durationSeconds} s per scenario and build, in turn; ` +
      `${load.connections} connections; base on Node.js ${nodeVersion(base.node)}, this checkout on ` +
      `Node.js ${nodeVersion(current.node)}; ${new Date().toISOString()}.`,
    '',
    '| scenario | base: server CPU µs/request, median (range) | this checkout | this / base | base req/s (median) | this checkout req/s |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const names = new Set([...base.samples.keys(), ...current.samples.keys()]);
  for (const name of names) {
    const [before, after] = [base, current].map((build) => {
      const samples = build.samples.get(name);
      return samples ? describe(samples) : undefined;
    });
    const skipped = (build: Build) => `skipped: ${build.skipped.get(name) ?? 'not run'}`;
    lines.push(
      `| ${tableCell(name)} | ${before?.text ?? skipped(base)} | ${after?.text ?? skipped(current)} | ` +
        `${before && after ? (after.cpu / before.cpu).toFixed(2) : '—'} | ` +
        `${before?.requestsPerSecond ?? '—'} | ${after?.requestsPerSecond ?? '—'} |`,
    );
  }
  return lines.join('\n') + '\n';
}

const dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
const base = values['base-install']
  ? installedRevision(values.base, path.resolve(values['base-install']))
  : checkOutRevision(values.base);
buildIfStale();
const current: Build = {
  label: 'this checkout',
  checkout: repoRoot,
  samples: new Map(),
  skipped: new Map(),
  node: process.execPath,
  olderSchema: undefined,
};
const serverPort = Number(values.port) + 1;
const copyNamed = async (name: string): Promise<DatabaseTarget> =>
  (await checkOutDataset(dialect, Number(values.posts), values['postgres-url'], serverPort, name)).target;
const copies = { base: await copyNamed('base'), current: await copyNamed('this') };
for (let round = 0; round < rounds; round++) {
  for (const build of round % 2 === 0 ? [base, current] : [current, base]) {
    const copy = build === base ? copies.base : copies.current;
    const handle = openServerDatabase(copy);
    try {
      // Written for each server, as in run.ts: the write scenarios start from what this build's last
      // server left. In this checkout's schema: a base's copy comes up to it, and goes down again after.
      await migrateToLatest(handle.db);
      const written = await writeFixture(handle.db, { connections: load.connections, jwtSecret });
      if (build.olderSchema) await takeCopyDownTo(handle.db, build.olderSchema);
      const server = await startSyncServer(copy, {
        port: serverPort,
        workers: 1,
        logFile: path.join(cacheDir, 'logs', 'compare.log'),
        checkout: build.checkout,
        node: build.node,
      });
      try {
        const fixture = await fixtureOfServer(handle.db, written, server.url);
        for (const scenario of serverScenarios(fixture).filter(({ name }) => runsScenario(name))) {
          if (scenario.unavailable) {
            build.skipped.set(scenario.name, scenario.unavailable);
            console.log(
              `round ${round + 1}, ${build.label.padEnd(12)} ${scenario.name.padEnd(72)} skipped: ${scenario.unavailable}`,
            );
            continue;
          }
          await scenario.prepare?.();
          await warmUp(server.url, scenario, load.connections);
          const result = await runScenario(server.url, server.pid, scenario, load);
          if (result.errors + result.non2xx > 0)
            throw new Error(
              `${build.label}, ${scenario.name}: ${result.errors} errors, ${result.non2xx} non-2xx`,
            );
          build.samples.set(scenario.name, [...(build.samples.get(scenario.name) ?? []), result]);
          console.log(
            `round ${round + 1}, ${build.label.padEnd(12)} ${scenario.name.padEnd(72)} ` +
              `${String(result.serverCpuMicrosPerRequest).padStart(5)} µs/request  ${Math.round(result.requestsPerSecond)} req/s`,
          );
        }
      } finally {
        await server.stop();
      }
    } finally {
      await handle.db.destroy();
    }
  }
}
const markdown = render(base, current, `${dialect}, ${Number(values.posts).toLocaleString('en-US')} posts`);
fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, 'bench', 'results', 'compare.md'), markdown);
console.log(`\n${markdown}`);
