import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaStore } from '../platform/media/storage.js';

/**
 * An uploaded image's file from the media store, for both the public `/media/<file>` route and the
 * staff's copies of reported images: never taken for anything but an image, never running a script,
 * streamed in parts for a client that asks for a range. The caller sets its caching.
 */
export async function sendStoredFile(
  store: MediaStore,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; contentType: string },
) {
  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('accept-ranges', 'bytes');
  const asked = request.headers.range;
  let range: ByteRange | undefined;
  if (asked !== undefined) {
    const size = await store.size(file.name);
    if (size === undefined) return notFound(reply);
    const parsed = byteRange(asked, size);
    if (parsed === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    range = parsed;
  }
  const stored = await store.read(file.name, range);
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
}

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
