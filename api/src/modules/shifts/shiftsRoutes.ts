import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  copyPreviousWeekInputSchema,
  copyPreviousWeekResultSchema,
  correctTimeEntryInputSchema,
  envelopeSchema,
  shiftIdParamsSchema,
  shiftSchema,
  shiftWeekQuerySchema,
  shiftWeekSchema,
  timeEntriesQuerySchema,
  timeEntryListSchema,
  timeEntryParamsSchema,
  timeEntrySchema,
  upsertShiftInputSchema,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { requireKnownField } from '../../http/bodyFields';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import type { Clock } from '../../security/clock';
import { shiftsMessages } from './shiftsMessages';
import { parseWeekStart, readShiftWeek } from './shiftWeek';
import { copyPreviousWeek, deleteShift, upsertShift } from './shiftWrites';
import { correctTimeEntry, listTimeEntries } from './timeEntries';
import { named } from '../../http/pluginName';

const errors = backOfficeErrors;
const shiftResponse = envelopeSchema(shiftSchema);

/**
 * Shifts and time entries (spec back-office.md §3 'Shifts' and 'Edit someone's time entry', §7 M3 and M4).
 * Shifts: manager (own centre) and admin plan; staff view their centre's week; a technician views their own row.
 * Time entries: manager (own centre) and admin view and correct. Another centre answers 404; other roles 403.
 */
export const shiftsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = named('shiftsRoutes', async (app, { db, clock }) => {
  cacheControlForAll(app, 'private, no-store');
  const viewers = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const planners = requireCentreRole(db, 'manager', 'admin');

  app.get(
    '/shifts',
    {
      preHandler: viewers,
      schema: {
        tags: ['back-office'],
        summary: 'Lịch ca tuần của trung tâm: kỹ thuật viên × 7 ngày (weekStart là thứ Hai; kỹ thuật viên chỉ thấy ca của mình)',
        querystring: shiftWeekQuerySchema,
        response: { 200: envelopeSchema(shiftWeekSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const week = parseWeekStart(request.query.weekStart);
      const centreId = await centreForRequest(db, scope, request.query.centreId);
      return ok(await readShiftWeek(db, scope, centreId, week));
    },
  );

  app.put(
    '/shifts',
    {
      preValidation: requireKnownField(upsertShiftInputSchema),
      preHandler: planners,
      schema: {
        tags: ['back-office'],
        summary: 'Xếp hoặc sửa ca một ngày của kỹ thuật viên (trong giờ mở cửa: 422 SHIFT_OUTSIDE_HOURS)',
        body: upsertShiftInputSchema,
        response: { 200: shiftResponse, ...errors },
      },
    },
    async (request) => ok(await upsertShift(db, centreScopeOf(request), request.body), shiftsMessages.shiftSaved),
  );

  app.delete(
    '/shifts/:id',
    {
      preHandler: planners,
      schema: {
        tags: ['back-office'],
        summary: 'Xoá một ca làm',
        params: shiftIdParamsSchema,
        response: { 200: shiftResponse, ...errors },
      },
    },
    async (request) => ok(await deleteShift(db, centreScopeOf(request), request.params.id), shiftsMessages.shiftDeleted),
  );

  app.post(
    '/shifts/copy-previous-week',
    {
      preHandler: planners,
      schema: {
        tags: ['back-office'],
        summary: 'Sao chép ca của tuần trước sang tuần này (bỏ qua ngày đã có ca); trả về số ca đã sao chép',
        body: copyPreviousWeekInputSchema,
        response: { 200: envelopeSchema(copyPreviousWeekResultSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      parseWeekStart(request.body.weekStart);
      const centreId = await centreForRequest(db, scope, request.body.centreId);
      const result = await copyPreviousWeek(db, scope, centreId, request.body.weekStart);
      return ok(result, shiftsMessages.copied(result.copied));
    },
  );

  app.get(
    '/time-entries',
    {
      preHandler: planners,
      schema: {
        tags: ['back-office'],
        summary: 'Các lượt bấm giờ của trung tâm theo khoảng ngày (mặc định 7 ngày gần nhất), lọc theo kỹ thuật viên',
        querystring: timeEntriesQuerySchema,
        response: { 200: envelopeSchema(timeEntryListSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { centreId: requested, technicianId, from, to } = request.query;
      const centreId = await centreForRequest(db, scope, requested);
      return ok(await listTimeEntries(db, clock, centreId, { technicianId, from, to }));
    },
  );

  app.patch(
    '/time-entries/:id',
    {
      preValidation: requireKnownField(correctTimeEntryInputSchema),
      preHandler: planners,
      schema: {
        tags: ['back-office'],
        summary: 'Chỉnh sửa một lượt bấm giờ đã kết thúc, kèm lý do (ghi lại người sửa và lý do; lượt đang chạy: 409 TIME_ENTRY_RUNNING)',
        params: timeEntryParamsSchema,
        body: correctTimeEntryInputSchema,
        response: { 200: envelopeSchema(timeEntrySchema), ...errors },
      },
    },
    async (request) => ok(await correctTimeEntry(db, clock, centreScopeOf(request), request.params.id, request.body), shiftsMessages.entryCorrected),
  );
});
