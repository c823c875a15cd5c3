import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { OPERATOR_SETTINGS } from './support/operatorSettings';

/**
 * The API's entry (src/server.ts) started as a process in production, as the container starts it: it refuses
 * unsafe settings before opening anything, and starts with proper ones (saying its warnings once).
 */
jest.setTimeout(90_000);

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let folder: string;
const running: ChildProcess[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'ev-production-start-'));
});
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** Starts `node src/server.ts` (tsx, shared-contracts from its sources) with only `env` (no setting of this shell leaks in). */
function startApi(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? folder, TMPDIR: tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A production environment an operator would give: a random key, an https site, the shop's own account, a scratch SQLite file. */
function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(48).toString('base64'),
    ...OPERATOR_SETTINGS,
    SQLITE_FILE: path.join(folder, 'ev-shop.sqlite'),
    UPLOAD_DIR: path.join(folder, 'uploads'),
    ...overrides,
  };
}

async function until(check: () => boolean, what: string, exited: Promise<number | null>, timeoutMs = 60_000): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (ended) throw new Error(`the API exited before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the API process under NODE_ENV=production', () => {
  it('refuses to start with docker-compose’s old placeholder key, the demo account and localhost, naming each and printing no key', async () => {
    const placeholder = 'change-me-in-production-with-32-or-more-characters';
    const run = startApi(
      productionEnv({ JWT_SECRET: placeholder, PUBLIC_URL: 'http://localhost:3000', VIETQR_BANK_BIN: '970436', VIETQR_ACCOUNT_NUMBER: '1023456789' }),
    );
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain('Refusing to start in production');
    expect(output).toMatch(/JWT_SECRET is an example key published in this repository/);
    expect(output).toMatch(/PUBLIC_URL http:\/\/localhost:3000 is not https/);
    expect(output).toMatch(/VIETQR_ACCOUNT_NUMBER is the demo account 1023456789/);
    expect(output).not.toContain(placeholder);
    expect(output).not.toMatch(/API listening/);
  });

  it('refuses to start with a sequence for JWT_SECRET and short payment keys, printing no key', async () => {
    const run = startApi(
      productionEnv({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345', SEPAY_WEBHOOK_KEY: '1', PAYOS_CLIENT_ID: randomUUID(), PAYOS_API_KEY: randomUUID(), PAYOS_CHECKSUM_KEY: 'abc' }),
    );
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toMatch(/JWT_SECRET is a plain sequence/);
    expect(output).toMatch(/PAYOS_CHECKSUM_KEY, SEPAY_WEBHOOK_KEY are too weak for a key/);
    expect(output).not.toContain('abcdefghijklmnopqrstuvwxyz012345');
    expect(output).not.toMatch(/API listening/);
  });

  it('refuses to start without JWT_SECRET', async () => {
    const { JWT_SECRET: _unset, ...env } = productionEnv();
    const run = startApi(env);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/JWT_SECRET is not set: generate one with `openssl rand -base64 48`/);
  });

  it('starts with proper values, says each warning once (SQLite, no Redis), and stops on SIGTERM', async () => {
    const run = startApi(productionEnv({ SMTP_URL: 'smtp://mail:1025' }));
    await until(() => run.output().includes('API listening'), 'it listens', run.exited);
    const output = run.output();
    expect(output).not.toMatch(/Refusing to start/);
    const count = (text: string) => output.split(text).length - 1;
    expect(count('DATABASE_URL is not set: production runs on SQLite')).toBe(1);
    expect(count('SMTP_URL points at a development mail catcher')).toBe(1);
    expect(count('REDIS_URL is not set: login-throttling counters and live appointment events are kept per process')).toBe(1);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
