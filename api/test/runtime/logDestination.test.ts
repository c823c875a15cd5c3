import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CHILD = path.join(__dirname, '../support/logDestinationChild.ts');

interface Started {
  child: ChildProcess;
  stdout: () => string;
  exited: Promise<number | null>;
}

function start(mode: 'exit' | 'crash' | 'idle'): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, UV_THREADPOOL_SIZE: '1' } });
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stdout: () => stdout, exited };
}

const logged = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { line?: number; msg: string; level: number; err?: { message: string } });
const loggedLines = (stdout: string) => logged(stdout).flatMap((entry) => (entry.line === undefined ? [] : [entry.line]));

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe("the API's buffered log lines", () => {
  it('are all written, in order, when the process exits with lines still in the buffer and a block still on its way', async () => {
    const run = start('exit');
    await expect(run.exited).resolves.toBe(3);
    expect(loggedLines(run.stdout())).toEqual(range(200));
  });

  it('are all written, in order, when the process dies of an uncaught error, the error last', async () => {
    const run = start('crash');
    await expect(run.exited).resolves.toBe(1);
    expect(loggedLines(run.stdout())).toEqual(range(200));
    const last = logged(run.stdout()).at(-1)!;
    expect(last).toMatchObject({ level: 60, msg: 'uncaught error: the process ends', err: { message: 'crashed after logging' } });
  });

  it('reach stdout within the flush interval while the process runs on, a few lines short of a full block', async () => {
    const run = start('idle');
    try {
      // Far longer than LOG_FLUSH_MS, for a busy machine; without the periodic flush they would never come.
      const deadline = Date.now() + 10_000;
      while (loggedLines(run.stdout()).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(loggedLines(run.stdout())).toEqual(range(3));
      expect(run.child.exitCode).toBeNull();
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
    }
  });
});
