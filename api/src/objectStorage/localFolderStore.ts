import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeOfKey, type ObjectStore, type StoredObjectInfo } from './objectStore';

/** The local folder driver: key 'avatars/x.webp' is the file UPLOAD_DIR/avatars/x.webp, as before object storage. */
export function createLocalFolderStore(uploadDir: string): ObjectStore {
  const fileOf = (key: string): string => {
    assertSafeKey(key);
    return path.join(uploadDir, ...key.split('/'));
  };
  const infoOf = async (key: string): Promise<StoredObjectInfo | null> => {
    const info = await stat(fileOf(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return { key, size: info.size, contentType: contentTypeOfKey(key), etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, lastModified: info.mtime };
  };
  async function* walk(folder: string, relative: string): AsyncGenerator<StoredObjectInfo> {
    const entries: Dirent[] = await readdir(folder, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      // Hidden files are the API's own temporaries (kept uploads, half-written files, readiness probes).
      if (entry.name.startsWith('.')) continue;
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), key);
      else if (entry.isFile()) {
        const info = await infoOf(key);
        if (info) yield info;
      }
    }
  }
  return {
    kind: 'local',
    description: `thư mục ${uploadDir}`,
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, bytes, { mode: 0o644 });
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const info = await infoOf(key);
      return info ? { ...info, body: createReadStream(fileOf(key)) } : null;
    },
    head: infoOf,
    async delete(key) {
      await unlink(fileOf(key)).catch(() => undefined);
    },
    async *list(prefix) {
      for await (const info of walk(uploadDir, '')) if (info.key.startsWith(prefix)) yield info;
    },
    async check() {
      await mkdir(uploadDir, { recursive: true });
      const file = path.join(uploadDir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
      await writeFile(file, '', { flag: 'wx' });
      await unlink(file);
    },
    async adoptLocalFile(key, file) {
      if (path.resolve(file) !== path.resolve(fileOf(key))) throw new Error(`${file} is not the file of ${key}`);
    },
  };
}
