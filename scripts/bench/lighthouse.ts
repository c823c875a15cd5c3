import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../browser/findChromium.ts';
import { startBenchSite } from './benchSite.ts';

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile, simulated throttling) in the system Chromium on /,
 * /products and a product page of the site as `npm start` serves it.
 * Budget: performance ≥ 90 and accessibility ≥ 95 on each page.
 */
const BUDGET = { performance: 90, accessibility: 95 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface PageScores {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
}

async function firstProductPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/products?pageSize=1&sort=popular`);
  const body = (await response.json()) as { data?: { items?: Array<{ slug: string }> } };
  const slug = body.data?.items?.[0]?.slug;
  if (!slug) throw new Error('no product in the catalogue: is it seeded?');
  return `/products/${slug}`;
}

async function audit(url: string, port: number): Promise<PageScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (process.env.BENCH_DETAILS) printDetails(url, audits);
  const metric = (id: string) => audits[id]?.displayValue ?? '?';
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
    },
  };
}

/** BENCH_DETAILS=1: what the score is made of (the LCP element, layout shifts, long tasks, script cost). */
function printDetails(url: string, audits: Record<string, { displayValue?: string; details?: unknown }>): void {
  type Items = Array<Record<string, unknown>>;
  // A 'list' detail (the LCP element, layout shifts) nests its tables: flatten them.
  const flatten = (items: Items): Items => items.flatMap((item) => (item.type === 'table' && Array.isArray(item.items) ? flatten(item.items as Items) : [item]));
  const items = (id: string) => flatten((audits[id]?.details as { items?: Items } | undefined)?.items ?? []);
  const brief = (value: unknown) => String(JSON.stringify(value)).slice(0, 220);
  console.log(`\n── ${url}`);
  const observed = (items('metrics')[0] ?? {}) as Record<string, unknown>;
  console.log(`  observed: ${brief(Object.fromEntries(Object.entries(observed).filter(([key]) => /^observed(FirstContentfulPaint|LargestContentfulPaint|DomContentLoaded|Load|SpeedIndex)$/.test(key))))}`);
  console.log(`  simulated: ${brief(Object.fromEntries(Object.entries(observed).filter(([key]) => /^(firstContentfulPaint|largestContentfulPaint|speedIndex|totalBlockingTime)$/.test(key))))}`);
  for (const id of Object.keys(audits).filter((key) => /lcp|largest-contentful-paint-element/.test(key))) {
    console.log(`  ${id}: ${String(JSON.stringify(audits[id]?.details ?? null)).slice(0, 1500)}`);
  }
  for (const id of ['largest-contentful-paint-element', 'layout-shifts', 'long-tasks', 'bootup-time', 'mainthread-work-breakdown', 'network-requests']) {
    console.log(`  ${id}: ${audits[id]?.displayValue ?? ''}`);
    for (const item of items(id).slice(0, id === 'network-requests' ? 30 : 8)) console.log(`    ${brief(item)}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium not found (CHROMIUM_PATH or /usr/bin/chromium)');
  const site = await startBenchSite();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ev-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: profile,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  let ok = true;
  try {
    const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ['/', '/products', await firstProductPath(site.origin)];
    console.log(`\nLighthouse, mobile profile (simulated slow 4G, 4× CPU), median of ${RUNS} runs per page`);
    for (const page of pages) {
      const runs: PageScores[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${site.origin}${page}`, chrome.port));
      const performance = median(runs.map((run) => run.performance));
      const accessibility = median(runs.map((run) => run.accessibility));
      const pass = performance >= BUDGET.performance && accessibility >= BUDGET.accessibility;
      ok &&= pass;
      const metrics = Object.entries(runs.at(-1)!.metrics).map(([name, value]) => `${name} ${value}`).join(', ');
      console.log(`  ${pass ? '✔' : '✘'} ${page.padEnd(40)} performance ${performance}, accessibility ${accessibility}  (${metrics})`);
    }
    console.log(`  budget: performance ≥ ${BUDGET.performance}, accessibility ≥ ${BUDGET.accessibility}`);
    console.log(ok ? '\n✔ within budget' : '\n✘ over budget');
    process.exitCode = ok ? 0 : 1;
  } finally {
    chrome.kill();
    site.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
