import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureBuilt, REPO_ROOT } from './build/ensureBuilt.ts';
import { remotesManifestFromEnv } from './serve/remotesManifest.mts';
import { startStaticSite } from './serve/staticSite.ts';

/**
 * `npm start`: builds what is stale, migrates and seeds the database (SQLite in ./data unless
 * DATABASE_URL is set), starts the API, serves the shell (proxying /api) and each remote on its own
 * port, prints the URL. Ctrl-C stops everything.
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
const remoteUrl = (p: number) => `http://${publicHost}:${p}`;

const servers: FastifyInstance[] = [];
let api: ChildProcess | null = null;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nĐang dừng...');
    await Promise.allSettled(servers.map((server) => server.close()));
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once('exit', resolve));
      api.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
    }
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

/** The seeded demo logins, one per role (api/src/seed/demoAccounts.ts, from the API's build). */
function printDemoAccounts(): void {
  const require = createRequire(import.meta.url);
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = require(path.join(REPO_ROOT, 'api/dist/seed/demoAccounts.js')) as {
    DEMO_ACCOUNTS: DemoAccount[];
    DEMO_PASSWORD: string;
  };
  console.log(`  Tài khoản demo (mật khẩu: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.roleLabel.padEnd(14)} ${account.email}`);
  if (!env.SMTP_URL) console.log(`  Email (mã OTP, đặt lại mật khẩu) chưa gửi thật: xem http://${publicHost}:${ports.shell}/api/dev/outbox`);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (env.SKIP_BUILD !== '1') ensureBuilt();

  const apiEnv = { ...env, PORT: String(ports.api), HOST: env.API_HOST ?? '127.0.0.1' };
  console.log('• Đang chuẩn bị cơ sở dữ liệu (migrate + seed)...');
  const seed = spawnSync(process.execPath, [path.join(REPO_ROOT, 'api/dist/cli/seed.js')], { env: apiEnv, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('database seed failed');

  api = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/server.js')], { env: apiEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  api.once('exit', (code) => {
    if (!stopping) {
      console.error(`API đã dừng (mã ${code}).`);
      void stop(1);
    }
  });
  const apiOrigin = `http://127.0.0.1:${ports.api}`;
  await waitForApi(`${apiOrigin}/api/health`, 30_000);

  const manifestEnv = {
    REMOTE_STOREFRONT_URL: env.REMOTE_STOREFRONT_URL ?? remoteUrl(ports.storefront),
    REMOTE_ACCOUNT_URL: env.REMOTE_ACCOUNT_URL ?? remoteUrl(ports.account),
    REMOTE_BACKOFFICE_URL: env.REMOTE_BACKOFFICE_URL ?? remoteUrl(ports.backoffice),
  };
  const dist = (workspace: string) => path.join(REPO_ROOT, workspace, 'dist');
  servers.push(await startStaticSite({ root: dist('mfe-storefront'), port: ports.storefront, cors: true }));
  servers.push(await startStaticSite({ root: dist('mfe-account'), port: ports.account, cors: true }));
  servers.push(await startStaticSite({ root: dist('mfe-backoffice'), port: ports.backoffice, cors: true }));
  servers.push(
    await startStaticSite({
      root: dist('shell'),
      port: ports.shell,
      spaFallback: true,
      apiTarget: apiOrigin,
      remotesManifest: () => remotesManifestFromEnv(manifestEnv),
    }),
  );

  console.log(`\n✔ EV Service đang chạy: http://${publicHost}:${ports.shell}`);
  console.log(`  API: http://${publicHost}:${ports.shell}/api (tài liệu: /api/docs)`);
  console.log(`  Remotes: ${Object.values(manifestEnv).join(', ')}`);
  printDemoAccounts();
  console.log('  Nhấn Ctrl-C để dừng.\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
