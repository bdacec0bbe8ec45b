import { buildCompiledServer } from './server-process.js';

/**
 * Once before every test file: the compiled server (server/dist), which the files that start server
 * processes run, is brought up to date here, not by each file as it starts: two files building at once
 * wrote the same bundle under each other, and a build inside a file's time was slow on a busy machine.
 */
export default function setup() {
  buildCompiledServer();
}
