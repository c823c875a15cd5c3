import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints away from the event loop. SQLite's own checkpoint runs inside the commit that fills the WAL
 * (every 1,000 pages by default): that commit copies the pages into the database file and syncs it, on the
 * API's only thread, while every other request waits. Here the API's connection turns automatic checkpoints off
 * (`wal_autocheckpoint = 0`) and a worker thread with its own connection to the same file runs a PASSIVE
 * checkpoint every `intervalMs`: it copies what no reader still needs and never blocks a reader or the writer,
 * and the writer starts the WAL again from the beginning once all of it is in the database file.
 *
 * Plain JavaScript evaluated in the worker (the API runs as TypeScript under tsx and Jest, compiled in
 * production): it loads the same better-sqlite3 as the API, by its resolved path.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy database: the next turn checkpoints.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export const WAL_CHECKPOINT_INTERVAL_MS = 1000;

export interface WalCheckpointer {
  /** Checkpoints once more and closes the worker's connection. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file` (already in WAL mode) from a worker thread; it never keeps the process alive.
 * `onFailure` is called once if the worker fails or ends before it is stopped: the caller then gives the
 * checkpoints back to SQLite, so that the WAL never grows without end.
 */
export function startWalCheckpointer(file: string, onFailure: (error: Error) => void, intervalMs = WAL_CHECKPOINT_INTERVAL_MS): WalCheckpointer {
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), file, intervalMs } });
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
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
