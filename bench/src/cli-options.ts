import type { ParseArgsConfig } from 'node:util';

/** The command-line options of a load run, shared by the bench (run.ts) and the comparison (compare.ts). */
export const loadOptionFlags = {
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '50' },
  only: { type: 'string' },
  'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
  port: { type: 'string', default: '3901' },
} as const satisfies ParseArgsConfig['options'];

/** `--only feed,profile`: the scenarios whose names contain one of the words; every scenario without it. */
export function scenarioFilter(only: string | undefined): (scenarioName: string) => boolean {
  const words = only?.split(',');
  return (scenarioName) => !words || words.some((word) => scenarioName.includes(word));
}
