import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/appError';
import { objectStoreAt } from '../../objectStorage';

/**
 * Sends an uploaded image the API stored re-encoded as WebP under a random name (avatars, checklist photos):
 * 404 with `notFoundMessage` unless `name` matches `pattern` (lower-case only: the router is case-insensitive but
 * file names are not) and the file exists. `folder` is a kind's folder right under UPLOAD_DIR ('…/avatars'): the file is
 * read from that UPLOAD_DIR's object store (the folder itself, or the S3 bucket) at key '<kind>/<name>'. Names are random and never reused, so the answer is cacheable for a
 * year; nosniff and a `default-src 'none'` CSP keep the browser from treating it as anything but an image.
 */
export async function sendStoredWebp(reply: FastifyReply, folder: string, name: string, pattern: RegExp, notFoundMessage: string): Promise<FastifyReply> {
  if (!pattern.test(name)) throw AppError.notFound(notFoundMessage);
  const stored = await objectStoreAt(path.dirname(folder)).get(`${path.basename(folder)}/${name}`);
  if (!stored) throw AppError.notFound(notFoundMessage);
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('content-length', String(stored.size))
    .type('image/webp')
    .send(stored.body);
}
