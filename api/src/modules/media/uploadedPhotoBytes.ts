import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';

/** What the caller's users read when the upload is refused. */
export interface UploadedPhotoMessages {
  notMultipart: string;
  photoTooLarge: string;
  photoMissing: string;
}

/**
 * The bytes of a multipart form's `photo` field, other files drained unread: 415 when the request is not multipart,
 * 413 over `maxBytes` (the multipart limit should be maxBytes + 1, so that one byte over is read and told), 400
 * without a photo. The caller sniffs and bounds the image itself.
 */
export async function uploadedPhotoBytes(request: FastifyRequest, maxBytes: number, messages: UploadedPhotoMessages): Promise<Buffer> {
  const tooLarge = () => new AppError(413, ERROR_CODES.FILE_TOO_LARGE, messages.photoTooLarge, [{ field: 'photo', message: messages.photoTooLarge }]);
  const missing = () => AppError.validation([{ field: 'photo', message: messages.photoMissing }], messages.photoMissing);
  if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, messages.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (bytes === null && part.fieldname === 'photo') bytes = await part.toBuffer();
      else {
        part.file.resume();
        await new Promise<void>((resolve) => part.file.once('end', resolve));
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw missing();
    throw error;
  }
  if (bytes === null || bytes.length === 0) throw missing();
  if (bytes.length > maxBytes) throw tooLarge();
  return bytes;
}
