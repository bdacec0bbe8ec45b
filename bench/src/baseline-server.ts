/** The baseline: a bare Fastify route answering a precomputed 2 KB JSON document. Run as its own process. */
import Fastify from 'fastify';

const items = Array.from({ length: 16 }, (_, index) => ({
  id: `0190c0de-0000-7000-8000-${String(index).padStart(12, '0')}`,
  text: 'A precomputed answer of about two kilobytes, the size of a small API reply.'.slice(0, 60),
  count: index,
}));
const body = JSON.stringify({ items });

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/baseline', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
