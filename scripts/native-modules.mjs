#!/usr/bin/env node
/**
 * `npm install`'s last step (the root's postinstall, which npm runs with node_modules/.bin first on the
 * PATH, so under the Node.js that runs Sync: the pinned one where npm installed it, decision 116).
 * Each of Sync's native modules (server/src/app/runtime-check.mjs) must load in this Node.js. All three
 * bring prebuilt Node-API binaries today, which load in any Node.js since 18; one that does not (a
 * platform without a prebuilt binary, a build for another Node) is compiled here from its sources with
 * node-gyp, against this Node's own C headers when they sit beside it (the pinned package carries them
 * in include/node: nothing is downloaded), and checked again. Each check runs in a child process, so a
 * binary that crashes this Node cannot take the install down with it, and a rebuilt one is loaded fresh.
 * Exits 1 with one line per module that still does not load.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { nativeModules } from '../server/src/app/runtime-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverRequire = createRequire(path.join(root, 'server/package.json'));
const checker = new URL('../server/src/app/runtime-check.mjs', import.meta.url).href;

/** Loads one native module in a fresh Node.js process like this one; the error's first line if it fails. */
function loadError(name) {
  const script = `
    import { createRequire } from 'node:module';
    import { nativeModules } from ${JSON.stringify(checker)};
    nativeModules[${JSON.stringify(name)}](createRequire(${JSON.stringify(path.join(root, 'server/package.json'))}));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status === 0) return undefined;
  const message = result.stderr.split('\n').find((line) => /^\w*Error\b/.test(line));
  return message ?? `exit ${result.status ?? result.signal}`;
}

/** This Node's C headers, when they are installed beside its binary (bin/node → include/node). */
function headersBesideNode() {
  const prefix = path.dirname(path.dirname(process.execPath));
  const version = path.join(prefix, 'include/node/node_version.h');
  return fs.existsSync(version) ? prefix : undefined;
}

/** The node-gyp inside npm: npm names it to every script it runs; run by hand, it is found from npm's. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const npm = path.join(folder, 'npm');
    if (!fs.existsSync(npm)) continue;
    return path.join(path.dirname(fs.realpathSync(npm)), '../node_modules/node-gyp/bin/node-gyp.js');
  }
  throw new Error('npm is not on the PATH: node-gyp, which comes with it, is needed to build');
}

function rebuild(name) {
  const folder = path.dirname(serverRequire.resolve(`${name}/package.json`));
  if (!fs.existsSync(path.join(folder, 'binding.gyp'))) return false;
  const nodedir = headersBesideNode();
  console.log(
    `Building ${name} for Node.js ${process.versions.node}${nodedir ? ` (headers in ${nodedir})` : ''}…`,
  );
  const result = spawnSync(process.execPath, [nodeGyp(), 'rebuild', '--release'], {
    cwd: folder,
    stdio: 'inherit',
    env: { ...process.env, ...(nodedir && { npm_config_nodedir: nodedir }) },
  });
  return result.status === 0;
}

const failed = [];
for (const name of Object.keys(nativeModules)) {
  const error = loadError(name);
  if (error === undefined) continue;
  console.log(`${name} does not load in Node.js ${process.versions.node}: ${error}`);
  const stillFailing = rebuild(name) ? loadError(name) : error;
  if (stillFailing !== undefined) failed.push(`${name}: ${stillFailing}`);
}
if (failed.length) {
  for (const line of failed) console.error(`Sync cannot run on Node.js ${process.versions.node}: ${line}`);
  process.exit(1);
}
