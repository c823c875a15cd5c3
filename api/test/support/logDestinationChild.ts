import { pbkdf2 } from 'node:crypto';
import pino from 'pino';
import { bufferedStdout, exitOnUncaughtError } from '../../src/runtime/logDestination';

/**
 * A process logging through the API's buffered stdout (logDestination.test.ts): `exit` logs 200 lines and exits with
 * code 3 as the API exits, `crash` logs 200 lines and throws, `idle` logs 3 lines and then waits for the parent to
 * kill it. Before `exit` and `crash` log, a long hash holds the thread pool (one thread: UV_THREADPOOL_SIZE=1 from
 * the test), so the first block's write is still waiting there when the process ends, as on a busy machine.
 */
const stdout = bufferedStdout();
const log = pino({ level: 'info' }, stdout.stream);
const mode = process.argv[2];
if (mode !== 'idle') pbkdf2('thread pool', 'busy', 200_000, 64, 'sha512', () => undefined);
const lines = mode === 'idle' ? 3 : 200;
for (let line = 0; line < lines; line += 1) log.info({ line }, 'buffered line');
if (mode === 'exit') stdout.exitWhenWritten(3);
if (mode === 'crash') {
  exitOnUncaughtError(log, stdout);
  throw new Error('crashed after logging');
}
if (mode === 'idle') setInterval(() => undefined, 60_000);
