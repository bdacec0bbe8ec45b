import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../../test/event-stream-client.js';
import { uniqueName } from '../../test/expectations.js';
import { hasPostgres, requester } from '../../test/harness.js';
import { accessToken, bearer } from '../../test/mastodon.js';
import { openStreamingApp, type StreamingApp } from '../../test/mastodon-streaming.js';
import type { ServerProcess } from '../../test/server-process.js';
import { twoProcesses } from '../../test/two-processes.js';
import { eventually } from '../../test/wait.js';

interface Person {
  token: string;
  id: string;
  username: string;
}

/**
 * A suspension through one process ends the person's streams and refuses their tokens on another, one
 * that had read them a moment before (two server processes, one PostgreSQL database, one Redis).
 */
(hasPostgres ? describe : describe.skip)('a suspension across two processes (PostgreSQL, Redis)', () => {
  const processes = twoProcesses('moderation', {
    // Far longer than the test: only the event channel can make B drop what it read a moment ago.
    VIEWER_CACHE_MS: '600000',
  });
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(() => {
    ({ a, b } = processes);
  });
  const opened: { close(): void }[] = [];
  afterAll(() => opened.forEach((stream) => stream.close()));

  const signUp = async (prefix: string): Promise<Person> => {
    const response = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: uniqueName(prefix),
        password: 'password123',
        firstName: 'T',
        lastName: 'U',
      }),
    });
    const answer = await response.json();
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return { token: answer.encodedToken, id: answer.createdUser._id, username: answer.createdUser.username };
  };
  const status = async (server: ServerProcess, urlPath: string, authorization: string) =>
    (await fetch(server.url + urlPath, { headers: { authorization } })).status;

  it("suspending through A ends the person's event stream and Mastodon streaming on B, and refuses their tokens there", async () => {
    // The first account of an empty server is its owner.
    const owner = await signUp('owner');
    const target = await signUp('target');
    const mastodonToken = await accessToken({ request: requester(() => b.url) }, target.token);

    // B reads the person and their app's token, and keeps both (VIEWER_CACHE_MS).
    expect(await status(b, '/api/notifications?limit=1', target.token)).toBe(200);
    expect(await status(b, '/api/v1/accounts/verify_credentials', bearer(mastodonToken))).toBe(200);
    const events: EventStreamClient = await openEventStream(b.url, target.token);
    opened.push(events);
    expect(events.status).toBe(200);
    const streaming: StreamingApp = await openStreamingApp(b.url, mastodonToken);
    opened.push(streaming);
    await streaming.subscribe((client) => client.user.subscribe());

    const suspended = await fetch(`${a.url}/api/admin/accounts/${target.username}/actions`, {
      method: 'POST',
      headers: { authorization: owner.token, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'suspend', text: 'Spam.' }),
    });
    expect(suspended.status).toBe(200);

    await Promise.all([events.ended, streaming.closed]);
    await eventually(
      async () => ((await status(b, '/api/notifications?limit=1', target.token)) === 401 ? true : undefined),
      { timeoutMs: 5000, what: "B refusing the person's session token" },
    );
    await eventually(
      async () =>
        (await status(b, '/api/v1/accounts/verify_credentials', bearer(mastodonToken))) === 401
          ? true
          : undefined,
      { timeoutMs: 5000, what: "B refusing the person's app token" },
    );
    const login = await fetch(`${b.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: target.username, password: 'password123' }),
    });
    expect(login.status).toBe(403);
  });
});
