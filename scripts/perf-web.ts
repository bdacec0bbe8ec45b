/**
 * Load figures of the web client on a slow phone (not a unit test): the built client served by the
 * production server, a cold cache each run, 150 ms RTT, 1.6 Mbps down, 750 kbps up and 4× CPU slowdown
 * through the Chrome DevTools Protocol. Prints the median of the runs and fails past the budget.
 *
 *   npm run perf:web -- [--runs 5] [--port 4420] [--no-build]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

/**
 * First-screen JavaScript: 140 KB gzip with React DOM 19, whose client alone is about 63 KB of it
 * (100 KB held while the build swapped in Preact; decision 040).
 */
const BUDGET = { fcpMs: 1800, feedMs: 3000, firstScreenJsKb: 140 };
const NETWORK = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.PERF_PORT ?? '4420' },
    'no-build': { type: 'boolean', default: false },
    /** Lists the first screen's scripts with their gzip sizes (of the last run). */
    details: { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const base = `http://127.0.0.1:${values.port}`;

if (!values['no-build']) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-perf-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts'], {
  cwd: path.join(root, 'server'),
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(values.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Run = { fcpMs: number; feedMs: number; firstScreenJsKb: number; scripts: [string, number][] };

/** Records, in the page, when the first post of the home feed appears. */
function watchFeed() {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="list"][aria-label="Home feed"] article')) {
      (window as unknown as { feedAt: number }).feedAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function measure(page: Page, session: { token: string; user: unknown }): Promise<Run> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  const scripts = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  const finished: Promise<void>[] = [];
  const jsBytes = new Map<string, number>();
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (!url) return;
    finished.push(
      cdp
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then(({ body, base64Encoded }) => {
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          jsBytes.set(url, gzipSync(bytes).length);
        })
        .catch(() => undefined),
    );
  });

  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('TOKEN', token);
      localStorage.setItem('USER', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
  await page.addInitScript(watchFeed);
  await page.goto(`${base}/`);
  await page.waitForFunction(() => (window as unknown as { feedAt?: number }).feedAt !== undefined, null, {
    timeout: 60_000,
  });
  const { fcp, feedAt } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    feedAt: (window as unknown as { feedAt: number }).feedAt,
  }));
  // The scripts fetched by the time the feed shows are the first screen's; later ones are idle loads.
  const firstScreen = await page.evaluate(
    (at) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= at)
        .map((entry) => entry.name),
    feedAt,
  );
  await Promise.all(finished);
  const firstScreenBytes = firstScreen.reduce((sum, url) => sum + (jsBytes.get(url) ?? 0), 0);
  await cdp.detach();
  const sizes = firstScreen.map((url): [string, number] => [new URL(url).pathname, jsBytes.get(url) ?? 0]);
  return { fcpMs: fcp, feedMs: feedAt, firstScreenJsKb: firstScreenBytes / 1024, scripts: sizes };
}

function median(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

let failed = false;
try {
  await waitForServer();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'guest', password: 'guest-password' }),
  });
  const { encodedToken, foundUser } = (await login.json()) as { encodedToken: string; foundUser: unknown };

  const executablePath =
    process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({
    executablePath,
    // The e2e suite's flags: no background requests of Chromium's own share the throttled link.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const runs: Run[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const run = await measure(page, { token: encodedToken, user: foundUser });
    runs.push(run);
    console.log(
      `run ${i + 1}: FCP ${run.fcpMs.toFixed(0)} ms, feed ${run.feedMs.toFixed(0)} ms, ` +
        `first-screen JS ${run.firstScreenJsKb.toFixed(1)} KB gzip`,
    );
    await context.close();
  }
  await browser.close();
  if (values.details) {
    for (const [name, bytes] of runs.at(-1)!.scripts)
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  }

  const result = {
    fcpMs: median(runs.map((r) => r.fcpMs)),
    feedMs: median(runs.map((r) => r.feedMs)),
    firstScreenJsKb: median(runs.map((r) => r.firstScreenJsKb)),
  };
  console.log(
    `\nmedian of ${runs.length} (150 ms RTT, 1.6 Mbps, 4× CPU, cold cache, 390×844):\n` +
      `  first contentful paint  ${result.fcpMs.toFixed(0)} ms   (budget < ${BUDGET.fcpMs} ms)\n` +
      `  home feed rendered      ${result.feedMs.toFixed(0)} ms   (budget < ${BUDGET.feedMs} ms)\n` +
      `  first-screen JavaScript ${result.firstScreenJsKb.toFixed(1)} KB gzip (budget ≤ ${BUDGET.firstScreenJsKb} KB)`,
  );
  failed =
    !(result.fcpMs < BUDGET.fcpMs) ||
    !(result.feedMs < BUDGET.feedMs) ||
    !(result.firstScreenJsKb <= BUDGET.firstScreenJsKb);
  if (failed) console.error('over budget');
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
