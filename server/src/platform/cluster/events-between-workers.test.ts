import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/wait.js';
import { relayEventsBetweenWorkers } from './event-relay.js';
import { shareStreamSlotsBetweenWorkers } from './stream-slot-registry.js';

interface Delivery {
  id: string;
  message: { postId: string };
}

/** What a test worker sent back (see test/cluster-relay-worker.ts). */
type Report =
  | ({ kind: 'test:delivered' } & Delivery)
  | { kind: 'test:took'; streamId: string; granted: boolean }
  | { kind: 'test:ready' };

// Real processes under node:cluster, as the server runs them, with the real transport in the workers.
describe('events between cluster workers, through the primary', () => {
  const workers: Worker[] = [];
  const deliveries = new Map<Worker, Delivery[]>();
  const answers = new Map<string, boolean>();
  const stopSharing = [relayEventsBetweenWorkers(cluster), shareStreamSlotsBetweenWorkers(cluster)];
  beforeAll(() =>
    cluster.setupPrimary({
      exec: path.join(import.meta.dirname, '../../test/cluster-relay-worker.ts'),
      execArgv: ['--import', 'tsx'],
    }),
  );
  afterAll(async () => {
    stopSharing.forEach((stop) => stop());
    await Promise.all(workers.map(stopWorker));
  });

  async function startWorker(): Promise<Worker> {
    const worker = cluster.fork();
    workers.push(worker);
    deliveries.set(worker, []);
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (report: Report) => {
        if (report.kind === 'test:delivered')
          deliveries.get(worker)!.push({ id: report.id, message: report.message });
        if (report.kind === 'test:took') answers.set(report.streamId, report.granted);
        if (report.kind === 'test:ready') resolve();
      });
      worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    return worker;
  }

  function stopWorker(worker: Worker): Promise<unknown> {
    if (worker.isDead()) return Promise.resolve();
    return new Promise((resolve) => (worker.once('exit', resolve), worker.kill()));
  }

  const delivered = (worker: Worker, count: number) =>
    eventually(() => (deliveries.get(worker)!.length >= count ? deliveries.get(worker)! : undefined), {
      what: `${count} deliveries`,
    });

  async function take(worker: Worker, streamId: string): Promise<boolean> {
    worker.send({ take: streamId });
    return eventually(() => answers.get(streamId), { what: `the answer for ${streamId}` });
  }

  it('delivers a message published in one worker to every worker, under one id, ids strictly increasing', async () => {
    const first = await startWorker();
    const second = await startWorker();

    first.send({ publish: { type: 'post', postId: 'from the first', authorId: 'someone' } });
    const [received] = await delivered(second, 1);
    expect(received!.message).toEqual({ type: 'post', postId: 'from the first', authorId: 'someone' });
    const [own] = await delivered(first, 1);
    expect(own!.id).toBe(received!.id);

    // Interleaved publishers: both workers see one sequence, in one order.
    for (let index = 0; index < 20; index++) {
      (index % 2 ? first : second).send({
        publish: { type: 'post', postId: `message ${index}`, authorId: 'someone' },
      });
    }
    const [inFirst, inSecond] = [await delivered(first, 21), await delivered(second, 21)];
    expect(inSecond).toEqual(inFirst);
    // <start time>-<sequence>: one start time, sequences strictly increasing.
    const ids = inFirst.map((delivery) => delivery.id.split('-').map(Number));
    expect(new Set(ids.map(([startedAt]) => startedAt)).size).toBe(1);
    for (let index = 1; index < ids.length; index++)
      expect(ids[index]![1]).toBeGreaterThan(ids[index - 1]![1]!);
    // What each worker published arrives, each message once.
    expect(new Set(inFirst.map((delivery) => delivery.message.postId)).size).toBe(21);
  });

  it("caps a user's streams across workers, and frees those of a worker that exits", async () => {
    const [first, second] = workers;
    // Five streams, on two workers: the sixth is refused wherever it lands.
    for (const streamId of ['a1', 'a2', 'a3']) expect(await take(first!, streamId)).toBe(true);
    for (const streamId of ['b1', 'b2']) expect(await take(second!, streamId)).toBe(true);
    expect(await take(second!, 'b3')).toBe(false);
    expect(await take(first!, 'a4')).toBe(false);

    // A stream that closes makes room.
    first!.send({ release: 'a1' });
    await eventually(async () => ((await take(second!, `b-after-release-${Date.now()}`)) ? true : undefined));

    // The first worker dies with its streams: they are all given back.
    await stopWorker(first!);
    for (const streamId of ['b4', 'b5']) expect(await take(second!, streamId)).toBe(true);
    expect(await take(second!, 'b6')).toBe(false);
  });
});
