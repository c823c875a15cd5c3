import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../build/ensureBuilt.ts';
import { createLiveRemotes } from '../serve/liveRemotes.ts';
import { remotesManifestFromEnv } from '../serve/remotesManifest.mts';
import { startStaticSite } from '../serve/staticSite.ts';
import { BENCH_PORTS, startBenchSite } from './benchSite.ts';

/**
 * `npm run bench:releases` (issue 68): what the release registry costs a page, and how long a team's publish takes.
 * Budgets: the registry's manifest adds < 1 ms to a page answer; publish + gate of one remote < 60 s.
 *
 * - The site as `npm start` serves it (its builds made live). Three more servers of the shell's page, in this process
 *   and on the same build: one with the configured manifest (REMOTE_*_URL, what the page cost before), one following
 *   the bench API's live table as `npm start` and the shell's container do, and one asking the API for each page (what
 *   they do while the table's stream is down). Each answers `/auth/login` (a page without a first view: the
 *   manifest's share is the largest) PAGES times in turn; the figure is the difference of the medians and of the 95th
 *   percentiles. The API's own answer is timed too.
 * - Publish: the release CLI (a fresh process, as a pipeline runs it) publishes a storefront build with a change:
 *   the folder copied and hashed, the gate run by the API, the build registered. Timed end to end, RUNS times.
 */
const PAGES = Number(process.env.BENCH_PAGES ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const MANIFEST_BUDGET_MS = 1;
export const PUBLISH_BUDGET_MS = 60_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timePage(url: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie: `ev_browser=${key}` } });
  await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const site = await startBenchSite();
  const apiOrigin = `http://127.0.0.1:${BENCH_PORTS.api}`;
  const configured = remotesManifestFromEnv({});
  // as a page is served: the followed table (no call), and — the stream down — a call for each page
  const live = createLiveRemotes({ apiOrigin, configured });
  const asking = createLiveRemotes({ apiOrigin, configured, follow: false });
  const shellRoot = path.join(REPO_ROOT, 'shell', 'dist');
  const withEnv = await startStaticSite({ root: shellRoot, port: 0, host: '127.0.0.1', spaFallback: true, remotesManifest: () => configured });
  const withRegistry = await startStaticSite({ root: shellRoot, port: 0, host: '127.0.0.1', spaFallback: true, remotesManifest: (key) => live.forBrowser(key), releasesDir: site.releasesDir, onClose: () => live.close() });
  const withAsking = await startStaticSite({ root: shellRoot, port: 0, host: '127.0.0.1', spaFallback: true, remotesManifest: (key) => asking.forBrowser(key), releasesDir: site.releasesDir });
  const originOf = (server: typeof withEnv) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  try {
    const keys = Array.from({ length: 100 }, (_, index) => `bench-browser-key-${String(index).padStart(4, '0')}`);
    const envTimes: number[] = [];
    const registryTimes: number[] = [];
    const askingTimes: number[] = [];
    const deadline = Date.now() + 10_000;
    while (!live.following() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!live.following()) throw new Error('the live table stream did not connect');
    const apiTimes: number[] = [];
    for (let warm = 0; warm < 200; warm++) {
      await timePage(`${originOf(withEnv)}/auth/login`, keys[warm % keys.length]!);
      await timePage(`${originOf(withRegistry)}/auth/login`, keys[warm % keys.length]!);
      await timePage(`${originOf(withAsking)}/auth/login`, keys[warm % keys.length]!);
    }
    for (let page = 0; page < PAGES; page++) {
      const key = keys[page % keys.length]!;
      envTimes.push(await timePage(`${originOf(withEnv)}/auth/login`, key));
      registryTimes.push(await timePage(`${originOf(withRegistry)}/auth/login`, key));
      askingTimes.push(await timePage(`${originOf(withAsking)}/auth/login`, key));
      const started = performance.now();
      await (await fetch(`${apiOrigin}/api/releases/manifest?browser=${key}`)).text();
      apiTimes.push(performance.now() - started);
    }
    const added50 = percentile(registryTimes, 50) - percentile(envTimes, 50);
    const added95 = percentile(registryTimes, 95) - percentile(envTimes, 95);
    console.log(`Page answer (/auth/login, ${PAGES} each): configured manifest p50 ${percentile(envTimes, 50).toFixed(2)} ms, p95 ${percentile(envTimes, 95).toFixed(2)} ms;`);
    console.log(`  registry (followed table) p50 ${percentile(registryTimes, 50).toFixed(2)} ms, p95 ${percentile(registryTimes, 95).toFixed(2)} ms`);
    console.log(`  added by the registry: p50 ${added50.toFixed(2)} ms, p95 ${added95.toFixed(2)} ms (budget < ${MANIFEST_BUDGET_MS} ms)`);
    console.log(`  stream down, asking per page: p50 ${percentile(askingTimes, 50).toFixed(2)} ms, p95 ${percentile(askingTimes, 95).toFixed(2)} ms (+${(percentile(askingTimes, 50) - percentile(envTimes, 50)).toFixed(2)} ms at p50)`);
    console.log(`  GET /api/releases/manifest?browser=…: p50 ${percentile(apiTimes, 50).toFixed(2)} ms, p95 ${percentile(apiTimes, 95).toFixed(2)} ms`);

    // a team's publish, timed end to end through the CLI
    const login = await fetch(`${site.origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'quantri@evshop.vn', password: 'EvShop@2026' }) });
    const accessToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const created = await fetch(`${site.origin}/api/admin/releases/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ remote: 'mfe_storefront', label: 'bench' }),
    });
    const token = ((await created.json()) as { data: { token: string } }).data.token;
    const publishTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dist = mkdtempSync(path.join(os.tmpdir(), 'ev-bench-storefront-'));
      cpSync(path.join(REPO_ROOT, 'mfe-storefront', 'dist'), dist, { recursive: true });
      const chunk = readdirSync(dist).find((file) => file.startsWith('__federation_expose_routes.'))!;
      writeFileSync(path.join(dist, chunk), `${readFileSync(path.join(dist, chunk), 'utf8')}\n/* bench run ${run} ${Date.now()} */`);
      const started = performance.now();
      const publish = spawnSync('npx', ['tsx', 'scripts/release/cli.ts', 'publish', 'mfe_storefront', '--dist', dist], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, RELEASE_TOKEN: token, API_URL: apiOrigin, RELEASES_DIR: site.releasesDir },
      });
      publishTimes.push(performance.now() - started);
      rmSync(dist, { recursive: true, force: true });
      if (publish.status !== 0) throw new Error(`publish failed: ${publish.stdout}${publish.stderr}`);
    }
    console.log(`Publish + gate of the storefront (CLI, ${RUNS} runs): ${publishTimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (budget < ${PUBLISH_BUDGET_MS / 1000} s)`);
    if (added95 >= MANIFEST_BUDGET_MS || Math.max(...publishTimes) >= PUBLISH_BUDGET_MS) process.exitCode = 1;
  } finally {
    await withEnv.close();
    await withRegistry.close();
    await withAsking.close();
    site.stop();
  }
}

await main();
