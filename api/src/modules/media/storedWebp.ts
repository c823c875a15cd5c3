import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/appError';

/**
 * Sends an uploaded image the API stored re-encoded as WebP under a random name (avatars, checklist photos):
 * 404 with `notFoundMessage` unless `name` matches `pattern` (lower-case only: the router is case-insensitive but
 * file names are not) and the file exists. Names are random and never reused, so the answer is cacheable for a
 * year; nosniff and a `default-src 'none'` CSP keep the browser from treating it as anything but an image.
 */
export async function sendStoredWebp(reply: FastifyReply, folder: string, name: string, pattern: RegExp, notFoundMessage: string): Promise<FastifyReply> {
  if (!pattern.test(name)) throw AppError.notFound(notFoundMessage);
  const file = path.join(folder, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw AppError.notFound(notFoundMessage);
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('content-length', String(info.size))
    .type('image/webp')
    .send(createReadStream(file));
}
