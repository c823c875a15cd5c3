import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLiveRemotes } from './liveRemotes.ts';
import { remotesManifestFromEnv } from './remotesManifest.mts';
import { startStaticSite } from './staticSite.ts';

/**
 * The shell's container (shell/Dockerfile, docker-compose's `shell`): its build served as `npm start` serves it
 * (scripts/serve/staticSite.ts), so production's pages start as their first view too — composed from the
 * remotes' first-view pages, with the run-time remotes manifest inline and /api proxied to the API
 * (docs/decisions/0005-first-view-composed-by-the-server.md).
 *
 * Settings (environment):
 * - PORT (8080), HOST (0.0.0.0);
 * - API_URL: where the API answers, from this container (http://api:4000);
 * - REMOTE_STOREFRONT_URL, REMOTE_ACCOUNT_URL, REMOTE_BACKOFFICE_URL: each remote as the browser reaches it
 *   (remotesManifest.mts), no shell rebuild to move one;
 * - STOREFRONT_INTERNAL_URL, ACCOUNT_INTERNAL_URL, BACKOFFICE_INTERNAL_URL: each remote as this container reaches it
 *   (http://storefront:8080), to read its first-view pages; the browser's REMOTE_*_URL when unset. The page's links
 *   keep the browser's URL.
 * - SHELL_DIST: the shell's build (the dist beside this repository's shell/ by default);
 * - RELEASE_REGISTRY: 'on' (default) takes each browser's remotes from the API's release registry (its live build or
 *   canary, decision 0070), the REMOTE_*_URL standing in for a remote it does not know or while it does not answer;
 *   'off' serves the REMOTE_*_URL alone;
 * - RELEASES_DIR: the published builds' folder (scripts/release), served at /remotes/ when set;
 * - REPORT_SAMPLE_RATE: the share of pages whose remotes report their views and errors (0.1).
 */
export interface ShellServerSettings {
  port: number;
  host: string;
  apiUrl: string;
  /** remote → its internal URL, for the remotes that have one */
  remoteInternalUrls: Partial<Record<string, string>>;
  root: string;
  useRegistry: boolean;
  releasesDir: string | undefined;
  reportSampleRate: number;
}

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEFAULT_REPORT_SAMPLE_RATE = 0.1;

/** RELEASE_REGISTRY: 'on' (the default) or 'off'. */
export function registrySetting(value: string | undefined): boolean {
  const setting = value?.trim().toLowerCase() || 'on';
  if (setting !== 'on' && setting !== 'off') throw new Error(`RELEASE_REGISTRY must be on or off, not '${value}'`);
  return setting === 'on';
}

/** A share of pages, 0–1, from the environment (the fallback when unset). */
export function reportSampleRateOf(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`REPORT_SAMPLE_RATE must be a number from 0 to 1, not '${value}'`);
  return rate;
}

export function shellServerSettings(env: Record<string, string | undefined>): ShellServerSettings {
  const port = Number(env.PORT?.trim() || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, not '${env.PORT}'`);
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    apiUrl: env.API_URL?.trim() || 'http://api:4000',
    remoteInternalUrls: Object.fromEntries(
      Object.entries({ mfe_storefront: env.STOREFRONT_INTERNAL_URL, mfe_account: env.ACCOUNT_INTERNAL_URL, mfe_backoffice: env.BACKOFFICE_INTERNAL_URL })
        .map(([remote, url]) => [remote, url?.trim()])
        .filter(([, url]) => url),
    ),
    root: env.SHELL_DIST?.trim() || path.join(REPOSITORY, 'shell', 'dist'),
    useRegistry: registrySetting(env.RELEASE_REGISTRY),
    releasesDir: env.RELEASES_DIR?.trim() || undefined,
    reportSampleRate: reportSampleRateOf(env.REPORT_SAMPLE_RATE, DEFAULT_REPORT_SAMPLE_RATE),
  };
}

export async function startShellServer(env: Record<string, string | undefined>) {
  const settings = shellServerSettings(env);
  const configured = remotesManifestFromEnv(env);
  const live = settings.useRegistry ? createLiveRemotes({ apiOrigin: settings.apiUrl, configured }) : null;
  return startStaticSite({
    root: settings.root,
    port: settings.port,
    host: settings.host,
    spaFallback: true,
    apiTarget: settings.apiUrl,
    remotesManifest: live ? (browserKey) => live.forBrowser(browserKey) : () => configured,
    onClose: () => live?.close(),
    releasesDir: settings.releasesDir,
    reportSampleRate: settings.reportSampleRate,
    remoteInternalUrls: settings.remoteInternalUrls,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startShellServer(process.env).then(
    (site) => {
      const stop = () => void site.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      const address = site.server.address();
      console.log(`shell: ${typeof address === 'object' && address ? `${address.address}:${address.port}` : address}`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
