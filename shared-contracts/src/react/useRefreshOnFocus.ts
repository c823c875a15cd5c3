import { useEffect, useLayoutEffect, useRef } from 'react';

/** Focus and visibility often arrive together (a tab shown again): one refresh for both. */
const COALESCE_MS = 1_000;

/**
 * Calls `refresh` when the page is back in front of its user: the window regains focus, or the tab is shown
 * again (a phone's browser brought back): someone else may have changed what it shows. Pair it with the loader's
 * `poll` for a page that stays open.
 */
export function useRefreshOnFocus(refresh: () => void): void {
  const latest = useRef(refresh);
  useLayoutEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    let last = 0;
    const run = () => {
      const now = Date.now();
      if (now - last < COALESCE_MS) return;
      last = now;
      latest.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
