import pino, { type DestinationStream } from 'pino';

/** Bytes of log lines gathered before they go out in one write. */
export const LOG_BUFFER_BYTES = 4096;
/** Longest a line waits in the buffer (a quiet API's lines still show within this). */
export const LOG_FLUSH_MS = 250;
/**
 * Most bytes held while stdout does not take them (a stalled log collector): past this, lines are dropped and
 * counted, instead of the process's memory growing with them.
 */
export const LOG_HELD_BYTES_MAX = 8 * 1024 * 1024;
/** Longest an exit waits for the lines held to be written (a stalled stdout): the process then ends anyway. */
export const EXIT_WRITE_WAIT_MS = 2_000;

export interface BufferedStdout {
  stream: DestinationStream;
  /** Lines dropped because stdout did not take them (LOG_HELD_BYTES_MAX). */
  dropped(): number;
  /**
   * Ends the process with `code` once every line held has been written, in order (at most EXIT_WRITE_WAIT_MS). A bare
   * `process.exit` has pino write the held lines at once, ahead of a block whose write is still waiting on the thread
   * pool (out of order, or lost with the pool's queue). The first call decides the code.
   */
  exitWhenWritten(code: number): void;
}

/**
 * The API process's stdout for its JSON log lines: written in blocks of LOG_BUFFER_BYTES, at least every LOG_FLUSH_MS,
 * instead of one write(2) per line as pino's default destination does (a line per request), each block after the one
 * before. The process's own exits go through `exitWhenWritten`; another exit has the destination write what it holds
 * at once (pino's exit hook), and a SIGKILL loses it.
 */
export function bufferedStdout(): BufferedStdout {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    maxLength: LOG_HELD_BYTES_MAX,
    periodicFlush: LOG_FLUSH_MS,
  });
  let dropped = 0;
  destination.on('drop', () => {
    dropped += 1;
  });
  let exiting = false;
  return {
    // pino is given the writes only: its fatal level would otherwise write the held lines synchronously at once,
    // ahead of a block still on its way (what is held goes out after it, or with exitWhenWritten).
    stream: { write: (line: string) => void destination.write(line) },
    dropped: () => dropped,
    exitWhenWritten(code) {
      if (exiting) return;
      exiting = true;
      const exit = () => process.exit(code);
      // Ending the destination writes what it holds after the write in flight, then closes (stdout itself stays open).
      setTimeout(exit, EXIT_WRITE_WAIT_MS);
      destination.once('close', exit);
      destination.end();
    },
  };
}

/**
 * An error nothing caught (a throw, a rejection nobody awaited) is logged as fatal, and the process ends with code 1
 * once that line and those before it are written.
 */
export function exitOnUncaughtError(log: { fatal(details: object, message: string): void }, stdout: BufferedStdout): void {
  process.on('uncaughtException', (error) => {
    try {
      log.fatal({ err: error }, 'uncaught error: the process ends');
    } catch {
      // The destination is already ending (a second error while the first's lines are written).
    }
    stdout.exitWhenWritten(1);
  });
}
