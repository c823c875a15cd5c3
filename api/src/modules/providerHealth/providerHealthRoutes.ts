import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { providerStatusResponseSchema } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { requireRole } from '../../security/authGuard';
import type { Clock } from '../../security/clock';
import { readProviderStatus, type ProviderSetupConfig } from './providerStatusRead';

/** GET /api/admin/provider-status: the owner's view of the outside providers (admin only). */
export const providerHealthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: ProviderSetupConfig; clock: Clock }> = named('providerHealthRoutes', async (app, { db, config, clock }) => {
  cacheControlForAll(app, 'private, no-store');
  app.get(
    '/admin/provider-status',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['back-office'],
        summary: 'Tình trạng các nhà cung cấp bên ngoài (payOS, Zalo, eSMS, Web Push, máy chủ thư, kho ảnh, Google): đang lỗi hay không, tin đang chờ gửi',
        response: { 200: providerStatusResponseSchema, ...backOfficeReadErrors },
      },
    },
    async () => ok(await readProviderStatus(db, config, clock.now()), 'Đã tải tình trạng nhà cung cấp.'),
  );
});
