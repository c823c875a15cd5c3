import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileDigest } from './manifest';

/** sha256 and size of a file, streamed (database dumps can be large). */
export async function digestFile(file: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Regular files under `root`, as POSIX paths relative to it, sorted; [] when `root` does not exist. Symlinks are left out. */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

/** Copies every regular file of `from` into `to` (created), returning each copy's digest by relative path. */
export async function copyTree(from: string, to: string): Promise<Record<string, FileDigest>> {
  await mkdir(to, { recursive: true });
  const digests: Record<string, FileDigest> = {};
  for (const relative of await listFiles(from)) {
    const target = path.join(to, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(from, ...relative.split('/')), target);
    // The digest of the copy: what the backup holds, even if the original changed meanwhile.
    digests[relative] = await digestFile(target);
  }
  return digests;
}

/** Removes what `folder` contains, keeping the folder itself (it may be a mounted volume). */
export async function emptyFolder(folder: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) await rm(path.join(folder, entry), { recursive: true, force: true });
}

export async function isNonEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory() && (await readdir(folder)).length > 0;
  } catch {
    return false;
  }
}
