import { randomBytes } from 'node:crypto';
import { forwardedProto } from './forwardedProto.ts';

/**
 * The run-time remotes manifest a browser gets (decision 0070): per remote the build the release registry gives this
 * browser (its live build, or the canary when the browser falls in it), asked of the API for each page; a remote the
 * registry does not know keeps its configured URL (REMOTE_*_URL). When the API does not answer, each remote gets the
 * last live build the registry named, else its configured URL: the page still works, only a canary waits.
 */
export type RemotesManifest = Record<string, string>;

export interface LiveRemotesOptions {
  /** the API's origin, as this server reaches it */
  apiOrigin: string;
  /** remote → its configured manifest URL (remotesManifestFromEnv) */
  configured: RemotesManifest;
  /** how long a page waits for the registry's answer before taking the last known one */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface LiveRemotes {
  forBrowser(browserKey: string | undefined): Promise<RemotesManifest>;
}

const DEFAULT_TIMEOUT_MS = 1_000;
/** A URL the shell accepts for a remote's manifest (startRemotes.ts): absolute http(s) or a path of this site. */
const USABLE_URL = /^(https?:\/\/|\/(?!\/))[^\s]*$/;

interface RegistryEntry {
  url?: unknown;
  canary?: unknown;
}

export function createLiveRemotes(options: LiveRemotesOptions): LiveRemotes {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const remotes = Object.keys(options.configured);
  // the live builds of the registry's last answer, on top of the configured URLs
  const lastLive: RemotesManifest = { ...options.configured };

  return {
    async forBrowser(browserKey) {
      const query = browserKey ? `?browser=${encodeURIComponent(browserKey)}` : '';
      try {
        const response = await fetchImpl(`${options.apiOrigin}/api/releases/manifest${query}`, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new Error(`release manifest: HTTP ${response.status}`);
        const body = (await response.json()) as { data?: { remotes?: Record<string, RegistryEntry | undefined> } };
        const manifest: RemotesManifest = { ...options.configured };
        for (const remote of remotes) {
          const entry = body.data?.remotes?.[remote];
          if (!entry || typeof entry.url !== 'string' || !USABLE_URL.test(entry.url)) continue;
          manifest[remote] = entry.url;
          if (entry.canary !== true) lastLive[remote] = entry.url;
        }
        return manifest;
      } catch {
        return { ...lastLive };
      }
    },
  };
}

/** The cookie that keeps a browser in (or out of) a canary across page loads: a random key, nothing about the person. */
export const BROWSER_KEY_COOKIE = 'ev_browser';
const BROWSER_KEY = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_SECONDS = 31_536_000;

/** The browser's key from its Cookie header, when it carries a well-formed one. */
export function browserKeyOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === BROWSER_KEY_COOKIE && value && BROWSER_KEY.test(value)) return value;
  }
  return undefined;
}

/** A new browser key and its Set-Cookie header (Secure when the browser came over HTTPS). */
export function newBrowserKey(forwardedProtoHeader: string | string[] | undefined): { key: string; setCookie: string } {
  const key = randomBytes(16).toString('base64url');
  const secure = forwardedProto(forwardedProtoHeader) === 'https' ? '; Secure' : '';
  return { key, setCookie: `${BROWSER_KEY_COOKIE}=${key}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}` };
}
