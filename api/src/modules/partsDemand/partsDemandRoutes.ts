import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partsDemandQuerySchema, partsDemandResponseSchema, type PartsDemand, type PartsDemandNote } from 'shared-contracts/schemas';
import { backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { demandWindow, MAX_APPOINTMENTS, readPartsDemand, type PartsDemandReading } from './partsDemandQueries';
import { named } from '../../http/pluginName';

const count = (value: number) => value.toLocaleString('vi-VN');

export const partsDemandMessages = {
  read: 'Nhu cầu phụ tùng dự kiến của trung tâm.',
  noModel: 'Chưa có mô hình dự đoán hư hỏng nào được huấn luyện, nên chưa tính được nhu cầu phụ tùng. Quản trị viên có thể huấn luyện mô hình ở trang Mô hình dự đoán.',
  noAppointments: (days: number) => `Không có lịch hẹn đã đặt (có thông tin xe) nào của trung tâm trong ${days} ngày tới.`,
  noPastUsage: (labels: string[]) =>
    `Chưa có dữ liệu phụ tùng đã xuất cho các hạng mục hỏng sau, nên nhu cầu của chúng chưa được tính: ${labels.join(', ')}.`,
  truncated: `Khoảng này có hơn ${count(MAX_APPOINTMENTS)} lịch hẹn: chỉ ${count(MAX_APPOINTMENTS)} lịch hẹn sớm nhất được tính.`,
} as const;

/** What the screen shows above the table: why the figures are empty or partial. */
export function partsDemandNotes(reading: PartsDemandReading, days: number): PartsDemandNote[] {
  const notes: PartsDemandNote[] = [];
  if (!reading.model) notes.push({ code: 'NO_MODEL', message: partsDemandMessages.noModel });
  if (reading.appointments === 0) notes.push({ code: 'NO_APPOINTMENTS', message: partsDemandMessages.noAppointments(days) });
  if (reading.componentsWithoutUsage.length > 0) notes.push({ code: 'NO_PAST_USAGE', message: partsDemandMessages.noPastUsage(reading.componentsWithoutUsage) });
  if (reading.truncated) notes.push({ code: 'TRUNCATED', message: partsDemandMessages.truncated });
  return notes;
}

/**
 * GET /api/manager/parts-demand?days=14|30: the parts the centre's booked appointments of the next 14 or 30 days
 * are expected to use (spec predictive.md §4), against its available and minimum stock, with a suggested receive.
 * Manager: their own centre; admin: any centre with `?centreId=` (the first by default), read-only; staff,
 * technician and customer 403; a manager asking for another centre 404. Bad `days`: 400 in Vietnamese.
 */
export const partsDemandRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('partsDemandRoutes', async (app, { context }) => {
  const { db, clock } = context;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/manager/parts-demand',
    {
      preHandler: requireCentreRole(db, 'manager', 'admin'),
      schema: {
        tags: ['back-office'],
        summary: 'Nhu cầu phụ tùng 14/30 ngày tới của trung tâm: lịch hẹn đã đặt × hư hỏng dự đoán × phụ tùng đã dùng, so với tồn khả dụng và tồn tối thiểu',
        querystring: partsDemandQuerySchema,
        response: { 200: partsDemandResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const centreId = await centreForRequest(db, scope, request.query.centreId);
      const days = request.query.days;
      const now = clock.now();
      const reading = await readPartsDemand(db, centreId, days, now);
      const window = demandWindow(now, days);
      const data: PartsDemand = {
        centreId,
        days,
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        model: reading.model,
        appointments: reading.appointments,
        vehicles: reading.vehicles,
        expectedFailures: reading.expectedFailures,
        items: reading.items,
        notes: partsDemandNotes(reading, days),
      };
      return ok(data, partsDemandMessages.read);
    },
  );
});
