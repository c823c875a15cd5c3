import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/fixtures.ts';
import {
  CHANGED_HOME_TITLE,
  changedStorefront,
  HOME_TITLE,
  publishedBuildId,
  releaseCli,
  releaseToken,
  storefrontOfPage,
} from '../support/releases.ts';
import { apiLogin, DEMO_EMAILS, storeSession } from '../support/session.ts';

/**
 * Issue 68: the storefront's team ships its remote alone while the site runs — publish (through the gate), canary to
 * half of the browsers (each keeping its build), promote, roll back — and a canary that throws in browsers is stopped
 * by its error rate. The shell's server and the API are never restarted; `npm start` made its own builds live.
 */
const BROWSER_COOKIE = 'ev_browser';

/** The storefront build a browser with this key is given, on two loads (a canary is sticky). */
async function buildOfBrowser(request: APIRequestContext, key: string): Promise<string> {
  const first = storefrontOfPage(await (await request.get('/', { headers: { cookie: `${BROWSER_COOKIE}=${key}` } })).text());
  const again = storefrontOfPage(await (await request.get('/products', { headers: { cookie: `${BROWSER_COOKIE}=${key}` } })).text());
  expect(again, `the browser ${key} kept its build`).toBe(first);
  return first;
}

/** A browser (its own context) with this key: its home page's heading. */
async function homeHeadingOf(browser: Browser, baseURL: string, key: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, locale: 'vi-VN' });
  await context.addCookies([{ name: BROWSER_COOKIE, value: key, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  return { page, close: () => context.close() };
}

test.describe.serial('one remote shipped alone', () => {
  let token = '';

  let firstLive = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await apiLogin(request, DEMO_EMAILS.admin);
    token = await releaseToken(request, admin.accessToken, 'mfe_storefront');
    await request.dispose();
    firstLive = /Bản đang chạy: (\S+)/.exec(releaseCli(['status', 'mfe_storefront'], token).output)?.[1] ?? '';
  });

  // whatever happened, the rest of the suite gets the storefront `npm start` made live, without a canary
  test.afterAll(() => {
    const status = releaseCli(['status', 'mfe_storefront'], token).output;
    if (!status.includes('Canary: không có')) releaseCli(['stop-canary', 'mfe_storefront'], token);
    if (firstLive && !status.includes(`Bản đang chạy: ${firstLive}`)) releaseCli(['promote', 'mfe_storefront', firstLive], token);
  });

  test('a storefront with a visible change is published, canaried to half the browsers, promoted and rolled back', async ({ playwright, browser, baseURL, page }) => {
    test.setTimeout(180_000);
    const status = releaseCli(['status', 'mfe_storefront'], token);
    expect(status.status, status.output).toBe(0);
    const startLive = /Bản đang chạy: (\S+)/.exec(status.output)?.[1] ?? '';
    expect(startLive, 'npm start made its storefront build live').toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);

    const published = releaseCli(['publish', 'mfe_storefront', '--dist', changedStorefront('title')], token);
    expect(published.status, published.output).toBe(0);
    const next = publishedBuildId(published.output);
    expect(next).not.toBe(startLive);

    const canary = releaseCli(['canary', 'mfe_storefront', next, '50'], token);
    expect(canary.status, canary.output).toBe(0);

    // 200 fresh browsers: about half get the new build, each keeps the one it got
    const request = await playwright.request.newContext({ baseURL });
    const keys = Array.from({ length: 200 }, (_, index) => `e2e-browser-${String(index).padStart(4, '0')}-key`);
    const builds = new Map<string, string>();
    for (const key of keys) builds.set(key, await buildOfBrowser(request, key));
    const onCanary = keys.filter((key) => builds.get(key)!.includes(`/${next}/`));
    const onLive = keys.filter((key) => builds.get(key)!.includes(`/${startLive}/`));
    expect(onCanary.length + onLive.length).toBe(200);
    expect(onCanary.length).toBeGreaterThanOrEqual(70);
    expect(onCanary.length).toBeLessThanOrEqual(130);

    // a browser on the canary sees the change, one on the live build does not
    const canaryBrowser = await homeHeadingOf(browser, baseURL!, onCanary[0]!);
    const liveBrowser = await homeHeadingOf(browser, baseURL!, onLive[0]!);
    await expect(canaryBrowser.page.getByRole('heading', { level: 1, name: CHANGED_HOME_TITLE })).toBeVisible();
    await expect(liveBrowser.page.getByRole('heading', { level: 1, name: HOME_TITLE, exact: true })).toBeVisible();

    // the admin promotes the canary from "Phát hành giao diện"
    await storeSession(page, DEMO_EMAILS.admin);
    await page.goto('/admin/releases?view=mfe_storefront');
    await expect(page.getByText(next).first()).toBeVisible();
    await page.getByRole('button', { name: 'Đưa lên chính thức' }).click();
    await expect(page.getByText('Đã đưa bản dựng lên chính thức.').first()).toBeVisible();
    for (const key of keys.slice(0, 40)) expect(await buildOfBrowser(request, key)).toContain(`/${next}/`);
    await liveBrowser.page.reload();
    await expect(liveBrowser.page.getByRole('heading', { level: 1, name: CHANGED_HOME_TITLE })).toBeVisible();

    // one step back: every browser is on the first build at its next load
    const rollback = releaseCli(['rollback', 'mfe_storefront'], token);
    expect(rollback.status, rollback.output).toBe(0);
    for (const key of keys.slice(0, 40)) expect(await buildOfBrowser(request, key)).toContain(`/${startLive}/`);
    for (const opened of [canaryBrowser, liveBrowser]) {
      await opened.page.reload();
      await expect(opened.page.getByRole('heading', { level: 1, name: HOME_TITLE, exact: true })).toBeVisible();
      await opened.close();
    }
    await request.dispose();
  });

  test('a canary that throws in browsers is stopped by its error rate, and its browsers are back on the live build', async ({ playwright, browser, baseURL, page }) => {
    test.setTimeout(180_000);
    const live = /Bản đang chạy: (\S+)/.exec(releaseCli(['status', 'mfe_storefront'], token).output)?.[1] ?? '';
    const published = releaseCli(['publish', 'mfe_storefront', '--dist', changedStorefront('throws')], token);
    expect(published.status, published.output).toBe(0);
    const broken = publishedBuildId(published.output);
    expect(releaseCli(['canary', 'mfe_storefront', broken, '99'], token).status).toBe(0);

    // a browser on the canary: every page it loads fails to show the storefront, and says so (npm start reports every page)
    const request = await playwright.request.newContext({ baseURL });
    let key = '';
    for (let candidate = 0; !key && candidate < 20; candidate++) {
      const tried = `e2e-broken-canary-${String(candidate).padStart(4, '0')}`;
      if ((await buildOfBrowser(request, tried)).includes(`/${broken}/`)) key = tried;
    }
    await request.dispose();
    expect(key, 'a browser in the 99 % canary').not.toBe('');
    const context = await browser.newContext({ baseURL, locale: 'vi-VN' });
    await context.addCookies([{ name: BROWSER_COOKIE, value: key, url: baseURL! }]);
    const visitor = await context.newPage();
    let stopped = false;
    for (let load = 0; load < 40 && !stopped; load++) {
      await visitor.goto('/products');
      const manifest = storefrontOfPage(await visitor.content());
      stopped = manifest.includes(`/${live}/`);
      if (!stopped) {
        expect(manifest).toContain(`/${broken}/`);
        await expect(visitor.getByRole('alert').first()).toBeVisible();
        // the report leaves when the page is hidden at the latest
        await visitor.goto('about:blank');
      }
    }
    expect(stopped, 'the canary was stopped by its error rate').toBe(true);
    await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await context.close();

    // the admin sees why, in the release history
    await storeSession(page, DEMO_EMAILS.admin);
    await page.goto('/admin/releases?view=mfe_storefront');
    await expect(page.getByText(/Tự động dừng/).first()).toBeVisible();
    const status = releaseCli(['status', 'mfe_storefront'], token);
    expect(status.output).toContain(`Bản đang chạy: ${live}`);
    expect(status.output).toContain('Canary: không có');
  });
});
