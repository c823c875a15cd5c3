import { spawn } from 'node:child_process';
import path from 'node:path';

const API_ROOT = path.resolve(__dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a CLI of the API (`script`: its path under api/, e.g. src/cli/createAdmin.ts or seed/cli.ts) as its own process (through tsx, as `npm run … -w api` does), with only the
 * environment given on top of PATH and HOME: no database, NODE_ENV or seed setting leaks in from the test run.
 * `input` is written to its stdin (a pipe, as in `printf … | npm run admin:create …`), which is then closed.
 */
export function runCli(script: string, args: readonly string[], env: Record<string, string>, input = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, script), ...args], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
