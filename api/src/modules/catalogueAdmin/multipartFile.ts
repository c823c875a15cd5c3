import type { FastifyRequest } from 'fastify';

export interface MultipartFileRules {
  /** The most bytes the file may have (the plugin reads one byte past it, so a longer file is caught here). */
  maxBytes: number;
  tooLarge: () => Error;
  missing: () => Error;
}

/**
 * The bytes of a multipart form's `file` field (other files are drained unread): a file over the limit answers
 * `tooLarge()`, no file, an empty one or a malformed form `missing()`.
 */
export async function multipartFileBytes(request: FastifyRequest, rules: MultipartFileRules): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (bytes === null && part.fieldname === 'file') {
        bytes = await part.toBuffer();
      } else {
        part.file.resume();
        await new Promise<void>((resolve) => part.file.once('end', resolve));
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw rules.missing();
    throw error;
  }
  if (bytes === null || bytes.length === 0) throw rules.missing();
  if (bytes.length > rules.maxBytes) throw rules.tooLarge();
  return bytes;
}
