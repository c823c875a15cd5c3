import { spawnSync } from 'node:child_process';
import { ensureBuilt, REPO_ROOT } from './build/ensureBuilt.ts';
import { findChromium } from './browser/findChromium.ts';

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

const only = process.argv[2];

if (!only || only === 'lint') {
  run('Lint (ESLint) and import rules (dependency-cruiser: no circle, no remote → remote, no seed in product code)', 'npm', ['run', 'lint']);
}

if (!only || only === 'unit') {
  run('Unit and integration tests (Jest, every package)', 'npx', ['lerna', 'run', 'test', '--ignore', 'e2e', '--concurrency', '1', '--stream']);
}

if (!only || only === 'e2e' || only === 'contracts') {
  console.log('\n━━ Production builds (what is stale)');
  ensureBuilt();
  run('Contract test: each built remote exposes what shared-contracts declares', 'npx', ['jest', '-c', 'shell/jest.contracts.config.js']);
}

if (!only || only === 'e2e') {
  const chromium = findChromium();
  if (!chromium) {
    const message = 'Không tìm thấy Chromium (CHROMIUM_PATH hoặc /usr/bin/chromium): bỏ qua bộ kiểm thử trình duyệt (Playwright).';
    if (process.env.CI) {
      console.error(`✘ ${message} CI phải chạy bộ này.`);
      process.exit(1);
    }
    console.warn(`\n⚠ ${message}\n  Cài: sudo apt-get install chromium`);
  } else {
    run(`Browser tests (Playwright, ${chromium})`, 'npm', ['test', '-w', 'e2e'], { ...process.env, CHROMIUM_PATH: chromium });
  }
}

console.log('\n✔ Tất cả kiểm thử đã qua.');
