import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildProductionApi } from './benchProcess.ts';

/**
 * `npm run bench:backoffice`: the back office's budgets, one benchmark after the other, each against its own API
 * process (the production build, startBenchApi) on a scratch seeded SQLite database:
 *
 *   backoffice.ts           the floor (issue 13): day view, board, checklist answers, check-in, photos, live status
 *   backofficeInventory.ts  the centre inventory table of 2 000 products (issue 14)
 *   backofficeParts.ts      reserving one product with 20 clients, zero oversell; approval → staff board (issue 14)
 *
 * Every benchmark runs even when one before it misses a budget; the exit code is 1 if any missed one.
 */
const benchmarks = ['backoffice.ts', 'backofficeInventory.ts', 'backofficeParts.ts'];
// The production API they all measure, built once here rather than by each.
if (process.env.BENCH_API !== 'source') buildProductionApi();
let failed = 0;
for (const file of benchmarks) {
  console.log(`\n━━ ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit', env: { ...process.env, BENCH_SKIP_BUILD: '1' } });
  if (result.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n✘ ${failed} of ${benchmarks.length} back-office benchmarks missed a budget`);
  process.exitCode = 1;
}
