import { useCallback, useEffect, useState } from 'react';
import type { RemoteName, RemoteRoutesModule } from 'shared-contracts';
import { loadRemoteRoutes, RemoteLoadError, resetRemote } from '../federation/remoteLoader';

export type RemoteRoutesState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule }
  | { status: 'failed'; badManifest: boolean };

/** Loads a remote's exposed routes; `retry` forgets the failure and loads again. */
export function useRemoteRoutes(remote: RemoteName): { state: RemoteRoutesState; retry: () => void } {
  const [state, setState] = useState<RemoteRoutesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    const load = attempt === 0 ? Promise.resolve() : resetRemote(remote);
    load
      .then(() => loadRemoteRoutes(remote))
      .then((module) => active && setState({ status: 'ready', module }))
      .catch((error: unknown) => {
        if (!active) return;
        console.warn(`[shell] ${remote} unavailable`, error);
        setState({ status: 'failed', badManifest: error instanceof RemoteLoadError && error.kind === 'manifest' });
      });
    return () => {
      active = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, retry };
}
