import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite copies its write-ahead log into the database file (a checkpoint) inside the commit that takes
 * the log past 1,000 pages: one write in a hundred took 4–5 ms instead of 40 µs, with every request of
 * the process waiting meanwhile. Here a thread with its own connection checkpoints instead (likes
 * 1,785 → 2,481 req/s in the bench), and the serving connection keeps a threshold ten times higher.
 * That threshold is also what starts the log over: SQLite does so when a write begins with the whole
 * log copied, which the thread, copying while writes go on, rarely leaves behind; by then the thread
 * has copied nearly all of it, so the serving connection's checkpoint is short. If the thread stops or
 * fails, the serving connection takes SQLite's own threshold back.
 */

/** SQLite's default `wal_autocheckpoint`, in pages. */
const sqliteThreshold = 1000;
/** While the thread checkpoints: about 40 MB of log at 4 KB pages. */
const fallbackThreshold = 10_000;

/** SQLite's answer to `PRAGMA wal_checkpoint`: frames in the log, and how many of them are copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpoints {
  /** The thread's latest checkpoint that found frames in the log (none yet: undefined). */
  readonly latest: CheckpointResult | undefined;
  /**
   * Stops the thread and waits until its connection is closed: closing the database must close every
   * connection to it, or the thread's, closing last, would write the log into whatever file is there
   * by then (a backup being restored). The serving connection checkpoints itself again.
   */
  stop(): void;
}

/** Longest the serving thread waits for the checkpoint thread to close its connection. */
const closeWaitMs = 2000;

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  intervalMs: number,
  onFailure: (error: Error) => void,
): WalCheckpoints {
  // The thread sets it to 1 once its connection is closed.
  const closed = new Int32Array(new SharedArrayBuffer(4));
  // Beside this module in source and beside the bundle in production (scripts/build.mjs copies it).
  const worker = new Worker(new URL('./wal-checkpoint-thread.mjs', import.meta.url), {
    workerData: { file, intervalMs, closed },
  });
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${fallbackThreshold}`);
  let latest: CheckpointResult | undefined;
  let running = true;
  const checkpointHere = () => {
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${sqliteThreshold}`);
  };
  worker.on('message', (result: CheckpointResult) => (latest = result));
  worker.on('error', (error) => {
    checkpointHere();
    onFailure(error);
  });
  worker.once('exit', checkpointHere);
  return {
    get latest() {
      return latest;
    },
    stop() {
      if (!running) return;
      worker.postMessage('stop');
      // A close blocks for as long as a checkpoint in progress takes to finish (milliseconds).
      Atomics.wait(closed, 0, 0, closeWaitMs);
      checkpointHere();
    },
  };
}
