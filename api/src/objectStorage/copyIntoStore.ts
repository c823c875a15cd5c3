import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectStore, StoredObjectInfo } from './objectStore';

export interface CopyReport {
  copied: number;
  skipped: number;
  failed: number;
  /** The keys that failed, with why (at most the first 100). */
  failures: Array<{ key: string; message: string }>;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The target already holds these bytes: same size, and the same MD5 where its ETag is one (a single-part upload). */
function sameObject(target: StoredObjectInfo, bytes: Buffer): boolean {
  if (target.size !== bytes.length) return false;
  const etag = target.etag.replace(/"/g, '');
  if (!/^[a-f0-9]{32}$/.test(etag)) return true;
  return createHash('md5').update(bytes).digest('hex') === etag;
}

/**
 * Copies every object of `from` (under `prefix`) into `to`, one by one in key order. Idempotent and resumable:
 * an object the target already holds unchanged is skipped, so a run stopped half-way (`signal`) is finished by
 * running it again. A failed object is counted and the copy goes on.
 */
export async function copyIntoStore(from: ObjectStore, to: ObjectStore, options: { prefix?: string; signal?: AbortSignal; onObject?: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void } = {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0, failures: [] };
  for await (const info of from.list(options.prefix ?? '')) {
    if (options.signal?.aborted) break;
    let outcome: 'copied' | 'skipped' | 'failed';
    try {
      const source = await from.get(info.key);
      if (!source) continue; // deleted since it was listed
      const bytes = await readAll(source.body);
      const target = await to.head(info.key);
      if (target && sameObject(target, bytes)) outcome = 'skipped';
      else {
        await to.put(info.key, bytes, source.contentType);
        outcome = 'copied';
      }
    } catch (error) {
      outcome = 'failed';
      if (report.failures.length < 100) report.failures.push({ key: info.key, message: error instanceof Error ? error.message : String(error) });
    }
    report[outcome] += 1;
    options.onObject?.(info.key, outcome);
  }
  return report;
}
