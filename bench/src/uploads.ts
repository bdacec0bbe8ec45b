/**
 * npm run bench:uploads -w bench -- [--duration 20] [--clients 4] [--db sqlite|postgres] [--posts 10000]
 *   [--cpu-prof] [--postgres-url postgres://...] [--port 3901]
 *
 * Uploads per second of a 4 MB phone photo through the whole pipeline (issue 27): `POST /api/media`,
 * multipart, from a few clients at once, each a bench user with a Bearer token, against the production
 * server on a copy of the bench's data set. Measured in the same run, as its baselines:
 * - the same bytes POSTed to a bare Fastify route that only reads the body (baseline-server.ts): what
 *   receiving the upload costs;
 * - sharp alone, in this process, with the server's 2 processing slots: the photo decoded once, turned
 *   upright and re-encoded as the original (at most 3840×2160, JPEG) and a 640 px WebP preview;
 * - the server's own processImage, in this process, with the same slots (sharp alone, plus the type
 *   sniffed from the bytes, the header read before decoding, and the blurhash).
 * Writes bench/results/uploads.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { Dialect } from '../../server/src/data/database.js';
import { processImage } from '../../server/src/platform/media/images.js';
import { ProcessingSlots } from '../../server/src/platform/media/processing-slots.js';
import { CpuShare } from './cpu-share.js';
import { usernameOf } from './dataset.js';
import { cacheDir, checkOutDataset } from './dataset-cache.js';
import { countRows, openServerDatabase } from './database-target.js';
import { signIn } from './fixture.js';
import { cpuModel, tableCell } from './report.js';
import {
  buildIfStale,
  jwtSecret,
  startBaselineServer,
  startSyncServer,
  type ServerProcess,
} from './server-process.js';

const benchDir = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    clients: { type: 'string', default: '4' },
    db: { type: 'string', default: 'sqlite' },
    posts: { type: 'string', default: '10000' },
    'cpu-prof': { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    port: { type: 'string', default: '3901' },
  },
});
const seconds = Number(values.duration);
const clients = Number(values.clients);
const dialect: Dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
const posts = Number(values.posts);
const baselinePort = Number(values.port);
const serverPort = baselinePort + 1;
/** The server's MEDIA_PROCESSING_SLOTS (2 unless set): the in-process baselines use as many. */
const slots = 2;

// ---- the photo ----

const [photoWidth, photoHeight] = [4032, 3024];

/**
 * A 12-megapixel phone photo of about 4 MB: 4032×3024, JPEG at quality 92, with EXIF orientation 6 (held
 * sideways, as phones write it: upright it is 3024×4032) and a GPS position, which the server must not
 * keep. Smooth colours under grain, so it compresses like a photo, not like a flat picture. Made once.
 */
async function phonePhoto(): Promise<Buffer> {
  const file = path.join(cacheDir, 'uploads', `phone-photo-${photoWidth}x${photoHeight}.jpg`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const raw = Buffer.alloc(photoWidth * photoHeight * 3);
  let state = 1;
  const grain = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return ((state >>> 16) / 65536 - 0.5) * 36;
  };
  for (let y = 0; y < photoHeight; y++) {
    for (let x = 0; x < photoWidth; x++) {
      const i = (y * photoWidth + x) * 3;
      const base = [
        40 + (150 * y) / photoHeight,
        90 + 100 * Math.sin(x / 400),
        200 - (120 * y) / photoHeight,
      ];
      for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, base[c]! + grain()));
    }
  }
  const photo = await sharp(raw, { raw: { width: photoWidth, height: photoHeight, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Sync', Model: 'Bench Phone', DateTime: '2026:11:26 18:04:11' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '29/1 34/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '35/1 25/1 1200/100',
      },
    })
    .toBuffer();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, photo);
  return photo;
}

