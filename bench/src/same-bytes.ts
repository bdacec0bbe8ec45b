import fs from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import type { Scenario } from './scenarios.js';

/**
 * How many times one connection's requests are fetched: a scenario that cycles through posts or users
 * (the post page, a profile) is sampled across them, not judged by its first post, which may have no
 * comments at all (the post page's same-bytes baseline once served a 33-byte empty page).
 */
const sampledRounds = 50;

/**
 * The answers one connection of `scenario` gets in its first rounds, fetched once: their bytes are what
 * the same-bytes baseline serves, in the same order, and their size is reported (no answer may grow with
 * the site).
 */
export async function captureAnswers(url: string, scenario: Scenario): Promise<string[]> {
  const answers: string[] = [];
  const requests = scenario.requestsFor(0);
  for (let round = 0; round < sampledRounds; round++) {
    for (const request of requests) {
      const effective: autocannon.Request =
        typeof request.setupRequest === 'function' ? request.setupRequest({ ...request }, {}) : request;
      const response = await fetch(url + effective.path, {
        method: effective.method ?? 'GET',
        headers: effective.headers as Record<string, string> | undefined,
        body: effective.body as string | undefined,
      });
      answers.push(await response.text());
    }
  }
  return answers;
}

export const largestAnswerBytes = (answers: string[]) =>
  Math.max(...answers.map((answer) => Buffer.byteLength(answer)));

/** Writes the answers where the baseline server reads them, and the scenario that asks for them. */
export function sameBytesScenario(scenario: Scenario, answers: string[], dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'same-bytes.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const replay: Scenario = {
    name: `same bytes: ${scenario.name}`,
    kind: 'baseline',
    requestsFor: () => answers.map((_, index) => ({ method: 'GET', path: `/same/${index}` })),
  };
  return { file, scenario: replay };
}
