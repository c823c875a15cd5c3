/**
 * The React pieces the remotes share (issue 44 §6), browser-only and zod-free like the other subpaths
 * (docs/decisions/0003-no-zod-in-browser-bundles.md): the one data loader (load, abort, reload, keep or drop what
 * is on screen; a debounce, a poll, pages appended), the uploads' abort on unmount, the one thread of messages (the customer's and the centre's, on that loader), the VietQR
 * transfer actions and a page loaded in a chunk of its own. React is the page's one copy: a peer of this package and a federation singleton. Like the files and event stream subpaths it holds no state and takes nothing of the root
 * at run time: what it needs of it (the wording of an ApiError, a loading line) the remote hands in.
 */
export * from './useAsync';
export * from './useRefreshOnFocus';
export * from './useThread';
export * from './useUploads';
export * from './VietQrActions';
export * from './CheckInQr';
export * from './WardPicker';
export * from './lazyPage';
