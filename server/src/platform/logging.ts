import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config, LogFormat } from '../config.js';

/**
 * Where log records go. JSON (`LOG_FORMAT=json`, the default when stdout is not a terminal): pino's own
 * stdout, one record a line, for log shippers. Pretty (the default in a terminal): each record as one
 * line for a person, `HH:MM:SS LEVEL message`, with an error's stack below it.
 *
 * The pretty lines are written by a plain synchronous stream in this process, not a pino transport:
 * transports run in worker threads that load their modules by name, which a bundle (server/dist) does
 * not have, and a synchronous write means the last line is out when the process exits.
 */
export function logDestination(format: LogFormat): DestinationStream | undefined {
  if (format === 'json') return undefined;
  prettyStdout ??= prettyStream();
  return prettyStdout;
}

/** One for the process, shared by its loggers, so their lines never interleave. */
let prettyStdout: DestinationStream | undefined;

function prettyStream(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: true });
  const colors = process.stdout.isTTY === true && wantsColors(process.env);
  return { write: (line: string) => void out.write(formatRecord(line, { colors })) };
}

/** The logger of a process that has no Fastify of its own (the cluster's primary). */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const destination = logDestination(config.logFormat);
  return destination ? pino({ level: config.logLevel }, destination) : pino({ level: config.logLevel });
}

/** Messages the pretty format prints as they are, without time or level: the start-up line. */
const plainMessages = new Set<string>();

/**
 * Has the pretty format print `message` as it is, a line of its own (JSON logs keep it a record like
 * any other). Returns it, to be logged.
 */
export function printedPlainly(message: string): string {
  plainMessages.add(message);
  return message;
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const levelColors: Record<number, string> = {
  10: '90',
  20: '90',
  30: '32',
  40: '33',
  50: '31',
  60: '31',
};

/** What every record carries, or what the line already says: not repeated after the message. */
const shownOrImplied = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'req', 'res']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

/** One pino record (a JSON line) as lines for a person. */
export function formatRecord(line: string, { colors = false }: { colors?: boolean } = {}): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const paint = (code: string, text: string) => (colors ? `\u001b[${code}m${text}\u001b[39;22m` : text);
  const message = record.msg ?? record.err?.message ?? '';
  if (plainMessages.has(message)) return `${message}\n`;

  const level = record.level ?? 30;
  const time = paint('2', clock(record.time ?? Date.now()));
  const label = paint(levelColors[level] ?? '0', (levelNames[level] ?? String(level)).padEnd(5));
  const fields = Object.entries(record)
    .filter(([key, value]) => !shownOrImplied.has(key) && value !== undefined)
    .map(
      ([key, value]) =>
        ` ${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`,
    )
    .join('');
  const request = record.reqId ? paint('2', ` (${record.reqId})`) : '';
  let text = `${time} ${label} ${message}${fields}${request}\n`;
  const details = record.err?.stack ?? (record.err?.message !== message ? record.err?.message : undefined);
  if (details) text += details.replace(/^/gm, '    ') + '\n';
  return text;
}

/** Local time of day, HH:MM:SS. */
function clock(epochMs: number): string {
  const at = new Date(epochMs);
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

/** https://no-color.org, and terminals that say they cannot. */
function wantsColors(env: NodeJS.ProcessEnv): boolean {
  return !env.NO_COLOR && env.TERM !== 'dumb';
}
