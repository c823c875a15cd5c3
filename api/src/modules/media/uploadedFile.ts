import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** How a route takes one file of a multipart form, and what it answers when it cannot. */
export interface UploadedFileRules {
  /** The form fields the file may come under (the first such file is taken, other files drained); absent: the form's first file, whatever its name. */
  fields?: readonly string[];
  /** The most bytes the file may have (the multipart limit is one byte more, so that a longer file is caught). */
  maxBytes: number;
  tooLarge: () => Error;
  /** No file, or an empty one. */
  missing: () => Error;
  /** A malformed form (the multipart parser's own refusals); `missing()` when absent. */
  malformed?: () => Error;
}

/** An upload kept in a hidden file of its folder (never served: not a stored file's name) for the image encoder to read. */
export interface KeptUpload {
  file: string;
  size: number;
  /** Its first bytes (enough to tell its type). */
  head: Buffer;
}

const HEAD_BYTES = 64;

/** A hidden file of `folder` for an upload; the folder is made when it is missing. */
export async function keptUploadPath(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  return path.join(folder, `.upload-${randomBytes(16).toString('hex')}`);
}

/**
 * Finds the rules' file in the request's parts and hands its stream to `take`; other files are drained unread. A
 * file over `maxBytes` answers `tooLarge()` (`take`'s result is given to `discard`), none or an empty one `missing()`.
 */
async function takeUploadedFile<T extends { size: number }>(
  request: FastifyRequest,
  rules: UploadedFileRules,
  take: (file: Readable) => Promise<T>,
  discard: (taken: T) => Promise<void>,
): Promise<T> {
  const malformed = rules.malformed ?? rules.missing;
  let taken: T | null = null;
  let truncated = false;
  const refuse = async (error: Error): Promise<never> => {
    if (taken) await discard(taken);
    throw error;
  };
  try {
    const takeFrom = async (part: MultipartFile) => {
      taken = await take(part.file);
      truncated = part.file.truncated;
    };
    if (!rules.fields) {
      // The first file, the rest of the form left unread (as `request.file()` does).
      const part = await request.file();
      if (part) await takeFrom(part);
    } else {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (taken === null && rules.fields.includes(part.fieldname)) await takeFrom(part);
        else {
          part.file.resume();
          await new Promise<void>((resolve) => part.file.once('end', resolve));
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(rules.tooLarge());
    if (typeof code === 'string' && code.startsWith('FST_')) return refuse(malformed());
    return refuse(error as Error);
  }
  const file = taken as T | null;
  if (file === null || file.size === 0) return refuse(rules.missing());
  if (truncated || file.size > rules.maxBytes) return refuse(rules.tooLarge());
  return file;
}

/** The bytes of the rules' file (a CSV: small, parsed whole). */
export async function uploadedFileBytes(request: FastifyRequest, rules: UploadedFileRules): Promise<Buffer> {
  const taken = await takeUploadedFile(
    request,
    rules,
    async (file) => {
      const chunks: Buffer[] = [];
      for await (const chunk of file) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      return { bytes, size: bytes.length };
    },
    async () => undefined,
  );
  return taken.bytes;
}

/**
 * The rules' file written, as it arrives, into a hidden file of `folder` (keptUploadPath): the API holds a chunk of
 * it at a time, not the whole upload. The caller deletes it (`discardKeptUpload`) once the encoder has read it; a
 * refused upload leaves nothing behind.
 */
export async function keepUploadedFile(request: FastifyRequest, folder: string, rules: UploadedFileRules): Promise<KeptUpload> {
  return takeUploadedFile(
    request,
    rules,
    async (source) => {
      const file = await keptUploadPath(folder);
      let size = 0;
      let head = Buffer.alloc(0);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await unlink(file).catch(() => undefined);
        throw error;
      }
      return { file, size, head };
    },
    discardKeptUpload,
  );
}

export async function discardKeptUpload(kept: KeptUpload): Promise<void> {
  await unlink(kept.file).catch(() => undefined);
}
