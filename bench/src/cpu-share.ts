import fs from 'node:fs';
import { processTree } from './server-process.js';

const clockTicksPerSecond = 100;

interface CpuSnapshot {
  /** Busy time of all cores, in clock ticks. */
  machineBusy: number;
  machineTotal: number;
  serverTicks: number;
  benchMicros: number;
}

function snapshot(serverPid: number): CpuSnapshot {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const own = process.cpuUsage();
  return {
    machineBusy: total - idle,
    machineTotal: total,
    serverTicks: serverCpuTicks(serverPid),
    benchMicros: own.user + own.system,
  };
}

/** CPU time used so far by the system under test (the server's processes and PostgreSQL's), in clock ticks. */
function serverCpuTicks(serverPid: number): number {
  let ticks = 0;
  const server = new Set(processTree(serverPid));
  for (const entry of fs.readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) ticks += processTicks(entry, server) ?? 0;
  }
  return ticks;
}

/** CPU ticks of a server process (the primary or a worker) or of a PostgreSQL process (part of the system under test). */
function processTicks(pid: string, server: Set<number>): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!server.has(Number(pid)) && name !== 'postgres') return undefined;
    // Fields after the command name: utime and stime are the 12th and 13th.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** How long a span of `untilServerQuiet` is, and the ticks (10 ms each) the server may use in it. */
const quietSpanMs = 250;
const quietTicks = 1;

/**
 * Resolves once the system under test has used at most one tick (4% of a core) in each of two 250 ms
 * spans in a row, or after `withinMs`: what a server does in the background after it starts (it compiles
 * the route schemas no request has needed yet once its first answer is out, app.ts) is not the next
 * scenario's cost. A server that never settles (PostgreSQL's autovacuum counts as the server) is measured
 * anyway after `withinMs`.
 */
export async function untilServerQuiet(serverPid: number, withinMs = 15_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  let quietSpans = 0;
  let ticks = serverCpuTicks(serverPid);
  while (quietSpans < 2 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, quietSpanMs));
    const now = serverCpuTicks(serverPid);
    quietSpans = now - ticks <= quietTicks ? quietSpans + 1 : 0;
    ticks = now;
  }
}

/**
 * Measures, over a run, the CPU time of the server (PostgreSQL's processes count as the server's) and how
 * much of the machine went to processes other than the server and the bench: other work on a shared
 * machine lowers every number.
 */
export class CpuShare {
  private readonly start: CpuSnapshot;

  constructor(private readonly serverPid: number) {
    this.start = snapshot(serverPid);
  }

  /**
   * Since construction: the share of all cores used by other processes, in percent, and the CPU time the
   * system under test used, in µs (per request, a figure that other load on the machine moves much less
   * than throughput).
   */
  measure(): { othersPercent: number; serverMicros: number } {
    const end = snapshot(this.serverPid);
    const total = end.machineTotal - this.start.machineTotal;
    const serverTicks = end.serverTicks - this.start.serverTicks;
    const ours = serverTicks + ((end.benchMicros - this.start.benchMicros) / 1e6) * clockTicksPerSecond;
    const others = end.machineBusy - this.start.machineBusy - ours;
    return {
      othersPercent: total > 0 ? Math.max(0, Math.round((others / total) * 100)) : 0,
      serverMicros: (serverTicks / clockTicksPerSecond) * 1e6,
    };
  }
}
