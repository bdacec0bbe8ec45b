import type { FastifyRequest } from 'fastify';

/** The server's origin as the client reached it (behind TRUST_PROXY, the forwarded scheme and host). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
