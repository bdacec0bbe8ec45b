/**
 * The baselines, run as their own process: a bare Fastify route answering a precomputed 2 KB JSON
 * document, and (with SAME_BYTES_FILE) the exact bytes of a page of Sync, fetched once before the run,
 * so each page can be compared with serving its own bytes; and `POST /upload`, which reads an upload's
 * body and does nothing with it.
 */
import fs from 'node:fs';
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
const sameBytes: string[] = process.env.SAME_BYTES_FILE
  ? JSON.parse(fs.readFileSync(process.env.SAME_BYTES_FILE, 'utf8'))
  : [];
app.get<{ Params: { index: string } }>('/same/:index', (request, reply) => {
  void reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(sameBytes[Number(request.params.index)]);
});
// The uploads bench's baseline (uploads.ts): the same multipart bytes, read to the end and counted.
app.addContentTypeParser(
  'multipart/form-data',
  { bodyLimit: 64 * 1024 * 1024 },
  (_request, payload, done) => {
    let bytes = 0;
    payload.on('data', (chunk: Buffer) => (bytes += chunk.length));
    payload.on('end', () => done(null, bytes));
    payload.on('error', done);
  },
);
app.post('/upload', (request, reply) => {
  void reply.code(201).send({ bytes: request.body });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
