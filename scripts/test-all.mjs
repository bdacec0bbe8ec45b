#!/usr/bin/env node
/**
 * The whole test suite, as CI runs it: lint and type checks, the server's API tests (SQLite and
 * PostgreSQL), the web client's unit tests, then the end-to-end tests in Chromium against the built
 * client served by the compiled server. Ends with one line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });

const results = [];

function run(name, command, args, options = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  console.log(`=== ${name}: exit ${child.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return child.status === 0;
}

function firstLine(text) {
  return (text ?? '').split('\n')[0].slice(0, 300);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A step with no per-test counts (lint, build) counts as one check. */
function check(name, command, args) {
  const ok = run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  return ok;
}

function vitest(name, workspace) {
  const report = path.join(reports, `${workspace}-vitest.json`);
  fs.rmSync(report, { force: true });
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: path.join(root, workspace) },
  );
  const json = readJson(report);
  const failures = (json?.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`];
  });
  const passed = json?.numPassedTests ?? 0;
  // One per failed test, and one per file that failed outside its tests (a hook, an import): vitest's
  // own suite count would count a failed test again for its describe block and its file.
  const failed = json ? failures.length : ok ? 0 : 1;
  results.push({
    name,
    passed,
    failed: !ok && failed === 0 ? 1 : failed,
    skipped: (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0),
    failures,
  });
}

/**
 * The accessibility tree Playwright saved when a test failed (its error context): its start, cut short,
 * and the focused element's line wherever it is (`[active]`).
 */
function pageSnapshot(result) {
  const file = result?.attachments?.find((attachment) => attachment.name === 'error-context')?.path;
  if (!file || !fs.existsSync(file)) return '(no snapshot was saved)';
  const yaml = /```yaml\n([\s\S]*?)```/.exec(fs.readFileSync(file, 'utf8'))?.[1];
  if (!yaml) return '(no snapshot in the error context)';
  const lines = yaml.trimEnd().split('\n');
  const shown = 40;
  const focused = lines.filter((line) => line.includes('[active]')).map((line) => line.trim());
  return [
    ...lines.slice(0, shown),
    ...(lines.length > shown ? [`… ${lines.length - shown} more lines`] : []),
    `focused: ${focused.join(' | ') || 'nothing (the page itself)'}`,
  ].join('\n');
}

function playwright(name) {
  const report = path.join(root, 'e2e/test-results/results.json');
  fs.rmSync(report, { force: true });
  const ok = run(name, 'npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e') });
  const json = readJson(report);
  const stats = json?.stats;
  const failures = [];
  const pages = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const result = test.results?.at(-1);
          failures.push(
            `${spec.file}:${spec.line} ${spec.title} [${test.projectName}]: ${firstLine(result?.error?.message)}`,
          );
          pages.push({ title: `${spec.file}:${spec.line} ${spec.title}`, snapshot: pageSnapshot(result) });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of json?.suites ?? []) visit(suite);
  // CI keeps only this output, not the traces: what each failed test's page showed at its failure.
  for (const { title, snapshot } of pages) {
    console.log(`\n=== The page when ${title} failed\n${snapshot}`);
  }
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = stats?.unexpected ?? 0;
  results.push({
    name,
    passed,
    failed: !ok && failed === 0 ? 1 : failed,
    skipped: stats?.skipped ?? 0,
    failures,
  });
}

check('lint', 'npm', ['run', 'lint']);
vitest('contract unit', 'contract');
vitest('server API (SQLite + PostgreSQL)', 'server');
vitest('web unit', 'web');
if (check('build (server, web client)', 'npm', ['run', 'build'])) playwright('end-to-end (Chromium)');
else results.push({ name: 'end-to-end (Chromium)', passed: 0, failed: 1, skipped: 0 });

// CI shows only the end of this output, so the names of what failed come last but one.
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `${r.name}: ${f}`));
if (failures.length) {
  console.log('\n=== Failed');
  for (const failure of failures) console.log(`- ${failure}`);
}

console.log('\n=== Summary');
for (const r of results) {
  console.log(
    `${r.name.padEnd(36)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
}
const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed === 0 ? 0 : 1);
