/**
 * The first view's markup contract between the shell's page, its build and its server (scripts/serve/firstView.ts):
 * the frame's slot for the remote's page, and the ids of the two containers in index.html.
 */
export const FIRST_VIEW_PAGE_SLOT = '<!--ev-first-view-page-->';
/** the static first view, shown until the app has rendered the page */
export const FIRST_VIEW_ID = 'ev-first-view';

/** The shell's list (in dist/first-view) of the signed-in pages' first views: route pattern → frame file, and the page's remote. */
export const SIGNED_IN_FRAMES_FILE = 'signed-in.json';

export interface SignedInFrames {
  /** route pattern → the frame's file, the page's remote, and the skeleton its slot shows when the remote has no page for it */
  pages: Array<{ path: string; file: string; remote: string; skeleton: string }>;
  /** the pages' skeletons by name (markup) */
  skeletons: Record<string, string>;
}
