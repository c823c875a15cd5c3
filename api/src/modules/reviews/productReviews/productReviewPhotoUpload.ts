import type { FastifyRequest } from 'fastify';
import { CHECKLIST_PHOTO_MAX_BYTES } from 'shared-contracts/schemas';
import { objectStoreAt } from '../../../objectStorage';
import { CHECKLIST_PHOTO_BOUNDS, photoFieldUpload, productImagesFolder, storeUploadedImage, type ImageEncoder } from '../../media';
import { productReviewMessages as messages } from './productReviewMessages';

export const REVIEW_PHOTO_MAX_BYTES = CHECKLIST_PHOTO_MAX_BYTES;

/**
 * A review photo as uploaded (the form's `photo` field): a JPEG, PNG or WebP within the checklist photos' bounds,
 * re-encoded by the image encoder's process as an uploaded product photo is (WebP ≤ 1600 px, no EXIF) and stored
 * with them.
 */
export async function storeReviewPhoto(request: FastifyRequest, encoder: ImageEncoder, uploadDir: string): Promise<{ file: string; width: number; height: number }> {
  const upload = { kind: 'product-image', folder: productImagesFolder(uploadDir), bounds: CHECKLIST_PHOTO_BOUNDS, maxBytes: REVIEW_PHOTO_MAX_BYTES } as const;
  return storeUploadedImage(request, encoder, photoFieldUpload(request, messages, upload));
}

/** Deletes stored review photos (files already gone are ignored). */
export async function deleteReviewPhotoFiles(uploadDir: string, files: readonly string[]): Promise<void> {
  const store = objectStoreAt(uploadDir);
  await Promise.all(files.map((file) => store.delete(`products/${file}`).catch(() => undefined)));
}
