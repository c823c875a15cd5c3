import { useEffect, useLayoutEffect, useRef } from 'react';

/** Focus and visibility often arrive together (a tab shown again): one reload for both. */
const COALESCE_MS = 1_000;

/**
 * Calls `reload` when the page is back in front of the user: the window regains focus, or the tab is shown again
 * (a phone's browser brought back), since someone else may have changed a claim meanwhile.
 */
export function useReloadOnFocus(reload: () => void): void {
  const latest = useRef(reload);
  useLayoutEffect(() => {
    latest.current = reload;
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
