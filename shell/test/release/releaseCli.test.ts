/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentHashOf } from '../../../scripts/release/buildFolder';

const REPO = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CLI = path.join(REPO, 'scripts', 'release', 'cli.ts');
const TOKEN = 'tok_storefront_3f9a';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}
type Answer = { status: number; body: unknown } | 'hang';

/** A stand-in for the API's release routes: records what the CLI sends, answers what the test scripts. */
let server: Server;
let apiUrl: string;
let received: Received[];
let answers: Record<string, Answer>;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: text ? JSON.parse(text) : undefined });
      const answer = answers[`${request.method} ${request.url}`] ?? { status: 404, body: { success: false, message: 'Không tìm thấy.', code: 'NOT_FOUND' } };
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let work: string;
beforeEach(() => {
  received = [];
  answers = {};
  work = mkdtempSync(path.join(tmpdir(), 'release-cli-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Runs `npm run release -- <args>` as a pipeline would (the script's own command), against the stand-in API. */
function release(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [TSX, CLI, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', API_URL: apiUrl, RELEASE_TOKEN: TOKEN, INIT_CWD: work, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const ok = (data: unknown, message = 'Thành công.') => ({ status: 200, body: { success: true, message, data } });
const state = (overrides: Record<string, unknown> = {}) => ({ version: 7, live: '1.2.0-aaaaaaaaaa', canary: null, percent: 0, ...overrides });

const releaseInfo = { app: 'mfe_storefront', package: 'mfe-storefront', version: '1.3.0', commit: '0123abc', builtAt: '2026-03-01T08:30:00.000Z', exposes: ['./routes'] };

/** A storefront build's dist in the test's folder (relative to where the command is typed). */
function storefrontDist(): string {
  const dir = path.join(work, 'build', 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify(releaseInfo));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"mfe_storefront"}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var mfe_storefront;');
  return dir;
}

describe('npm run release -- publish', () => {
  it('copies the build to its versioned folder and registers it with its release info, hash and manifest URL', async () => {
    const dist = storefrontDist();
    const hash = contentHashOf(dist);
    const buildId = `1.3.0-${hash}`;
    answers['POST /api/releases/mfe_storefront/builds'] = ok({ created: true, state: state({ live: buildId, version: 1 }) }, 'Đã phát hành bản dựng.');

    const result = await release(['publish', 'mfe-storefront', '--dist', 'build/dist', '--releases', 'releases', '--base-url', 'https://cdn.evshop.vn/']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/api/releases/mfe_storefront/builds',
        authorization: `Bearer ${TOKEN}`,
        body: { releaseInfo, contentHash: hash, manifestUrl: `https://cdn.evshop.vn/remotes/mfe-storefront/${buildId}/mf-manifest.json` },
      },
    ]);
    const folder = path.join(work, 'releases', 'mfe-storefront', buildId);
    expect(readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8')).toBe('var mfe_storefront;');
    expect(result.stdout).toContain('Đã phát hành bản dựng.');
    expect(result.stdout).toContain(`Bản đang chạy: ${buildId}`);
    expect(result.stdout).toContain(`Mã bản build: ${buildId}`);
  }, 30_000);

  it('prints the gate’s Vietnamese refusal and each reason, and exits 1', async () => {
    storefrontDist();
    answers['POST /api/releases/mfe_storefront/builds'] = {
      status: 422,
      body: {
        success: false,
        message: 'Bản dựng không tương thích với shell đang chạy.',
        code: 'RELEASE_GATE_FAILED',
        errors: [
          { field: 'releaseInfo', message: 'react: shell cung cấp 19.3.1, bản dựng cần ^20.0.0.' },
          { field: 'releaseInfo', message: 'Thiếu đường dẫn /cart mà shell giao cho mfe_storefront.' },
        ],
      },
    };

    const result = await release(['publish', 'storefront', '--dist', 'build/dist', '--releases', 'releases']);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Bị từ chối (HTTP 422): Bản dựng không tương thích với shell đang chạy.');
    expect(result.stderr).toContain('  - react: shell cung cấp 19.3.1, bản dựng cần ^20.0.0.');
    expect(result.stderr).toContain('  - Thiếu đường dẫn /cart mà shell giao cho mfe_storefront.');
    // without --base-url the manifest is a path of the site itself
    expect((received[0]?.body as { manifestUrl: string }).manifestUrl).toMatch(/^\/remotes\/mfe-storefront\/1\.3\.0-[0-9a-f]{10}\/mf-manifest\.json$/);
  }, 30_000);

  it('refuses the dist of another remote before copying or sending anything', async () => {
    storefrontDist();
    const result = await release(['publish', 'mfe_account', '--dist', 'build/dist', '--releases', 'releases']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('là của gói mfe-storefront, không phải mfe-account');
    expect(received).toEqual([]);
    expect(existsSync(path.join(work, 'releases'))).toBe(false);
  }, 30_000);
});

describe('npm run release -- canary | promote | rollback | status', () => {
  it('canary: reads the state, then sends the build, the share and the version it read', async () => {
    answers['GET /api/releases/mfe_storefront/state'] = ok(state());
    answers['POST /api/releases/mfe_storefront/canary'] = ok(state({ version: 8, canary: '1.3.0-bbbbbbbbbb', percent: 50 }), 'Đã bật thử nghiệm.');

    const result = await release(['canary', 'mfe_storefront', '1.3.0-bbbbbbbbbb', '50']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(received.map(({ method, url, authorization, body }) => ({ method, url, authorization, body }))).toEqual([
      { method: 'GET', url: '/api/releases/mfe_storefront/state', authorization: `Bearer ${TOKEN}`, body: undefined },
      { method: 'POST', url: '/api/releases/mfe_storefront/canary', authorization: `Bearer ${TOKEN}`, body: { buildId: '1.3.0-bbbbbbbbbb', percent: 50, version: 7 } },
    ]);
    expect(result.stdout).toContain('Đã bật thử nghiệm.');
    expect(result.stdout).toContain('Canary: 1.3.0-bbbbbbbbbb cho 50 % trình duyệt');
  }, 30_000);

  it('promote and rollback send the version they read; each names a build only when given one', async () => {
    answers['GET /api/releases/mfe_account/state'] = ok(state({ version: 12 }));
    answers['POST /api/releases/mfe_account/promote'] = ok(state({ version: 13 }));
    answers['POST /api/releases/mfe_account/rollback'] = ok(state({ version: 13 }));

    expect((await release(['promote', 'account'])).code).toBe(0);
    expect((await release(['promote', 'account', '1.3.0-bbbbbbbbbb'])).code).toBe(0);
    expect((await release(['rollback', 'account'])).code).toBe(0);
    expect((await release(['rollback', 'account', '1.1.0-cccccccccc'])).code).toBe(0);

    expect(received.filter((request) => request.method === 'POST').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/releases/mfe_account/promote', body: { version: 12 } },
      { url: '/api/releases/mfe_account/promote', body: { buildId: '1.3.0-bbbbbbbbbb', version: 12 } },
      { url: '/api/releases/mfe_account/rollback', body: { version: 12 } },
      { url: '/api/releases/mfe_account/rollback', body: { buildId: '1.1.0-cccccccccc', version: 12 } },
    ]);
  }, 60_000);

  it('a change made meanwhile by someone else: prints the API’s 409 and exits 1', async () => {
    answers['GET /api/releases/mfe_backoffice/state'] = ok(state());
    answers['POST /api/releases/mfe_backoffice/promote'] = {
      status: 409,
      body: { success: false, message: 'Trạng thái phát hành đã thay đổi, vui lòng xem lại rồi thử lại.', code: 'CONFLICT' },
    };
    const result = await release(['promote', 'mfe_backoffice']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Bị từ chối (HTTP 409): Trạng thái phát hành đã thay đổi, vui lòng xem lại rồi thử lại.');
  }, 30_000);

  it('status prints the live build and the canary with its share', async () => {
    answers['GET /api/releases/shell/state'] = ok(state({ live: '0.1.0-dddddddddd', canary: '0.2.0-eeeeeeeeee', percent: 10 }));
    const result = await release(['status', 'shell']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Bản đang chạy: 0.1.0-dddddddddd');
    expect(result.stdout).toContain('Canary: 0.2.0-eeeeeeeeee cho 10 % trình duyệt');
  }, 30_000);

  it('gives up on an API that does not answer in time, and exits 1', async () => {
    answers['GET /api/releases/mfe_storefront/state'] = 'hang';
    const result = await release(['promote', 'mfe_storefront'], { RELEASE_TIMEOUT_MS: '300' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('API không trả lời sau 0,3 giây');
    expect(received.filter((request) => request.method === 'POST')).toEqual([]);
  }, 30_000);

  it('sends nothing without a token, and says why', async () => {
    const result = await release(['promote', 'mfe_storefront'], { RELEASE_TOKEN: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Thiếu RELEASE_TOKEN');
    expect(received).toEqual([]);
  }, 30_000);

  it('a wrong command line prints the usage and exits 2', async () => {
    const result = await release(['canary', 'mfe_storefront', '1.3.0-bbbbbbbbbb', '150']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Phần trăm canary phải là số nguyên từ 1 đến 99.');
    expect(result.stderr).toContain('Cách dùng: npm run release --');
    expect(received).toEqual([]);
  }, 30_000);
});
