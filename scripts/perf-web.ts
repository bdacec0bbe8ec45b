/**
 * Load figures of the web client on a slow phone (not a unit test): the built client served by the
 * production server, a cold cache each run, 150 ms RTT, 1.6 Mbps down, 750 kbps up and 4× CPU slowdown
 * through the Chrome DevTools Protocol. Prints the median of the runs and fails past the budget.
 *
 * Two feeds: the demo's home feed as seeded, then a feed of image posts (issue 27): photos made here
 * (3000×2000 JPEGs) are uploaded through the API and posted 1 to 4 at a time, and the runs measure the
 * first contentful paint and the bytes of the images (`/media/…`) the phone downloads for the first
 * screen, without scrolling, until the network is quiet.
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
import sharp from 'sharp';

/**
 * First-screen JavaScript: 140 KB gzip with React DOM 19, whose client alone is about 63 KB of it
 * (100 KB held while the build swapped in Preact; decision 040).
 */
const BUDGET = {
  fcpMs: 1800,
  feedMs: 3000,
  firstScreenJsKb: 140,
  imageFeedFcpMs: 1800,
  firstScreenImagesKb: 300,
};
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

type Run = {
  fcpMs: number;
  feedMs: number;
  firstScreenJsKb: number;
  scripts: [string, number][];
  /** The images (`/media/…`) downloaded without scrolling, as sent (headers and body), and how many. */
  imagesKb: number;
  images: number;
  /** When the last of them had arrived (ms from navigation), 0 without any. */
  imagesMs: number;
  /** Cumulative layout shift until then (a grid's frame is drawn before its code and images arrive). */
  cls: number;
};

/** The image requests have been quiet this long: the first screen's images are all there. */
const IMAGES_QUIET_MS = 2000;

