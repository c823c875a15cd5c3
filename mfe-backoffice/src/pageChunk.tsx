import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from './components/LoadStatus';
import { vi } from './i18n/vi';

/**
 * A page in a chunk of its own, fetched when it is first shown: an area's landing page no longer parses every other
 * page of the back office. While it loads, a polite "Đang tải trang…" line (no h1: the shell's first view stays up
 * until the page's heading renders). A chunk that failed to load is fetched again on the next try (the shell's
 * "Thử lại" remounts the page), not remembered as failed.
 */
export function pageChunk(load: () => Promise<ComponentType>): ComponentType {
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
  function ChunkedPage() {
    return (
      <Suspense fallback={<Loading text={vi.pageLoading} />}>
        <Page />
      </Suspense>
    );
  }
  return ChunkedPage;
}
