import type { Config } from '../config';
import { createLocalFolderStore } from './localFolderStore';
import type { ObjectStore } from './objectStore';
import { createS3Store } from './s3Store';

export { contentTypeOfKey, type ObjectStore, type StoredObject, type StoredObjectInfo } from './objectStore';
export { createLocalFolderStore } from './localFolderStore';
export { createS3Store } from './s3Store';
export { copyIntoStore, type CopyReport } from './copyIntoStore';

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else the folder UPLOAD_DIR. */
export function createObjectStore(config: Pick<Config, 'uploadDir' | 'objectStorage'>): ObjectStore {
  return config.objectStorage ? createS3Store(config.objectStorage) : createLocalFolderStore(config.uploadDir);
}

/**
 * The store of each UPLOAD_DIR an app was built with (app.ts binds it): the media code is handed the upload
 * folder, as it always was, and finds its store here. An unbound folder is its own store (scripts, seed).
 */
const bound = new Map<string, ObjectStore>();

export function bindObjectStore(uploadDir: string, store: ObjectStore): void {
  bound.set(uploadDir, store);
}

export function objectStoreAt(uploadDir: string): ObjectStore {
  let store = bound.get(uploadDir);
  if (!store) {
    store = createLocalFolderStore(uploadDir);
    bound.set(uploadDir, store);
  }
  return store;
}
