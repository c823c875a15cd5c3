import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '../support/fixtures.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { IsolatedSite, REPO_ROOT } from '../support/isolatedSite.ts';
import { ISOLATED_PORTS } from '../support/ports.ts';

test.describe.configure({ mode: 'serial' });

let site: IsolatedSite;

test.beforeAll(async () => {
  site = new IsolatedSite();
  await site.start();
});

test.afterAll(async () => {
  await site.stop();
});

test.beforeEach(() => {
  site.manifest = site.defaultManifest();
});

const storefrontHeading = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]').getByRole('heading', { level: 1 });
const fallback = (page: Page) => page.locator('[data-remote-fallback="mfe_storefront"]');

test('with the storefront server stopped, only its area shows the fallback; retry recovers once it is back', async ({ page }) => {
  await site.stopStorefront();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${site.shellUrl}/about`);
  await expect(fallback(page)).toContainText('Không thể tải khu vực Cửa hàng. Vui lòng thử lại.');
  // header, footer and the other areas keep working
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  await expect(page.getByText('All rights reserved')).toBeVisible();
  await page.getByRole('link', { name: 'Đăng nhập' }).click();
  await expect(page.locator('[data-remote-area="mfe_account"]').getByRole('heading', { level: 1 })).toHaveText('Đăng nhập');
  await page.goBack();
  await expect(fallback(page)).toBeVisible();

  await site.startStorefront();
  await fallback(page).getByRole('button', { name: 'Thử lại' }).click();
  await expect(storefrontHeading(page)).toHaveText('Giới thiệu');
  await expect(fallback(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a malformed remotes manifest gives a clear Vietnamese message, the header still works', async ({ page }) => {
  site.manifest = { mfe_storefront: 42, something: 'else' };
  await page.goto(`${site.shellUrl}/`);
  await expect(fallback(page)).toContainText('Cấu hình ứng dụng không hợp lệ');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Đặt chỗ ngay' })).toBeVisible();
});

test.describe('a remote that answers 500 or never answers', () => {
  let broken: FastifyInstance;
  let mode: 'error' | 'hang' = 'error';

  test.beforeAll(async () => {
    broken = Fastify({ forceCloseConnections: true });
    broken.all('/*', async (_request, reply) => {
      if (mode === 'error') return reply.code(500).header('Access-Control-Allow-Origin', '*').send({ error: 'boom' });
      return new Promise(() => undefined);
    });
    await broken.listen({ port: ISOLATED_PORTS.brokenRemote, host: 'localhost' });
  });

  test.afterAll(async () => {
    await broken.close();
  });

  test('500 → the area shows the fallback', async ({ page }) => {
    mode = 'error';
    site.manifest = { ...site.defaultManifest(), mfe_storefront: `http://localhost:${ISOLATED_PORTS.brokenRemote}/mf-manifest.json` };
    await page.goto(`${site.shellUrl}/products`);
    await expect(fallback(page)).toContainText('Không thể tải khu vực Cửa hàng');
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  });

  test('no answer → the fallback after the load timeout', async ({ page }) => {
    mode = 'hang';
    site.manifest = { ...site.defaultManifest(), mfe_storefront: `http://localhost:${ISOLATED_PORTS.brokenRemote}/mf-manifest.json` };
    await page.goto(`${site.shellUrl}/promotions`);
    await expect(page.locator('[data-remote-area="mfe_storefront"]')).toContainText('Đang tải...');
    await expect(fallback(page)).toContainText('Không thể tải khu vực Cửa hàng', { timeout: 20_000 });
  });
});

test('a remote rebuilt with a visible change is picked up on reload without rebuilding the shell', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${site.shellUrl}/about`);
  await expect(page.locator('[data-remote-area="mfe_storefront"]')).toContainText('Phiên bản giao diện: 0.1.0');

  const version = `0.1.0-e2e.${Date.now()}`;
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'ev-storefront-build-'));
  const build = spawnSync('npm', ['run', 'build', '-w', 'mfe-storefront'], {
    cwd: REPO_ROOT,
    env: { ...process.env, APP_VERSION: version, OUTPUT_DIR: outputDir },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  site.deployStorefront(outputDir);
  rmSync(outputDir, { recursive: true, force: true });

  await page.reload();
  await expect(page.locator('[data-remote-area="mfe_storefront"]')).toContainText(`Phiên bản giao diện: ${version}`);
});
