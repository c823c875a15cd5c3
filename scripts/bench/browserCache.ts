/**
 * A browser's HTTP cache for one origin, as far as a reload's fetches use it (RFC 9111, private cache): an
 * answer is reused without asking while its `max-age` runs (`no-cache` / `no-store`: never), then revalidated
 * with its ETag (If-None-Match; a 304 keeps the stored body). What a shopper's reload sees after a save.
 */
export class BrowserCache {
  private readonly stored = new Map<string, { body: string; etag: string | null; freshUntil: number }>();
  /** Requests sent, and how many were answered 304. */
  readonly counts = { sent: 0, notModified: 0, fromCache: 0 };

  constructor(private readonly origin: string) {}

  /** The body a page's fetch of `path` gets now. */
  async get(path: string): Promise<string> {
    const kept = this.stored.get(path);
    if (kept && performance.now() < kept.freshUntil) {
      this.counts.fromCache += 1;
      return kept.body;
    }
    this.counts.sent += 1;
    const response = await fetch(`${this.origin}${path}`, { headers: kept?.etag ? { 'if-none-match': kept.etag } : {} });
    const freshUntil = performance.now() + freshForMs(response.headers.get('cache-control'));
    if (response.status === 304 && kept) {
      this.counts.notModified += 1;
      kept.freshUntil = freshUntil;
      return kept.body;
    }
    const body = await response.text();
    if (response.ok && !/\bno-store\b/.test(response.headers.get('cache-control') ?? '')) {
      this.stored.set(path, { body, etag: response.headers.get('etag'), freshUntil });
    }
    return body;
  }

  /** The `data` of the JSON envelope a page's fetch of `path` gets now. */
  async getData<T>(path: string): Promise<T> {
    return (JSON.parse(await this.get(path)) as { data: T }).data;
  }
}

/** How long an answer may be reused without asking: its max-age, none with no-cache or no-store. */
function freshForMs(cacheControl: string | null): number {
  if (!cacheControl || /\bno-(cache|store)\b/.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) * 1000 : 0;
}