/** A multipart body with one field, `file`, as a browser's form sends it. */
function multipart(photo: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----SyncBenchBoundary7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_4032.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- measuring ----

interface Measured {
  /** Uploads (or photos processed) per second. */
  perSecond: number;
  count: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU per upload (or photo) of the process measured, in ms. */
  cpuMsEach: number;
  failures: number;
  /** Share of the machine's cores used by other processes meanwhile (this machine is shared). */
  othersCpuPercent: number;
}

/** `clients` connections POSTing `body` in a loop for `seconds`, each with its own authorization. */
async function postInLoop(
  server: ServerProcess,
  path: string,
  upload: { body: Buffer; contentType: string },
  authorizations: string[] | undefined,
): Promise<Measured> {
  let next = 0;
  const cpu = new CpuShare(server.pid);
  const startedAt = performance.now();
  const result = await autocannon({
    url: server.url,
    connections: clients,
    duration: seconds,
    timeout: 60,
    setupClient: (client) => {
      const authorization = authorizations?.[next++ % authorizations.length];
      client.setRequests([
        {
          method: 'POST',
          path,
          headers: {
            'content-type': upload.contentType,
            ...(authorization ? { authorization } : {}),
          },
          body: upload.body,
        },
      ]);
    },
  });
  const elapsed = (performance.now() - startedAt) / 1000;
  const { serverMicros, othersPercent } = cpu.measure();
  const ok = result['2xx'];
  return {
    perSecond: ok / elapsed,
    count: ok,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsEach: ok > 0 ? serverMicros / 1000 / ok : 0,
    failures: result.non2xx + result.errors + result.timeouts,
    othersCpuPercent: othersPercent,
  };
}

/** `clients` callers doing `work` in turn through `slots` slots, in this process, for `seconds`. */
async function inProcess(work: () => Promise<unknown>): Promise<Measured> {
  const gate = new ProcessingSlots(slots);
  await gate.run(work); // sharp's first run loads libvips's codecs
  const latencies: number[] = [];
  // No server process here (pid 0 is none): this process is the bench's, and the rest are the others.
  const machine = new CpuShare(0);
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const until = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const askedAt = performance.now();
        await gate.run(work);
        latencies.push(performance.now() - askedAt);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const { othersPercent } = machine.measure();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!);
  return {
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuMsEach: (cpu.user + cpu.system) / 1000 / latencies.length,
    failures: 0,
    othersCpuPercent: othersPercent,
  };
}

