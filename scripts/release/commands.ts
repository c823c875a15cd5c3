import path from 'node:path';
import { parseArgs } from 'node:util';
import { isReleaseApp, RELEASE_APP_PACKAGES, type ReleaseApp } from '../../shared-contracts/src/federation/releaseApps.ts';
import type { ReleaseState } from '../../shared-contracts/src/schemas/releases.ts';
import { publishFolder, readReleaseInfo, ReleaseError } from './buildFolder.ts';
import { ApiRefusal, createReleaseApi, type ReleaseApi } from './releaseApi.ts';

export const USAGE = `Cách dùng: npm run release -- <lệnh> <remote> …
  publish <remote> [--dist <thư mục>] [--releases <thư mục>] [--base-url <url>]
      chép bản build vào <releases>/<gói>/<phiên bản>-<hash>/ rồi đăng ký nó (API kiểm tra tương thích)
  canary <remote> <buildId> <phần trăm>   cho 1–99 % trình duyệt dùng bản build này
  stop-canary <remote>                    dừng canary
  promote <remote> [buildId]              bản đã nêu (đã phát hành), hoặc bản canary, thành bản đang chạy
  rollback <remote> [buildId]             quay về bản đã nêu, hoặc bản chạy trước đó
  status <remote>                         bản đang chạy và canary
<remote>: shell, mfe_storefront (hoặc mfe-storefront, storefront), mfe_account, mfe_backoffice.
Biến môi trường: RELEASE_TOKEN (bắt buộc: token phát hành của remote), API_URL (mặc định http://localhost:4000),
RELEASES_DIR (mặc định data/releases), RELEASE_BASE_URL (gốc URL của /remotes/…), RELEASE_TIMEOUT_MS (mặc định 30000).`;

