import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints away from the event loop. SQLite's own checkpoint runs inside the commit that fills the WAL
 * (every 1,000 pages by default): that commit copies the pages into the database file and syncs it, on the
 * API's only thread, while every other request waits. Here the API's connection turns automatic checkpoints off
 * (`wal_autocheckpoint = 0`) and a worker thread with its own connection to the same file runs a PASSIVE
 * checkpoint every `intervalMs`: it copies what no reader still needs and never blocks a reader or the writer.
 *
 * Under writes that never pause, a PASSIVE checkpoint never catches up with the last frame, so the log never starts
 * again from its beginning and grows without end. So the worker also looks at the -wal file's size every
 * `watchMs`; past `truncateBytes` it checkpoints PASSIVE, then TRUNCATE: that copies the few frames written in
 * between while holding the write lock (writers wait that long), waits for readers of older snapshots (at most
 * TRUNCATE_BUSY_MS, still holding it; when they outlast that, it tries again after 0.5, 1, 2 … 8 s) and empties the file.
 *
 * Plain JavaScript evaluated in the worker (the API runs as TypeScript under tsx and Jest, compiled in
 * production): it loads the same better-sqlite3 as the API, by its resolved path.
 */
const CHECKPOINTER = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const walSize = () => {
  try {
    return statSync(workerData.file + '-wal').size;
  } catch {
    return 0;
  }
};
const checkpoint = (mode) => {
  try {
    db.pragma('wal_checkpoint(' + mode + ')');
    return true;
  } catch {
    // A busy database: the next turn checkpoints.
    return false;
  }
};
let sinceCheckpoint = 0;
let truncations = 0;
let backOffMs = 0;
let waitMs = 0;
const look = () => {
  sinceCheckpoint += workerData.watchMs;
  waitMs = Math.max(0, waitMs - workerData.watchMs);
  if (waitMs === 0 && walSize() >= workerData.truncateBytes) {
    checkpoint('PASSIVE');
    db.pragma('busy_timeout = ' + workerData.truncateBusyMs);
    const emptied = checkpoint('TRUNCATE');
    db.pragma('busy_timeout = 5000');
    if (emptied) truncations += 1;
    // a reader holding an old snapshot: writers waited truncateBusyMs for nothing, so wait longer each time
    backOffMs = emptied ? 0 : Math.min(8000, Math.max(500, backOffMs * 2));
    waitMs = backOffMs;
    sinceCheckpoint = 0;
  } else if (sinceCheckpoint >= workerData.intervalMs) {
    checkpoint('PASSIVE');
    sinceCheckpoint = 0;
  }
};
const timer = setInterval(look, workerData.watchMs);
parentPort.on('message', (message) => {
  if (message === 'truncations') {
    parentPort.postMessage({ truncations });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint('PASSIVE');
  db.close();
  parentPort.close();
});
`;

export const WAL_CHECKPOINT_INTERVAL_MS = 1000;
/** How often the worker looks at the -wal file's size (a stat call). */
export const WAL_WATCH_MS = 100;
/** Past this size the log is emptied (TRUNCATE): it stays well under 64 MB however busy the shop is. */
export const WAL_TRUNCATE_BYTES = 16 * 1_048_576;
/** How long a TRUNCATE waits for readers of older snapshots (and the writer) before it tries again later. */
export const TRUNCATE_BUSY_MS = 20;

export interface WalCheckpointerOptions {
  intervalMs?: number;
  watchMs?: number;
  truncateBytes?: number;
}

export interface WalCheckpointer {
  /** Checkpoints once more and closes the worker's connection. */
  stop(): Promise<void>;
  /** How many times the log has been emptied (TRUNCATE) so far. */
  truncations(): Promise<number>;
}

/**
 * Starts checkpointing `file` (already in WAL mode) from a worker thread; it never keeps the process alive.
 * `onFailure` is called once if the worker fails or ends before it is stopped: the caller then gives the
 * checkpoints back to SQLite, so that the WAL never grows without end.
 */
export function startWalCheckpointer(file: string, onFailure: (error: Error) => void, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const workerData = {
    driver: require.resolve('better-sqlite3'),
    file,
    intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS,
    watchMs: options.watchMs ?? WAL_WATCH_MS,
    truncateBytes: options.truncateBytes ?? WAL_TRUNCATE_BYTES,
    truncateBusyMs: TRUNCATE_BUSY_MS,
  };
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData });
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (error: Error) => {
    if (stopping || failed) return;
    failed = true;
    onFailure(error);
  };
  worker.on('error', fail);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      fail(new Error(`the WAL checkpointer ended (exit code ${code})`));
      resolve();
    }),
  );
  return {
    truncations: () =>
      new Promise<number>((resolve) => {
        worker.once('message', (message: { truncations: number }) => resolve(message.truncations));
        worker.postMessage('truncations');
      }),
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
