/** Loads and starts the bell's live part (liveNotifications.ts) once for the page, after the app has started. */
import { setUnreadCount } from './notificationState';

type LiveModule = { startLiveNotifications: () => () => void };

let stopLive: (() => void) | null = null;
let loading = false;

/** After the app has started: when the browser is idle (at most 2 s later), else in the next task. */
function whenIdle(work: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(work, { timeout: 2000 });
  else setTimeout(work, 0);
}

/**
 * Starts the live part once for the page (a bell calls it when it mounts); it follows the session itself: the
 * stream closes at logout and reopens for the next user.
 */
export function ensureLiveNotifications(load: () => Promise<LiveModule> = () => import('./liveNotifications')): void {
  if (stopLive || loading) return;
  loading = true;
  whenIdle(() => {
    load()
      .then((live) => {
        if (!stopLive) stopLive = live.startLiveNotifications();
      })
      .catch(() => undefined)
      .finally(() => {
        loading = false;
      });
  });
}

/** Stops the live part and forgets the count (tests; a page never needs to). */
export function stopLiveNotifications(): void {
  stopLive?.();
  stopLive = null;
  setUnreadCount(0);
}
