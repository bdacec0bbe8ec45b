import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const cacheControl = {
  /** Vite puts a hash of the content in every file name under assets/: a name never changes meaning. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html names the current assets, so browsers check it on every visit (a 304 when unchanged). */
  page: 'no-cache',
  /** Favicon, demo avatars: names that stay the same when a release changes them. */
  otherFile: 'public, max-age=3600',
};

const precompressedSuffix = /\.(?:br|gz)$/;

function cacheControlFor(webDir: string, file: string): string {
  const relative = path.relative(webDir, file).replace(precompressedSuffix, '').split(path.sep).join('/');
  if (relative.startsWith('assets/')) return cacheControl.hashedAsset;
  if (relative.endsWith('.html')) return cacheControl.page;
  return cacheControl.otherFile;
}

function notFound(method: string, url: string) {
  const urlPath = url.split('?')[0] ?? url;
  // A page loaded before a release asks for the asset names of the old build.
  if (urlPath.startsWith('/assets/')) {
    return { errors: [`There is no file ${urlPath}: the web client was updated, reload the page.`] };
  }
  return { errors: [`There is no route ${method} ${urlPath}.`] };
}

/**
 * Serves the built client: its files (and the .br/.gz siblings the build writes next to the large
 * ones), and index.html for any other GET outside /api and /assets so deep links work (SPA fallback).
 */
export async function registerWebClient(app: FastifyInstance, webDir: string) {
  const hasClient = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(webDir, file)),
    });
  } else {
    app.log.warn(`No web client in ${webDir} (run npm run build): serving the API only.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const servesPage =
      hasClient && request.method === 'GET' && !/^\/(?:api|assets)(?:\/|$|\?)/.test(request.url);
    if (servesPage) return reply.sendFile('index.html');
    return reply.code(404).send(notFound(request.method, request.url));
  });
}
