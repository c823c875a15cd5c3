import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idInput, recallCampaignListResponseSchema, recallCampaignResponseSchema, recallCompletionResponseSchema, vehicleRecallListResponseSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { currentAuth, requireRole } from '../../security/authGuard';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { closeRecallCampaign, createRecallCampaign, listRecallCampaigns, parseRecallCampaignInput, readRecallCampaign } from './recallCampaigns';
import { recallMessages as messages } from './recallMessages';
import { sendRecallNotices } from './recallNotices';
import { markRecallNotApplicable, openRecallsForStaff, openRecallsOfOrder, openRecallsOfOwnVehicle, recallCompletionByCentre } from './recallVehicles';
import { AppError } from '../../http/appError';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';

const campaignParams = z.object({ id: idInput('Mã chiến dịch triệu hồi không hợp lệ.') });
const vehicleParams = z.object({ id: idInput('Mã xe không hợp lệ.') });
const orderParams = z.object({ id: idInput('Mã phiếu dịch vụ không hợp lệ.') });
const campaignVehicleParams = z.object({ id: idInput('Mã chiến dịch triệu hồi không hợp lệ.'), vehicleId: idInput('Mã xe không hợp lệ.') });

/**
 * Recall campaigns (issue 66 §4). The admin's: GET/POST /api/admin/recalls (create matches the fleet and tells the
 * affected owners), GET /api/admin/recalls/:id, POST /api/admin/recalls/:id/close. The owner's: GET
 * /api/vehicles/:id/recalls. The floor's (staff, technician, manager, admin): GET /api/recalls/vehicles/:id (the
 * flag at check-in), GET /api/recalls/service-orders/:id (the work order's vehicle, the order's centre only), POST /api/recalls/:id/vehicles/:vehicleId/not-applicable (staff, manager).
 * The manager's KPI: GET /api/recalls/completion (their centre; every centre for an admin).
 * Every ten minutes (once across instances) the owners of vehicles matched since — saved or changed into a campaign's
 * scope after it was created — are told, as a new campaign's owners are at once.
 */
export const recallRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('recallRoutes', async (app, { context }) => {
  const { db, clock, events } = context;
  const tags = ['recalls'];
  const admin = requireRole('admin');
  const floor = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const deskWriters = requireCentreRole(db, 'staff', 'manager');
  const managers = requireCentreRole(db, 'manager', 'admin');
  const customer = requireRole('customer');

  cacheControlForAll(app, 'private, no-store');

  app.get('/admin/recalls', { preHandler: admin, schema: { tags, summary: 'Các chiến dịch triệu hồi, kèm số xe theo trạng thái', response: { 200: recallCampaignListResponseSchema, ...backOfficeErrors } } }, async () =>
    ok({ items: await listRecallCampaigns(db) }),
  );
  app.get(
    '/admin/recalls/:id',
    { preHandler: admin, schema: { tags, summary: 'Một chiến dịch triệu hồi', params: campaignParams, response: { 200: recallCampaignResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      const campaign = await readRecallCampaign(db, request.params.id);
      if (!campaign) throw AppError.notFound(messages.notFound);
      return ok(campaign);
    },
  );
  app.post(
    '/admin/recalls',
    {
      preHandler: admin,
      bodyLimit: 1_500_000,
      schema: { tags, summary: 'Tạo chiến dịch triệu hồi (dòng xe + năm sản xuất, dải VIN, danh sách VIN CSV); khớp xe và báo khách', response: { 201: recallCampaignResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => {
      const input = parseRecallCampaignInput(request.body);
      const now = clock.now();
      const created = await createRecallCampaign(db, input, currentAuth(request).userId, now);
      await sendRecallNotices({ db, events, now }, { campaignId: created.id });
      return reply.code(201).send(ok((await readRecallCampaign(db, created.id))!, messages.created));
    },
  );
  app.post(
    '/admin/recalls/:id/close',
    { preHandler: admin, schema: { tags, summary: 'Đóng chiến dịch triệu hồi', params: campaignParams, response: { 200: recallCampaignResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await closeRecallCampaign(db, request.params.id, clock.now()), messages.closed),
  );

  app.get(
    '/vehicles/:id/recalls',
    { preHandler: customer, schema: { tags, summary: 'Triệu hồi đang mở của xe của tôi', params: vehicleParams, response: { 200: vehicleRecallListResponseSchema, ...backOfficeErrors } } },
    async (request) => ok({ items: await openRecallsOfOwnVehicle(db, currentAuth(request).userId, request.params.id) }),
  );
  app.get(
    '/recalls/vehicles/:id',
    { preHandler: floor, schema: { tags, summary: 'Triệu hồi đang mở của một xe (quầy, kỹ thuật viên)', params: vehicleParams, response: { 200: vehicleRecallListResponseSchema, ...backOfficeErrors } } },
    async (request) => ok({ items: await openRecallsForStaff(db, request.params.id) }),
  );
  app.get(
    '/recalls/service-orders/:id',
    { preHandler: floor, schema: { tags, summary: 'Triệu hồi đang mở của xe trên phiếu dịch vụ (phiếu của trung tâm mình)', params: orderParams, response: { 200: vehicleRecallListResponseSchema, ...backOfficeErrors } } },
    async (request) => ok({ items: await openRecallsOfOrder(db, centreScopeOf(request), request.params.id) }),
  );
  app.post(
    '/recalls/:id/vehicles/:vehicleId/not-applicable',
    { preHandler: deskWriters, schema: { tags, summary: 'Đánh dấu xe không thuộc diện áp dụng', params: campaignVehicleParams, response: { 200: vehicleRecallListResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      await markRecallNotApplicable(db, { campaignId: request.params.id, vehicleId: request.params.vehicleId, at: clock.now() });
      return ok({ items: await openRecallsForStaff(db, request.params.vehicleId) }, messages.notApplicable);
    },
  );
  app.get(
    '/recalls/completion',
    { preHandler: managers, schema: { tags, summary: 'Tỷ lệ hoàn thành triệu hồi theo trung tâm (đã khắc phục / đã đặt lịch)', response: { 200: recallCompletionResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await recallCompletionByCentre(db, centreScopeOf(request).centreId)),
  );

  let notices: ScheduledJob | null = null;
  const log = app.log.child({ module: 'recalls' });
  app.addHook('onListen', async () => {
    notices ??= startScheduledJob({ name: 'recall notices', pattern: RECALL_NOTICE_SCHEDULE, run: () => sendRecallNotices({ db, events, now: clock.now() }), log, db, clock });
  });
  app.addHook('onClose', async () => {
    await notices?.stop();
  });
});

/** When the owners of vehicles matched after their campaign was created are told (cron, Vietnam's time). */
export const RECALL_NOTICE_SCHEDULE = '*/10 * * * *';
