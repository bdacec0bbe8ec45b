import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadableFromAnyOrigin } from './security.js';

export const cacheControl = {
  /** Vite puts a hash of the content in every file name under assets/: a name never changes meaning. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html names the current assets, so browsers check it on every visit (a 304 when unchanged). */
  page: 'no-cache',
  /** The favicon, the server's pictures (demo avatars): names that stay the same when a release changes them. */
  otherFile: 'public, max-age=3600',
};

const precompressedSuffix = /\.(?:br|gz)$/;
const image = /\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/;

function cacheControlFor(relative: string): string {
  if (relative.startsWith('assets/')) return cacheControl.hashedAsset;
  if (relative.endsWith('.html')) return cacheControl.page;
  return cacheControl.otherFile;
}

const activityPubTypes = new Set(['application/activity+json', 'application/ld+json']);

/**
 * Whether the Accept header takes only ActivityPub's JSON (with or without a profile), as another
 * server fetching an actor or a post does. Browsers always take text/html too.
 */
function asksOnlyForActivityPub(request: FastifyRequest): boolean {
  const wanted = (request.headers.accept ?? '')
    .split(',')
    .map((range) => range.split(';').map((part) => part.trim().toLowerCase()))
    .filter(([type, ...parameters]) => type && !parameters.some((p) => /^q=0(?:\.0*)?$/.test(p)))
    .map(([type]) => type);
  return wanted.length > 0 && wanted.every((type) => activityPubTypes.has(type!));
}

/** Sync serves no ActivityPub yet: the web client's page or files are never what such a request wants. */
function notActivityPub(urlPath: string) {
  return {
    errors: [
      `There is no ActivityPub JSON at ${urlPath}: Sync does not serve ActivityPub yet (its pages and files are for browsers).`,
    ],
  };
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/**
 * The extensions of the files browsers and apps ask a web server for: pictures, scripts and their source
 * maps, styles, fonts, data, media, documents. A missing one is a 404, never the page.
 */
const fileExtensions = new Set(
  [
    ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp'],
    ['js', 'mjs', 'cjs', 'map', 'css', 'wasm'],
    ['woff', 'woff2', 'ttf', 'otf', 'eot'],
    ['json', 'webmanifest', 'xml', 'txt', 'csv'],
    ['mp4', 'webm', 'mov', 'mp3', 'm4a', 'ogg', 'wav'],
    ['html', 'htm', 'pdf'],
  ].flat(),
);

/**
 * Paths that end with a username, which may hold dots and end like a file name ("olu.js" may sign up):
 * the web client's profiles (/profile/…, /moderation/accounts/…), the actor URLs the Mastodon API gives
 * (/users/…) and Mastodon's own form (/@…), which another client served from WEB_DIR may use. Matched
 * in any case, as the web client's router matches its paths.
 */
const endsWithUsername = /^\/(?:profile|users|moderation\/accounts)\/[^/]+\/?$|\/@[^/]*$/i;

/**
 * Whether a path outside /api asks for a file rather than a page: its last segment ends with a file's
 * extension, and it is not a path that ends with a username. No page of the web client has such a path
 * (tags have no dots, posts and comments are ids).
 */
export function looksLikeFile(urlPath: string): boolean {
  if (endsWithUsername.test(urlPath)) return false;
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  const extension = /\.([A-Za-z0-9]+)$/.exec(lastSegment)?.[1];
  return extension !== undefined && fileExtensions.has(extension.toLowerCase());
}

function notFound(method: string, url: string) {
  const urlPath = pathOf(url);
  // A page loaded before a release asks for the asset names of the old build.
  if (urlPath.startsWith('/assets/')) {
    return { errors: [`There is no file ${urlPath}: the web client was updated, reload the page.`] };
  }
  if (looksLikeFile(urlPath)) return { errors: [`There is no file ${urlPath}.`] };
  return { errors: [`There is no route ${method} ${urlPath}.`] };
}

/**
 * The pictures the server serves itself, whatever client WEB_DIR holds (server/public): the demo's
 * avatars, the default avatar and header, the instance's thumbnail. The demo's accounts and the
 * Mastodon API's entities name them, so they must not depend on which client is served. Public images,
 * drawn by apps on any origin; their names stay the same across releases.
 */
async function registerServerPictures(app: FastifyInstance, publicDir: string) {
  await app.register(fastifyStatic, {
    root: publicDir,
    wildcard: false,
    // The web client's registration gives reply.sendFile (its index.html).
    decorateReply: false,
    cacheControl: false,
    allowedPath: (_path, _root, request) => !asksOnlyForActivityPub(request),
    setHeaders: (reply) => {
      reply.header('cache-control', cacheControl.otherFile);
      reply.headers(loadableFromAnyOrigin);
    },
  });
}

/** The server's own files and folders, which a web client's files of the same names do not replace. */
function serverOwnedPatterns(publicDir: string): string[] {
  return fs
    .readdirSync(publicDir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/**` : entry.name));
}

/**
 * Serves the server's own pictures (above) and the built client: its files (and the .br/.gz siblings
 * the build writes next to the large ones), and index.html for any other GET outside /api and /assets
 * that does not look like a file, so deep links work (SPA fallback); a missing file is a 404. Its
 * images may be drawn by apps on any origin. A request that takes only ActivityPub JSON gets 406 rather
 * than a page or a file (the static files pass it to the fallback).
 */
export async function registerWebClient(
  app: FastifyInstance,
  { webDir, publicDir }: { webDir: string; publicDir: string },
) {
  await registerServerPictures(app, publicDir);
  const hasClient = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      preCompressed: true,
      // A build of a client that still ships the demo's pictures (Sync's before they moved) is not
      // served in place of the server's.
      globIgnore: ['**/*.br', '**/*.gz', ...serverOwnedPatterns(publicDir)],
      cacheControl: false,
      allowedPath: (_path, _root, request) => !asksOnlyForActivityPub(request),
      setHeaders: (reply, file) => {
        const relative = path
          .relative(webDir, file)
          .replace(precompressedSuffix, '')
          .split(path.sep)
          .join('/');
        reply.header('cache-control', cacheControlFor(relative));
        // The page or a 406, by the Accept header: a shared cache must not answer one with the other.
        if (relative.endsWith('.html')) reply.header('vary', 'accept');
        if (image.test(relative)) reply.headers(loadableFromAnyOrigin);
      },
    });
  } else {
    app.log.warn(`No web client in ${webDir} (run npm run build): serving the API only.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = pathOf(request.url);
    const outsideApi = request.method === 'GET' && !/^\/(?:api|assets)(?:\/|$)/.test(urlPath);
    if (outsideApi && asksOnlyForActivityPub(request)) {
      return reply.code(406).header('vary', 'accept').send(notActivityPub(urlPath));
    }
    if (outsideApi && hasClient && !looksLikeFile(urlPath)) return reply.sendFile('index.html');
    return reply.code(404).send(notFound(request.method, request.url));
  });
}
