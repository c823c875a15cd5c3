import type { Readable } from 'node:stream';

/**
 * Where the API keeps the files it stores (avatars, product photos, checklist photos), by key: the path under
 * UPLOAD_DIR with '/' separators ('avatars/<32 hex>.webp'). Two drivers: the local folder (localFolderStore.ts,
 * the default) and an S3-compatible bucket (s3Store.ts, when S3_BUCKET is set).
 */
export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** The store's entity tag, quotes included (S3: the MD5 of a single-part upload; folder: size and mtime). */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A short description for logs and the CLIs ('thư mục /data/uploads', 'bucket evshop tại http://…'). */
  readonly description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object with its body, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Deletes the object; an object already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (without the content type: '' there). */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** Throws when the store cannot be used (readiness): the folder takes a file, the bucket answers HeadBucket. */
  check(): Promise<void>;
  /**
   * Takes a file the image encoder wrote under UPLOAD_DIR at `key` into the store: nothing to do for the folder;
   * the bucket uploads it and the local copy is removed.
   */
  adoptLocalFile(key: string, file: string, contentType: string): Promise<void>;
}

/** Keys are relative paths of plain names: no '..', no leading '/', no backslash, no empty segment. */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > 512 || key.startsWith('/') || key.includes('\\') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.json': 'application/json' };

/** The content type of a stored file by its extension (every image the API stores is WebP). */
export function contentTypeOfKey(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot >= 0 ? CONTENT_TYPES[key.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}
