import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { serviceCentreListResponseSchema } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { listServiceCentres } from './centresQueries';
import { named } from '../../http/pluginName';

export interface CentresRoutesOptions {
  db: Kysely<Database>;
}

/** GET /api/centres: the service centres (public, cached 60 s, ETag / 304). */
export const centresRoutes: FastifyPluginAsyncZod<CentresRoutesOptions> = named('centresRoutes', async (app, { db }) => {
  app.get(
    '/centres',
    {
      config: { publicCache: { maxAgeSeconds: 60 } },
      schema: {
        tags: ['centres'],
        summary: 'Danh sách chi nhánh dịch vụ',
        response: { 200: serviceCentreListResponseSchema },
      },
    },
    async () => ok(await listServiceCentres(db)),
  );
});
