import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/wait.js';
import { relayEventsBetweenWorkers } from './event-relay.js';

interface Delivery {
  id: string;
  message: { text: string };
}

const isDelivery = (value: unknown): value is Delivery =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'test:delivered';

// Real processes under node:cluster, as the server runs them; the workers run the real cluster transport.
describe('events between cluster workers, through the primary', () => {
  const workers: Worker[] = [];
  const deliveries = new Map<Worker, Delivery[]>();
  const stopRelay = relayEventsBetweenWorkers(cluster);
  afterAll(async () => {
    stopRelay();
    await Promise.all(
      workers.map((worker) => new Promise((resolve) => (worker.once('exit', resolve), worker.kill()))),
    );
  });

  async function startWorker(): Promise<Worker> {
    const worker = cluster.fork();
    workers.push(worker);
    deliveries.set(worker, []);
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (value: unknown) => {
        if (isDelivery(value)) deliveries.get(worker)!.push({ id: value.id, message: value.message });
        else resolve();
      });
      worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    await ready;
    return worker;
  }

  it('delivers a message published in one worker to every worker, under one id, ids strictly increasing', async () => {
    cluster.setupPrimary({
      exec: path.join(import.meta.dirname, '../test/cluster-relay-worker.ts'),
      execArgv: ['--import', 'tsx'],
    });
    const first = await startWorker();
    const second = await startWorker();

    first.send({ publish: { text: 'from the first' } });
    const [received] = await eventually(
      () => (deliveries.get(second)!.length ? deliveries.get(second) : undefined),
      {
        what: "the second worker's delivery",
      },
    );
    expect(received!.message).toEqual({ text: 'from the first' });
    const [own] = await eventually(() => (deliveries.get(first)!.length ? deliveries.get(first) : undefined));
    expect(own!.id).toBe(received!.id);

    // Interleaved publishers: both workers see one sequence, in one order.
    for (let index = 0; index < 20; index++) {
      (index % 2 ? first : second).send({ publish: { text: `message ${index}` } });
    }
    const total = 21;
    await eventually(
      () => (workers.every((worker) => deliveries.get(worker)!.length === total) ? true : undefined),
      {
        what: 'all deliveries',
      },
    );
    const [inFirst, inSecond] = [deliveries.get(first)!, deliveries.get(second)!];
    expect(inSecond).toEqual(inFirst);
    // <start time>-<sequence>: one start time, sequences strictly increasing.
    const ids = inFirst.map((delivery) => delivery.id.split('-').map(Number));
    expect(new Set(ids.map(([startedAt]) => startedAt)).size).toBe(1);
    for (let index = 1; index < ids.length; index++)
      expect(ids[index]![1]).toBeGreaterThan(ids[index - 1]![1]!);
    // What each worker published arrives, each message once.
    expect(new Set(inFirst.map((delivery) => delivery.message.text)).size).toBe(total);
  });
});
