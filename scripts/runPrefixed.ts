import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Runs `command` (stdin closed) and resolves with its exit code. With a prefix, each line of its output is printed
 * as `[prefix] line`, for runs side by side (the builds' lanes, the browser shards); without one it goes through as it is.
 */
export function runPrefixed(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; prefix?: string }): Promise<number> {
  const output = options.prefix ? 'pipe' : 'inherit';
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', output, output] });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${options.prefix}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
