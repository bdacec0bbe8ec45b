/**
 * Can this Node.js run Sync? Asked before anything else is loaded, by the server's entry (main.ts) and by
 * `npm start` (scripts/start.mjs) before it builds, so that an older Node, or a native module that does
 * not load in this one, ends the process with one line that says what to do: no stack trace from a
 * module that needs a newer Node, no crash inside an addon. ES modules load every static import before
 * their code runs, so this module imports only what every Node.js has, and main.ts imports the rest of
 * the server only once it has answered. Plain JavaScript, so `npm start` can ask before anything is
 * built (decision 116).
 */
import { createRequire } from 'node:module';

/** The oldest Node.js major that runs Sync: every package.json's `engines` says `>=` it (a test checks). */
export const requiredNodeMajor = 24;

/**
 * The packages with a compiled part, each loaded as the server uses it: better-sqlite3 opens its addon
 * only when a database is opened.
 */
export const nativeModules = {
  'better-sqlite3': (require) => {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
  },
  '@node-rs/argon2': (require) => require('@node-rs/argon2'),
  sharp: (require) => require('sharp'),
};

/** Why this process cannot run Sync, in one line; undefined when it can. */
export function runtimeProblem(version = process.versions.node, require = createRequire(import.meta.url)) {
  if (Number(version.split('.')[0]) < requiredNodeMajor)
    return (
      `Sync needs Node.js ${requiredNodeMajor} or newer, and this is Node.js ${version} ` +
      `(${process.execPath}): start it with npm start, which runs the Node.js ${requiredNodeMajor} ` +
      `that npm install puts in node_modules, or install Node.js ${requiredNodeMajor}.`
    );
  for (const [name, load] of Object.entries(nativeModules)) {
    try {
      load(require);
    } catch (error) {
      const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
      return (
        `${name} does not load in Node.js ${version} (${process.execPath}): ${reason}. ` +
        `Run npm install (or npm rebuild ${name}) with the Node.js that runs Sync.`
      );
    }
  }
  return undefined;
}

/** Ends the process with the problem's line on stderr (exit code 1) when there is one. */
export function exitOnRuntimeProblem() {
  const problem = runtimeProblem();
  if (problem === undefined) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
