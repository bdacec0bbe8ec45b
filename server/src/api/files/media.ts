import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as useCases from '../../use-cases/media.js';
import type { ByteRange } from '../../platform/media/storage.js';

/**
 * `/media/<file>`: uploaded images, from whichever store keeps them, so any server process serves any
 * upload. A file's name never changes what it holds (a new image gets a new random key), so it is
 * cached for a year; it is never taken for anything but an image, never runs a script, and streams
 * in parts for a client that asks for a range.
 */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const file = await useCases.fileToServe(deps, request.params.file);
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('accept-ranges', 'bytes')
      .header('etag', `"${request.params.file}"`);
    if (request.headers['if-none-match'] === `"${request.params.file}"`) return reply.code(304).send();
    const asked = request.headers.range;
    let range: ByteRange | undefined;
    if (asked !== undefined) {
      const size = await deps.media.store.size(file.name);
      if (size === undefined) return notFound(reply);
      const parsed = byteRange(asked, size);
      if (parsed === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      range = parsed;
    }
    const stored = await deps.media.store.read(file.name, range);
    if (!stored) return notFound(reply);
    if (stored.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`)
        .header('content-length', stored.range.end - stored.range.start + 1);
    } else {
      reply.header('content-length', stored.size);
    }
    return reply.send(stored.body);
  });
};

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('application/json')
    .send({ errors: ['No such file: it may have been deleted.'] });
}

/**
 * One range of a Range header against a file of `size` bytes: `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * Several ranges at once are answered whole (undefined), as RFC 9110 allows.
 */
function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
