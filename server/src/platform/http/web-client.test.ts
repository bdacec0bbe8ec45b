import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { cacheControl, looksLikeFile } from './web-client.js';

const serverPublic = path.resolve(import.meta.dirname, '../../../public');

describe('looksLikeFile: a missing file is a 404, a page never is', () => {
  it.each([
    '/avatars/nobody.png',
    '/static/js/main.4f2a.js',
    '/main.css',
    '/assets/index.js.map',
    '/manifest.json',
    '/site.webmanifest',
    '/robots.txt',
    '/favicon.ico',
    '/fonts/inter.woff2',
    '/about.html',
    '/IMAGE.PNG',
    '/tag/photo.png',
    '/post/0190a0b2-0000-7000-8000-000000000000/photo.jpg',
  ])('%s looks like a file', (urlPath) => {
    expect(looksLikeFile(urlPath)).toBe(true);
  });

  it.each([
    '/',
    '/settings',
    '/post/0190a0b2-0000-7000-8000-000000000000',
    '/post/0190a0b2-0000-7000-8000-000000000000/comment/0190a0b2-0000-7000-8000-000000000001',
    '/tag/sunset',
    // Usernames may hold dots and end like a file name ("olu.js", "maya.png" may sign up).
    '/profile/maya.chen',
    '/profile/olu.js',
    '/profile/maya.png',
    '/profile/maya.png/',
    '/PROFILE/maya.png',
    '/profile/maya.json/followers',
    '/moderation/accounts/olu.css',
    '/users/maya.png',
    '/@maya.png',
    '/@maya.chen',
    '/search',
    '/reset-password',
    '/.well-known/change-password',
  ])('%s is a page', (urlPath) => {
    expect(looksLikeFile(urlPath)).toBe(false);
  });
});

/** The web client of another project in WEB_DIR: its own page, none of Sync's pictures. */
describeEachDatabase('the server serves its own pictures, whatever the web client', (dialect) => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-other-client-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Another client</title>');
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const expectPicture = async (url: string) => {
    const response = await fetch(url, { headers: { origin: 'https://elk.example' } });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toBe('image/png');
    expect(response.headers.get('cache-control'), url).toBe(cacheControl.otherFile);
    expect(response.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
    const file = path.join(serverPublic, new URL(url, 'http://x').pathname);
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(file)), url).toBe(true);
  };

  it("the demo's avatars, as Sync's API names them", async () => {
    const { users } = (await server.request('GET', '/api/users')).body;
    const demo = users.filter((user: { avatarURL: string }) => user.avatarURL.startsWith('/avatars/'));
    expect(demo.length).toBeGreaterThanOrEqual(5);
    for (const user of demo) await expectPicture(server.url + user.avatarURL);
  });

  it('the avatar, the default header and the thumbnail the Mastodon API names', async () => {
    const maya = await server.request('GET', '/api/v1/accounts/lookup?acct=maya.chen');
    expect(maya.body.avatar).toBe(`${server.url}/avatars/maya.chen.png`);
    await expectPicture(maya.body.avatar);
    await expectPicture(maya.body.header);
    await expectPicture((await server.request('GET', '/api/v2/instance')).body.thumbnail.url);
    await expectPicture(`${server.url}/avatars/default.png`);
  });

  it("a missing picture is a small 404, the other client's pages its index.html", async () => {
    for (const urlPath of ['/avatars/nobody.png', '/headers/other.png', '/static/js/main.js']) {
      const reply = await server.request('GET', urlPath, { headers: { accept: 'text/html,*/*' } });
      expect(reply.status, urlPath).toBe(404);
      expect(reply.body).toEqual({ errors: [`There is no file ${urlPath}.`] });
    }
    for (const urlPath of ['/', '/@maya.chen', '/profile/maya.chen', '/home']) {
      const reply = await server.request('GET', urlPath);
      expect(reply.status, urlPath).toBe(200);
      expect(reply.body).toContain('Another client');
    }
  });
});

describe('the server pictures with no web client at all', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { env: { WEB_DIR: path.join(os.tmpdir(), 'sync-no-client-here') } });
  });
  afterAll(() => server.close());

  it('are served; pages are not', async () => {
    const avatar = await fetch(`${server.url}/avatars/maya.chen.png`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect((await server.request('GET', '/avatars/nobody.png')).status).toBe(404);
    expect((await server.request('GET', '/profile/maya.chen')).body).toEqual({
      errors: ['There is no route GET /profile/maya.chen.'],
    });
  });
});
