import type { FastifyRequest } from 'fastify';
import { CHECKLIST_PHOTO_MAX_BYTES, ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from '../../../http/appError';
import { objectStoreAt } from '../../../objectStorage';
import {
  assertImageWithinBounds,
  CHECKLIST_PHOTO_BOUNDS,
  ImageEncoderUnavailableError,
  productImagesFolder,
  sniffImageType,
  UnreadableUploadError,
  uploadedPhotoBytes,
  type ImageEncoder,
} from '../../media';
import { productReviewMessages as messages } from './productReviewMessages';

export const REVIEW_PHOTO_MAX_BYTES = CHECKLIST_PHOTO_MAX_BYTES;
const photoError = (status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) =>
  new AppError(status, code, message, [{ field: 'photo', message }]);

/**
 * A review photo as uploaded: a JPEG, PNG or WebP (sniffed from its bytes, 415 otherwise) whose declared canvas
 * is within the checklist photos' bounds (422 before anything decodes it), re-encoded by the image encoder's
 * process as an uploaded product photo is (WebP ≤ 1600 px, no EXIF) and stored with them.
 */
export async function storeReviewPhoto(request: FastifyRequest, encoder: ImageEncoder, uploadDir: string): Promise<{ file: string; width: number; height: number }> {
  const bytes = await uploadedPhotoBytes(request, REVIEW_PHOTO_MAX_BYTES, messages);
  if (sniffImageType(bytes) === null) throw photoError(415, ERROR_CODES.UNSUPPORTED_IMAGE_TYPE, messages.photoWrongType);
  const unreadable = () => photoError(400, ERROR_CODES.UNREADABLE_IMAGE, messages.photoUnreadable);
  await assertImageWithinBounds(bytes, CHECKLIST_PHOTO_BOUNDS, unreadable);
  try {
    return await encoder.store('product-image', productImagesFolder(uploadDir), bytes);
  } catch (error) {
    if (error instanceof UnreadableUploadError) throw unreadable();
    if (error instanceof ImageEncoderUnavailableError) throw new AppError(503, ERROR_CODES.IMAGE_ENCODER_UNAVAILABLE, messages.photoBusy);
    throw error;
  }
}

/** Deletes stored review photos (files already gone are ignored). */
export async function deleteReviewPhotoFiles(uploadDir: string, files: readonly string[]): Promise<void> {
  const store = objectStoreAt(uploadDir);
  await Promise.all(files.map((file) => store.delete(`products/${file}`).catch(() => undefined)));
}
