import { isIP } from 'node:net';

/**
 * The API's development routes (/api/dev/*, the dev outbox with every sign-up and reset code) answer a caller
 * on the API's machine only. The site's /api proxy reaches the API from 127.0.0.1, so the API alone cannot
 * tell a visitor elsewhere from a browser on this machine: the proxy refuses those paths to any client whose
 * socket is not on the loopback interface (never judged by a forwarded header, which the client writes).
 */

/** A peer address on the loopback interface: 127.0.0.0/8 (also IPv4-mapped, ::ffff:127.x) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const text = address.trim().toLowerCase();
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = text.startsWith('::ffff:') ? text.slice('::ffff:'.length) : text;
  return isIP(ipv4) === 4 && ipv4.startsWith('127.');
}

/** A listen address only this machine can reach: a loopback address or `localhost` (not 0.0.0.0 nor ::). */
export function isLoopbackHost(host: string): boolean {
  const text = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return text === 'localhost' || isLoopbackAddress(text);
}

/**
 * Whether a request URL reaches the API's /api/dev/* routes, read as the API's router reads it (any case,
 * percent-encoding, repeated slashes, dot segments, a trailing `;…`): when in doubt, yes.
 */
export function isDevApiPath(url: string): boolean {
  const normalised = normalisedPath(url);
  return normalised === null || /^\/api\/dev(?:[/;?#]|$)/.test(normalised);
}

/**
 * Whether a request URL reaches the API's live release table or its stream (GET /api/releases/live…), read the same
 * way: they are for the shell's server (liveRemotes.ts), never passed on from a browser.
 */
export function isServerOnlyApiPath(url: string): boolean {
  const normalised = normalisedPath(url);
  return normalised === null || /^\/api\/releases\/live(?:[/;?#]|$)/.test(normalised);
}

/** The path as the API's router reads it (lower case, decoded, slashes folded, dot segments resolved); null: unreadable. */
function normalisedPath(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(`http://site.invalid/${url.replace(/^\/+/, '')}`).pathname;
  } catch {
    return null;
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: judged as written
  }
  return decoded.toLowerCase().replace(/\\/g, '/').replace(/\/{2,}/g, '/');
}

/** The proxy's rule: a /api/dev/* request from a client whose socket is not on this machine is refused (404). */
export function refusesDevApiRequest(url: string, socketAddress: string | undefined): boolean {
  return isDevApiPath(url) && !isLoopbackAddress(socketAddress);
}
