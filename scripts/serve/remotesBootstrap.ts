/**
 * The shell's index.html carries the run-time remotes manifest inline, so the first page does not wait for
 * main.js → /remotes.json → the remote's manifest: a small inline script hands the manifest to
 * shell/src/federation/startRemotes.ts (window.__evRemotes) and preloads the manifest of the page's remote
 * while the shell's chunks download. The marker below in shell/public/index.html is where it goes;
 * scripts/docker/40-remotes-manifest.sh writes the same script for nginx.
 */
export const REMOTES_MARKER = '<!-- ev:remotes -->';

/** The inline script for `manifest` (remote name → mf-manifest.json URL); '<' escaped so no value can close the tag. */
export function remotesBootstrapScript(manifest: Record<string, string>): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  return (
    '<script>(function(r){window.__evRemotes=r;var p=location.pathname;' +
    "var n=/^\\/(auth|profile|dashboard|my-vehicles|maintenance-history|orders)(\\/|$)/.test(p)?'mfe_account':" +
    "/^\\/(staff|manager|technician|admin)(\\/|$)/.test(p)?'mfe_backoffice':'mfe_storefront';" +
    "if(!r[n])return;var l=document.createElement('link');l.rel='preload';l.setAttribute('as','fetch');l.setAttribute('crossorigin','anonymous');l.href=r[n];" +
    `document.head.appendChild(l)})(${json})</script>`
  );
}

/** index.html with the inline remotes script in place of the marker (unchanged when there is no marker). */
export function injectRemotesBootstrap(html: string, manifest: Record<string, string>): string {
  return html.replace(REMOTES_MARKER, remotesBootstrapScript(manifest));
}
