import { describe, expect, it } from 'vitest';
import { formatRecord, printedPlainly } from './logging.js';

const at = new Date(2026, 0, 2, 9, 5, 7).getTime();
const record = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...fields })}\n`;

describe('pretty log lines', () => {
  it('are the time, the level and the message', () => {
    expect(formatRecord(record({ msg: 'HTTP server closed' }))).toBe('09:05:07 INFO  HTTP server closed\n');
    expect(formatRecord(record({ level: 40, msg: 'slow', reqId: 'req-7' }))).toBe(
      '09:05:07 WARN  slow (req-7)\n',
    );
  });

  it("give an error's stack below its line, indented", () => {
    const stack = 'Error: boom\n    at handler (src/x.ts:1:1)';
    expect(formatRecord(record({ level: 50, msg: 'request failed', err: { message: 'boom', stack } }))).toBe(
      '09:05:07 ERROR request failed\n    Error: boom\n        at handler (src/x.ts:1:1)\n',
    );
  });

  it('name the fields a record carries beyond the usual ones', () => {
    expect(formatRecord(record({ msg: 'published', message: 'post 1', count: 2 }))).toBe(
      '09:05:07 INFO  published message="post 1" count=2\n',
    );
  });

  it('print the start-up line as it is', () => {
    const line = printedPlainly('Sync is running at http://localhost:3000 — data in /d/sync.sqlite');
    expect(formatRecord(record({ msg: line }))).toBe(`${line}\n`);
  });

  it('colour the level only when asked', () => {
    expect(formatRecord(record({ level: 50, msg: 'x' }), { colors: true })).toContain('\u001b[31mERROR');
  });
});
