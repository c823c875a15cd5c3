import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A remote's page in a chunk of its own, fetched when it is first shown, so one page does not parse the others.
 * While it loads: a polite status line with `loadingText` and no heading (the shell's first view stays up until the
 * page's h1 renders). A chunk that failed to load is fetched again on the next mount (the shell's "Thử lại"), not
 * remembered as failed, which React.lazy alone would do.
 */
export function lazyPage(load: () => Promise<ComponentType>, loadingText: string): ComponentType {
  const fresh = (): ComponentType =>
    lazy(() =>
      load().then(
        (Page) => ({ default: Page }),
        (error: unknown) => {
          Page = fresh();
          throw error;
        },
      ),
    );
  let Page = fresh();
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <p role="status" aria-live="polite">
            {loadingText}
          </p>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
