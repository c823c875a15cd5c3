import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { sniffImageType } from './avatarsStore';
import { assertImageWithinBounds, type ImageBounds } from './imageBounds';
import { ImageEncoderUnavailableError, UnreadableUploadError, type ImageEncoder, type ImageKind, type StoredImage } from './imageEncoder';
import { discardKeptUpload, keepUploadedFile, type UploadedFileRules } from './uploadedFile';

/** What an image route answers, beyond the file's own rules, when it refuses an upload. */
export interface ImageUploadRefusals {
  /** Not a JPEG, PNG or WebP by its first bytes. */
  wrongType: () => Error;
  /** A header or pixels the decoder cannot read. */
  unreadable: () => Error;
  /** The encoder died or hung on it (nothing was stored: the user sends it again). */
  busy: () => Error;
}

export interface ImageUpload extends UploadedFileRules, ImageUploadRefusals {
  kind: ImageKind;
  /** The kind's folder (where the kept upload waits and the stored image is written). */
  folder: string;
  bounds: ImageBounds;
}

/**
 * An uploaded image stored as its kind: the upload is written to a hidden file as it arrives (uploadedFile.ts), its
 * type sniffed from its first bytes, its declared canvas bounded from its header (422 before anything decodes it,
 * imageBounds.ts), then re-encoded and written by the image encoder's process, which reads the kept file itself.
 * The kept file is deleted whatever happens.
 */
export async function storeUploadedImage(request: FastifyRequest, encoder: ImageEncoder, upload: ImageUpload): Promise<StoredImage> {
  const kept = await keepUploadedFile(request, upload.folder, upload);
  try {
    if (sniffImageType(kept.head) === null) throw upload.wrongType();
    await assertImageWithinBounds(kept.file, upload.bounds, upload.unreadable);
    return await encoder.store(upload.kind, upload.folder, kept);
  } catch (error) {
    if (error instanceof UnreadableUploadError) throw upload.unreadable();
    if (error instanceof ImageEncoderUnavailableError) throw upload.busy();
    throw error;
  } finally {
    await discardKeptUpload(kept);
  }
}

/** What a route taking a form's `photo` field tells its users (conversations, reviews). */
export interface PhotoFieldMessages {
  notMultipart: string;
  photoMissing: string;
  photoTooLarge: string;
  photoWrongType: string;
  photoUnreadable: string;
  photoBusy: string;
}

/**
 * A form's `photo` field, every refusal naming it: 415 when the request is not multipart, 413 over `maxBytes`, 400
 * without a photo, 415 for a type other than JPEG/PNG/WebP, 400 for an unreadable image, 503 when the encoder is
 * unavailable.
 */
export function photoFieldUpload(
  request: FastifyRequest,
  messages: PhotoFieldMessages,
  upload: Pick<ImageUpload, 'kind' | 'folder' | 'bounds' | 'maxBytes'>,
): ImageUpload {
  const photoError = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message, [{ field: 'photo', message }]);
  if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, messages.notMultipart);
  return {
    ...upload,
    fields: ['photo'],
    tooLarge: () => photoError(413, ERROR_CODES.FILE_TOO_LARGE, messages.photoTooLarge),
    missing: () => AppError.validation([{ field: 'photo', message: messages.photoMissing }], messages.photoMissing),
    wrongType: () => photoError(415, ERROR_CODES.UNSUPPORTED_IMAGE_TYPE, messages.photoWrongType),
    unreadable: () => photoError(400, ERROR_CODES.UNREADABLE_IMAGE, messages.photoUnreadable),
    busy: () => new AppError(503, ERROR_CODES.IMAGE_ENCODER_UNAVAILABLE, messages.photoBusy),
  };
}
