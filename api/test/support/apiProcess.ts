import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

/**
 * The API's entry (src/server.ts) as a process of its own, as a host runs it: tsx, shared-contracts from its
 * sources, only the environment given (nothing of the test's shell leaks in), on a random loopback port.
 * The child ends with its parent: it holds an IPC channel to the test process, and a preload
 * (exitWithParent.ts) stops it when that channel closes, so a crashed or killed Jest leaves no API running.
 */
export interface ApiProcess {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  pid: number;
  /** The last 64 KB of its stdout and stderr (pino JSON lines), for failure messages. */
  output(): string;
  /** When the process was seen gone (Date.now() at its exit event): what a kill's effects are timed from. */
  exitedAt(): Promise<number>;
  /** SIGTERM and waits for the exit; SIGKILL after `graceMs`. Safe to call twice. */
  stop(graceMs?: number): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

export async function startApiProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ApiProcess> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=ev-source', '--import', 'tsx', '--import', path.join(__dirname, 'exitWithParent.ts'), path.join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      cwd: REPO_ROOT,
      // NODE_OPTIONS: the processes it forks (the image encoder) read shared-contracts from its sources too; a
      // clean clone has no build of it when the suites run.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), TMPDIR: tmpdir(), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', NODE_OPTIONS: '--conditions=ev-source', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const collect = (chunk: string) => {
    output = (output + chunk).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.setEncoding('utf8').on('data', collect);
  child.stderr!.setEncoding('utf8').on('data', collect);
  // The IPC channel is there to end the child with the parent; it must not keep the test process alive.
  child.channel?.unref();
  child.on('error', () => undefined);
  const exited = new Promise<number>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(Date.now());
    else child.once('exit', () => resolve(Date.now()));
  });
  let stopping: Promise<void> | null = null;
  const stop = (graceMs = 5_000): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const killed = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, graceMs);
      });
      await Promise.race([exited, killed]);
      clearTimeout(timer);
      await exited;
    })();
    return stopping;
  };

  const port = await new Promise<number>((resolve, reject) => {
    const deadline = setTimeout(() => fail(new Error(`the API did not start within ${timeoutMs} ms`)), timeoutMs);
    let seenPort: number | null = null;
    function fail(error: Error) {
      clearTimeout(deadline);
      child.stdout!.off('data', watch);
      reject(Object.assign(error, { message: `${error.message}\n${output.slice(-4_000)}` }));
    }
    function watch() {
      seenPort ??= Number(LISTENING.exec(output)?.[1] ?? 0) || null;
      // 'API listening' comes once the outbox and the scheduled jobs run too: the process is fully up.
      if (seenPort !== null && output.includes('"msg":"API listening"')) {
        clearTimeout(deadline);
        child.stdout!.off('data', watch);
        resolve(seenPort);
      }
    }
    child.stdout!.on('data', watch);
    void exited.then(() => fail(new Error(`the API exited (code ${child.exitCode}, signal ${child.signalCode}) before listening`)));
  }).catch(async (error: unknown) => {
    await stop(1_000);
    throw error;
  });

  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, output: () => output, exitedAt: () => exited, stop };
}
