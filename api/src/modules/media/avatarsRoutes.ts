import type { FastifyPluginAsync } from 'fastify';
import { AVATAR_FILE_PATTERN, avatarsFolder } from './avatarsStore';
import { sendStoredWebp } from './storedWebp';
import { named } from '../../http/pluginName';

export interface AvatarsRoutesOptions {
  uploadDir: string;
}

const notFoundMessage = 'Không tìm thấy ảnh đại diện.';

/**
 * GET /api/media/avatars/:name: a stored (re-encoded) avatar. Names are random and never reused, so the
 * answer is cacheable for a year.
 */
export const avatarsRoutes: FastifyPluginAsync<AvatarsRoutesOptions> = named('avatarsRoutes', async (app, { uploadDir }) => {
  app.get<{ Params: { name: string } }>(
    '/media/avatars/:name',
    { schema: { tags: ['media'], summary: 'Ảnh đại diện đã lưu (WebP 256×256)' } },
    async (request, reply) => sendStoredWebp(reply, avatarsFolder(uploadDir), request.params.name, AVATAR_FILE_PATTERN, notFoundMessage),
  );
});
