import { API_RESTART_BACKOFF, describeExit, nextRestart, superviseProcess, type Supervisor, type SupervisorOptions } from '../../scripts/serve/apiSupervisor';

/** Polls `check` until it holds (or fails the test after `timeoutMs`). */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this pid still exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the API restart backoff (nextRestart)', () => {
  it('waits 1 s, 2 s, 4 s … after deaths in a row, never more than 30 s', () => {
    const delays: number[] = [];
    let quickDeaths = 0;
    for (let death = 0; death < 8; death += 1) {
      const next = nextRestart(quickDeaths, 2_000);
      delays.push(next.delayMs);
      quickDeaths = next.quickDeaths;
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextRestart(5000, 0).delayMs).toBe(30_000);
  });

  it('starts over at 1 s when the process had stayed up a while', () => {
    expect(nextRestart(6, API_RESTART_BACKOFF.resetAfterMs)).toEqual({ delayMs: 1000, quickDeaths: 1 });
    expect(nextRestart(6, API_RESTART_BACKOFF.resetAfterMs - 1)).toEqual({ delayMs: 30_000, quickDeaths: 7 });
  });

  it('follows the policy it is given', () => {
    const backoff = { firstDelayMs: 50, maxDelayMs: 150, resetAfterMs: 500 };
    expect([0, 1, 2, 3].map((deaths) => nextRestart(deaths, 10, backoff).delayMs)).toEqual([50, 100, 150, 150]);
    expect(nextRestart(3, 500, backoff).delayMs).toBe(50);
  });

  it('tells an exit code from a killing signal', () => {
    expect(describeExit({ code: 3, signal: null })).toBe('thoát với mã 3');
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toContain('SIGKILL');
    expect(describeExit({ code: null, signal: 'SIGABRT' })).toBe('bị dừng bởi tín hiệu SIGABRT');
  });
});

describe('the API supervisor (a real child process)', () => {
  const backoff = { firstDelayMs: 50, maxDelayMs: 200, resetAfterMs: 60_000 };
  /** A process that stays up until it is killed. */
  const stayUp = ['-e', 'setInterval(() => {}, 60_000)'];
  let supervisor: Supervisor | null = null;
  let lines: string[] = [];
  afterEach(async () => {
    await supervisor?.stop();
    supervisor = null;
    lines = [];
  });

  const supervise = (args: string[], extra: Partial<SupervisorOptions> = {}) =>
    superviseProcess({ name: 'API', command: process.execPath, args, spawnOptions: { stdio: 'ignore' }, backoff, log: (line) => lines.push(line), ...extra });

  it('starts a process killed with SIGKILL again, logging the signal', async () => {
    supervisor = supervise(stayUp);
    const first = supervisor.child?.pid;
    expect(first).toEqual(expect.any(Number));
    process.kill(first!, 'SIGKILL');

    await until(() => supervisor?.child?.pid !== undefined && supervisor.child.pid !== first, 'a new API process');
    const second = supervisor.child!.pid!;
    expect(alive(second)).toBe(true);
    expect(alive(first!)).toBe(false);
    expect(lines[0]).toMatch(new RegExp(`^⚠ API \\(pid ${first}\\) đã dừng bất ngờ .*SIGKILL.*Khởi động lại sau 50 ms`));
    expect(lines[1]).toBe('↻ Đang khởi động lại API...');

    // a second death in a row waits twice as long
    process.kill(second, 'SIGKILL');
    await until(() => supervisor?.child?.pid !== undefined && supervisor.child.pid !== second, 'a third API process');
    expect(lines[2]).toMatch(/SIGKILL.*Khởi động lại sau 100 ms/);
  });

  it('logs the exit code of a process that exits by itself, and restarts it', async () => {
    supervisor = supervise(['-e', 'setTimeout(() => process.exit(3), 100)']);
    const first = supervisor.child?.pid;
    await until(() => lines.length >= 2 && supervisor?.child?.pid !== first, 'a restart');
    expect(lines[0]).toContain('thoát với mã 3');
  });

  it('stops the process and never restarts it after stop()', async () => {
    supervisor = supervise(stayUp);
    const pid = supervisor.child!.pid!;
    await supervisor.stop();
    expect(alive(pid)).toBe(false);
    expect(supervisor.child).toBeNull();
    await sleep(backoff.maxDelayMs * 2);
    expect(supervisor.child).toBeNull();
    expect(lines).toEqual([]);
  });

  it('cancels a pending restart when stopped during the backoff', async () => {
    supervisor = supervise(stayUp, { backoff: { ...backoff, firstDelayMs: 500, maxDelayMs: 500 } });
    process.kill(supervisor.child!.pid!, 'SIGKILL');
    await until(() => lines.length === 1, 'the death to be logged');
    expect(lines[0]).toContain('Khởi động lại sau 500 ms');
    await supervisor.stop();
    await sleep(1000);
    expect(supervisor.child).toBeNull();
    expect(lines).toHaveLength(1);
  });

  it('kills a process that ignores SIGTERM once the grace is over', async () => {
    const ignoresTerm = ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 60_000); console.log('ready')"];
    supervisor = supervise(ignoresTerm, { spawnOptions: { stdio: ['ignore', 'pipe', 'ignore'] }, stopGraceMs: 300 });
    const child = supervisor.child!;
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    await supervisor.stop();
    expect(child.signalCode).toBe('SIGKILL');
    expect(alive(child.pid!)).toBe(false);
    expect(lines).toEqual([]);
  });

  it('gives up when told to (a death before the first answer is a failed start)', async () => {
    supervisor = supervise(['-e', 'process.exit(1)'], { onExit: () => false });
    await until(() => lines.length === 1, 'the death to be logged');
    await sleep(backoff.maxDelayMs * 2);
    expect(lines).toEqual([expect.stringMatching(/^✖ API \(pid \d+\) đã dừng: thoát với mã 1\.$/)]);
    expect(supervisor.child).toBeNull();
  });
});
