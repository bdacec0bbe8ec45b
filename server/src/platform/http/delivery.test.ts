import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { compressionThresholdBytes } from './compression.js';
import { cacheControl } from './web-client.js';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decompressed (fetch would decompress them out of sight). */
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function decode(reply: RawReply): string {
  switch (reply.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(reply.body).toString();
    case 'gzip':
      return zlib.gunzipSync(reply.body).toString();
    default:
      return reply.body.toString();
  }
}

/** A stand-in for web/dist, so these tests need no web build: Vite's layout, hashed names under assets/. */
function writeFakeClient(): { webDir: string; script: string; styles: string; page: string } {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-web-'));
  const page =
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
  const script = Array.from({ length: 200 }, (_, i) => `export const line${i} = "feed item ${i}";`).join(
    '\n',
  );
  const styles = Array.from({ length: 100 }, (_, i) => `.post-${i} { margin: ${i}px; }`).join('\n');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.mkdirSync(path.join(webDir, 'avatars'));
  fs.writeFileSync(path.join(webDir, 'index.html'), page);
  fs.writeFileSync(path.join(webDir, 'assets/index-Ab12Cd34.js'), script);
  // Precompressed at build time, as scripts/build.mjs does for the real client.
  fs.writeFileSync(path.join(webDir, 'assets/index-Ef56Gh78.css'), styles);
  fs.writeFileSync(path.join(webDir, 'assets/index-Ef56Gh78.css.br'), zlib.brotliCompressSync(styles));
  fs.writeFileSync(path.join(webDir, 'assets/index-Ef56Gh78.css.gz'), zlib.gzipSync(styles));
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build from before the demo's pictures moved to the server (server/public) still has its own.
  fs.writeFileSync(path.join(webDir, 'avatars/maya.chen.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return { webDir, script, styles, page };
}

describe('delivery: compression, caching and the static client', () => {
  const client = writeFakeClient();
  const eventStreamBody = `data: ${'an event that must arrive at once '.repeat(100)}\n\n`;
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer('sqlite', {
      env: { WEB_DIR: client.webDir },
      // The shape of a server-sent events route, which no feature has yet.
      extraRoutes: (app) =>
        app.get('/api/test-events', (_request, reply) =>
          reply.type('text/event-stream').send(eventStreamBody),
        ),
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(client.webDir, { recursive: true, force: true });
  });

  describe('JSON answers', () => {
    it('are compressed with brotli or gzip, whichever the client accepts, above the threshold', async () => {
      const identity = await rawGet(`${server.url}/api/posts`);
      expect(identity.body.length).toBeGreaterThan(compressionThresholdBytes);
      for (const encoding of ['br', 'gzip']) {
        const reply = await rawGet(`${server.url}/api/posts`, { 'accept-encoding': encoding });
        expect(reply.status).toBe(200);
        expect(reply.headers['content-encoding']).toBe(encoding);
        expect(reply.headers.vary).toContain('accept-encoding');
        expect(reply.body.length).toBeLessThan(identity.body.length / 2);
        expect(JSON.parse(decode(reply))).toEqual(JSON.parse(identity.body.toString()));
        // The security headers survive compression.
        expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
      }
    });

    it('prefer brotli when the client accepts both, as browsers do', async () => {
      const reply = await rawGet(`${server.url}/api/posts`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(reply.headers['content-encoding']).toBe('br');
    });

    it('are sent as they are below the threshold or when the client accepts no encoding', async () => {
      const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
      expect(small.body.length).toBeLessThan(compressionThresholdBytes);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });

      const plain = await rawGet(`${server.url}/api/posts`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      expect(JSON.parse(plain.body.toString())).toHaveProperty('posts');
    });

    it('never compress server-sent events, which must reach the client as they are written', async () => {
      const reply = await rawGet(`${server.url}/api/test-events`, { 'accept-encoding': 'br, gzip' });
      expect(reply.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body.toString()).toBe(eventStreamBody);
    });
  });

  describe('the web client', () => {
    it('serves hashed assets as immutable for a year, compressed when large', async () => {
      const reply = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe(cacheControl.hashedAsset);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(decode(reply)).toBe(client.script);
    });

    it('sends the .br or .gz written at build time as it is, and the file itself otherwise', async () => {
      const url = `${server.url}/assets/index-Ef56Gh78.css`;
      const brotli = await rawGet(url, { 'accept-encoding': 'br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/^text\/css/);
      expect(brotli.headers['cache-control']).toBe(cacheControl.hashedAsset);
      expect(brotli.body).toEqual(fs.readFileSync(path.join(client.webDir, 'assets/index-Ef56Gh78.css.br')));

      const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip)).toBe(client.styles);

      const plain = await rawGet(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(client.styles);
    });

    it('has index.html revalidated on every visit, at / and at every deep link', async () => {
      for (const urlPath of [
        '/',
        '/index.html',
        '/posts/0190a0b2-0000-7000-8000-000000000000',
        '/u/maya.chen',
      ]) {
        const reply = await rawGet(server.url + urlPath);
        expect(reply.status, urlPath).toBe(200);
        expect(reply.headers['content-type']).toMatch(/^text\/html/);
        expect(reply.headers['cache-control'], urlPath).toBe('no-cache');
        expect(reply.body.toString()).toBe(client.page);
      }
    });

    it('answers a revalidation of an unchanged page with 304 and no body', async () => {
      const first = await rawGet(`${server.url}/`, { 'accept-encoding': 'br, gzip' });
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await rawGet(`${server.url}/`, { 'accept-encoding': 'br, gzip', 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
    });

    it('serves the favicon and avatars with their image type, cached for an hour', async () => {
      const types = {
        '/favicon.svg': 'image/svg+xml',
        '/avatars/maya.chen.svg': 'image/svg+xml',
        '/avatars/maya.chen.png': 'image/png',
      };
      for (const [urlPath, type] of Object.entries(types)) {
        const reply = await rawGet(server.url + urlPath);
        expect(reply.status, urlPath).toBe(200);
        expect(reply.headers['content-type'], urlPath).toBe(type);
        expect(reply.headers['cache-control'], urlPath).toBe(cacheControl.otherFile);
      }
      // The server's own picture, not the one an older build of the client carries.
      const avatar = await rawGet(`${server.url}/avatars/maya.chen.png`);
      expect(avatar.body).toEqual(
        fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/avatars/maya.chen.png')),
      );
    });

    it('answers a missing file with a small 404, and every page of the client with index.html', async () => {
      for (const urlPath of [
        '/avatars/nobody.png',
        '/static/js/x.js',
        '/styles.css',
        '/index.js.map',
        '/manifest.json',
        '/robots.txt',
      ]) {
        const reply = await rawGet(server.url + urlPath, { accept: 'text/html,*/*' });
        expect(reply.status, urlPath).toBe(404);
        expect(reply.headers['content-type'], urlPath).toMatch(/^application\/json/);
        expect(JSON.parse(reply.body.toString()), urlPath).toEqual({
          errors: [`There is no file ${urlPath}.`],
        });
      }
      for (const urlPath of [
        '/profile/olu.js',
        '/profile/maya.png',
        '/settings',
        '/tag/sunset',
        '/search?q=a.png',
      ]) {
        const reply = await rawGet(server.url + urlPath);
        expect(reply.status, urlPath).toBe(200);
        expect(reply.headers['content-type'], urlPath).toMatch(/^text\/html/);
        expect(reply.body.toString()).toBe(client.page);
      }
    });

    it('answers a missing file under /assets/ with 404, never with index.html', async () => {
      for (const urlPath of ['/assets/index-Old00000.js', '/assets/index-Ab12Cd34.js.map']) {
        const reply = await rawGet(server.url + urlPath, { accept: 'text/html' });
        expect(reply.status, urlPath).toBe(404);
        expect(reply.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(reply.body.toString()).errors[0]).toContain('There is no file /assets');
      }
      expect((await rawGet(`${server.url}/assets`)).status).toBe(404);
      const unknownApi = await rawGet(`${server.url}/api/nope`);
      expect(unknownApi.status).toBe(404);
      expect(JSON.parse(unknownApi.body.toString())).toEqual({
        errors: ['There is no route GET /api/nope.'],
      });
    });
  });
});
