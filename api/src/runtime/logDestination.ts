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

export interface BufferedStdout {
  stream: DestinationStream;
  /** Lines dropped because stdout did not take them (LOG_HELD_BYTES_MAX). */
  dropped(): number;
}

/**
 * The API process's stdout for its JSON log lines: written in blocks of LOG_BUFFER_BYTES, at least every LOG_FLUSH_MS,
 * instead of one write(2) per line as pino's default destination does (a line per request). What is buffered is
 * written at the process's exit, a crash's included (pino registers it); a SIGKILL loses it.
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
  return { stream: destination, dropped: () => dropped };
}