/** What the server makes of an upload, with sharp alone: one decode, the original and the preview. */
async function sharpAlone(photo: Buffer): Promise<void> {
  const original = await sharp(photo)
    .autoOrient()
    .resize({ width: 3840, height: 2160, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 88 })
    .toBuffer();
  await sharp(original).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

// ---- the run ----

const photo = await phonePhoto();
const upload = multipart(photo);
const described = await sharp(photo).metadata();
console.log(
  `Photo: ${(photo.length / 1024 / 1024).toFixed(2)} MB, ${described.width}×${described.height}, ` +
    `EXIF orientation ${described.orientation}, GPS ${described.exif ? 'in its EXIF' : 'missing'}; ` +
    `${clients} clients, ${seconds} s each`,
);

buildIfStale();

const bare = await startBaselineServer({
  port: baselinePort,
  logFile: path.join(cacheDir, 'logs', 'uploads-baseline.log'),
});
let bareResult: Measured;
try {
  await postInLoop(bare, '/upload', upload, undefined); // warm-up, same length
  bareResult = await postInLoop(bare, '/upload', upload, undefined);
} finally {
  await bare.stop();
}
console.log('  bare Fastify reading the body', bareResult);

const sharpResult = await inProcess(() => sharpAlone(photo));
console.log('  sharp alone, in process', sharpResult);
const processResult = await inProcess(() => processImage(photo, { maxPixels: 33_177_600 }));
console.log("  the server's processImage, in process", processResult);

const { target } = await checkOutDataset(dialect, posts, values['postgres-url'], serverPort);
const handle = openServerDatabase(target);
let syncResult: Measured;
let mediaRows: number;
try {
  const server = await startSyncServer(target, {
    port: serverPort,
    workers: 1,
    logFile: path.join(cacheDir, 'logs', `server-uploads-${dialect}-${posts}.log`),
    cpuProfileDir: values['cpu-prof'] ? path.join(cacheDir, 'profiles', `uploads-${dialect}`) : undefined,
    // RATE_LIMITS=off (the bench's) already lifts the 30 uploads per 30 minutes; no quota either.
    env: { RATE_LIMIT_UPLOADS: '1000000', MEDIA_QUOTA_MB: '0' },
  });
  try {
    const userCount = await countRows(handle, 'users');
    const users = await signIn(
      handle.db,
      Array.from({ length: clients }, (_, i) => usernameOf(Math.floor(userCount * 0.2) + i)),
      jwtSecret,
    );
    const authorizations = users.map((user) => user.token);
    // One upload first, checked: stored upright (3024×4032 scaled into 3840×2160), and warm.
    const first = await fetch(`${server.url}/api/media`, {
      method: 'POST',
      headers: { authorization: authorizations[0]!, 'content-type': upload.contentType },
      body: new Uint8Array(upload.body),
    });
    const answer = (await first.json()) as { media?: { width: number; height: number } };
    if (first.status !== 201 || !answer.media || answer.media.width >= answer.media.height)
      throw new Error(`The first upload answered ${first.status}: ${JSON.stringify(answer)}`);
    const before = await countRows(handle, 'media');
    syncResult = await postInLoop(server, '/api/media', upload, authorizations);
    mediaRows = (await countRows(handle, 'media')) - before;
  } finally {
    await server.stop();
  }
} finally {
  await handle.db.destroy();
}
console.log('  Sync POST /api/media', syncResult, `(${mediaRows} media rows added)`);

// ---- the report ----

const number = (value: number, digits = 1) => value.toFixed(digits);
const rows: [string, Measured, string][] = [
  ['Sync `POST /api/media` (the whole pipeline)', syncResult, 'server process'],
  ['sharp alone: original + preview, 2 slots, in process', sharpResult, 'bench process'],
  ["the server's processImage, 2 slots, in process", processResult, 'bench process'],
  ['bare Fastify reading the same body', bareResult, 'baseline process'],
];
const lines = [
  '# Uploads: a 4 MB phone photo',
  '',
  `- Date: ${new Date().toISOString()}; CPU: ${cpuModel()}; Node ${process.version}`,
  `- Command: \`npm run bench:uploads -w bench -- ${process.argv.slice(2).join(' ')}\``.replace(' -- `', '`'),
  `- Photo: ${photo.length.toLocaleString('en-US')} bytes, JPEG ${photoWidth}×${photoHeight}, EXIF orientation 6 and GPS; ` +
    `${clients} clients (each a bench user), ${seconds} s per measurement; Sync on ${dialect}, ${posts.toLocaleString('en-US')} posts, ` +
    'one process, MEDIA_PROCESSING_SLOTS=2, rate limits and quota off',
  '',
  "| measured | per second | p50 ms | p99 ms | CPU ms each | of | count | failures | others' CPU |",
  '|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ...rows.map(
    ([name, result, of]) =>
      `| ${tableCell(name)} | ${number(result.perSecond, 2)} | ${result.p50Ms} | ${result.p99Ms} | ` +
      `${number(result.cpuMsEach, 0)} | ${of} | ${result.count} | ${result.failures} | ${result.othersCpuPercent}% |`,
  ),
  '',
  `- Sync's uploads/s ÷ sharp alone: **${number(syncResult.perSecond / sharpResult.perSecond, 2)}**; ` +
    `÷ the server's processImage in process: ${number(syncResult.perSecond / processResult.perSecond, 2)}; ` +
    `÷ the bare endpoint: ${number(syncResult.perSecond / bareResult.perSecond, 3)}`,
  `- Server CPU per upload ÷ sharp alone's CPU per photo: ${number(syncResult.cpuMsEach / sharpResult.cpuMsEach, 2)}`,
  `- Media rows added during the measured run: ${mediaRows} (2xx answers: ${syncResult.count})`,
  '',
];
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(path.join(benchDir, 'results', 'uploads.md'), lines.join('\n'));
console.log(`\n${lines.join('\n')}\nWrote bench/results/uploads.md`);
