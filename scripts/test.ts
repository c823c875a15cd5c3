import { spawnSync } from 'node:child_process';
import { ensureBuilt, REPO_ROOT } from './build/ensureBuilt.ts';
import { findSuiteChromium } from './browser/findChromium.ts';
import { listSpecs, readSpecDurations, SPEC_DURATIONS_FILE, specFilter, splitSpecs } from './browser/browserShards.ts';
import { runPrefixed } from './runPrefixed.ts';

/**
 * `npm test`: the linter and the import rules, every package's Jest suites (API on SQLite, and on PostgreSQL when TEST_DATABASE_URL is
 * set), then the builds and the federation-manifest contract test, then the Playwright suite in the
 * system Chromium. Without a Chromium the browser suite is skipped with a message, except on CI.
 */
function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✘ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The browser suite as shards run side by side, each with a whole site of its own (E2E_STACK moves its ports, and it
 * seeds its own database): the shards share no account, cart or clock. The spec files are split by the time each took
 * (e2e/specDurations.json); each line of output is prefixed with its shard.
 */
async function runBrowserShards(title: string, count: number, env: NodeJS.ProcessEnv): Promise<void> {
  const shards = splitSpecs(listSpecs(`${REPO_ROOT}/e2e/tests`), readSpecDurations(`${REPO_ROOT}/${SPEC_DURATIONS_FILE}`), count);
  console.log(`\n━━ ${title}, ${shards.length} shards side by side`);
  const codes = await Promise.all(
    shards.map((specs, index) => {
      const shard = `${index + 1}/${shards.length}`;
      console.log(`[${shard}] ${specs.join(' ')}`);
      return runPrefixed('npx', ['playwright', 'test', ...specs.map((spec) => specFilter('tests', spec))], {
        cwd: `${REPO_ROOT}/e2e`,
        env: { ...env, E2E_STACK: String(index) },
        prefix: shard,
      });
    }),
  );
  if (codes.some((code) => code !== 0)) {
    console.error(`\n✘ ${title} failed (shards: ${codes.join(', ')})`);
    process.exit(1);
  }
}

const only = process.argv[2];

if (!only || only === 'lint') {
  run('Lint (ESLint) and import rules (dependency-cruiser: no circle, no remote → remote, no seed in product code)', 'npm', ['run', 'lint']);
}

if (!only || only === 'unit') {
  run('Unit and integration tests (Jest, one run of every package as a project; the API on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set)', 'npx', ['jest', '-c', 'jest.unit.config.cjs']);
}

// Two API processes behind compose's nginx balancer, under load, through a database drop, kill -9, SIGTERM and a Redis
// outage (api/test/faults): alone, after the suites, since its budgets are timings. PostgreSQL only.
if (!only || only === 'unit' || only === 'faults') {
  if (process.env.TEST_DATABASE_URL) {
    run('Fault test (two API instances behind nginx: database drop, kill -9, SIGTERM, Redis down)', 'npm', ['run', 'test:faults', '-w', 'api']);
  } else {
    console.warn('\n⚠ TEST_DATABASE_URL chưa đặt: bỏ qua bài kiểm thử sự cố (cần PostgreSQL).');
    if (process.env.CI) process.exit(1);
  }
}

if (!only || only === 'e2e' || only === 'contracts') {
  console.log('\n━━ Production builds (what is stale)');
  await ensureBuilt();
  run('Contract test: each built remote exposes what shared-contracts declares', 'npx', ['jest', '-c', 'shell/jest.contracts.config.js']);
}

if (!only || only === 'e2e') {
  const chromium = findSuiteChromium();
  if (!chromium) {
    const message = 'Không tìm thấy Chromium (E2E_CHROMIUM_PATH, /usr/bin/chromium-headless-shell, CHROMIUM_PATH hoặc /usr/bin/chromium): bỏ qua bộ kiểm thử trình duyệt (Playwright).';
    if (process.env.CI) {
      console.error(`✘ ${message} CI phải chạy bộ này.`);
      process.exit(1);
    }
    console.warn(`\n⚠ ${message}\n  Cài: sudo apt-get install chromium-headless-shell`);
  } else {
    const shards = Number(process.env.E2E_SHARDS ?? 2);
    await runBrowserShards(`Browser tests (Playwright, ${chromium})`, shards >= 1 && shards <= 5 ? shards : 2, { ...process.env, E2E_CHROMIUM_PATH: chromium });
  }
}

console.log('\n✔ Tất cả kiểm thử đã qua.');
