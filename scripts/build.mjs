#!/usr/bin/env node
/**
 * Builds the compiled server (server/dist, esbuild) and the web client (web/dist, Vite).
 *
 *   node scripts/build.mjs              build both (npm run build)
 *   node scripts/build.mjs --if-stale   build only what is missing or whose sources changed (npm start)
 *   node scripts/build.mjs server       one target (server or web); combines with --if-stale
 *
 * It prints one line per target it builds ("Built web client in 6.1 s (first screen 134.2 KB gzip)"),
 * and every warning. Vite's own report (each file of web/dist with its size) is printed when the web
 * build fails, or always with BUILD_VERBOSE=1.
 *
 * A target is stale when its output is missing or the hash of its input files differs from the one
 * recorded in the stamp written beside the output after the last successful build. Content hashes,
 * not modification times: a checkout or a copy that touches every file does not force a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const stampName = '.build-stamp';
const verbose = process.env.BUILD_VERBOSE === '1';
const require = createRequire(import.meta.url);
/** Files every target depends on: dependency versions, shared compiler settings, this script. */
const sharedInputs = ['package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs', 'contract'];

/** Tests never reach an output, so editing one does not make a target stale. */
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

const targets = {
  server: {
    label: 'server',
    inputs: [...sharedInputs, 'server/src', 'server/package.json'],
    outDir: path.join(root, 'server/dist'),
    entry: 'main.js',
    build: buildServer,
  },
  web: {
    label: 'web client',
    inputs: [
      ...sharedInputs,
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
    ],
    outDir: path.join(root, 'web/dist'),
    entry: 'index.html',
    build: buildWeb,
    /** Tens of seconds on a small machine: a terminal shows "Building web client…" until it is done. */
    slow: true,
  },
};

/**
 * Packages that stay imports resolved from node_modules at run time: the native ones load a compiled
 * .node file found from their own folder; the PostgreSQL driver and the Redis client are imported only
 * when DATABASE_URL or REDIS_URL ask for them, so bundling them would only make every start parse them
 * (and esbuild's CommonJS interop loses ioredis's named exports on a dynamic import).
 */
const externalPackages = ['better-sqlite3', '@node-rs/argon2', 'postgres', 'ioredis'];

/**
 * The server, the workspace `@sync/contract` (TypeScript sources) and every npm package but the ones
 * above in one ES module, run.js, beside the one module a thread runs and main.js, the entry, which
 * checks the runtime before it imports run.js (decision 116). One file instead of about 1,500 takes more
 * than half off a start (decision 020). server/dist/main.js sits as deep as server/src/config.ts,
 * so the repository root that config.ts derives from its own folder is the same from the bundle.
 */
async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  const packageName = (specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const listedPackagesExternal = {
    name: 'listed-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        externalPackages.includes(packageName(args.path)) ? { path: args.path, external: true } : undefined,
      );
    },
  };
  const serverImportedByEntry = {
    name: 'server-imported-by-entry',
    setup(build) {
      build.onResolve({ filter: /^\.\/run\.js$/ }, (args) =>
        args.importer.endsWith(`app${path.sep}main.ts`) ? { path: './run.js', external: true } : undefined,
      );
    },
  };
  try {
    await esbuild.build({
      absWorkingDir: root,
      // main.js holds only the entry and its runtime check; it imports run.js, the server, once the
      // check has passed (decision 116).
      entryPoints: { main: 'server/src/app/main.ts', run: 'server/src/app/run.ts' },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // A third fewer bytes for V8 to parse at every start. Names are kept (minifyIdentifiers is off),
      // and the source map still leads to the TypeScript lines.
      minifyWhitespace: true,
      minifySyntax: true,
      // Stack traces name the TypeScript files when node runs with --enable-source-maps.
      sourcemap: true,
      sourcesContent: false,
      plugins: [listedPackagesExternal, serverImportedByEntry],
      // The CommonJS packages in the bundle call require() for Node's own modules; an ES module has none.
      banner: {
        js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
      },
      logLevel: 'warning',
    });
  } finally {
    await esbuild.stop();
  }
  // The thread that checkpoints SQLite's log (db/wal-checkpoints.ts) runs a module of its own.
  fs.copyFileSync(
    path.join(root, 'server/src/platform/db/wal-checkpoint-thread.mjs'),
    path.join(outDir, 'wal-checkpoint-thread.mjs'),
  );
}

