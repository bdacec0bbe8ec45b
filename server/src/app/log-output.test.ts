import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServersOfThisFile, type ServerProcess } from '../test/server-process.js';
import { eventually } from '../test/wait.js';

// What a person sees in a terminal (LOG_FORMAT=pretty, the default when stdout is one) and what a log
// shipper gets (LOG_FORMAT=json, the default otherwise), from the real server process.

const startCompiled = compiledServersOfThisFile('sync-logs-');

/** The bundle, as `npm start` runs it: its pretty lines must not depend on modules found by name. */
function start(env: Record<string, string>) {
  return startCompiled({ LOG_LEVEL: 'info', ...env });
}

/** The lines printed after the start-up line. */
function linesAfterStart(server: ServerProcess): string[] {
  const lines = server.output().split('\n');
  const started = lines.findIndex((line) => line.startsWith('Sync is running at'));
  expect(started, server.output()).toBeGreaterThanOrEqual(0);
  return lines.slice(started + 1).filter((line) => line !== '');
}

const signupBody = (username: string) =>
  JSON.stringify({ username, password: 'password123', firstName: 'Log', lastName: 'Reader' });

describe('LOG_FORMAT=pretty', () => {
  it(
    'starts with one plain line, then prints nothing for requests that went well and one line for each 5xx',
    { timeout: 90_000 },
    async () => {
      // One request at a time, and none waits more than 1 ms for its turn: the others are answered 503.
      const { server, dataDir } = await start({
        LOG_FORMAT: 'pretty',
        MAX_IN_FLIGHT: '1',
        MAX_QUEUE_MS: '1',
        LOG_SLOW_MS: '60000',
      });
      const startLine = `Sync is running at ${server.url} — data in ${path.join(dataDir, 'sync.sqlite')}`;
      expect(server.output().split('\n')).toContain(startLine);
      expect(server.output().match(/Sync is running at/g)).toHaveLength(1);
      expect(server.output()).not.toMatch(/^\{/m);

      for (const [route, status] of [
        ['/api/health', 200],
        ['/api/posts', 200],
        ['/api/users/nobody-here', 404],
        ['/api/no-such-route', 404],
      ] as const) {
        expect((await fetch(`${server.url}${route}`)).status, route).toBe(status);
      }
      expect(linesAfterStart(server)).toEqual([]);

      // A sign-up (its password hash takes a while) and reads, all at once: whatever waited is refused.
      const answers = await Promise.all([
        fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: signupBody('log_reader'),
        }),
        ...Array.from({ length: 10 }, (_, index) => fetch(`${server.url}/api/posts?reader=${index}`)),
      ]);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(answers.every((answer) => [200, 201, 503].includes(answer.status))).toBe(true);
      const lines = await eventually(() => {
        const printed = linesAfterStart(server);
        return printed.length >= refused.length ? printed : undefined;
      });
      expect(lines).toHaveLength(refused.length);
      for (const line of lines) {
        expect(line).toMatch(
          /^\d\d:\d\d:\d\d ERROR (GET \/api\/posts\?reader=\d+|POST \/api\/auth\/signup) → 503 in [\d.,]+ ms/,
        );
      }
    },
  );

  it(
    'gives a request slower than LOG_SLOW_MS one line, and an event stream none however long it lasts',
    { timeout: 90_000 },
    async () => {
      const { server } = await start({ LOG_FORMAT: 'pretty', LOG_SLOW_MS: '0' });
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signupBody('slow_reader'),
      });
      expect(signup.status).toBe(201);
      const { encodedToken } = (await signup.json()) as { encodedToken: string };
      const stream = await fetch(`${server.url}/api/events`, { headers: { authorization: encodedToken } });
      expect(stream.status).toBe(200);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      // Shutdown ends the open stream: it must not be reported as a slow request.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const lines = linesAfterStart(server);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^\d\d:\d\d:\d\d WARN {2}POST \/api\/auth\/signup → 201 in [\d.,]+ ms \(slow\)/,
        ),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}GET \/api\/health → 200 in [\d.,]+ ms \(slow\)/),
      );
      expect(lines.filter((line) => line.includes('/api/events'))).toEqual([]);
      expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}SIGTERM received/));
    },
  );

  it('prints the start-up line once with several workers', { timeout: 90_000 }, async () => {
    const { server } = await start({ LOG_FORMAT: 'pretty', WORKERS: '2' });
    const output = await eventually(() =>
      server.output().includes('Sync is running at') ? server.output() : undefined,
    );
    expect(output.match(/Sync is running at/g)).toHaveLength(1);
    expect(output.split('\n')).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Sync is running at ${server.url} — data in .*sync\\.sqlite \\(2 workers\\)$`),
      ),
    );
  });
});

describe('LOG_FORMAT=json', () => {
  it('prints one JSON record a line, every request included', { timeout: 90_000 }, async () => {
    const { server } = await start({ LOG_FORMAT: 'json' });
    expect((await fetch(`${server.url}/api/posts?json=1`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const records = server
      .output()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });
    expect(records.filter((record) => record.msg.startsWith('Sync is running at'))).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^Sync is running at http:\/\/127\.0\.0\.1:\d+ — data in /),
      }),
    ]);
    expect(records).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/posts?json=1' }),
      }),
    );
    expect(records.filter((record) => record.msg === 'request completed').length).toBeGreaterThan(0);
  });
});
