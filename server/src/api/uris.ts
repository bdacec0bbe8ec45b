import type { FastifyRequest } from 'fastify';
import { originOf } from '../platform/http/origin.js';
import type { Uris } from '../platform/uris/uris.js';

/**
 * The URIs an answer carries: PUBLIC_URL's whatever Host the request names, or without PUBLIC_URL the
 * request's own origin (platform/uris).
 */
export const urisFor = (request: FastifyRequest): Uris => request.server.deps.site.urisFor(originOf(request));
