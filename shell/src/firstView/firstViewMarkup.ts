/**
 * The first view's markup contract between the shell's page, its build and its server (scripts/serve/firstView.ts):
 * the frame's slot for the remote's page, and the ids of the two containers in index.html.
 */
export const FIRST_VIEW_PAGE_SLOT = '<!--ev-first-view-page-->';
/** the static first view, shown until the app has rendered the page */
export const FIRST_VIEW_ID = 'ev-first-view';
