import { readFile, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import type { CallOutcome, OutboundGuard } from '../outbound';
import { assertSafeKey, contentTypeOfKey, type ObjectStore, type StoredObjectInfo } from './objectStore';

/** A missing key or bucket: the SDK's NotFound/NoSuchKey/NoSuchBucket, or any 404. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
}

/** An answer of the store (a missing key, a refused request) rather than its fault: not counted against its breaker. */
function storeAnswerOutcome(error: unknown): CallOutcome | null {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (isNotFound(error) || (status !== undefined && status >= 400 && status < 500)) return 'http_4xx';
  return status !== undefined && status >= 500 ? 'http_5xx' : null;
}

/**
 * The SDK and the outbound guard, loaded with the first S3 call: a process storing in the folder (npm start, the image
 * encoder) never holds the SDK's ~30 MB, nor the guard's metrics and what they import.
 */
type Sdk = typeof S3Sdk;
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** The S3-compatible driver (AWS S3, MinIO, Cloudflare R2, …): one bucket, keys as the folder's relative paths. */
export function createS3Store(settings: S3Settings): ObjectStore {
  let connecting: Promise<{ sdk: Sdk; client: S3Sdk.S3Client; guard: OutboundGuard }> | null = null;
  const connect = () =>
    (connecting ??= Promise.all([loadSdk(), import('../outbound')]).then(([sdk, { createOutboundGuard }]) => ({
      sdk,
      // Every request behind the store's breaker and time-out (the SDK aborts on the signal).
      guard: createOutboundGuard({ provider: 's3', timeoutMs: 30_000 }),
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where the operation needs one: S3-compatible servers do not all take the streamed CRC trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
      }),
    })));
  const Bucket = settings.bucket;
  const guarded = async <Output>(request: (abortSignal: AbortSignal) => Promise<Output>): Promise<Output> =>
    (await connect()).guard.run(request, { errorOutcome: storeAnswerOutcome });
  return {
    kind: 's3',
    description: `bucket ${Bucket}${settings.endpoint ? ` tại ${settings.endpoint}` : ''}`,
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await connect();
      await guarded((abortSignal) => client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }), { abortSignal }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const { sdk, client } = await connect();
        // No abort signal: it would also cut the body still streaming to a slow client after the time-out.
        const answer = await guarded(() => client.send(new sdk.GetObjectCommand({ Bucket, Key: key })));
        return {
          key,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOfKey(key),
          etag: answer.ETag ?? '',
          lastModified: answer.LastModified ?? new Date(0),
          body: answer.Body as Readable,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async head(key): Promise<StoredObjectInfo | null> {
      assertSafeKey(key);
      try {
        const { sdk, client } = await connect();
        const answer = await guarded((abortSignal) => client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }), { abortSignal }));
        return { key, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? contentTypeOfKey(key), etag: answer.ETag ?? '', lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await connect();
      await guarded((abortSignal) => client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const { sdk, client } = await connect();
        const page = await guarded((abortSignal) => client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }), { abortSignal }));
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          yield { key: item.Key, size: item.Size ?? 0, contentType: '', etag: item.ETag ?? '', lastModified: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      const { sdk, client } = await connect();
      await guarded((abortSignal) => client.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal }));
    },
    async adoptLocalFile(key, file, contentType) {
      // The local copy goes whatever happens: a failed put leaves no file only this host could serve.
      try {
        await this.put(key, await readFile(file), contentType);
      } finally {
        await unlink(file).catch(() => undefined);
      }
    },
  };
}
