import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { objectStoreAt } from '../../objectStorage';
import { CHECKLIST_PHOTO_BOUNDS } from './imageBounds';

/**
 * The files of checklist photos (spec §5): whatever a technician's phone sends (JPEG, PNG or WebP, sniffed from
 * the bytes) is decoded, turned upright by its EXIF orientation, shrunk to at most 1600 px on its longest side
 * and written again as WebP. The stored file is ours: no EXIF, no GPS position, no ICC profile of the upload
 * (sharp keeps no metadata unless asked to).
 *
 * The work is done by the image encoder's process (media/imageEncoder.ts, at a low CPU priority): the API
 * only keeps the upload for it (keepUpload) and records the stored file. A JPEG is decoded
 * already shrunk where it can be (libjpeg's shrink-on-load, by 2, 4 or 8), and WebP is written at effort 0, the
 * fastest method: a photo of a brake pad does not need the last percent of compression (budget: a 4 MB JPEG
 * accepted in p95 < 600 ms, while the floor's other requests keep theirs).
 *
 * The stored size (`storedLongSide`): at most 1600 px on the longest side, and a JPEG of 2048 to 3200 px is
 * kept at half its size (1024 to 1600 px). libjpeg then decodes it straight at half scale, a quarter of the
 * pixels, with nothing left to resample: a 5 MP camera's 2600 × 1950 photo costs about half of what it would
 * resampled to 1600 px, and 1300 px still shows a brake pad's wear or a tyre's tread on any screen. Larger
 * photos (a 12 MP phone's 4032 px) are decoded at half scale and brought down to 1600 px.
 */

/** URL path under which stored checklist photos are served. */
export const CHECKLIST_PHOTO_URL_PREFIX = '/api/media/checklist-photos/';
/** The longest side of a stored photo. */
export const CHECKLIST_PHOTO_MAX_SIDE = 1600;
/** A stored photo's file name: 32 random hex characters + .webp (nothing of the upload's name survives). */
export const CHECKLIST_PHOTO_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
/** A JPEG whose longest side is at least twice this is decoded at half scale (see storedLongSide). */
const HALF_SCALE_MIN_SIDE = 1024;

export class UnreadablePhotoError extends Error {}

export interface EncodedPhoto {
  webp: Buffer;
  width: number;
  height: number;
}

/** A stored photo: its file name in the checklist folder and its size. */
export interface StoredPhoto {
  file: string;
  width: number;
  height: number;
}

export function checklistPhotosFolder(uploadDir: string): string {
  return path.join(uploadDir, 'checklist');
}

export function checklistPhotoUrl(file: string): string {
  return `${CHECKLIST_PHOTO_URL_PREFIX}${file}`;
}

/**
 * Decodes the upload and draws a fresh WebP of at most 1600×1600 (storedLongSide; aspect kept, never enlarged),
 * upright, without metadata. Throws UnreadablePhotoError when the decoder refuses the bytes (truncated, corrupt, too
 * many pixels).
 */
export async function reencodeChecklistPhoto(input: Buffer | string): Promise<EncodedPhoto> {
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: CHECKLIST_PHOTO_BOUNDS.maxPixels, animated: false });
    const { width = 0, height = 0, format } = await image.metadata();
    const side = storedLongSide(Math.max(width, height), format);
    const { data, info } = await image
      .autoOrient()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 0 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadablePhotoError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The longest side a photo whose longest side is `longSide` is stored at: a JPEG of 2048 to 3200 px at half
 * (rounded up, as libjpeg's half-scale decode is), anything else at most 1600 px (never enlarged).
 */
export function storedLongSide(longSide: number, format: string | undefined): number {
  const half = Math.ceil(longSide / 2);
  if (format === 'jpeg' && longSide >= 2 * HALF_SCALE_MIN_SIDE && half <= CHECKLIST_PHOTO_MAX_SIDE) return half;
  return Math.min(longSide, CHECKLIST_PHOTO_MAX_SIDE);
}

/** Writes the photo under a new random name (atomically: temp file + rename); returns the file name. */
export async function writeChecklistPhoto(uploadDir: string, webp: Buffer): Promise<string> {
  const folder = checklistPhotosFolder(uploadDir);
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
  return name;
}

/**
 * The encoder's work on an upload (its bytes, or the path of the file libvips then reads itself): re-encoded
 * (reencodeChecklistPhoto) and written as a stored photo.
 */
export async function storeChecklistPhoto(input: Buffer | string, uploadDir: string): Promise<StoredPhoto> {
  const encoded = await reencodeChecklistPhoto(input);
  const file = await writeChecklistPhoto(uploadDir, encoded.webp);
  return { file, width: encoded.width, height: encoded.height };
}

/** Deletes a stored photo (ignores names that are not ours and files already gone). */
export async function removeChecklistPhoto(uploadDir: string, file: string): Promise<void> {
  if (!CHECKLIST_PHOTO_FILE_PATTERN.test(file)) return;
  await objectStoreAt(uploadDir).delete(`checklist/${file}`).catch(() => undefined);
}
