import { chromium, type Browser } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../browser/findChromium.ts';
import { startBenchSite } from './benchSite.ts';

/**
 * `npm run bench:main-thread`: the main thread of a first load as the page itself observes it, in the system
 * Chromium at 4× CPU (Lighthouse's mobile CPU), BENCH_RUNS times (default 5) per page: the long tasks after the
 * first contentful paint until 3 s after the app took the first view's place, their blocking time (each task's
 * time past 50 ms, summed: Lighthouse's Total Blocking Time, observed instead of simulated), and for the median run
 * the long animation frames with the scripts they ran (what to make shorter).
 *
 * Information, not a budget: on a 2-core machine Lighthouse's simulated TBT of one page moves a lot from run to
 * run; this figure moves less, so one change can be compared with the last (figures in docs/performance.md).
 * env: BENCH_RUNS, BENCH_PAGES (comma-separated paths; default /, /products and a product page).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = (process.env.BENCH_PAGES ?? '/,/products,/products/ma-phanh-dia-xe-may-dien').split(',').map((page) => page.trim());

interface Observed {
  blockingMs: number;
  longTasks: Array<[start: number, duration: number]>;
  frames: string[];
}

async function observe(browser: Browser, url: string): Promise<Observed> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'vi-VN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen = { longTasks: [] as Array<[number, number]>, frames: [] as string[] };
      (window as unknown as { __mainThread: typeof seen }).__mainThread = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          startTime: number;
          duration: number;
          blockingDuration: number;
          styleAndLayoutStart: number;
          scripts: Array<{ invokerType: string; invoker: string; duration: number; sourceURL: string }>;
        }>) {
          if (entry.blockingDuration <= 0) continue;
          const style = entry.styleAndLayoutStart ? Math.round(entry.startTime + entry.duration - entry.styleAndLayoutStart) : 0;
          const scripts = entry.scripts.map((script) => `${script.invokerType} ${script.invoker.slice(0, 50)} ${Math.round(script.duration)} ms`).join('; ');
          seen.frames.push(`${Math.round(entry.duration)} ms at ${Math.round(entry.startTime)} (style and layout ${style} ms) ${scripts}`);
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('root')?.hidden === false, null, { timeout: 20_000 });
    await page.waitForTimeout(3_000);
    const { seen, fcp } = await page.evaluate(() => ({
      seen: (window as unknown as { __mainThread: { longTasks: Array<[number, number]>; frames: string[] } }).__mainThread,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const longTasks = seen.longTasks.filter(([start]) => start >= fcp);
    return { blockingMs: longTasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0), longTasks, frames: seen.frames };
  } finally {
    await context.close();
  }
}

const site = await startBenchSite();
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  console.log(`Main thread of a first load, Chromium at 4× CPU, ${RUNS} runs per page (observed; Lighthouse's TBT is simulated)`);
  for (const pagePath of PAGES) {
    const runs: Observed[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await observe(browser, `${site.origin}${pagePath}`));
    const sorted = [...runs].sort((a, b) => a.blockingMs - b.blockingMs);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`  ${pagePath.padEnd(40)} blocking ${median.blockingMs} ms (median; runs ${runs.map((r) => r.blockingMs).join(', ')})`);
    console.log(`      long tasks of the median run (ms@start): ${median.longTasks.map(([start, duration]) => `${duration}@${start}`).join(' ')}`);
    for (const frame of median.frames) console.log(`      frame ${frame}`);
  }
} finally {
  await browser.close();
  site.stop();
}
