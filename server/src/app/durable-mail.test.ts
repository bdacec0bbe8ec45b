import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres } from '../test/harness.js';
import { startSmtpServer, tokenOf } from '../test/mail.js';
import { spawnServer, type ServerProcess } from '../test/server-process.js';
import { eventually } from '../test/wait.js';

/**
 * Issue 39's "done when" for email (docs/decisions/121): a password reset accepted by a real server
 * process, which is killed (SIGKILL) after the reset's link and mail were committed and while the mail
 * is being sent: the test's SMTP server holds the message unanswered until the kill, so the window is
 * certain, not a race. Started again (one process, or two sharing the database), the server sends the
 * mail once, and its link works.
 */

interface Storage {
  env: Record<string, string>;
  /** The states of the mail jobs, read from the database itself. */
  mailJobStates(): Promise<string[]>;
  dispose(): Promise<void>;
}

const mailJobsSql = `select state from jobs where kind = 'mail' order by created_at`;

async function sqliteStorage(dataDir: string): Promise<Storage> {
  return {
    env: {},
    async mailJobStates() {
      const db = new SQLite(path.join(dataDir, 'sync.sqlite'), { readonly: true });
      try {
        return db
          .prepare<[], { state: string }>(mailJobsSql)
          .all()
          .map((row) => row.state);
      } finally {
        db.close();
      }
    },
    dispose: async () => undefined,
  };
}

async function postgresStorage(): Promise<Storage> {
  const database = await createTestDatabase();
  return {
    env: { DATABASE_URL: database.url },
    async mailJobStates() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query<{ state: string }>(mailJobsSql)).rows.map((row) => row.state);
      } finally {
        await client.end();
      }
    },
    dispose: () => database.drop(),
  };
}

const dialects = [
  ['sqlite', sqliteStorage],
  ['postgres', () => postgresStorage()],
] as const;

const resetSubject = 'Reset your password on Sync';

for (const [dialect, openStorage] of dialects) {
  describe.skipIf(dialect === 'postgres' && !hasPostgres)(
    `a mail accepted before a kill [${dialect}]`,
    () => {
      let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
      let storage: Storage;
      let dataDir: string;
      const servers: ServerProcess[] = [];

      beforeAll(async () => {
        smtp = await startSmtpServer();
      });
      afterAll(() => smtp.close());
      afterEach(async () => {
        for (const server of servers.splice(0)) {
          if (server.child.exitCode === null) server.child.kill('SIGKILL');
          await server.exited;
        }
        await storage.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      const start = async (env: Record<string, string>) => {
        const server = await spawnServer(env);
        servers.push(server);
        return server;
      };
      const post = async (server: ServerProcess, route: string, body: unknown) => {
        const response = await fetch(server.url + route, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };

      for (const restarted of [1, 2]) {
        it(`is sent once after the restart, by ${restarted === 1 ? 'the process' : 'one of two processes'}`, async () => {
          dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-durable-mail-'));
          storage = await openStorage(dataDir);
          const env = {
            ...storage.env,
            DATA_DIR: dataDir,
            SEED_DEMO: 'false',
            SMTP_URL: smtp.url,
            PUBLIC_URL: 'https://sync.test',
            // A claim whose process died runs out in 2 s, not 15 minutes.
            JOB_CLAIM_SECONDS: '2',
            JOB_FIRST_RETRY_SECONDS: '1',
          };
          const email = `reset-${dialect}-${restarted}@example.org`;
          const first = await start(env);
          const signup = await post(first, '/api/auth/signup', {
            username: `reset${restarted}`,
            password: 'password123',
            firstName: 'Re',
            lastName: 'Set',
            email,
          });
          expect(signup.status).toBe(201);

          smtp.hold((mail) => mail.to === email && mail.subject === resetSubject);
          expect((await post(first, '/api/auth/password-reset', { email })).status).toBe(202);
          // The SMTP server has the whole message and does not answer: the send is under way, not done.
          await eventually(() => smtp.held.find((mail) => mail.to === email), {
            what: 'the held reset mail',
          });
          first.child.kill('SIGKILL');
          await first.exited;
          smtp.hold(undefined);
          const resetsTo = () =>
            smtp.received.filter((mail) => mail.to === email && mail.subject === resetSubject);
          expect(resetsTo()).toEqual([]);

          const again = await Promise.all(Array.from({ length: restarted }, () => start(env)));
          await eventually(
            async () =>
              (await storage.mailJobStates()).every((state) => state === 'done') ? true : undefined,
            { what: 'every mail job done', timeoutMs: 20_000 },
          );
          expect(await storage.mailJobStates()).toEqual(['done', 'done']);
          const resets = resetsTo();
          expect(resets).toHaveLength(1);
          // The link it carries was committed with it, and works.
          const check = await post(again[0]!, '/api/auth/password-reset/check', {
            token: tokenOf(resets[0]!),
          });
          expect(check).toEqual({ status: 200, body: { usable: true } });
        }, 60_000);
      }
    },
  );
}
