import { createPublicKey } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isAllowedPushEndpoint } from 'shared-contracts/schemas';
import type { Config } from '../../../../config';

// A push endpoint is an address a customer gave: the API must never be made to call into its own network with it.
// The endpoint's host is resolved here and the connection goes only to a public address (checked on the address
// actually connected, so a name that resolves differently the second time — DNS rebinding — gets nowhere), and a
// redirect is never followed.

/** Addresses that are not the public internet (RFC 6890 and the IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['2001::', 32], // Teredo (tunnels to any IPv4)
  ['2002::', 16], // 6to4 (tunnels to any IPv4)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64), or null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** Whether `address` (an IP address, IPv6 possibly in brackets) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const ipv4 = embeddedIpv4(bare);
    if (ipv4 !== null) return isPublicAddress(ipv4);
    // A zone (fe80::1%eth0) is link-local by definition.
    if (bare.includes('%')) return false;
    return !NOT_PUBLIC.check(bare, 'ipv6');
  }
  return !NOT_PUBLIC.check(bare, 'ipv4');
}

export class PushAddressRefused extends Error {
  constructor(host: string) {
    super(`Địa chỉ dịch vụ push không phải địa chỉ công khai (${host}): không kết nối.`);
    this.name = 'PushAddressRefused';
  }
}

type ResolveAll = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolveAll: ResolveAll = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A `lookup` for net/tls connections that resolves the name and hands on only its public addresses; none public: an
 * error, so nothing is connected. `resolveAll` is dns.lookup with all addresses (tests give a stub).
 */
export function publicOnlyLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    resolveAll(hostname, (error, addresses) => {
      if (error) return callback(error);
      const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
      const usable = addresses.filter((entry) => (wanted === 0 || entry.family === wanted) && isPublicAddress(entry.address));
      if (usable.length === 0) return callback(Object.assign(new PushAddressRefused(hostname), { code: 'ENOTPUBLIC' }));
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as LookupFunction;
}

/** One push request's answer. */
export interface PushAnswer {
  status: number;
  body: string;
}

/** Sends one push request (POST with the encrypted payload); rejects when it cannot be made or the address is refused. */
export type PushSender = (url: string, init: { method: string; headers: Record<string, string>; body: Uint8Array | null; signal: AbortSignal }) => Promise<PushAnswer>;

export interface PushSenderOptions {
  /** dns.lookup with all addresses (tests: a stub). */
  resolveAll?: ResolveAll;
  /** A loopback stand-in's origin that is connected to as it is (tests; never production). */
  standInOrigin?: string | null;
}

/**
 * Sends through node:https (node:http only to the stand-in) to public addresses only: an IP literal is checked as it
 * is, a name through publicOnlyLookup at connection time. A redirect (3xx) is answered as it is, never followed.
 */
export function publicPushSender({ resolveAll, standInOrigin = null }: PushSenderOptions = {}): PushSender {
  const lookup = publicOnlyLookup(resolveAll);
  return (target, { method, headers, body, signal }) =>
    new Promise<PushAnswer>((resolve, reject) => {
      const url = new URL(target);
      const standIn = standInOrigin !== null && url.origin === standInOrigin;
      if (!standIn && url.protocol !== 'https:') return reject(new PushAddressRefused(url.host));
      if (!standIn && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 && !isPublicAddress(url.hostname)) return reject(new PushAddressRefused(url.hostname));
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) }, signal, ...(standIn ? {} : { lookup }), agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            // The push service's answer is a status and at most a short explanation: keep the first few KB.
            if (size < 4096) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body ? Buffer.from(body) : undefined);
    });
}

/** The endpoint rules of this server: isAllowedPushEndpoint with PUSH_ENDPOINT_HOSTS and, outside production, the tests' stand-in. */
export function pushEndpointRules(config: Pick<Config, 'nodeEnv' | 'pushEndpointHosts' | 'pushStandInOrigin'>): { allowed: (endpoint: string) => boolean; standInOrigin: string | null } {
  const standInOrigin = config.nodeEnv === 'production' ? null : config.pushStandInOrigin;
  return { allowed: (endpoint) => isAllowedPushEndpoint(endpoint, { extraHosts: config.pushEndpointHosts, standInOrigin }), standInOrigin };
}

/** Whether p256dh is a base64url uncompressed P-256 public key on the curve and auth base64url of 16 bytes. */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(keys.p256dh) || !/^[A-Za-z0-9_-]+={0,2}$/.test(keys.auth)) return false;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // Refuses a point that is not on the curve.
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
