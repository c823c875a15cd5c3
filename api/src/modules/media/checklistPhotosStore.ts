import path from 'node:path';
import { objectStoreAt } from '../../objectStorage';
import { CHECKLIST_PHOTO_BOUNDS } from './imageBounds';
import { UnreadableImageError, reencodeImage, writeStoredImage, type ImageShape } from './imageReencode';

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

/** An upload the decoder refuses as a checklist (or product) photo. */
export class UnreadablePhotoError extends UnreadableImageError {}

/**
 * A checklist photo: a fresh WebP (q80, effort 0) of at most 1600×1600 (storedLongSide; aspect kept, never
 * enlarged), upright, without metadata; an upload the decoder refuses is an UnreadablePhotoError. Product photos
 * are drawn the same.
 */
export const CHECKLIST_PHOTO_SHAPE: ImageShape = {
  fit: 'inside',
  maxSide: CHECKLIST_PHOTO_MAX_SIDE,
  bounds: CHECKLIST_PHOTO_BOUNDS,
  quality: 80,
  effort: 0,
  unreadable: (message) => new UnreadablePhotoError(message),
};

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
 * The encoder's work on an upload (its bytes, or the path of the file libvips then reads itself): re-encoded
 * (CHECKLIST_PHOTO_SHAPE) and written under a random name in the checklist folder.
 */
export async function storeChecklistPhoto(input: Buffer | string, uploadDir: string): Promise<StoredPhoto> {
  const encoded = await reencodeImage(input, CHECKLIST_PHOTO_SHAPE);
  const file = await writeStoredImage(checklistPhotosFolder(uploadDir), encoded.webp);
  return { file, width: encoded.width, height: encoded.height };
}

/** Deletes a stored photo (ignores names that are not ours and files already gone). */
export async function removeChecklistPhoto(uploadDir: string, file: string): Promise<void> {
  if (!CHECKLIST_PHOTO_FILE_PATTERN.test(file)) return;
  await objectStoreAt(uploadDir).delete(`checklist/${file}`).catch(() => undefined);
}
