/**
 * With PUBLIC_URL and LOCAL_DOMAIN set, every absolute URL an answer carries is at PUBLIC_URL and every
 * account is `@user@LOCAL_DOMAIN`, whatever Host the request names: the address it reached (127.0.0.1),
 * a forged Host header, or forwarded headers a trusted proxy passed on (docs/decisions/118).
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoOwner } from '../../data/seed/demo.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer } from '../../test/mastodon.js';

/** A GET over node:http, which sends the Host header it is given (fetch sends the URL's). */
function get(server: TestServer, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; link: string | string[] | undefined; text: string }>(
    (resolve, reject) => {
      const request = http.get(new URL(path, server.url), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            link: response.headers.link,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

describeEachDatabase('PUBLIC_URL and LOCAL_DOMAIN: the URLs of every answer', (dialect) => {
  let server: TestServer;
  let token: string;
  let ownerToken: string;
  let postId: string;
  let commentId: string;
  let mayaId: string;

  beforeAll(async () => {
    server = await startServer(dialect, {
      // A proxy is trusted, so forwarded headers are believed: they must not move the URLs either.
      env: { PUBLIC_URL: 'https://sync.example', LOCAL_DOMAIN: 'example', TRUST_PROXY: '1' },
    });
    // maya.chen, who may make invites.
    ownerToken = await server.login(demoOwner, demoPassword);
    token = await accessToken(server, ownerToken);
    const post = await server.request('POST', '/api/v1/statuses', {
      token: bearer(token),
      body: { status: 'Evening light with @olu_ade #sunset' },
    });
    postId = post.body.id;
    mayaId = post.body.account.id;
    const comment = await server.request('POST', '/api/v1/statuses', {
      token: bearer(token),
      body: { status: 'And a reply', in_reply_to_id: postId },
    });
    commentId = comment.body.id;
    expect((await server.request('POST', '/api/admin/invites', { token: ownerToken, body: {} })).status).toBe(
      201,
    );
  });
  afterAll(() => server.close());

  /** The same request as it arrives, with a forged Host, and through a proxy naming another host. */
  const ways = (server: TestServer): Record<string, string>[] => [
    {},
    { host: 'evil.example' },
    { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example:8080' },
    { host: new URL(server.url).host.replace('127.0.0.1', 'localhost') },
  ];

  it('statuses, accounts, the instance, discovery, OAuth metadata, Link headers and invites: at PUBLIC_URL whatever the Host', async () => {
    const paths = [
      [`/api/v1/statuses/${postId}`, `Bearer ${token}`],
      [`/api/v1/statuses/${commentId}`, `Bearer ${token}`],
      ['/api/v1/accounts/lookup?acct=maya.chen@example', `Bearer ${token}`],
      [`/api/v1/accounts/${mayaId}/statuses?limit=1`, `Bearer ${token}`],
      ['/api/v2/instance', undefined],
      ['/api/v1/instance', undefined],
      ['/.well-known/webfinger?resource=acct:maya.chen@example', undefined],
      ['/.well-known/host-meta', undefined],
      ['/.well-known/nodeinfo', undefined],
      ['/.well-known/oauth-authorization-server', undefined],
      ['/api/admin/invites', ownerToken],
    ] as const;
    for (const [path, authorization] of paths) {
      const answers = await Promise.all(
        ways(server).map((headers) =>
          get(server, path, authorization ? { ...headers, authorization } : headers),
        ),
      );
      const [first] = answers;
      expect(first!.status, path).toBe(200);
      expect(first!.text, path).toContain('https://sync.example/');
      for (const answer of answers) {
        expect(answer.text, path).toBe(first!.text);
        expect(answer.link, path).toBe(first!.link);
        expect(`${answer.text} ${answer.link}`, path).not.toMatch(/127\.0\.0\.1|localhost|evil\.example/);
      }
    }
  });

  it('names each object by the URL of the table', async () => {
    const status = await server.request('GET', `/api/v1/statuses/${postId}`, { token: bearer(token) });
    expect(status.body).toMatchObject({
      uri: `https://sync.example/post/${postId}`,
      url: `https://sync.example/post/${postId}`,
      account: { url: 'https://sync.example/profile/maya.chen', uri: 'https://sync.example/users/maya.chen' },
      mentions: [{ url: 'https://sync.example/profile/olu_ade', acct: 'olu_ade' }],
      tags: [{ name: 'sunset', url: 'https://sync.example/tag/sunset' }],
    });
    const comment = await server.request('GET', `/api/v1/statuses/${commentId}`, { token: bearer(token) });
    expect(comment.body.url).toBe(`https://sync.example/post/${postId}/comment/${commentId}`);
    const page = await server.request('GET', `/api/v1/accounts/${mayaId}/statuses?limit=1`, {
      token: bearer(token),
    });
    expect(page.headers.get('link')).toMatch(
      new RegExp(`^<https://sync\\.example/api/v1/accounts/${mayaId}/statuses\\?limit=1&max_id=`),
    );
    const v2 = (await server.request('GET', '/api/v2/instance')).body;
    expect(v2).toMatchObject({
      domain: 'example',
      thumbnail: { url: 'https://sync.example/thumbnail.png' },
      configuration: { urls: { streaming: 'wss://sync.example' } },
    });
    expect((await server.request('GET', '/api/v1/instance')).body.uri).toBe('example');
  });

  it('WebFinger answers acct:user@LOCAL_DOMAIN and @ the host it is served at, not the Host a request names', async () => {
    const finger = (resource: string) =>
      server.request('GET', `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
    for (const resource of [
      'acct:maya.chen@example',
      'acct:maya.chen@sync.example',
      'https://sync.example/users/maya.chen',
    ]) {
      const reply = await finger(resource);
      expect(reply.status, resource).toBe(200);
      expect(reply.body).toEqual({
        subject: 'acct:maya.chen@example',
        aliases: ['https://sync.example/profile/maya.chen', 'https://sync.example/users/maya.chen'],
        links: [
          {
            rel: 'http://webfinger.net/rel/profile-page',
            type: 'text/html',
            href: 'https://sync.example/profile/maya.chen',
          },
        ],
      });
    }
    const host = new URL(server.url).host;
    expect((await finger(`acct:maya.chen@${host}`)).status).toBe(404);
    const lookup = await server.request('GET', `/api/v1/accounts/lookup?acct=maya.chen@${host}`);
    expect(lookup.status).toBe(404);
  });
});
