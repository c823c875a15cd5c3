import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker of the module returned in place of a remote module that could not be loaded. */
export const REMOTE_LOAD_FAILED = '__evRemoteLoadFailed';

export interface RemoteLoadFailure {
  [REMOTE_LOAD_FAILED]: true;
  id: string;
  reason: string;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REMOTE_LOAD_FAILED] === true;
}

/**
 * Federation runtime plugin (DESIGN §5): a remote module that fails to load resolves to a fallback
 * module instead of throwing inside the runtime, so the shell shows that area's fallback and nothing else
 * breaks. Failures of earlier steps (manifest, entry script) reject and are handled by the loader.
 */
const remoteFallbackPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'ev-remote-fallback',
  errorLoadRemote({ id, error, lifecycle }) {
    console.warn('[shell] remote failed to load', { id, lifecycle, error: String(error) });
    if (lifecycle !== 'onLoad') return undefined;
    const failure: RemoteLoadFailure = { [REMOTE_LOAD_FAILED]: true, id, reason: String(error) };
    return () => failure;
  },
});

export default remoteFallbackPlugin;
