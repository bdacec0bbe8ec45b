import { describe, expect, it } from 'vitest';
import { takingTurns } from './turns.js';

/** A job the test finishes by hand, recording when it started. */
function job(log: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const run = () =>
    new Promise<string>((resolve, reject) => {
      log.push(name);
      finish = (fail) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { run, finish: (fail?: boolean) => finish(fail) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('takingTurns', () => {
  it('runs at most the limit at once, the rest in the order they came, a failure passing its turn on', async () => {
    const inTurn = takingTurns(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => job(started, name));
    const results = jobs.map((each) => inTurn(each.run).catch((error: Error) => `failed ${error.message}`));
    await settle();
    expect(started).toEqual(['a', 'b']);

    jobs[1]!.finish(true);
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);

    jobs[0]!.finish();
    jobs[2]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);

    jobs[3]!.finish();
    jobs[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'failed b', 'c', 'd', 'e']);

    // Every turn was given back: two new jobs start at once.
    const later = [job(started, 'f'), job(started, 'g')];
    const laterResults = later.map((each) => inTurn(each.run));
    await settle();
    expect(started.slice(-2)).toEqual(['f', 'g']);
    later.forEach((each) => each.finish());
    await Promise.all(laterResults);
  });
});
