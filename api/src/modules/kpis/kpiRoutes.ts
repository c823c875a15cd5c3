import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  centreKpiQuerySchema,
  centreKpisSchema,
  envelopeSchema,
  kpiRangeQuerySchema,
  myKpisSchema,
} from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { requireRole } from '../../security/authGuard';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import type { Clock } from '../../security/clock';
import { centreKpis } from './centreKpis';
import { kpiPreviousOf } from './kpiPrevious';
import { parseKpiRange, previousKpiRange } from './kpiRange';
import { myKpis } from './technicianKpis';
import { named } from '../../http/pluginName';

const errors = backOfficeReadErrors;

export interface KpiContext {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * KPIs (spec §8; §3 'KPI dashboard': manager of the centre, admin all or per centre; staff only today's counters,
 * which /api/staff/today already gives; technician own KPIs). A range is two local dates, both inclusive; a bad,
 * reversed or > 366-day range answers 422 DATE_RANGE_INVALID; another centre 404. The centre's answer carries the
 * headline figures of the period of the same length just before (`previous`).
 */
export const kpiRoutes: FastifyPluginAsyncZod<{ ctx: KpiContext }> = named('kpiRoutes', async (app, { ctx }) => {
  const { db, clock } = ctx;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/kpis/centre',
    {
      preHandler: requireCentreRole(db, 'manager', 'admin'),
      schema: {
        tags: ['back-office'],
        summary: 'Chỉ số (KPI) của trung tâm trong khoảng ngày (quản lý: trung tâm của mình; quản trị: một hoặc mọi trung tâm)',
        querystring: centreKpiQuerySchema,
        response: { 200: envelopeSchema(centreKpisSchema), ...errors },
      },
    },
    async (request) => {
      const range = parseKpiRange(request.query.from, request.query.to);
      const scope = centreScopeOf(request);
      const { centreId: requested } = request.query;
      const centreId = scope.centreId === null && requested === undefined ? null : await centreForRequest(db, scope, requested);
      const now = clock.now();
      // The period of the same length just before, for the tiles' comparison.
      const [current, previous] = await Promise.all([centreKpis(db, centreId, range, now), centreKpis(db, centreId, previousKpiRange(range), now)]);
      return ok({ ...current, previous: kpiPreviousOf(previous) });
    },
  );

  app.get(
    '/kpis/technician/me',
    {
      preHandler: requireRole('technician'),
      schema: {
        tags: ['back-office'],
        summary: 'Chỉ số của chính kỹ thuật viên: giờ chấm công, số phiếu hoàn thành, hiệu suất so với định mức',
        querystring: kpiRangeQuerySchema,
        response: { 200: envelopeSchema(myKpisSchema), ...errors },
      },
    },
    async (request) => {
      const range = parseKpiRange(request.query.from, request.query.to);
      return ok(await myKpis(db, request.auth!.userId, range, clock.now()));
    },
  );
});