/** Records, in the page, when the first post of the home feed appears. */
function watchFeed() {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="list"][aria-label="Home feed"] article')) {
      (window as unknown as { feedAt: number }).feedAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  const shifts = { cls: 0 };
  (window as unknown as { shifts: typeof shifts }).shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) shifts.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
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
  // The images: their requests in flight, and the bytes of each as received (headers and body).
  const imageRequests = new Set<string>();
  const imageBytes = new Map<string, number>();
  let lastImageActivity = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!new URL(event.request.url).pathname.startsWith('/media/')) return;
    imageRequests.add(event.requestId);
    lastImageActivity = Date.now();
  });
  const imageDone = (requestId: string, bytes: number) => {
    if (!imageRequests.delete(requestId)) return;
    imageBytes.set(requestId, bytes);
    lastImageActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', (event) => imageDone(event.requestId, 0));
  const finished: Promise<void>[] = [];
  const jsBytes = new Map<string, number>();
  cdp.on('Network.loadingFinished', (event) => {
    imageDone(event.requestId, event.encodedDataLength);
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
  // The first screen's images: the gallery's code comes once a frame is in view, then the previews;
  // done when no image request has been in flight for a while (the page is never scrolled).
  lastImageActivity = Date.now();
  const imagesDeadline = Date.now() + 60_000;
  while (imageRequests.size > 0 || Date.now() - lastImageActivity < IMAGES_QUIET_MS) {
    if (Date.now() > imagesDeadline) throw new Error('the first screen’s images did not finish within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { imagesMs, cls } = await page.evaluate(() => ({
    imagesMs: Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/media/'))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    ),
    cls: (window as unknown as { shifts: { cls: number } }).shifts.cls,
  }));
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
  const imagesTotal = [...imageBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
  return {
    fcpMs: fcp,
    feedMs: feedAt,
    firstScreenJsKb: firstScreenBytes / 1024,
    scripts: sizes,
    imagesKb: imagesTotal / 1024,
    images: imageBytes.size,
    imagesMs,
    cls,
  };
}

/** A seeded pseudo-random sequence (mulberry32): the same photos each run. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `width`×`height` raw RGB drawn at a small size by `fill`, enlarged smoothly (cubic) to `size`. */
async function enlarged(
  [width, height]: [number, number],
  size: [number, number],
  fill: (x: number, y: number, channel: number) => number,
) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) raw[(y * width + x) * 3 + c] = fill(x, y, c);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(size[0], size[1], { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * A phone photo's stand-in, 3000×2000 JPEG (about 1.4 MB): a sky and a ground of blotchy colour, a
 * grain of a few pixels over the ground and sensor noise, so that it compresses as a photo does (its
 * 640 px WebP preview is about 40 KB), not to nothing as a flat picture would.
 */
async function photo(seed: number, size: [number, number] = [3000, 2000]): Promise<Buffer> {
  const next = randomOf(seed);
  const [width, height] = size;
  const sky = [next() * 120 + 80, next() * 120 + 100, next() * 80 + 170];
  const ground = [next() * 150 + 60, next() * 110 + 50, next() * 70 + 20];
  const horizon = 0.35 + next() * 0.3;
  const scene = await enlarged(
    [32, 22],
    size,
    (_, y, c) => (y / 22 < horizon ? sky : ground)[c]! + (next() - 0.5) * 90,
  );
  const grainSize: [number, number] = [width >> 2, height >> 2];
  const grain = await enlarged(
    grainSize,
    size,
    (_, y) => 128 + (next() - 0.5) * (y / grainSize[1] > horizon ? 70 : 18),
  );
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = scene[i]! + grain[i]! - 128 + (next() - 0.5) * 14;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** How many images each post of the image feed has: Mastodon's four layouts, the first screen's first. */
const IMAGE_POSTS = [1, 2, 3, 4, 1, 2, 4, 1];

/**
 * The image feed: posts by `token`'s account with 1 to 4 photos each (`IMAGE_POSTS`), uploaded through
 * `POST /api/media` and described, as the composer does; the newest of the feed, so its first screen.
 */
async function postImagePosts(token: string) {
  const photos = await Promise.all([1, 2, 3, 4].map((seed) => photo(seed)));
  const call = async <T>(
    route: string,
    init: { method: string; body: FormData | string; json?: boolean },
  ) => {
    const response = await fetch(`${base}/api${route}`, {
      method: init.method,
      headers: { authorization: token, ...(init.json && { 'content-type': 'application/json' }) },
      body: init.body,
    });
    if (!response.ok) throw new Error(`${init.method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  let uploaded = 0;
  for (const [index, count] of IMAGE_POSTS.entries()) {
    const mediaIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      const bytes = photos[uploaded++ % photos.length]!;
      form.append(
        'file',
        new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        `IMG_${1000 + uploaded}.jpg`,
      );
      form.append(
        'description',
        `A wide landscape at dusk, photo ${uploaded}: a coloured sky over rough ground.`,
      );
      mediaIds.push(
        (await call<{ media: { id: string } }>('/media', { method: 'POST', body: form })).media.id,
      );
    }
    await call('/posts', {
      method: 'POST',
      json: true,
      body: JSON.stringify({
        postData: { content: `Photo walk, day ${index + 1} (${count} photos)`, mediaIds },
      }),
    });
  }
  return { posts: IMAGE_POSTS.length, photos: uploaded, jpegKb: photos[0]!.length / 1024 };
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
  const session = { token: encodedToken, user: foundUser };
  /** `values.runs` runs, each in a new context (a cold cache), printing each. */
  const series = async (label: string) => {
    const runs: Run[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const run = await measure(page, session);
      runs.push(run);
      console.log(
        `${label} run ${i + 1}: FCP ${run.fcpMs.toFixed(0)} ms, feed ${run.feedMs.toFixed(0)} ms, ` +
          `first-screen JS ${run.firstScreenJsKb.toFixed(1)} KB gzip, ` +
          `images ${run.imagesKb.toFixed(1)} KB (${run.images}) by ${run.imagesMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}`,
      );
      await context.close();
    }
    if (values.details) {
      for (const [name, bytes] of runs.at(-1)!.scripts)
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`);
    }
    const of = (field: 'fcpMs' | 'feedMs' | 'firstScreenJsKb' | 'imagesKb' | 'imagesMs' | 'cls') =>
      median(runs.map((run) => run[field]));
    return {
      runs: runs.length,
      fcpMs: of('fcpMs'),
      feedMs: of('feedMs'),
      firstScreenJsKb: of('firstScreenJsKb'),
      imagesKb: of('imagesKb'),
      images: median(runs.map((run) => run.images)),
      imagesMs: of('imagesMs'),
      cls: of('cls'),
    };
  };

  const home = await series('home feed');
  // Someone else's posts, as a feed shows them (the guest's own would bring their post menu's code).
  const poster = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Every demo user but the guest has this password (server/src/data/seed/demo.ts).
    body: JSON.stringify({ username: 'maya.chen', password: 'sync-demo-password' }),
  });
  if (!poster.ok) throw new Error(`signing in as maya.chen: ${poster.status}`);
  const made = await postImagePosts(((await poster.json()) as { encodedToken: string }).encodedToken);
  console.log(
    `\nimage feed: ${made.posts} posts with ${made.photos} photos (3000×2000 JPEG, ${made.jpegKb.toFixed(0)} KB each) ` +
      `posted by maya.chen through /api/media`,
  );
  const images = await series('image feed');
  await browser.close();

  console.log(
    `\nmedian of ${home.runs} (150 ms RTT, 1.6 Mbps, 4× CPU, cold cache, 390×844):\n` +
      `  first contentful paint  ${home.fcpMs.toFixed(0)} ms   (budget < ${BUDGET.fcpMs} ms)\n` +
      `  home feed rendered      ${home.feedMs.toFixed(0)} ms   (budget < ${BUDGET.feedMs} ms)\n` +
      `  first-screen JavaScript ${home.firstScreenJsKb.toFixed(1)} KB gzip (budget ≤ ${BUDGET.firstScreenJsKb} KB)\n` +
      `image feed, median of ${images.runs}:\n` +
      `  first contentful paint  ${images.fcpMs.toFixed(0)} ms   (budget < ${BUDGET.imageFeedFcpMs} ms)\n` +
      `  first-screen images     ${images.imagesKb.toFixed(1)} KB  (budget < ${BUDGET.firstScreenImagesKb} KB; ` +
      `${images.images} images, the last by ${images.imagesMs.toFixed(0)} ms)\n` +
      `  feed rendered ${images.feedMs.toFixed(0)} ms, first-screen JavaScript ${images.firstScreenJsKb.toFixed(1)} KB gzip, ` +
      `layout shift ${images.cls.toFixed(3)}`,
  );
  failed =
    !(home.fcpMs < BUDGET.fcpMs) ||
    !(home.feedMs < BUDGET.feedMs) ||
    !(home.firstScreenJsKb <= BUDGET.firstScreenJsKb) ||
    !(images.fcpMs < BUDGET.imageFeedFcpMs) ||
    !(images.imagesKb < BUDGET.firstScreenImagesKb);
  if (failed) console.error('over budget');
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
