// The thread of wal-checkpoints.ts: its own connection to the database file copies what the write-ahead
// log holds into the database every `intervalMs`, and posts SQLite's answer ({ busy, log, checkpointed })
// whenever the log held frames. Told to stop, it closes its connection and says so through `closed`.
// Plain JavaScript, so the same file runs from source and beside the bundle (a worker thread does not
// get tsx's loader).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs, closed } = workerData;
const sqlite = new SQLite(file, { fileMustExist: true });
// The serving connection's setting: the log is synced before a checkpoint, the database file after.
sqlite.pragma('synchronous = NORMAL');
// PASSIVE never waits for readers or writers; a checkpoint that cannot start now runs at the next turn.
sqlite.pragma('busy_timeout = 0');

const timer = setInterval(() => {
  const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)');
  if (result && result.log > 0) parentPort.postMessage(result);
}, intervalMs);

// The serving thread waits on `closed` until this connection is closed.
parentPort.once('message', () => {
  clearInterval(timer);
  sqlite.close();
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
});
