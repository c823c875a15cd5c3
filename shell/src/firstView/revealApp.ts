import { FIRST_VIEW_ID } from './firstViewMarkup';

/** The longest the first view stays when the app never shows its page (a script that failed half-way): the app, whatever it shows, then. */
export const FIRST_VIEW_MAX_MS = 15_000;

/** The app has rendered its page: the page's heading is in <main>, or a failure notice is up. */
const PAGE_RENDERED = 'main h1, [role="alert"]';

/**
 * The first view is the page's HTML shown while the scripts arrive; the app renders into `root`, hidden next to it.
 * As soon as the app has rendered the page (its heading, or a failure it explains), the first view goes and the app
 * shows, in one step: the page's elements are replaced, not moved (no layout shift), and the first view's largest
 * element stays the page's largest paint. Without a first view the app shows at once
 * (docs/decisions/0005-first-view-composed-by-the-server.md).
 */
export function revealAppWhenRendered(root: HTMLElement, maxWaitMs = FIRST_VIEW_MAX_MS): void {
  const firstView = root.ownerDocument.getElementById(FIRST_VIEW_ID);
  if (!firstView) {
    root.hidden = false;
    return;
  }
  const reveal = () => {
    observer.disconnect();
    clearTimeout(timer);
    firstView.remove();
    root.hidden = false;
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector(PAGE_RENDERED)) reveal();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(reveal, maxWaitMs);
}
