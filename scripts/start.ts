import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureBuilt, REPO_ROOT } from './build/ensureBuilt.ts';
import { superviseProcess, type Supervisor } from './serve/apiSupervisor.ts';
import { makeCurrentBuildsLive } from './serve/currentBuilds.ts';
import { isLoopbackHost } from './serve/devRoutesGuard.ts';
import { createLiveRemotes } from './serve/liveRemotes.ts';
import { remotesManifestFromEnv } from './serve/remotesManifest.mts';
import { registrySetting, reportSampleRateOf } from './serve/shellServer.ts';
import { startStaticSite } from './serve/staticSite.ts';

/**
 * `npm start`: builds what is stale, migrates and seeds the database (SQLite in ./data unless
 * DATABASE_URL is set), starts the API, serves the shell (proxying /api) and each remote on its own
 * port, prints the URL. The builds are published to RELEASES_DIR (./data/releases) and made live in the release
 * registry, so the shell's page names them (/remotes/<package>/<buildId>/) and a team can ship a remote alone
 * (`npm run release`, docs/deploy.md). An API process that dies is started again after a backoff (apiSupervisor.ts) while the
 * sites keep serving (/api answers 503 meanwhile). Ctrl-C stops everything.
 */
const env = process.env;
const port = (name: string, fallback: number) => Number(env[name] ?? fallback);
const ports = {
  shell: port('SHELL_PORT', 3000),
  storefront: port('STOREFRONT_PORT', 3001),
  account: port('ACCOUNT_PORT', 3002),
  backoffice: port('BACKOFFICE_PORT', 3003),
  api: port('API_PORT', 4000),
};
const publicHost = env.PUBLIC_HOST ?? 'localhost';
const apiHost = env.API_HOST ?? '127.0.0.1';
const remoteUrl = (p: number) => `http://${publicHost}:${p}`;

const servers: FastifyInstance[] = [];
let api: Supervisor | null = null;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nĐang dừng...');
    // api.stop() first, synchronously: no restart once stopping.
    await Promise.allSettled([api?.stop(), ...servers.map((server) => server.close())]);
  }
  process.exit(code);
}

function waitForApi(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      fetch(url)
        .then((response) => (response.ok ? resolve() : retry()))
        .catch(retry);
    };
    const retry = () => (Date.now() > deadline ? reject(new Error(`API did not answer ${url}`)) : setTimeout(attempt, 200));
    attempt();
  });
}

interface DemoAccount {
  roleLabel: string;
  email: string;
}

/**
 * Whether the API serves its development mailbox (GET /api/dev/outbox): it decides (DEV_OUTBOX, NODE_ENV, the
 * listen address; see api/src/config.ts), this asks it, from this machine, as a browser here would.
 */
async function devOutboxIsOn(apiOrigin: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiOrigin}/api/dev/outbox`, { method: 'HEAD' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Where the emails of a run without SMTP_URL can be read, and loudly when they cannot. */
function printMailbox(outboxOn: boolean): void {
  if (env.SMTP_URL) return;
  const outboxUrl = `http://localhost:${ports.shell}/api/dev/outbox`;
  if (outboxOn) {
    console.log(`  Email (mã OTP, đặt lại mật khẩu) chưa gửi thật: xem ${outboxUrl} (chỉ mở được từ chính máy này)`);
    if (!isLoopbackHost(apiHost)) {
      console.warn(`\n⚠ CẢNH BÁO: DEV_OUTBOX=on trong khi API lắng nghe trên ${apiHost} (máy khác có thể kết nối tới).`);
      console.warn('  Hộp thư phát triển vẫn chỉ trả lời yêu cầu từ chính máy này; tắt nó (bỏ DEV_OUTBOX) khi không cần.\n');
    }
    return;
  }
  if (!isLoopbackHost(apiHost)) {
    console.warn(`\n⚠ CẢNH BÁO: API lắng nghe trên ${apiHost} (máy khác có thể kết nối tới) nên hộp thư phát triển ${outboxUrl} đã TẮT:`);
    console.warn('  không còn nơi đọc email (mã OTP, mã đặt lại mật khẩu). Đặt SMTP_URL, hoặc DEV_OUTBOX=on để bật lại hộp thư (chỉ đọc được từ chính máy này).\n');
  } else {
    console.warn('\n⚠ Hộp thư phát triển (/api/dev/outbox) đang tắt (DEV_OUTBOX=off hoặc NODE_ENV=production) và chưa có SMTP_URL: email chưa được gửi.\n');
  }
}