/**
 * Type-checks the web client, then builds it with Vite (`npm run build -w web` runs the same two, with
 * Vite's report). Both run as child processes, so none of their modules stay in the server's process
 * when `npm start` goes on to run it. The build writes .br and .gz beside its files (web/precompress.ts).
 * Vite prints its report (every file of web/dist with its size) on stdout, its warnings and errors on
 * stderr: the report is shown when the build fails or with BUILD_VERBOSE=1, warnings always.
 */
function buildWeb(outDir) {
  const webDir = path.join(root, 'web');
  const bin = (name, file) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
  run('the web client has type errors', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', webDir], root);
  run('the web client build failed', [bin('vite', 'bin/vite.js'), 'build'], webDir);
  return `first screen ${(firstScreenBytes(outDir) / 1024).toFixed(1)} KB gzip`;
}

/** The line that stands on a terminal while a slow target builds, replaced by its result. */
const progress = {
  shown: false,
  start(text) {
    if (!process.stderr.isTTY) return;
    process.stderr.write(text);
    this.shown = true;
  },
  /** Ends the line before anything else is printed. */
  interrupt() {
    if (this.shown) process.stderr.write('\n');
    this.shown = false;
  },
  finish(text) {
    process.stderr.write(`${this.shown ? '\r\x1b[K' : ''}${text}\n`);
    this.shown = false;
  },
};

/** Runs a Node script; its output is printed if it fails, and on success only its stderr (warnings). */
function run(failure, args, cwd) {
  const colour = process.stderr.isTTY && !('NO_COLOR' in process.env) ? { FORCE_COLOR: '1' } : {};
  const result = spawnSync(process.execPath, args, {
    cwd,
    env: { ...process.env, ...colour },
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
  });
  const output = verbose ? '' : result.status === 0 ? result.stderr : result.stdout + result.stderr;
  if (output) {
    progress.interrupt();
    process.stderr.write(output);
  }
  if (result.status !== 0) throw new Error(`${failure} (exit ${result.status ?? result.signal})`);
}

/**
 * The JavaScript a visit to / loads before its first render: the entry script and the chunks
 * index.html preloads with it (the home screen is among them; decision 040), gzipped as
 * `npm run perf:web` counts them.
 */
function firstScreenBytes(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g),
  ];
  return scripts.reduce(
    (sum, [, file]) => sum + gzipSync(fs.readFileSync(path.join(outDir, file))).length,
    0,
  );
}

function listFiles(relative) {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules') && !isTest(file));
}

function inputsHash(target) {
  const hash = createHash('sha256');
  const files = target.inputs.flatMap(listFiles).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function isStale(target, hash) {
  const stamp = path.join(target.outDir, stampName);
  if (!fs.existsSync(path.join(target.outDir, target.entry)) || !fs.existsSync(stamp)) return true;
  return fs.readFileSync(stamp, 'utf8').trim() !== hash;
}

/** Builds the named targets (all by default); with `ifStale`, only those missing or out of date. */
export async function build({ names = Object.keys(targets), ifStale = false } = {}) {
  for (const name of names) {
    const target = targets[name];
    if (!target) throw new Error(`Unknown build target "${name}": use ${Object.keys(targets).join(' or ')}.`);
    const hash = inputsHash(target);
    if (ifStale && !isStale(target, hash)) continue;
    const started = Date.now();
    if (target.slow && !verbose) progress.start(`Building ${target.label}…`);
    fs.rmSync(path.join(target.outDir, stampName), { force: true });
    let note;
    try {
      note = await target.build(target.outDir);
    } catch (error) {
      progress.interrupt();
      throw error;
    }
    fs.writeFileSync(path.join(target.outDir, stampName), `${hash}\n`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    progress.finish(`Built ${target.label} in ${seconds} s${note ? ` (${note})` : ''}`);
  }
}

if (import.meta.filename === process.argv[1]) {
  const { values, positionals } = parseArgs({
    options: { 'if-stale': { type: 'boolean' } },
    allowPositionals: true,
  });
  try {
    await build({ names: positionals.length ? positionals : undefined, ifStale: values['if-stale'] });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
