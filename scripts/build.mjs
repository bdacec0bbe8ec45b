#!/usr/bin/env node
/**
 * Builds the compiled server (server/dist, esbuild) and the web client (web/dist, Vite).
 *
 *   node scripts/build.mjs              build both (npm run build)
 *   node scripts/build.mjs --if-stale   build only what is missing or whose sources changed (npm start)
 *   node scripts/build.mjs server       one target (server or web); combines with --if-stale
 *
 * A target is stale when its output is missing or the hash of its input files differs from the one
 * recorded in the stamp written beside the output after the last successful build. Content hashes,
 * not modification times: a checkout or a copy that touches every file does not force a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const stampName = '.build-stamp';
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
 * above in one ES module, beside the one module a thread runs. One file instead of about 1,500 takes
 * more than half off a start (decision 020). server/dist/main.js sits as deep as server/src/config.ts,
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
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: 'server/src/app/main.ts' },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // A third fewer bytes for V8 to parse at every start. Names are kept (minifyIdentifiers is off),
      // and the source map still leads to the TypeScript lines.
      minifyWhitespace: true,
      minifySyntax: true,
      // Stack traces name the TypeScript files when node runs with --enable-source-maps.
      sourcemap: true,
      sourcesContent: false,
      plugins: [listedPackagesExternal],
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

function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  // The web build writes .br and .gz beside its files itself (web/precompress.ts).
  if (result.status !== 0) throw new Error(`the web client build failed (exit ${result.status})`);
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
    console.error(`Building the ${target.label}…`);
    fs.rmSync(path.join(target.outDir, stampName), { force: true });
    await target.build(target.outDir);
    fs.writeFileSync(path.join(target.outDir, stampName), `${hash}\n`);
    console.error(`Built the ${target.label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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
