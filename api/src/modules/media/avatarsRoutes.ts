import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/appError';
import { AVATAR_FILE_PATTERN, avatarsFolder } from './avatarsStore';

export interface AvatarsRoutesOptions {
  uploadDir: string;
}

const notFoundMessage = 'Không tìm thấy ảnh đại diện.';

/**
 * GET /api/media/avatars/:name: a stored (re-encoded) avatar. Names are random and never reused, so the
 * answer is cacheable for a year.
 */
export const avatarsRoutes: FastifyPluginAsync<AvatarsRoutesOptions> = async (app, { uploadDir }) => {
  app.get<{ Params: { name: string } }>(
    '/media/avatars/:name',
    { schema: { tags: ['media'], summary: 'Ảnh đại diện đã lưu (WebP 256×256)' } },
    async (request, reply) => {
      const { name } = request.params;
      // Lower-case only: the router is case-insensitive but file names are not.
      if (!AVATAR_FILE_PATTERN.test(name)) throw AppError.notFound(notFoundMessage);
      const file = path.join(avatarsFolder(uploadDir), name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw AppError.notFound(notFoundMessage);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-length', String(info.size))
        .type('image/webp')
        .send(createReadStream(file));
    },
  );
};
