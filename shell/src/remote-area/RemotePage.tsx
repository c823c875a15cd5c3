import { useEffect } from 'react';
import { messages, type RemoteName } from 'shared-contracts';
import { reportRemoteView } from '../releaseHealth';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { useRemoteRoutes } from './useRemoteRoutes';
import styles from './RemoteArea.module.css';

interface Props {
  remote: RemoteName;
  /** the route pattern of the route table (e.g. /products/:slug) */
  path: string;
}

/** Renders the page a remote provides for a path, in that remote's own failure area. */
export function RemotePage({ remote, path }: Props) {
  const { state, retry } = useRemoteRoutes(remote);
  const page = state.status === 'ready' ? state.module.pages.find((candidate) => candidate.path === path) : undefined;

  useEffect(() => {
    if (page) document.title = `${page.title} | ${messages.brand.name}`;
  }, [page]);

  useEffect(() => {
    if (page) reportRemoteView(remote);
  }, [page, remote]);

  return (
    <div className={styles.area} data-remote-area={remote}>
      {state.status === 'loading' && (
        <div className={styles.loading} role="status" aria-live="polite">
          {messages.remote.loading}
        </div>
      )}
      {state.status === 'failed' && <RemoteFallback remote={remote} badManifest={state.badManifest} onRetry={retry} />}
      {state.status === 'ready' && !page && <RemoteFallback remote={remote} onRetry={retry} />}
      {page && (
        <RemoteErrorBoundary remote={remote} resetKey={path} fallback={(reset) => <RemoteFallback remote={remote} onRetry={() => { reset(); retry(); }} />}>
          <page.Component />
        </RemoteErrorBoundary>
      )}
    </div>
  );
}
