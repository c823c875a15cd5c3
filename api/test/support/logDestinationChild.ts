import pino from 'pino';
import { bufferedStdout } from '../../src/runtime/logDestination';

/**
 * A process logging through the API's buffered stdout (logDestination.test.ts): `exit` logs 200 lines and exits with
 * code 3, `crash` logs 200 lines and throws, `idle` logs 3 lines and then waits for the parent to kill it.
 */
const log = pino({ level: 'info' }, bufferedStdout().stream);
const mode = process.argv[2];
const lines = mode === 'idle' ? 3 : 200;
for (let line = 0; line < lines; line += 1) log.info({ line }, 'buffered line');
if (mode === 'exit') process.exit(3);
if (mode === 'crash') throw new Error('crashed after logging');
setInterval(() => undefined, 60_000);
