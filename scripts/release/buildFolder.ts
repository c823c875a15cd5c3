import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { RELEASE_INFO_FILE, releaseBuildId } from '../../shared-contracts/src/federation/releaseApps.ts';
import type { ReleaseInfo } from '../../shared-contracts/src/schemas/releases.ts';

/** A release step refused, with the Vietnamese reason the CLI prints. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** Every file under `dir`, as relative paths with '/' separators, sorted (by code unit: the same on every machine). */
export function filesOf(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  return files.sort();
}

/** The files that make a build: all but its release.json, whose build time and commit change with every build of the same code. */
function builtFilesOf(dir: string): string[] {
  return filesOf(dir).filter((file) => file !== RELEASE_INFO_FILE);
}

/**
 * A build's content hash (decision 0070): the first 10 hex digits of a SHA-256 over its files (release.json aside) in
 * path order, each as its relative path, a NUL and its bytes. The same code gives the same hash wherever and whenever
 * it is built, so a rebuild of a published build is the same build.
 */
export function contentHashOf(distDir: string): string {
  const hash = createHash('sha256');
  for (const file of builtFilesOf(distDir)) {
    hash.update(file, 'utf8');
    hash.update('\0');
    hash.update(readFileSync(path.join(distDir, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** Whether two folders hold the same build: the same files with the same bytes, release.json aside. */
export function sameFiles(a: string, b: string): boolean {
  const files = builtFilesOf(a);
  const others = builtFilesOf(b);
  return files.length === others.length && files.every((file, index) => file === others[index] && readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file))));
}

/** One path segment a version or package may be (no '/', no '..'): it names a folder. */
const FOLDER_NAME = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;

/** The release.json a build wrote, checked to be the package's. */
export function readReleaseInfo(distDir: string, packageName: string): ReleaseInfo {
  const file = path.join(distDir, RELEASE_INFO_FILE);
  if (!existsSync(file)) {
    throw new ReleaseError(`Không thấy ${RELEASE_INFO_FILE} trong ${distDir}: hãy build lại ${packageName} (bản build ghi tệp này cạnh mf-manifest.json).`);
  }
  let info: ReleaseInfo;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as ReleaseInfo;
  } catch {
    throw new ReleaseError(`${file} không phải JSON hợp lệ.`);
  }
  if (info.package !== packageName) {
    throw new ReleaseError(`${file} là của gói ${String(info.package)}, không phải ${packageName}.`);
  }
  if (typeof info.version !== 'string' || !FOLDER_NAME.test(info.version)) {
    throw new ReleaseError(`Phiên bản trong ${file} không hợp lệ: ${String(info.version)}.`);
  }
  return info;
}

export interface PublishedFolder {
  /** `<version>-<hash>`, also the folder's name */
  buildId: string;
  folder: string;
  contentHash: string;
  releaseInfo: ReleaseInfo;
  /** false: the same build was already there (publishing again changes nothing) */
  created: boolean;
}

/**
 * Copies a build's dist to `<releasesDir>/<package>/<version>-<hash>/`, a folder never written again: publishing the
 * same build again is a no-op, and a folder of that name holding other files is refused, never overwritten. The copy
 * is made beside it and renamed into place, so the folder never exists half written.
 */
export function publishFolder(distDir: string, releasesDir: string, packageName: string): PublishedFolder {
  if (!FOLDER_NAME.test(packageName)) throw new ReleaseError(`Tên gói không hợp lệ: ${packageName}.`);
  const releaseInfo = readReleaseInfo(distDir, packageName);
  const contentHash = contentHashOf(distDir);
  const buildId = releaseBuildId(releaseInfo.version, contentHash);
  const packageDir = path.join(releasesDir, packageName);
  const folder = path.join(packageDir, buildId);
  const refuseOther = () =>
    new ReleaseError(`Thư mục ${folder} đã có một bản build khác cùng mã ${buildId}: không ghi đè một bản đã phát hành.`);

  if (existsSync(folder)) {
    if (!sameFiles(distDir, folder)) throw refuseOther();
    return { buildId, folder, contentHash, releaseInfo, created: false };
  }

  mkdirSync(packageDir, { recursive: true });
  const partial = path.join(packageDir, `.${buildId}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    cpSync(distDir, partial, { recursive: true });
    // the dist changed while it was copied (a build still writing): its hash is no longer this folder's name
    if (contentHashOf(partial) !== contentHash) throw new ReleaseError(`${distDir} thay đổi trong lúc chép: hãy chờ bản build xong rồi phát hành lại.`);
    try {
      renameSync(partial, folder);
    } catch (error) {
      // another publish of this id got there first: the same build is fine, another is refused
      if (!existsSync(folder)) throw error;
      if (!sameFiles(partial, folder)) throw refuseOther();
      return { buildId, folder, contentHash, releaseInfo, created: false };
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return { buildId, folder, contentHash, releaseInfo, created: true };
}
