import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findSuiteChromium } from '../scripts/browser/findChromium.ts';
import { VIETNAM_TIME_ZONE } from '../shared-contracts/src/calendar/index.ts';
import { GOOGLE_STAND_IN } from './support/googleStandIn.ts';
import { E2E_PORTS } from './support/ports.ts';

// The runner and each worker read this file: the runner's folder is the one (workers inherit its environment).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'ev-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/** Where `npm start` publishes its builds and the release tests publish theirs (support/releases.ts). */
const releasesDir = path.join(dataDir, 'releases');
process.env.E2E_RELEASES_DIR = releasesDir;
/**
 * The API's clock starts at 09:00 of today in Vietnam (CLOCK_START) and runs on: a car booked for today can be
 * checked in whatever the hour the suite runs at (after the centres close, too). The Google stand-in signs its ID
 * tokens on the same clock (before 09:00 in Vietnam the API's clock is ahead of the real one by up to nine hours,
 * and a token stamped with the real time would be expired to it). The browser keeps the real date.
 */
const vietnamToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const CLOCK_START = `${vietnamToday}T02:00:00.000Z`;

/** The site exactly as `npm start` serves it, on its own ports and a scratch SQLite database. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shell}`,
    locale: 'vi-VN',
    timezoneId: VIETNAM_TIME_ZONE,
    launchOptions: { executablePath: findSuiteChromium() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    // One context per worker, reset between tests (cookies, storage, cache, service workers, routes, bindings):
    // a fresh context per test cost a third of the suite's CPU (docs/decisions/0060-browser-suite-reuses-its-context.md).
    reuseContext: true,
  },
  webServer: [
    {
      command: 'npx tsx support/googleStandIn.ts',
      cwd: import.meta.dirname,
      url: `${GOOGLE_STAND_IN.origin}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { CLOCK_START },
    },
    {
      command: 'npm start',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${E2E_PORTS.shell}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SKIP_BUILD: process.env.E2E_BUILD === '1' ? '0' : '1',
        SHELL_PORT: String(E2E_PORTS.shell),
        STOREFRONT_PORT: String(E2E_PORTS.storefront),
        ACCOUNT_PORT: String(E2E_PORTS.account),
        BACKOFFICE_PORT: String(E2E_PORTS.backoffice),
        API_PORT: String(E2E_PORTS.api),
        SQLITE_FILE: path.join(dataDir, 'e2e.sqlite'),
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
        RELEASES_DIR: releasesDir,
        LOG_LEVEL: 'warn',
        CLOCK_START,
        PUBLIC_URL: `http://localhost:${E2E_PORTS.shell}`,
        GOOGLE_CLIENT_ID: GOOGLE_STAND_IN.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE_STAND_IN.clientSecret,
        GOOGLE_ISSUER: GOOGLE_STAND_IN.origin,
        GOOGLE_JWKS_URL: `${GOOGLE_STAND_IN.origin}/jwks`,
        GOOGLE_AUTH_URL: `${GOOGLE_STAND_IN.origin}/authorize`,
        GOOGLE_TOKEN_URL: `${GOOGLE_STAND_IN.origin}/token`,
      },
    },
  ],
});
