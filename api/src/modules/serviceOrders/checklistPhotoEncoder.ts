import { createImageEncoder, ImageEncoderUnavailableError, UnreadableUploadError, checklistPhotosFolder, UnreadablePhotoError, type StoredPhoto } from '../media';

/**
 * Checklist photos are re-encoded and written by the image encoder's process at a low CPU priority (nice 10):
 * see media/imageEncoder.ts for why and how. This is that encoder as the photo routes use it: the upload is kept
 * in the checklist folder and comes back as a stored photo; a dead or hung encoder fails the photo with
 * PhotoEncoderUnavailableError (the route's 503), a file the decoder refuses with UnreadablePhotoError.
 */
export { ImageEncoderUnavailableError as PhotoEncoderUnavailableError };

export interface ChecklistPhotoEncoder {
  /** Re-encodes an upload and writes it as a stored photo (UnreadablePhotoError when it is not a readable image). */
  store(bytes: Buffer): Promise<StoredPhoto>;
  /** Starts the process now rather than with the first photo (the server starts listening). */
  warm(): void;
  /** The encoder's process id while it runs (tests). */
  readonly pid: number | undefined;
  /** Photos handed to the process and not answered yet (tests). */
  readonly inFlight: number;
  close(): Promise<void>;
}

export function createChecklistPhotoEncoder(options: { uploadDir: string; timeoutMs?: number }): ChecklistPhotoEncoder {
  const encoder = createImageEncoder(options);
  const folder = checklistPhotosFolder(options.uploadDir);
  return {
    get pid() {
      return encoder.pid;
    },
    get inFlight() {
      return encoder.inFlight;
    },
    warm: () => encoder.warm(),
    close: () => encoder.close(),
    async store(bytes) {
      try {
        return await encoder.store('checklist-photo', folder, bytes);
      } catch (error) {
        if (error instanceof UnreadableUploadError) throw new UnreadablePhotoError(error.message);
        throw error;
      }
    },
  };
}
