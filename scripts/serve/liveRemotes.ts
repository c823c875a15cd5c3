import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { inCanary } from '../../shared-contracts/src/federation/canaryShare.ts';
import { forwardedProto } from './forwardedProto.ts';

/**
 * The run-time remotes manifest a browser gets (decision 0070): per remote the build the release registry gives this
 * browser (its live build, or the canary when the browser falls in it). The server follows the API's live table
 * (GET /api/releases/live/stream: sent again after every move) and computes each browser's share itself, so a page
 * costs no call; while that stream is down it asks the API for each page. A remote the registry does not know keeps
 * its configured URL (REMOTE_*_URL). When the API does not answer, each remote gets the last live build the registry
 * named, else its configured URL: the page still works, only a canary waits.
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
  /** follow the API's live table (default true); false: ask for each page */
  follow?: boolean;
}

export interface LiveRemotes {
  forBrowser(browserKey: string | undefined): Promise<RemotesManifest>;
  /** Whether the live table is followed now (a page costs no call). */
  following(): boolean;
  close(): void;
}

/** The API's live table (shared-contracts' liveTableSchema), as far as this server reads it. */
interface LiveTable {
  remotes: Record<string, { live: { url: string }; canary: { url: string; percent: number } | null } | undefined>;
}

/** Silence this long (three of the API's heartbeats) means the stream is dead. */
const STREAM_SILENCE_MS = 30_000;
const RECONNECT_MS = { first: 500, max: 10_000 } as const;

const DEFAULT_TIMEOUT_MS = 1_000;
const LIVE_TABLE_FRAME = /^event: live\ndata: (.+)$/m;
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
  let table: LiveTable | null = null;
  let closed = false;
  let stopStream: (() => void) | null = null;

  function takeTable(raw: unknown): void {
    const remotesOf = (raw as { remotes?: unknown } | null)?.remotes;
    if (typeof remotesOf !== 'object' || remotesOf === null) return;
    const next: LiveTable = { remotes: {} };
    for (const remote of remotes) {
      const entry = (remotesOf as Record<string, { live?: { url?: unknown }; canary?: { url?: unknown; percent?: unknown } | null } | undefined>)[remote];
      const liveUrl = entry?.live?.url;
      if (typeof liveUrl !== 'string' || !USABLE_URL.test(liveUrl)) continue;
      const canaryUrl = entry?.canary?.url;
      const percent = entry?.canary?.percent;
      const canary = typeof canaryUrl === 'string' && USABLE_URL.test(canaryUrl) && typeof percent === 'number' ? { url: canaryUrl, percent } : null;
      next.remotes[remote] = { live: { url: liveUrl }, canary };
      lastLive[remote] = liveUrl;
    }
    table = next;
  }

  /** Follows the live table: connected, each frame replaces it; dropped, pages ask again until it is back. */
  function follow(attempt: number): void {
    if (closed) return;
    const url = new URL('/api/releases/live/stream', options.apiOrigin);
    const client = url.protocol === 'https:' ? https : http;
    let silence: NodeJS.Timeout | undefined;
    let ended = false;
    const request = client.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy();
        return;
      }
      attempt = 0;
      response.setEncoding('utf8');
      let buffer = '';
      const alive = () => {
        clearTimeout(silence);
        silence = setTimeout(() => request.destroy(), STREAM_SILENCE_MS);
        silence.unref();
      };
      alive();
      response.on('data', (chunk: string) => {
        alive();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = LIVE_TABLE_FRAME.exec(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!frame?.[1]) continue;
          try {
            takeTable(JSON.parse(frame[1]));
          } catch {
            // a frame that is not the table: the last one holds
          }
        }
      });
      response.on('end', () => request.destroy());
    });
    const again = () => {
      if (ended) return;
      ended = true;
      clearTimeout(silence);
      table = null;
      if (closed) return;
      const wait = Math.min(RECONNECT_MS.max, RECONNECT_MS.first * 2 ** attempt);
      setTimeout(() => follow(attempt + 1), wait).unref();
    };
    request.on('error', again);
    request.on('close', again);
    stopStream = () => request.destroy();
  }
  if (options.follow !== false) follow(0);

  /** The browser's remotes from the followed table: the canary when it falls in its share. */
  function fromTable(followed: LiveTable, browserKey: string | undefined): RemotesManifest {
    const manifest: RemotesManifest = { ...options.configured };
    for (const remote of remotes) {
      const entry = followed.remotes[remote];
      if (!entry) continue;
      manifest[remote] = entry.canary && browserKey && inCanary(browserKey, remote, entry.canary.percent) ? entry.canary.url : entry.live.url;
    }
    return manifest;
  }

  return {
    following: () => table !== null,
    close() {
      closed = true;
      table = null;
      stopStream?.();
    },
    async forBrowser(browserKey) {
      if (table) return fromTable(table, browserKey);
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
