/**
 * The baseline of a start: a bare Fastify process answering /api/health, plain JavaScript, started with
 * the node flags of `npm start`. Sync's start to first answer is reported beside this one's, timed the
 * same way in the same run.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
