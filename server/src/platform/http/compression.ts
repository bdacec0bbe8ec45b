import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: below ~1 KB compression saves less than it costs. */
export const compressionThresholdBytes = 1024;

const textLike = /^text\/|[/+](?:json|xml|javascript)(?:;|$)/i;

/**
 * Server-sent events must reach the client as each event is written; a compressor holds bytes back
 * until its buffer fills, so text/event-stream is never compressed. (@fastify/compress also asks
 * mime-db, which has no entry for it; delivery.test.ts holds both to that.)
 */
const eventStream = /^text\/event-stream/i;

export function isCompressible(contentType: string): boolean {
  return !eventStream.test(contentType) && textLike.test(contentType);
}

/**
 * gzip and brotli for JSON answers and the static client's text files, at their fastest levels:
 * measured on a 16 KB feed page, brotli quality 1 costs 55 µs of CPU (27.7 % of the size), quality 4
 * 184 µs (24.6 %), quality 11 18 ms; gzip level 1 129 µs (26.9 %), level 6 183 µs (25.0 %), against
 * about 2.7 ms to produce the page. See docs/decisions/021-compression-and-caching.md. The built
 * client's large files are compressed once at build time at the highest levels instead.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    customTypes: isCompressible,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Request bodies are small JSON; accepting compressed ones would only widen what a client can send.
    globalDecompression: false,
  });
}
