import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../browser/findChromium.ts';
import { REPO_ROOT } from '../build/ensureBuilt.ts';
import { BENCH_PORTS as PORTS, startBenchSite } from './benchSite.ts';

/**
 * `npm run bench:web`: first load of `/` in Chromium against the site as `npm start` serves it.
 * Budget: at most 200 KB of JavaScript (gzip) in total, and no request waterfall deeper than
 * shell → remote manifest/entry → page chunk.
 */
const BUDGET_JS_GZIP_BYTES = 200 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface LoadedRequest {
  url: string;
  type: string;
  start: number;
  end: number;
  gzipBytes: number;
  rawBytes: number;
}

/** A remote's file: on its own origin, or a published build the shell's site serves under /remotes/ (decision 0070). */
function tierOf(url: string): 'shell' | 'remote' {
  const { port, pathname } = new URL(url);
  return port === String(PORTS.shell) && !pathname.startsWith('/remotes/') ? 'shell' : 'remote';
}

/** Longest chain of requests each starting after the previous one finished (a conservative waterfall depth). */
function longestChain(requests: LoadedRequest[]): LoadedRequest[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const best = new Map<LoadedRequest, LoadedRequest[]>();
  for (const request of sorted) {
    let chain: LoadedRequest[] = [];
    for (const earlier of sorted) {
      if (earlier === request || earlier.end > request.start) continue;
      const candidate = best.get(earlier) ?? [];
      if (candidate.length > chain.length) chain = candidate;
    }
    best.set(request, [...chain, request]);
  }
  return [...best.values()].reduce((longest, chain) => (chain.length > longest.length ? chain : longest), [] as LoadedRequest[]);
}

/** The back office's lazy chart chunk (webpackChunkName "charts"): only report and dashboard routes load it. */
const CHART_CHUNK = /^charts\.[0-9a-f]+\.js$/;

function chartChunks(): { file: string; gzipBytes: number; rawBytes: number }[] {
  const dist = path.join(REPO_ROOT, 'mfe-backoffice', 'dist');
  return readdirSync(dist)
    .filter((file) => CHART_CHUNK.test(file))
    .map((file) => {
      const body = readFileSync(path.join(dist, file));
      return { file, rawBytes: body.length, gzipBytes: gzipSync(body).length };
    });
}

async function measureOnce(executablePath: string): Promise<{ requests: LoadedRequest[]; loadMs: number }> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const requests: LoadedRequest[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          const timing = request.timing();
          requests.push({
            url: request.url(),
            type: request.resourceType(),
            start: timing.startTime + Math.max(0, timing.requestStart),
            end: timing.startTime + Math.max(0, timing.responseEnd),
            rawBytes: body.length,
            gzipBytes: gzipSync(body).length,
          });
        })(),
      );
    });
    const started = Date.now();
    await page.goto(`http://localhost:${PORTS.shell}/`);
    await page.locator('[data-remote-area="mfe_storefront"] h1').waitFor();
    const loadMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { requests, loadMs };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (CHROMIUM_PATH or /usr/bin/chromium)');
  const site = await startBenchSite();
  try {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(executablePath));
    const last = runs.at(-1)!;
    const scripts = last.requests.filter((request) => request.type === 'script');
    const jsGzip = scripts.reduce((sum, request) => sum + request.gzipBytes, 0);
    const jsRaw = scripts.reduce((sum, request) => sum + request.rawBytes, 0);
    // The app's own loading waterfall: code, styles and manifests (images and API data are the page's content).
    const loading = last.requests.filter((request) => ['script', 'stylesheet', 'fetch', 'xhr'].includes(request.type) && !new URL(request.url).pathname.startsWith('/api/'));
    const chain = longestChain(loading);
    const tiers = chain.map((request) => tierOf(request.url));
    const remoteDepth = tiers.filter((tier) => tier === 'remote').length;
    const loadTimes = runs.map((run) => run.loadMs).sort((a, b) => a - b);

    console.log('\nFirst load of / (Chromium, cold cache each run)');
    console.log(`  requests: ${last.requests.length}, scripts: ${scripts.length}`);
    for (const request of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`    ${(request.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip  ${(request.rawBytes / 1024).toFixed(1).padStart(6)} KB  ${request.url}`);
    }
    console.log(`  JavaScript: ${(jsGzip / 1024).toFixed(1)} KB gzip (${(jsRaw / 1024).toFixed(1)} KB raw); budget ${BUDGET_JS_GZIP_BYTES / 1024} KB`);
    console.log('  longest chain of code/manifest requests after the HTML (each starts after the previous one ends):');
    for (const request of chain) console.log(`    [${tierOf(request.url)}] ${request.url}`);
    console.log(`  remote steps in that chain: ${remoteDepth} (budget 2: manifest/remote entry → page chunk)`);
    console.log(`  time to the home page heading: median ${loadTimes[Math.floor(loadTimes.length / 2)]} ms over ${RUNS} runs (min ${loadTimes[0]}, max ${loadTimes.at(-1)})`);
    const charts = chartChunks();
    const chartsOnHome = scripts.some((request) => CHART_CHUNK.test(path.basename(new URL(request.url).pathname)));
    console.log('\nChart chunk of the back office (lazy: /manager overview and reports, /admin, /admin/reports)');
    if (charts.length === 0) console.log('  not found in mfe-backoffice/dist (expected charts.<hash>.js)');
    for (const chunk of charts) console.log(`  ${(chunk.gzipBytes / 1024).toFixed(1)} KB gzip  ${(chunk.rawBytes / 1024).toFixed(1)} KB  ${chunk.file}`);
    console.log(`  loaded by the first load of /: ${chartsOnHome ? 'yes (it must not be)' : 'no'}`);
    const ok = jsGzip <= BUDGET_JS_GZIP_BYTES && remoteDepth <= 2 && !chartsOnHome;
    console.log(ok ? '\n✔ within budget' : '\n✘ over budget');
    process.exitCode = ok ? 0 : 1;
  } finally {
    site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
