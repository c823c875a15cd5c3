import { ERROR_CODES } from 'shared-contracts/errors';
import { AppError } from '../../http/appError';
import { loadSharp } from './sharpLibrary';

/*
 * libvips in the API's own process only reads image headers (assertImageWithinBounds): the pixels are the image
 * encoder's process's work (imageEncoderProcess.ts). sharpLibrary.ts loads it without an operation cache and with one
 * worker thread (docs/decisions/0022-api-process-memory-settings.md); the bounds themselves:
 * docs/decisions/0012-images-bounded-before-decoding.md.
 */

/**
 * What an uploaded image may be before anything decodes it. A file's size says nothing of its pixels: a 904-byte
 * PNG can declare 1 × 40,000 px, and drawn as a 256 × 256 avatar (cover) it becomes 256 × 10,240,000 px in the
 * resizer — gigabytes. So every image route reads the declared size from the header (sharp's metadata reads the
 * header only, no pixels: well under a millisecond) and refuses, with a 422, a canvas of too many pixels or of an
 * extreme shape before the decoder sees it. The decoder is then also bounded by the same pixel limit
 * (`limitInputPixels`), for a header that lies.
 */
export interface ImageBounds {
  /** The most pixels (width × height) the image may declare. */
  maxPixels: number;
  /** The longest side over the shortest at most (a 20:1 panorama passes, a 1 × 40,000 strip does not). */
  maxAspectRatio: number;
}

/** A phone's 24 MP photo (6000 × 4000); a 2 MB avatar of more is a trick, not a picture. */
export const AVATAR_BOUNDS: ImageBounds = { maxPixels: 25_000_000, maxAspectRatio: 20 };
/** A 200 MP phone photo still passes (checklist photos are ≤ 8 MB, decoded at reduced scale where they can be). */
export const CHECKLIST_PHOTO_BOUNDS: ImageBounds = { maxPixels: 210_000_000, maxAspectRatio: 20 };

export const imageBoundsMessages = {
  tooManyPixels: (bounds: ImageBounds) =>
    `Ảnh có kích thước quá lớn (tối đa ${Math.floor(bounds.maxPixels / 1_000_000)} triệu điểm ảnh). Vui lòng chọn ảnh nhỏ hơn.`,
  extremeShape: (bounds: ImageBounds) =>
    `Ảnh quá dài hoặc quá hẹp (cạnh dài nhất tối đa gấp ${bounds.maxAspectRatio} lần cạnh ngắn nhất). Vui lòng chọn ảnh khác.`,
} as const;

export interface DeclaredImageSize {
  width: number;
  height: number;
}

/** Why an image of `size` is refused under `bounds`, or null when it is within them. */
export function imageBoundsProblem(size: DeclaredImageSize, bounds: ImageBounds): 'TOO_MANY_PIXELS' | 'EXTREME_SHAPE' | null {
  const { width, height } = size;
  if (width * height > bounds.maxPixels) return 'TOO_MANY_PIXELS';
  if (Math.max(width, height) > bounds.maxAspectRatio * Math.min(width, height)) return 'EXTREME_SHAPE';
  return null;
}

/**
 * Reads the image's declared size from its header (the bytes, or the file at that path) and refuses it (422 IMAGE_TOO_LARGE or IMAGE_EXTREME_SHAPE)
 * unless it is within `bounds`; a header the decoder cannot read is refused with the route's own `unreadable`
 * error. Nothing is decoded.
 */
export async function assertImageWithinBounds(image: Buffer | string, bounds: ImageBounds, unreadable: () => Error): Promise<DeclaredImageSize> {
  let size: DeclaredImageSize;
  const sharp = await loadSharp();
  try {
    const { width = 0, height = 0 } = await sharp(image, { limitInputPixels: false }).metadata();
    size = { width, height };
  } catch {
    throw unreadable();
  }
  if (!(size.width > 0 && size.height > 0)) throw unreadable();
  const problem = imageBoundsProblem(size, bounds);
  if (problem === 'TOO_MANY_PIXELS') {
    const message = imageBoundsMessages.tooManyPixels(bounds);
    throw new AppError(422, ERROR_CODES.IMAGE_TOO_LARGE, message, [{ field: 'file', message }]);
  }
  if (problem === 'EXTREME_SHAPE') {
    const message = imageBoundsMessages.extremeShape(bounds);
    throw new AppError(422, ERROR_CODES.IMAGE_EXTREME_SHAPE, message, [{ field: 'file', message }]);
  }
  return size;
}
