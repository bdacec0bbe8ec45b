/**
 * The server's entry (`server/dist/main.js` once built; `npm start` imports it, workers run it). It asks
 * whether this Node.js can run Sync before it loads anything else: the rest of the server is imported
 * only after that, since an ES module's static imports all load before its first line runs.
 */
import { exitOnRuntimeProblem } from './runtime-check.mjs';

exitOnRuntimeProblem();
const { run } = await import('./run.js');
await run(import.meta.filename);
