import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, REPO_ROOT } from '../build/ensureBuilt.ts';

/** Ports of the site a benchmark starts (apart from `npm start`'s and the e2e suite's). */
export const BENCH_PORTS = { shell: 3300, storefront: 3301, account: 3302, backoffice: 3303, api: 4300 };

export interface BenchSite {
  origin: string;
  /** where `npm start` published its builds */
  releasesDir: string;
  stop(): void;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** The site exactly as `npm start` serves it (production builds), on the bench ports and a scratch SQLite database. */
export async function startBenchSite(): Promise<BenchSite> {
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ev-bench-'));
  const site: ChildProcess = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      SHELL_PORT: String(BENCH_PORTS.shell),
      STOREFRONT_PORT: String(BENCH_PORTS.storefront),
      ACCOUNT_PORT: String(BENCH_PORTS.account),
      BACKOFFICE_PORT: String(BENCH_PORTS.backoffice),
      API_PORT: String(BENCH_PORTS.api),
      SQLITE_FILE: path.join(dataDir, 'bench.sqlite'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      RELEASES_DIR: path.join(dataDir, 'releases'),
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    if (site.pid) {
      try {
        process.kill(-site.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  const origin = `http://localhost:${BENCH_PORTS.shell}`;
  try {
    await waitFor(`${origin}/api/health`, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, releasesDir: path.join(dataDir, 'releases'), stop };
}
