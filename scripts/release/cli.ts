import path from 'node:path';
import { runRelease } from './commands.ts';

/**
 * `npm run release -- publish|canary|stop-canary|promote|rollback|status <remote> …` (decision 0070): a team's
 * pipeline publishes its remote's build as an immutable versioned folder and moves it live through the API's registry.
 */
try {
  process.exitCode = await runRelease(process.argv.slice(2), {
    env: process.env,
    repoRoot: path.resolve(import.meta.dirname, '..', '..'),
    // npm runs scripts from the root; a relative --dist is meant from where the command was typed
    callerDir: process.env.INIT_CWD ?? process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`Phát hành thất bại: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
