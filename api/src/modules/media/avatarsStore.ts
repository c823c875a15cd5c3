import path from 'node:path';
import { objectStoreAt } from '../../objectStorage';
import { AVATAR_BOUNDS } from './imageBounds';
import type { StoredImage } from './imageEncoder';
import { UnreadableImageError, reencodeImage, writeStoredImage, type ImageShape } from './imageReencode';

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

/**
 * An avatar: a fresh 256×256 WebP (q82) covering the upload's pixels (EXIF orientation applied, metadata dropped),
 * drawn by the image encoder's process (imageReencode.ts) after the route has bounded the declared canvas
 * (imageBounds.ts). An upload the decoder refuses is an UnreadableImageError.
 */
export const AVATAR_SHAPE: ImageShape = {
  fit: 'square-cover',
  size: AVATAR_SIZE,
  bounds: AVATAR_BOUNDS,
  quality: 82,
  unreadable: (message) => new UnreadableImageError(message),
};

export function avatarsFolder(uploadDir: string): string {
  return path.join(uploadDir, 'avatars');
}

export function avatarUrl(file: string): string {
  return `${AVATAR_URL_PREFIX}${file}`;
}

/** The encoder's work on an avatar upload: re-encoded (AVATAR_SHAPE) and written under a random name. */
export async function storeAvatarFile(input: Buffer | string, uploadDir: string): Promise<StoredImage> {
  const encoded = await reencodeImage(input, AVATAR_SHAPE);
  const file = await writeStoredImage(avatarsFolder(uploadDir), encoded.webp);
  return { file, width: encoded.width, height: encoded.height };
}

/** Deletes a previously stored avatar (ignores URLs that are not ours and files already gone). */
export async function deleteStoredAvatar(uploadDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILE_PATTERN.test(name)) return;
  await objectStoreAt(uploadDir).delete(`avatars/${name}`).catch(() => undefined);
}
