// No imports: the shell's container runs this file as it is (scripts/serve/liveRemotes.ts), beside the API.

/**
 * Where a browser falls among 100 for an app's canary (decision 0070): FNV-1a over the UTF-16 code units of the
 * browser's key and the app, mixed by MurmurHash3's finaliser, mod 100. The same answer on every load, in the API and
 * in the shell's server, so a browser keeps the build it got; different apps split the browsers differently.
 */
export function canaryBucket(browserKey: string, app: string): number {
  const text = `${browserKey}\u0000${app}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}

/** Whether the browser with this key gets the app's canary at this percentage (0: none, 100: all). */
export function inCanary(browserKey: string, app: string, percent: number): boolean {
  return percent > 0 && canaryBucket(browserKey, app) < percent;
}
