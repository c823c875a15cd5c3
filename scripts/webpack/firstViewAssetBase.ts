/** The first view's bundles write asset URLs under this base; the shell's server puts the app's public URL in its place. */
export const FIRST_VIEW_ASSET_BASE = '__EV_ASSET_BASE__/';
