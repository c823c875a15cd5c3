import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { RemotePage } from 'shared-contracts';
import { Skeleton } from './Async';

/** A page component whose chunk can be fetched before it renders. */
export type LazyPageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page in its own chunk (React.lazy), shown behind a skeleton while the chunk loads. A chunk that
 * fails to load throws to the shell's error boundary of this remote area, which offers 'Thử lại'.
 * `preload()` starts the download early (the same request React.lazy then uses).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPageComponent {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const start = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null; // a failed download is tried again by the next render ('Thử lại')
      throw error;
    });
    return pending;
  };
  const Page = lazy(start);
  function LazyPage() {
    return (
      <Suspense fallback={<Skeleton count={6} />}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload: start });
}

/**
 * Starts the chunk of the page the visitor opened while the rest of the first load is still arriving, instead of
 * after the routes module has rendered (one request less on the way to the first paint of a deep link).
 */
export function preloadPageFor(pathname: string, pages: readonly RemotePage[]): void {
  const page = pages.find((candidate) => matchPath(candidate.path, pathname));
  const component = page?.Component as Partial<LazyPageComponent> | undefined;
  void component?.preload?.().catch(() => undefined);
}
