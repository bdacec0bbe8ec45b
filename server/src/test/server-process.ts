import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** The compiled server, as `npm start` runs it. */
const compiledEntry = ['--enable-source-maps', 'dist/main.js'];

/**
 * Builds server/dist if it is missing or its sources changed (what `npm start` does first): once before
 * the test files (test/global-setup.ts), and by a script that starts servers outside the suite (soak).
 */
export function buildCompiledServer() {
  execFileSync(process.execPath, ['../scripts/build.mjs', '--if-stale', 'server'], {
    cwd: serverRoot,
    stdio: 'pipe',
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output: () => string;
  /** Resolves with the first line the server writes from now on that matches `pattern`. */
  nextLine: (pattern: RegExp) => Promise<string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Starts the compiled server (built by `buildCompiledServer`), as `npm start` runs it, as its own process
 * and waits until it answers. Not the TypeScript sources through tsx: compiling them at every start took
 * long enough on a busy machine to miss the 30 s start deadline. With `processGroup`, it leads a process
 * group of its own, as a command started in a terminal does (Ctrl-C signals the whole group).
 */
export async function spawnServer(
  env: Record<string, string>,
  { processGroup = false }: { processGroup?: boolean } = {},
): Promise<ServerProcess> {
  // The free port is found before the server starts, so another process can take it meanwhile (a
  // parallel suite's server or client): the server then exits with EADDRINUSE and gets another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env, processGroup, await freePort());
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnOnce(
  env: Record<string, string>,
  processGroup: boolean,
  port: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, compiledEntry, {
    cwd: serverRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // Tests are not load: on a busy machine, shedding or a queue limit would turn its slowness into 503s.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_IN_FLIGHT: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: processGroup,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, output: () => output, nextLine: (pattern) => nextLine(child, pattern) };
}

function nextLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const streams = [child.stdout, child.stderr].flatMap((stream) => (stream ? [stream] : []));
    const partial = new Map(streams.map((stream) => [stream, '']));
    const stop = () => {
      for (const [stream, listener] of listeners) stream.off('data', listener);
      child.off('exit', onExit);
    };
    const listeners = streams.map((stream) => {
      const listener = (chunk: Buffer) => {
        const lines = (partial.get(stream)! + String(chunk)).split('\n');
        partial.set(stream, lines.pop()!);
        const line = lines.find((candidate) => pattern.test(candidate));
        if (line === undefined) return;
        stop();
        resolve(line);
      };
      stream.on('data', listener);
      return [stream, listener] as const;
    });
    const onExit = (code: number | null) => {
      stop();
      reject(new Error(`the server exited (${code}) before writing a line matching ${pattern}`));
    };
    child.once('exit', onExit);
  });
}

/**
 * Starts the compiled server, as `npm start` runs it, in a data folder of its own (no demo), for a test
 * file that watches the process itself (its log lines, its Node): each is killed after its test, and
 * the folders are removed after the file.
 */
export function compiledServersOfThisFile(folderPrefix: string) {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
  return async (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
    folders.push(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
    servers.push(server);
    return { server, dataDir };
  };
}
