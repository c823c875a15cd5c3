import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from './Async';

/**
 * A page in its own chunk (React.lazy), shown behind a skeleton while the chunk loads. A chunk that
 * fails to load throws to the shell's error boundary of this remote area, which offers 'Thử lại'.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  function LazyPage() {
    return (
      <Suspense fallback={<Skeleton count={6} />}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}
