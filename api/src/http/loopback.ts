import { isIP } from 'node:net';

/**
 * "This machine" for development-only routes (the dev outbox): a socket's peer address or a listen address
 * on the loopback interface. Never a forwarded header: those say what a client claims, a socket where it is.
 */

/** A peer address on the loopback interface: 127.0.0.0/8 (also IPv4-mapped, ::ffff:127.x) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const text = address.trim().toLowerCase();
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = text.startsWith('::ffff:') ? text.slice('::ffff:'.length) : text;
  return isIP(ipv4) === 4 && ipv4.startsWith('127.');
}

/**
 * A listen address (HOST) that only this machine can reach: a loopback address, or `localhost`.
 * '0.0.0.0', '::' and any other name or address are reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const text = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return text === 'localhost' || isLoopbackAddress(text);
}

/**
 * A request made on this machine: its socket's peer is a loopback address and, when it came through a proxy
 * on this machine (`npm start`'s site), every X-Forwarded-For hop is one too. The header can only narrow
 * the answer (a client cannot gain access by sending it), never widen it.
 */
export function isRequestFromThisMachine(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): boolean {
  if (!isLoopbackAddress(socketAddress)) return false;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.every((hop) => isLoopbackAddress(hop));
}
