import { useEffect, useState, type ComponentType } from 'react';
import type { RemoteName } from 'shared-contracts';
import { loadRemoteModule } from '../federation/remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

interface Props {
  remote: RemoteName;
  exposed: string;
}

/**
 * A small piece a remote exposes (e.g. the email-verification banner). If it cannot be loaded it renders
 * nothing: it is an extra, never a reason for the page to fail.
 */
export function RemoteSlot({ remote, exposed }: Props) {
  const [Component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    let active = true;
    loadRemoteModule(remote, exposed)
      .then((module) => {
        const candidate = (module as { default?: unknown }).default;
        if (active && typeof candidate === 'function') setComponent(() => candidate as ComponentType);
      })
      .catch((error: unknown) => console.warn(`[shell] ${remote}/${exposed} unavailable`, error));
    return () => {
      active = false;
    };
  }, [remote, exposed]);

  return Component ? (
    <RemoteErrorBoundary remote={remote} fallback={() => null}>
      <Component />
    </RemoteErrorBoundary>
  ) : null;
}