/** The seeded demo logins, one per role (api/seed/demoAccounts.ts, from the API's build). */
function printDemoAccounts(): void {
  const require = createRequire(import.meta.url);
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = require(path.join(REPO_ROOT, 'api/dist/seed/demoAccounts.js')) as {
    DEMO_ACCOUNTS: DemoAccount[];
    DEMO_PASSWORD: string;
  };
  const { BACK_OFFICE_ACCOUNTS } = require(path.join(REPO_ROOT, 'api/dist/seed/backOffice.js')) as {
    BACK_OFFICE_ACCOUNTS: Array<{ role: string; email: string; centreSlug: string }>;
  };
  console.log(`  Tài khoản demo (mật khẩu: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.roleLabel.padEnd(14)} ${account.email}`);
  const roleLabels: Record<string, string> = { staff: 'Nhân viên', technician: 'Kỹ thuật viên', manager: 'Quản lý' };
  console.log('  Thêm cho khu vực trung tâm (xem phạm vi chi nhánh):');
  for (const account of BACK_OFFICE_ACCOUNTS) console.log(`    ${(roleLabels[account.role] ?? account.role).padEnd(14)} ${account.email} (${account.centreSlug})`);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (env.SKIP_BUILD !== '1') await ensureBuilt();

  const apiEnv = { ...env, PORT: String(ports.api), HOST: apiHost };
  // The development demo data (accounts, customers, history) unless SEED_DEMO says otherwise; production refuses it.
  const seedDemo = /^(1|true|on|yes)$/i.test((env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? '0' : '1')).trim());
  console.log('• Đang chuẩn bị cơ sở dữ liệu (migrate + seed)...');
  const seed = spawnSync(process.execPath, [path.join(REPO_ROOT, 'api/dist/seed/cli.js')], { env: { ...apiEnv, SEED_DEMO: seedDemo ? '1' : '0' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('database seed failed');
  const releasesDir = path.resolve(REPO_ROOT, env.RELEASES_DIR?.trim() || 'data/releases');
  // RELEASE_REGISTRY=off: the remotes at their own ports (REMOTE_*_URL) alone, as before the registry
  const useRegistry = registrySetting(env.RELEASE_REGISTRY);
  if (useRegistry) {
    console.log('• Đang phát hành các bản build hiện tại (shell, remotes)...');
    makeCurrentBuildsLive({ repoRoot: REPO_ROOT, releasesDir, env: apiEnv });
  }

  let apiAnswered = false;
  api = superviseProcess({
    name: 'API',
    command: process.execPath,
    args: [path.join(REPO_ROOT, 'api/dist/src/server.js')],
    spawnOptions: { env: apiEnv, stdio: ['ignore', 'inherit', 'inherit'] },
    // Dying before its first answer is a failed start (configuration, port taken): a restart would fail the same.
    onExit: () => {
      if (!apiAnswered) queueMicrotask(() => void stop(1)); // once the supervisor has logged why
      return apiAnswered;
    },
  });
  const apiOrigin = `http://127.0.0.1:${ports.api}`;
  await waitForApi(`${apiOrigin}/api/health`, 30_000);
  apiAnswered = true;
  const outboxOn = await devOutboxIsOn(apiOrigin);

  const manifestEnv = {
    REMOTE_STOREFRONT_URL: env.REMOTE_STOREFRONT_URL ?? remoteUrl(ports.storefront),
    REMOTE_ACCOUNT_URL: env.REMOTE_ACCOUNT_URL ?? remoteUrl(ports.account),
    REMOTE_BACKOFFICE_URL: env.REMOTE_BACKOFFICE_URL ?? remoteUrl(ports.backoffice),
  };
  const dist = (workspace: string) => path.join(REPO_ROOT, workspace, 'dist');
  servers.push(await startStaticSite({ root: dist('mfe-storefront'), port: ports.storefront, cors: true }));
  servers.push(await startStaticSite({ root: dist('mfe-account'), port: ports.account, cors: true }));
  servers.push(await startStaticSite({ root: dist('mfe-backoffice'), port: ports.backoffice, cors: true }));
  const configured = remotesManifestFromEnv(manifestEnv);
  const liveRemotes = useRegistry ? createLiveRemotes({ apiOrigin, configured }) : null;
  servers.push(
    await startStaticSite({
      root: dist('shell'),
      port: ports.shell,
      spaFallback: true,
      apiTarget: apiOrigin,
      remotesManifest: liveRemotes ? (browserKey) => liveRemotes.forBrowser(browserKey) : () => configured,
      onClose: () => liveRemotes?.close(),
      releasesDir: useRegistry ? releasesDir : undefined,
      // every page reports while developing; the shell's container samples a tenth (shellServer.ts)
      reportSampleRate: reportSampleRateOf(env.REPORT_SAMPLE_RATE, 1),
    }),
  );

  console.log(`\n✔ EV Service đang chạy: http://${publicHost}:${ports.shell}`);
  console.log(`  API: http://${publicHost}:${ports.shell}/api (tài liệu: /api/docs)`);
  console.log(
    useRegistry
      ? `  Remotes: các bản build đang chạy trong ${releasesDir} (dự phòng: ${Object.values(manifestEnv).join(', ')})`
      : `  Remotes: ${Object.values(manifestEnv).join(', ')} (RELEASE_REGISTRY=off)`,
  );
  if (seedDemo) printDemoAccounts();
  printMailbox(outboxOn);
  console.log('  Nhấn Ctrl-C để dừng.\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
