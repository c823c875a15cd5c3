import path from 'node:path';
import { objectStoreAt } from '../../objectStorage';
import { CHECKLIST_PHOTO_SHAPE } from './checklistPhotosStore';
import type { StoredImage } from './imageEncoder';
import { reencodeImage, writeStoredImage } from './imageReencode';
import { loadSharp } from './sharpLibrary';

/**
 * The admin's product photos: re-encoded like a checklist photo (upright, ≤ 1600 px, WebP, no metadata) by the
 * image encoder's process, written under a random name in UPLOAD_DIR/products and served without login.
 */

export const PRODUCT_IMAGE_URL_PREFIX = '/api/media/products/';
/** A stored product photo's name: 32 random hex characters + .webp. */
export const PRODUCT_IMAGE_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
/** The key a product's images column holds for an uploaded photo (seeded images are paths of the assets). */
export const UPLOADED_IMAGE_KEY_PREFIX = 'uploads/products/';

export function productImagesFolder(uploadDir: string): string {
  return path.join(uploadDir, 'products');
}

export function isUploadedImageKey(key: string): boolean {
  return key.startsWith(UPLOADED_IMAGE_KEY_PREFIX) && PRODUCT_IMAGE_FILE_PATTERN.test(key.slice(UPLOADED_IMAGE_KEY_PREFIX.length));
}

/** The public URL of an uploaded photo's key. */
export function uploadedImageUrl(key: string): string {
  return `${PRODUCT_IMAGE_URL_PREFIX}${key.slice(UPLOADED_IMAGE_KEY_PREFIX.length)}`;
}

/** The encoder's work on a product photo upload: re-encoded as a checklist photo (CHECKLIST_PHOTO_SHAPE) and written under a random name. */
export async function storeProductImage(input: Buffer | string, uploadDir: string): Promise<StoredImage> {
  const encoded = await reencodeImage(input, CHECKLIST_PHOTO_SHAPE);
  const file = await writeStoredImage(productImagesFolder(uploadDir), encoded.webp);
  return { file, width: encoded.width, height: encoded.height };
}

/**
 * The width and height of an uploaded photo by its key ('uploads/products/<name>.webp'), read from UPLOAD_DIR's
 * object store; null when there is no such photo. Our own re-encoded WebP: its header says its size.
 */
export async function uploadedImageSize(uploadDir: string, key: string): Promise<{ width: number; height: number } | null> {
  if (!isUploadedImageKey(key)) return null;
  const stored = await objectStoreAt(uploadDir).get(`products/${key.slice(UPLOADED_IMAGE_KEY_PREFIX.length)}`);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(Buffer.concat(chunks)).metadata();
  return { width, height };
}
