import { createHash } from 'node:crypto';

/**
 * Browser security headers of the site, as staticSite.ts serves it (`npm start`, and the shell's container through
 * shellServer.ts); the remotes' nginx containers send the same (scripts/docker/nginx-remote.conf).
 * The API sets its own (nosniff; the dev outbox and the docs their own policy): /api answers pass through.
 */

/** On every answer of the shell and the remotes. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A remote serves scripts, styles, images and manifests for the shell's page, never a page of its own. */
export const REMOTE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Google Identity Services, which mfe-account loads for "Sign in with Google" when the API has a client id:
 * the sources Google documents for it (its script, its button's stylesheet and frame, its requests).
 */
export const GOOGLE_IDENTITY_SOURCES = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  connect: 'https://accounts.google.com/gsi/',
  frame: 'https://accounts.google.com/gsi/',
} as const;

/**
 * The origins of the remotes named by a run-time remotes manifest (remote name → mf-manifest.json URL): the
 * shell's page loads their manifests, entries, chunks and images. Values that are not absolute http(s) URLs
 * add nothing (a path is the shell's own origin, 'self').
 */
export function remoteOrigins(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const origins = new Set<string>();
  for (const value of Object.values(manifest)) {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // not a URL: the shell reports the bad manifest itself
    }
  }
  return [...origins];
}

/** The CSP source of an inline `<script>…</script>` element: 'sha256-…' of its text. */
export function inlineScriptHash(scriptElement: string): string {
  const text = scriptElement.replace(/^<script>/, '').replace(/<\/script>$/, '');
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface ShellPolicyOptions {
  /** see remoteOrigins */
  remoteOrigins: readonly string[];
  /** see inlineScriptHash: the page's only inline script is the remotes bootstrap (remotesBootstrap.ts) */
  inlineScriptHashes: readonly string[];
}

/**
 * The shell page's Content-Security-Policy. Scripts: the shell's own, the remotes' and Google's sign-in script,
 * plus the inline bootstrap by its hash: no other inline script, no eval. Styles may be inline: the remotes'
 * CSS travels in their chunks and style-loader adds it as <style> elements. Images also from data:/blob:
 * (the favicon, QR codes, an avatar preview). No plugins, no framing of the site, forms to the site only.
 */
export function shellContentSecurityPolicy({ remoteOrigins: origins, inlineScriptHashes }: ShellPolicyOptions): string {
  const list = (...sources: readonly string[]) => sources.filter(Boolean).join(' ');
  const directives = [
    `default-src 'self'`,
    `script-src ${list("'self'", ...origins, GOOGLE_IDENTITY_SOURCES.script, ...inlineScriptHashes)}`,
    `style-src ${list("'self'", ...origins, GOOGLE_IDENTITY_SOURCES.style, "'unsafe-inline'")}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...origins)}`,
    `font-src ${list("'self'", 'data:', ...origins)}`,
    `connect-src ${list("'self'", ...origins, GOOGLE_IDENTITY_SOURCES.connect)}`,
    `frame-src ${GOOGLE_IDENTITY_SOURCES.frame}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ];
  return directives.join('; ');
}
