import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  isRemoteRoutesModule,
  parseRemotesManifest,
  type RemoteName,
  type RemotesManifest,
  type RemoteRoutesModule,
} from 'shared-contracts';
import { reportRemoteLoadFailure } from '../releaseHealth';
import { isRemoteLoadFailure } from './remoteFallbackPlugin';
import { forgetRemotesManifest, startRemotes } from './startRemotes';

export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

export type RemoteLoadErrorKind = 'manifest' | 'unavailable' | 'invalid';

export class RemoteLoadError extends Error {
  constructor(
    readonly kind: RemoteLoadErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

let manifestPromise: Promise<RemotesManifest> | null = null;
const moduleCache = new Map<string, Promise<unknown>>();
const attempts = new Map<RemoteName, number>();

function loadManifest(): Promise<RemotesManifest> {
  manifestPromise ??= startRemotes().then(
    (raw) => {
      const parsed = parseRemotesManifest(raw);
      if (!parsed.ok) throw new RemoteLoadError('manifest', `remotes manifest is invalid: ${parsed.problems.join('; ')}`);
      // already registered by startRemotes when valid; registering again is a no-op
      registerRemotes(Object.entries(parsed.manifest).map(([name, entry]) => ({ name, entry })));
      return parsed.manifest;
    },
    (error: unknown) => {
      throw new RemoteLoadError('manifest', `remotes manifest unavailable: ${String(error)}`);
    },
  );
  return manifestPromise;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError('unavailable', `${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Loads `remote/module` (e.g. mfe_storefront + './routes'), cached; a failure is not cached. */
export function loadRemoteModule(remote: RemoteName, exposed: string): Promise<unknown> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  const cached = moduleCache.get(id);
  if (cached) return cached;
  const pending = loadManifest()
    .then(() => withTimeout(loadRemote<unknown>(id), REMOTE_LOAD_TIMEOUT_MS, id))
    .then((module) => {
      if (module == null || isRemoteLoadFailure(module)) throw new RemoteLoadError('unavailable', `${id} could not be loaded`);
      return module;
    })
    .catch((error: unknown) => {
      moduleCache.delete(id);
      const failure = error instanceof RemoteLoadError ? error : new RemoteLoadError('unavailable', String(error));
      // the run-time manifest failing is no remote build's fault; the remote's own manifest, entry or module is
      if (failure.kind !== 'manifest') reportRemoteLoadFailure(remote);
      throw failure;
    });
  moduleCache.set(id, pending);
  return pending;
}

export async function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  const module = await loadRemoteModule(remote, './routes');
  if (!isRemoteRoutesModule(module)) {
    reportRemoteLoadFailure(remote);
    throw new RemoteLoadError('invalid', `${remote}/routes has no pages`);
  }
  return module;
}

/**
 * Before a retry: forget what failed and register the remote again with a fresh URL, so the federation
 * runtime fetches its manifest and entry anew instead of reusing a failed load.
 */
export async function resetRemote(remote: RemoteName): Promise<void> {
  for (const key of [...moduleCache.keys()]) if (key.startsWith(`${remote}/`)) moduleCache.delete(key);
  let manifest: RemotesManifest;
  try {
    manifest = await loadManifest();
  } catch {
    manifestPromise = null;
    forgetRemotesManifest();
    return;
  }
  const attempt = (attempts.get(remote) ?? 0) + 1;
  attempts.set(remote, attempt);
  const entry = manifest[remote];
  const separator = entry.includes('?') ? '&' : '?';
  registerRemotes([{ name: remote, entry: `${entry}${separator}retry=${attempt}` }], { force: true });
}
