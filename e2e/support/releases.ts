import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { REPO_ROOT } from './isolatedSite.ts';
import { E2E_PORTS } from './ports.ts';

/**
 * Helpers of the release tests (issue 68, decision 0070): a storefront build changed as a team would change it, the
 * release CLI as a team's pipeline runs it, and the build a page was given.
 */

/** The published builds' folder of the e2e site (playwright.config.ts gives it to `npm start`). */
export const RELEASES_DIR = process.env.E2E_RELEASES_DIR ?? '';

/** The home page's heading in the storefront as built, and in the build with a visible change. */
export const HOME_TITLE = 'Trang chủ';
export const CHANGED_HOME_TITLE = 'Trang chủ (bản mới)';

/**
 * A copy of the storefront's build with a change: 'title' renames the home page's heading (in the app and in its
 * first view); 'throws' makes the module of its routes throw when it loads, as a broken release would.
 */
export function changedStorefront(change: 'title' | 'throws'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ev-storefront-${change}-`));
  cpSync(path.join(REPO_ROOT, 'mfe-storefront', 'dist'), dir, { recursive: true });
  const routesChunk = readdirSync(dir).find((file) => /^__federation_expose_routes\..*\.js$/.test(file));
  if (!routesChunk) throw new Error('the storefront build has no routes chunk');
  const chunkPath = path.join(dir, routesChunk);
  const chunk = readFileSync(chunkPath, 'utf8');
  if (change === 'title') {
    const from = `home:{title:"${HOME_TITLE}"`;
    if (!chunk.includes(from)) throw new Error('the routes chunk does not hold the home title');
    writeFileSync(chunkPath, chunk.replace(from, `home:{title:"${CHANGED_HOME_TITLE}"`));
    const home = path.join(dir, 'first-view', 'home.html');
    writeFileSync(home, readFileSync(home, 'utf8').replace(`>${HOME_TITLE}</h1>`, `>${CHANGED_HOME_TITLE}</h1>`));
  } else {
    writeFileSync(chunkPath, `throw new Error("bản phát hành hỏng");\n${chunk}`);
  }
  return dir;
}

/** `npm run release -- …` as a pipeline runs it against the e2e API; its output and exit code. */
export function releaseCli(args: string[], token: string): { status: number | null; output: string } {
  const run = spawnSync('npx', ['tsx', 'scripts/release/cli.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, RELEASE_TOKEN: token, API_URL: `http://127.0.0.1:${E2E_PORTS.api}`, RELEASES_DIR, FORCE_COLOR: '0' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The build id the CLI's publish printed ("Mã bản build: …"). */
export function publishedBuildId(output: string): string {
  const id = /Mã bản build: (\S+)/.exec(output)?.[1];
  if (!id) throw new Error(`no build id in: ${output}`);
  return id;
}

/** A release token for one app, created by the admin (shown once). */
export async function releaseToken(request: APIRequestContext, adminToken: string, remote: string): Promise<string> {
  const response = await request.post('/api/admin/releases/tokens', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { remote, label: `e2e ${remote} ${Date.now()}` },
  });
  if (response.status() !== 201) throw new Error(`token: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The storefront's manifest URL in a page's inline remotes manifest (window.__evRemotes). */
export function storefrontOfPage(html: string): string {
  const match = /window\.__evRemotes=r;[\s\S]*?\}\)\((\{[\s\S]*?\})\)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inline manifest in the page');
  return (JSON.parse(match[1]) as Record<string, string>).mfe_storefront ?? '';
}