/** The API's port when `npm start` runs it (api/src/config.ts). */
export const DEFAULT_API_URL = 'http://localhost:4000';
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ReleaseContext {
  env: Record<string, string | undefined>;
  repoRoot: string;
  /** where relative --dist / --releases are taken from (the caller's folder, not npm's) */
  callerDir: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A wrong command line: the usage is printed, exit code 2. */
class UsageError extends Error {}

/** The app an argument names: 'mfe_storefront', 'mfe-storefront' or 'storefront' (and 'shell'). */
export function releaseAppOf(argument: string | undefined): ReleaseApp {
  const name = (argument ?? '').trim().toLowerCase().replaceAll('-', '_');
  if (isReleaseApp(name)) return name;
  if (isReleaseApp(`mfe_${name}`)) return `mfe_${name}` as ReleaseApp;
  throw new UsageError(argument ? `Không có remote tên "${argument}".` : 'Thiếu tên remote.');
}

function describeState(app: ReleaseApp, state: ReleaseState): string[] {
  return [
    `Trạng thái phát hành của ${app}:`,
    `  Bản đang chạy: ${state.live ?? 'chưa có'}`,
    `  Canary: ${state.canary ? `${state.canary} cho ${state.percent} % trình duyệt` : 'không có'}`,
    `  Phiên bản trạng thái: ${state.version}`,
  ];
}

function isState(value: unknown): value is ReleaseState {
  return typeof value === 'object' && value !== null && 'version' in value && 'live' in value;
}

async function publish(api: ReleaseApi, app: ReleaseApp, rest: string[], context: ReleaseContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: rest,
    options: { dist: { type: 'string' }, releases: { type: 'string' }, 'base-url': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`Thừa tham số: ${positionals.join(' ')}.`);
  const packageName = RELEASE_APP_PACKAGES[app];
  const fromCaller = (dir: string) => path.resolve(context.callerDir, dir);
  const distDir = values.dist ? fromCaller(values.dist) : path.join(context.repoRoot, packageName, 'dist');
  const releasesDir = values.releases ? fromCaller(values.releases) : context.env.RELEASES_DIR ? fromCaller(context.env.RELEASES_DIR) : path.join(context.repoRoot, 'data', 'releases');
  const baseUrl = (values['base-url'] ?? context.env.RELEASE_BASE_URL ?? '').replace(/\/+$/, '');

  const built = readReleaseInfo(distDir, packageName);
  if (built.app !== app) throw new ReleaseError(`${distDir} là bản build của ${String(built.app)}, không phải của ${app}.`);
  const { buildId, folder, contentHash, releaseInfo, created } = publishFolder(distDir, releasesDir, packageName);
  context.out(created ? `Đã chép bản build ${buildId} vào ${folder}.` : `Bản build ${buildId} đã có tại ${folder} (giống hệt, không chép lại).`);

  const manifestUrl = `${baseUrl}/remotes/${packageName}/${buildId}/mf-manifest.json`;
  const answer = await api.publish(app, { releaseInfo, contentHash, manifestUrl });
  context.out(answer.message || 'API đã nhận bản build.');
  const state = typeof answer.data === 'object' && answer.data !== null && 'state' in answer.data ? answer.data.state : undefined;
  if (isState(state)) for (const line of describeState(app, state)) context.out(line);
  context.out(`Mã bản build: ${buildId}`);
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 a wrong command line). */
export async function runRelease(args: string[], context: ReleaseContext): Promise<number> {
  const [command, appArgument, ...rest] = args;
  try {
    if (!command) throw new UsageError('Thiếu lệnh.');
    if (command === 'help' || command === '--help') {
      context.out(USAGE);
      return 0;
    }
    const app = releaseAppOf(appArgument);
    const token = context.env.RELEASE_TOKEN?.trim();
    if (!token) throw new ReleaseError('Thiếu RELEASE_TOKEN: token phát hành của remote (quản trị viên tạo trong trang Phát hành giao diện).');
    const timeoutMs = Number(context.env.RELEASE_TIMEOUT_MS) > 0 ? Number(context.env.RELEASE_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
    const api = createReleaseApi({ apiUrl: context.env.API_URL?.trim() || DEFAULT_API_URL, token, timeoutMs });

    // each write is conditional on the release row's version, read just before
    const currentVersion = async () => (await api.state(app)).data.version;
    const report = (answer: { message: string; data: unknown }, done: string) => {
      context.out(answer.message || done);
      if (isState(answer.data)) for (const line of describeState(app, answer.data)) context.out(line);
    };

    switch (command) {
      case 'publish':
        await publish(api, app, rest, context);
        return 0;
      case 'status': {
        if (rest.length > 0) throw new UsageError(`Thừa tham số: ${rest.join(' ')}.`);
        for (const line of describeState(app, (await api.state(app)).data)) context.out(line);
        return 0;
      }
      case 'canary': {
        const [buildId, percentText, ...extra] = rest;
        if (!buildId || !percentText || extra.length > 0) throw new UsageError('canary cần <buildId> và <phần trăm>.');
        const percent = Number(percentText);
        if (!/^\d+$/.test(percentText) || percent < 1 || percent > 99) throw new UsageError('Phần trăm canary phải là số nguyên từ 1 đến 99.');
        report(await api.canary(app, { buildId, percent, version: await currentVersion() }), `Canary ${buildId} cho ${percent} % trình duyệt.`);
        return 0;
      }
      case 'stop-canary':
        if (rest.length > 0) throw new UsageError(`Thừa tham số: ${rest.join(' ')}.`);
        report(await api.stopCanary(app, { version: await currentVersion() }), 'Đã dừng canary.');
        return 0;
      case 'promote': {
        const [buildId, ...extra] = rest;
        if (extra.length > 0) throw new UsageError(`Thừa tham số: ${extra.join(' ')}.`);
        const version = await currentVersion();
        const body: { buildId?: string; version: number } = buildId ? { buildId, version } : { version };
        report(await api.promote(app, body), buildId ? `Bản ${buildId} đã thành bản đang chạy.` : 'Bản canary đã thành bản đang chạy.');
        return 0;
      }
      case 'rollback': {
        const [buildId, ...extra] = rest;
        if (extra.length > 0) throw new UsageError(`Thừa tham số: ${extra.join(' ')}.`);
        const version = await currentVersion();
        report(await api.rollback(app, buildId ? { buildId, version } : { version }), 'Đã quay về bản trước.');
        return 0;
      }
      default:
        throw new UsageError(`Không có lệnh "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      context.err(error.message);
      context.err(USAGE);
      return 2;
    }
    if (error instanceof ApiRefusal) {
      context.err(`Bị từ chối (HTTP ${error.status}): ${error.message}`);
      for (const reason of error.reasons) context.err(`  - ${reason}`);
      return 1;
    }
    if (error instanceof ReleaseError) {
      context.err(error.message);
      return 1;
    }
    throw error;
  }
}
