import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { objectStoreAt } from '../../objectStorage';
import { AVATAR_BOUNDS } from './imageBounds';
import type { StoredImage } from './imageEncoder';

/** URL path under which stored avatars are served. */
export const AVATAR_URL_PREFIX = '/api/media/avatars/';
export const AVATAR_SIZE = 256;
/** A stored avatar's file name: 32 random hex characters + .webp (nothing of the upload's name survives). */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;

export type SniffedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type from the file's first bytes (the declared name and content type are not trusted). */
export function sniffImageType(bytes: Buffer): SniffedImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export class UnreadableImageError extends Error {}

/**
 * Decodes the upload and draws a fresh 256×256 WebP from its pixels (EXIF orientation applied, metadata
 * dropped): the stored file is ours, never the uploaded bytes. Throws UnreadableImageError for a file the
 * decoder refuses (truncated, corrupt, a bomb over the pixel limit). Runs in the image encoder's process
 * (imageEncoder.ts), after the route has bounded the declared canvas (imageBounds.ts).
 */
export async function reencodeAvatar(input: Buffer | string): Promise<Buffer> {
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: AVATAR_BOUNDS.maxPixels, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

export function avatarsFolder(uploadDir: string): string {
  return path.join(uploadDir, 'avatars');
}

export function avatarUrl(file: string): string {
  return `${AVATAR_URL_PREFIX}${file}`;
}

/**
 * The encoder's work on an avatar upload: re-encoded (reencodeAvatar) and written under a random name
 * (atomically: temp file + rename).
 */
export async function storeAvatarFile(input: Buffer | string, uploadDir: string): Promise<StoredImage> {
  const webp = await reencodeAvatar(input);
  const folder = avatarsFolder(uploadDir);
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const temporary = path.join(folder, `.${name}.tmp`);
  try {
    await writeFile(temporary, webp, { mode: 0o644 });
    await rename(temporary, path.join(folder, name));
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return { file: name, width: AVATAR_SIZE, height: AVATAR_SIZE };
}

/** Deletes a previously stored avatar (ignores URLs that are not ours and files already gone). */
export async function deleteStoredAvatar(uploadDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILE_PATTERN.test(name)) return;
  await objectStoreAt(uploadDir).delete(`avatars/${name}`).catch(() => undefined);
}
