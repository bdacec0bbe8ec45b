import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ConnectionLimits } from '../../config.js';
import { unavailable } from './errors.js';

/**
 * Caps the connections open at once, in total and per client address. A connection over a cap is
 * answered 503 on its first request and closed (Node's own `maxConnections` would drop it without a
 * word). A trusted proxy's connections carry many clients, so they count only towards the total; behind
 * a proxy, cap connections per client there (nginx `limit_conn`).
 *
 * A long-lived response (server-sent events) holds its connection like any other and counts here.
 */
export function limitConnections(
  app: FastifyInstance,
  { maxConnections, maxConnectionsPerIp }: Pick<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerIp'>,
  isTrustedProxy: (address: string) => boolean,
) {
  const openByAddress = new Map<string, number>();
  let open = 0;
  /** Sockets accepted over a cap, with the refusal their first request gets. */
  const refusals = new WeakMap<Socket, string>();

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = (openByAddress.get(address) ?? 0) + 1;
    openByAddress.set(address, fromAddress);
    open += 1;
    if (maxConnections > 0 && open > maxConnections) {
      refusals.set(socket, 'The server has too many open connections right now. Try again in a few seconds.');
    } else if (maxConnectionsPerIp > 0 && fromAddress > maxConnectionsPerIp && !isTrustedProxy(address)) {
      refusals.set(
        socket,
        `Too many open connections from your address (at most ${maxConnectionsPerIp}). Close some and try again.`,
      );
    }
    socket.once('close', () => {
      open -= 1;
      const left = openByAddress.get(address)! - 1;
      if (left === 0) openByAddress.delete(address);
      else openByAddress.set(address, left);
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    const refusal = refusals.get(request.raw.socket);
    if (refusal === undefined) return;
    reply.header('connection', 'close');
    throw unavailable(refusal);
  });
}
