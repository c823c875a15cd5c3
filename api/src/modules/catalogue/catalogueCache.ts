import { hash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { ok } from '../../http/envelope';
import { etagOf } from '../../http/httpCache';
import { sendJsonBytes } from '../../http/readyJson';

/**
 * The in-process cache of the public catalogue's answers: the ready JSON body of each GET (UTF-8 bytes and
 * their ETag, so that a hit costs neither serialisation, encoding nor hashing), keyed by the
 * route and its normalised query. Every catalogue write (catalogueAdmin's catalogueWrites.ts, promotions' promotionWrites.ts, the seed)
 * calls `invalidateCatalogue()`, which empties every cache of the process at once (a generation counter, so
 * a write inside a transaction on another Kysely instance counts too). Entries also expire after `ttlMs`
 * (default 30 s): what another process writes (a second API instance, the seed CLI) shows within that time.
 */

let generation = 0;

/** Marks every cached answer of this process stale. Call after any write to catalogue tables. */
export function invalidateCatalogue(): void {
  generation += 1;
}

/** The current generation (tests, diagnostics). */
export function catalogueGeneration(): number {
  return generation;
}

/** A ready answer: the JSON body as UTF-8 bytes and its strong ETag. */
export interface ReadyJson {
  body: Buffer;
  etag: string;
  /** Kept in a cache: served again, so worth compressing (a one-off answer is not). */
  kept?: boolean;
  /** Its gzip encoding, made once at its first send once kept, with an ETag of its own. */
  gzip?: { body: Buffer; etag: string };
  /** The reused block `body` was written into (joinedAnswer), given back once the answer has gone out. */
  block?: Buffer;
}

/**
 * One-off answers (a list or search past the cache) are written into reused blocks rather than a Buffer each, which
 * would stay in the malloc heap until V8's next collection (docs/performance.md, bench:vendure). A block goes back when
 * its answer has gone out to the socket (`finish`); an answer kept in a cache gets bytes of its own instead.
 */
export const ANSWER_BLOCK_BYTES = 64 * 1024;
/** Free blocks kept for the next answers; more are left to the collector. */
const FREE_BLOCKS_KEPT = 64;
const freeBlocks: Buffer[] = [];

function releaseBlock(block: Buffer): void {
  if (freeBlocks.length < FREE_BLOCKS_KEPT) freeBlocks.push(block);
}

/** The free blocks now (tests). */
export function freeAnswerBlocks(): number {
  return freeBlocks.length;
}

/**
 * `parts` joined and made ready with `etag` (the ETag of exactly those bytes): in a reused block when they fit, which
 * sendReadyJson gives back once the answer is sent, else in a Buffer of their own.
 */
export function joinedAnswer(parts: readonly Buffer[], etag: string): ReadyJson {
  let length = 0;
  for (const part of parts) length += part.length;
  if (length > ANSWER_BLOCK_BYTES) return { body: Buffer.concat(parts, length), etag };
  const block = freeBlocks.pop() ?? Buffer.allocUnsafeSlow(ANSWER_BLOCK_BYTES);
  let offset = 0;
  for (const part of parts) offset += part.copy(block, offset);
  return { body: block.subarray(0, length), etag, block };
}

/** `parts` joined and made ready, the ETag hashed from the joined bytes (see joinedAnswer). */
export function joinedAnswerHashed(parts: readonly Buffer[]): ReadyJson {
  const ready = joinedAnswer(parts, '');
  ready.etag = strongEtagOf(ready.body);
  return ready;
}

/** Answers from this size travel gzip-encoded to a client that accepts it (issue 47 §2). */
export const GZIP_FROM_BYTES = 2048;

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Serialises an answer once: JSON → UTF-8 bytes → ETag. */
export function readyJson(value: unknown): ReadyJson {
  return readyBytes(Buffer.from(JSON.stringify(value), 'utf8'));
}

/** The success envelope's JSON around its data: `JSON.stringify(ok(data))` is before + data's JSON + after. */
export const OK_JSON_WRAPPING: { readonly before: string; readonly after: string } = {
  before: JSON.stringify(ok(0)).slice(0, -2),
  after: '}',
};

/** An answer already serialised (UTF-8 JSON bytes) made ready: the bytes and their ETag. */
export function readyBytes(body: Buffer): ReadyJson {
  return { body, etag: strongEtagOf(body) };
}

/** etagOf (the same tag), with the one-shot crypto.hash where the runtime has it: no Hash object per answer. */
export const strongEtagOf: (content: string | Buffer) => string =
  typeof hash === 'function' ? (content) => `"${hash('sha256', content, 'base64url').slice(0, 32)}"` : etagOf;

interface Entry {
  ready: ReadyJson;
  generation: number;
  expiresAt: number;
}

export interface CatalogueCacheOptions {
  ttlMs?: number;
  /** Most entries kept (oldest dropped first); default 500. */
  maxEntries?: number;
  /** Most keys remembered as asked once (`KeepOptions.fromSecondAsk`); default 4 × maxEntries. */
  maxAskedOnce?: number;
  now?: () => number;
}

/** How a missed answer is kept. */
export interface KeepOptions {
  /**
   * Keep it only when its key was asked before, among the last `maxAskedOnce` keys asked once: for keys without
   * bound (the product list's filters), so that one-off queries (a random price, a crawler) neither take an
   * entry nor push a popular answer out — and the process does not hold (then collect) 17 KB per one-off answer.
   */
  fromSecondAsk?: boolean;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys missed once with `fromSecondAsk` (oldest first), not kept yet. */
  private readonly askedOnce = new Set<string>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxAskedOnce: number;
  private readonly now: () => number;

  constructor(options: CatalogueCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAskedOnce = options.maxAskedOnce ?? 4 * this.maxEntries;
    this.now = options.now ?? Date.now;
  }

  get(key: string): ReadyJson | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.ready;
  }

  /**
   * Keeps `ready` under `key`, unless the catalogue changed since `since` (the generation read before loading);
   * never past `until` (epoch ms, e.g. a product's next sale-window bound) when given.
   */
  set(key: string, ready: ReadyJson, since: number = generation, until: number | null = null): void {
    if (since !== generation) return;
    // A kept answer outlives its send: its bytes leave the reused block.
    if (ready.block !== undefined) {
      const block = ready.block;
      ready.body = Buffer.from(ready.body);
      ready.block = undefined;
      releaseBlock(block);
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const expiresAt = this.now() + this.ttlMs;
    ready.kept = true;
    this.entries.set(key, { ready, generation, expiresAt: until === null ? expiresAt : Math.min(expiresAt, until) });
  }

  /** The cached answer, or `produce()` made ready and cached (only when no write happened meanwhile). */
  getOrCreate(key: string, produce: () => Promise<unknown>): Promise<ReadyJson> {
    return this.getOrCreateReady(key, async () => readyJson(await produce()));
  }

  /**
   * The cached answer, or the one `produce()` makes ready, cached (only when no write happened meanwhile, and with
   * `fromSecondAsk` only when the key was asked before).
   */
  async getOrCreateReady(key: string, produce: () => Promise<ReadyJson>, keep: KeepOptions = {}): Promise<ReadyJson> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const startedAt = generation;
    const ready = await produce();
    if (!keep.fromSecondAsk || this.askedBefore(key)) this.set(key, ready, startedAt);
    return ready;
  }

  /** Whether `key` was asked once before (then forgotten there: it is kept from now on); else remembers it. */
  private askedBefore(key: string): boolean {
    if (this.askedOnce.delete(key)) return true;
    if (this.askedOnce.size >= this.maxAskedOnce) this.askedOnce.delete(this.askedOnce.values().next().value!);
    this.askedOnce.add(key);
    return false;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Sends a ready answer as is with its ETag, which the `publicCache` hook (http/httpCache.ts) then uses instead
 * of hashing the body again. A large answer kept in a cache goes gzip-encoded to a client that accepts it,
 * compressed once and kept beside it; a one-off answer is never compressed (no CPU for what is not kept). The
 * route's response schema still documents the answer; the API tests check the bodies against the shared schemas.
 */
export function sendReadyJson<R extends Pick<FastifyReply, 'type' | 'header' | 'getHeader' | 'request' | 'raw'>>(reply: R, ready: ReadyJson): R {
  // The block goes back once the bytes are with the socket; a response closed before that leaves it to the collector.
  const block = ready.block;
  if (block !== undefined) reply.raw.once('finish', () => releaseBlock(block));
  if (ready.body.length >= GZIP_FROM_BYTES) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (ready.kept === true && acceptsGzip(reply.request.headers['accept-encoding'])) {
      ready.gzip ??= { body: gzipSync(ready.body, { level: 6 }), etag: `${ready.etag.slice(0, -1)}-gzip"` };
      reply.header('content-encoding', 'gzip');
      reply.header('etag', ready.gzip.etag);
      return sendJsonBytes(reply, ready.gzip.body);
    }
  }
  reply.header('etag', ready.etag);
  return sendJsonBytes(reply, ready.body);
}
