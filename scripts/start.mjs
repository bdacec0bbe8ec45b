#!/usr/bin/env node
/**
 * `npm start`: builds the server and the web client if they are missing or their sources changed,
 * then runs the compiled server in this same process, so signals reach it directly and no supervisor
 * process stays resident. With WORKERS > 1 this process is the node:cluster primary and the workers run
 * server/dist/main.js (decision 061). Run it with `node --enable-source-maps` so stack traces name the
 * TS files. A Node.js that cannot run Sync ends it with one line before anything is built (decision 116).
 */
import { exitOnRuntimeProblem } from '../server/src/app/runtime-check.mjs';

exitOnRuntimeProblem();
const { build } = await import('./build.mjs');
await build({ ifStale: true });
await import('../server/dist/main.js');
