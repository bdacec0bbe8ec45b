import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process.js';
import { eventually } from './wait.js';

/**
 * A Redis of the test's own (never the shared one on 6379), without persistence, that the test may
 * kill and start again on the same port: a Redis outage as clients see it.
 */
export interface RedisProcess {
  url: string;
  /** Kills the server at once (SIGKILL): connections drop, nothing is saved. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(async () => ((await answersPing(port)) ? true : undefined), {
      what: `redis-server on port ${port} answering`,
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
