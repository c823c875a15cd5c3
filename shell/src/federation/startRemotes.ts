// Part of the entry chunk: no shared module may be imported here (none is available eagerly), so the
// manifest check and the path → remote map are repeated in their simplest form; shared-contracts holds
// the full versions (parseRemotesManifest, ROUTES) that the loader applies afterwards.
import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

const MANIFEST_URL = '/remotes.json';
const REMOTE_NAMES = ['mfe_storefront', 'mfe_account', 'mfe_backoffice'] as const;

type ManifestHolder = {
  __evRemotesManifest?: Promise<unknown>;
  /** The manifest written into index.html by the server (saves the /remotes.json round trip). */
  __evRemotes?: unknown;
};

/** The remote whose routes serve `pathname` (the simplest form of shared-contracts' ROUTES). */
export function ownerOfPath(pathname: string): (typeof REMOTE_NAMES)[number] {
  if (/^\/(auth|profile|dashboard|my-vehicles|maintenance-history|orders)(\/|$)/.test(pathname)) return 'mfe_account';
  if (/^\/(staff|manager|technician|admin)(\/|$)/.test(pathname)) return 'mfe_backoffice';
  return 'mfe_storefront';
}

function isUsableManifest(raw: unknown): raw is Record<(typeof REMOTE_NAMES)[number], string> {
  if (typeof raw !== 'object' || raw === null) return false;
  return REMOTE_NAMES.every((name) => {
    const url = (raw as Record<string, unknown>)[name];
    return typeof url === 'string' && /^(https?:\/\/|\/)/.test(url);
  });
}

function fetchRemotesManifest(holder: ManifestHolder): Promise<unknown> {
  // The server writes the manifest into index.html (and preloads the page's remote manifest from there).
  if (holder.__evRemotes !== undefined) return Promise.resolve(holder.__evRemotes);
  // same-origin: the browser's key cookie keeps it on the build it was given (a canary's share)
  return fetch(MANIFEST_URL, { cache: 'no-store', credentials: 'same-origin' }).then((response) => {
    if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}

/**
 * Takes the run-time remotes manifest (written into index.html, else fetched from /remotes.json) while the
 * bootstrap chunk loads, registers the remotes and preloads the current page's remote (its manifest, entry
 * and routes chunk in parallel), so the first page needs no more than shell → remote manifest/entry → page chunk.
 */
export function startRemotes(): Promise<unknown> {
  const holder = window as unknown as ManifestHolder;
  holder.__evRemotesManifest ??= fetchRemotesManifest(holder).then((raw) => {
    if (isUsableManifest(raw)) {
      registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: raw[name] })));
      preloadRemote([{ nameOrAlias: ownerOfPath(window.location.pathname), exposes: ['./routes'], resourceCategory: 'sync' }]).catch(
        () => undefined, // a remote that is down is reported by the page's own load
      );
    }
    return raw;
  });
  return holder.__evRemotesManifest;
}

/** Forgets the manifest so the next load fetches it again (used by retry after a manifest failure). */
export function forgetRemotesManifest(): void {
  const holder = window as unknown as ManifestHolder;
  holder.__evRemotesManifest = undefined;
  holder.__evRemotes = undefined;
}
