import { PRODUCT_REVIEW_PHOTOS_MAX } from 'shared-contracts/reviews';

/** What a review photo may be, checked before any upload (the server checks again and says why it refuses). */
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const REVIEW_PHOTO_MAX_MB = 8;
export const REVIEW_PHOTO_MAX_BYTES = REVIEW_PHOTO_MAX_MB * 1024 * 1024;

export type PhotoProblem = 'wrongType' | 'tooLarge';

/** What is wrong with a chosen file; null when it may be sent. */
export function reviewPhotoProblem(file: File): PhotoProblem | null {
  if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > REVIEW_PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** How many more photos a review may take, given those it keeps and those waiting to be sent. */
export function photoSlotsLeft(kept: number, waiting: number): number {
  return Math.max(0, PRODUCT_REVIEW_PHOTOS_MAX - kept - waiting);
}

/** An object URL to preview the file (none where the browser has no URL.createObjectURL). */
export function previewUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

export function forgetPreview(url: string | null): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
