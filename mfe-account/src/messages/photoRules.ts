import { CONVERSATION_PHOTOS_MAX } from 'shared-contracts/conversations';

/** What a message photo may be, checked before any upload (the server checks again and says why it refuses). */
export const MESSAGE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MESSAGE_PHOTO_MAX_MB = 8;
export const MESSAGE_PHOTO_MAX_BYTES = MESSAGE_PHOTO_MAX_MB * 1024 * 1024;

export type PhotoProblem = 'wrongType' | 'tooLarge';

/** What is wrong with a chosen file; null when it may be uploaded. */
export function messagePhotoProblem(file: File): PhotoProblem | null {
  if (!(MESSAGE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MESSAGE_PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** How many more photos the message may take. */
export function photoSlotsLeft(taken: number): number {
  return Math.max(0, CONVERSATION_PHOTOS_MAX - taken);
}
