import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Reads and drops the rest of a request body that its answer came before (a refused sign-in, a file
 * past the limit), as nginx's lingering close does. Closed at once, the connection would meet a client
 * still sending with a reset: a broken pipe in Node's fetch, a network error in a browser, and never
 * the answer that says what to do. The connection closes when the client pauses for `idleMs`; Node's
 * request timeout (REQUEST_TIMEOUT_MS) bounds the whole, as it bounds any slow body.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance, idleMs: number): void {
  app.addHook('onResponse', async (request) => {
    const body = request.raw;
    // Only a network connection lingers: a request made in the process (Fastify's inject, as the golden
    // views test asks) has a stand-in socket, and a GET it sent is never read to its end.
    if (body.complete || body.destroyed || !(body.socket instanceof Socket)) return;
    // A multipart reader may still be attached, paused where it stopped.
    body.unpipe();
    const idle = setTimeout(() => body.socket.destroy(), idleMs);
    body.on('data', () => idle.refresh());
    body.once('end', () => clearTimeout(idle));
    body.once('close', () => clearTimeout(idle));
    body.resume();
  });
}
