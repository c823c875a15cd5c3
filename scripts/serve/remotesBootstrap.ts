/**
 * The shell's index.html carries the run-time remotes manifest inline, so the first page does not wait for
 * main.js → /remotes.json → the remote's manifest: a small inline script hands the manifest to
 * shell/src/federation/startRemotes.ts (window.__evRemotes) and preloads the manifest of the page's remote
 * while the shell's chunks download, and marks a visitor with a stored session (data-ev-session: the first view,
 * a guest's page, is not for them; see firstView.ts); a page that starts as its first view preloads the manifest
 * after its first paint instead (data-ev-first-view). It goes right before the page's <title> (early in <head>, before the
 * deferred main.js runs), as `npm start` and the shell's container (shellServer.ts) serve the page alike.
 */
const ANCHOR = '<title>';

/**
 * The inline script for `manifest` (remote name → mf-manifest.json URL; startRemotes validates it); '<' escaped so no
 * value can close the tag. `reportSampleRate`: the share of pages whose remotes report their views and errors
 * (window.__evReportRate, read by shell/src/releaseHealth); the shell's default when absent.
 */
export function remotesBootstrapScript(manifest: unknown, reportSampleRate?: number): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  const rate = reportSampleRate !== undefined && Number.isFinite(reportSampleRate) ? `window.__evReportRate=${Math.min(1, Math.max(0, reportSampleRate))};` : '';
  return (
    `<script>(function(r){window.__evRemotes=r;${rate}var p=location.pathname;` +
    "try{if(localStorage.getItem('authToken')||localStorage.getItem('token'))document.documentElement.setAttribute('data-ev-session','')}catch(e){}" +
    "var n=/^\\/(auth|profile|dashboard|my-vehicles|maintenance-history|orders)(\\/|$)/.test(p)?'mfe_account':" +
    "/^\\/(staff|manager|technician|admin)(\\/|$)/.test(p)?'mfe_backoffice':'mfe_storefront';" +
    "if(!r||typeof r[n]!=='string'||document.documentElement.hasAttribute('data-ev-first-view'))return;var l=document.createElement('link');l.rel='preload';l.setAttribute('as','fetch');l.setAttribute('crossorigin','anonymous');l.href=r[n];" +
    `document.head.appendChild(l)})(${json})</script>`
  );
}

/** index.html with the inline remotes script before its <title>. */
export function injectRemotesBootstrap(html: string, manifest: unknown, reportSampleRate?: number): string {
  return html.replace(ANCHOR, `${remotesBootstrapScript(manifest, reportSampleRate)}${ANCHOR}`);
}
