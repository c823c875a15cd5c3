import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageBounds } from './imageBounds';
import { loadSharp } from './sharpLibrary';

/**
 * The one re-encoder of uploaded images (avatars, checklist and product photos) and the one writer of the stored
 * files, both run by the image encoder's process (imageEncoderProcess.ts). Whatever was uploaded is decoded (bounded
 * by the kind's pixel limit: a header that lies), turned upright by its EXIF orientation and drawn again as a fresh
 * WebP of the kind's shape: the stored file is ours, never the uploaded bytes, with no EXIF, GPS position or ICC
 * profile (sharp keeps no metadata unless asked to).
 */

/** The decoder refused an upload (truncated, corrupt, a bomb over the pixel limit). */
export class UnreadableImageError extends Error {}

/** What a kind's stored image is drawn as. */
export type ImageShape =
  | {
      /** A square of `size` px covering the image (cropped where its attention is): an avatar. */
      fit: 'square-cover';
      size: number;
      bounds: ImageBounds;
      quality: number;
      /** The error a refused upload is thrown as (an UnreadableImageError). */
      unreadable: (message: string) => UnreadableImageError;
    }
  | {
      /** Aspect kept, never enlarged, the longest side at most `maxSide` by the storedLongSide rule: a photo. */
      fit: 'inside';
      maxSide: number;
      bounds: ImageBounds;
      quality: number;
      /** WebP's effort (0: the fastest method). */
      effort: number;
      unreadable: (message: string) => UnreadableImageError;
    };

/** A re-encoded image: the WebP and its size. */
export interface EncodedImage {
  webp: Buffer;
  width: number;
  height: number;
}

/** A JPEG whose longest side is at least twice this is decoded at half scale (see storedLongSide). */
const HALF_SCALE_MIN_SIDE = 1024;

/**
 * The longest side an image whose longest side is `longSide` is stored at under an inside shape of `maxSide`: a
 * JPEG of 2048 px to twice `maxSide` at half (rounded up, as libjpeg's half-scale decode is: libjpeg then decodes it
 * straight at half scale, a quarter of the pixels, with nothing left to resample), anything else at most `maxSide`
 * (never enlarged).
 */
export function storedLongSide(longSide: number, format: string | undefined, maxSide: number): number {
  const half = Math.ceil(longSide / 2);
  if (format === 'jpeg' && longSide >= 2 * HALF_SCALE_MIN_SIDE && half <= maxSide) return half;
  return Math.min(longSide, maxSide);
}

/**
 * Decodes the upload (its bytes, or the path of the file libvips then reads itself) and draws a fresh WebP of
 * `shape`, upright, without metadata. Throws `shape.unreadable(…)` when the decoder refuses the bytes.
 */
export async function reencodeImage(input: Buffer | string, shape: ImageShape): Promise<EncodedImage> {
  const sharp = await loadSharp();
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: shape.bounds.maxPixels, animated: false });
    if (shape.fit === 'square-cover') {
      const webp = await image
        .rotate()
        .resize(shape.size, shape.size, { fit: 'cover', position: 'attention' })
        .webp({ quality: shape.quality })
        .toBuffer();
      return { webp, width: shape.size, height: shape.size };
    }
    const { width = 0, height = 0, format } = await image.metadata();
    const side = storedLongSide(Math.max(width, height), format, shape.maxSide);
    const { data, info } = await image
      .autoOrient()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: shape.quality, effort: shape.effort })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch (error) {
    throw shape.unreadable(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Writes a re-encoded image in `folder` under a new random name (32 hex characters + .webp: nothing of the
 * upload's name survives), atomically (temp file + rename); returns the file name.
 */
export async function writeStoredImage(folder: string, webp: Buffer): Promise<string> {
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
