import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

// A fresh data folder per run: the server migrates it and loads the demo data.
// Playwright loads this file in its workers too; they inherit the first one's folder.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sync-e2e-'));

const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test waits on conditions, never on time; this only bounds a stuck one. Many take 15–20 s with two
  // workers on a loaded two-core machine (7 s alone), so 30 s failed one now and then.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Screenshots first, so the demo feed they show is not yet mixed with the other tests' posts.
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'desktop',
      testIgnore: /screenshots\.spec\.ts/,
      dependencies: ['screenshots'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // As in production: `npm start`, which first builds whatever is missing or stale.
    command: 'node --enable-source-maps ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The tests sign up many accounts from one address in a minute; production limits would refuse that.
    // Chromium shares the machine with the server: load shedding would turn its CPU use into 503s.
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
