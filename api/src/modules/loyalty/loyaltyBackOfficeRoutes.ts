import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerLoyaltyParamsSchema,
  customerLoyaltyQuerySchema,
  customerLoyaltyResponseSchema,
  idempotencyKeySchema,
  loyaltyAdjustmentInputSchema,
  loyaltyKpisQuerySchema,
  loyaltyKpisResponseSchema,
  loyaltySettingsInputSchema,
  loyaltySettingsOverviewResponseSchema,
  loyaltyTierRulesInputSchema,
  loyaltyTierRulesOverviewResponseSchema,
  memberPriceInputSchema,
  memberPriceMessages,
  memberPricePageResponseSchema,
  memberPriceParamsSchema,
  memberPriceResponseSchema,
  memberPricesQuerySchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { AppError } from '../../http/appError';
import { backOfficeErrors, backOfficeReadErrors } from '../../http/backOfficeErrors';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { currentAuth, requireRole } from '../../security/authGuard';
import { requireCentreRole } from '../../security/centreScope';
import { loyaltyKpis } from './loyaltyKpis';
import { adjustmentMessages, adjustPoints, customerLoyalty } from './pointAdjustments';
import { changeSettings, settingsChangeMessages, settingsOverview } from './settingsChanges';
import { endMemberPrice, listMemberPrices, setMemberPrice } from './memberPrices';
import { changeTierRules, tierRulesMessages, tierRulesOverview } from './tierRules';

/**
 * The back office's members' points: the rules (the admin's: GET/POST /api/admin/loyalty/settings, and the tiers' at
 * /api/admin/loyalty/tiers, a row per change, never retroactive) and a customer's ledger with a manual adjustment (GET /api/staff/customers/:userId/loyalty, POST
 * …/adjustments: a manager or an admin). Customers belong to no centre, so any manager of an active centre may adjust
 * any customer's points; the entry records who did.
 */
export const loyaltyBackOfficeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('loyaltyBackOfficeRoutes', async (app, { context }) => {
  const { db, clock } = context;
  const owner = requireRole('admin');
  const managers = requireCentreRole(db, 'manager', 'admin');

  app.get(
    '/admin/loyalty/settings',
    {
      preHandler: owner,
      schema: { tags: ['back-office'], summary: 'Quy định điểm thưởng đang áp dụng và lịch sử thay đổi (ai, khi nào, áp dụng từ)', response: { 200: loyaltySettingsOverviewResponseSchema, ...backOfficeReadErrors } },
    },
    async () => ok(await settingsOverview(db, clock.now())),
  );

  app.post(
    '/admin/loyalty/settings',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Thay đổi quy định điểm thưởng từ bây giờ hoặc một thời điểm sau (không hồi tố; mỗi thay đổi là một dòng mới)',
        body: loyaltySettingsInputSchema,
        response: { 201: loyaltySettingsOverviewResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await changeSettings(db, currentAuth(request).userId, request.body, clock.now()), settingsChangeMessages.changed)),
  );

  app.get(
    '/admin/loyalty/tiers',
    {
      preHandler: owner,
      schema: { tags: ['back-office'], summary: 'Quy định hạng thành viên đang áp dụng (chi tiêu 12 tháng tối thiểu, hệ số điểm) và lịch sử thay đổi', response: { 200: loyaltyTierRulesOverviewResponseSchema, ...backOfficeReadErrors } },
    },
    async () => ok(await tierRulesOverview(db, clock.now())),
  );

  app.post(
    '/admin/loyalty/tiers',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Thay đổi quy định hạng thành viên từ bây giờ hoặc một thời điểm sau (không hồi tố; mỗi thay đổi là một dòng mới)',
        body: loyaltyTierRulesInputSchema,
        response: { 201: loyaltyTierRulesOverviewResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await changeTierRules(db, currentAuth(request).userId, request.body, clock.now()), tierRulesMessages.changed)),
  );

  // Member prices (the admin's): a tier's price of a product, for members of that tier or higher.
  app.get(
    '/admin/loyalty/member-prices',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Giá thành viên đang áp dụng (sản phẩm, SKU, giá bán thường, hạng tối thiểu), mới nhất trước, theo trang',
        querystring: memberPricesQuerySchema,
        response: { 200: memberPricePageResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => ok(await listMemberPrices(db, request.query.page ?? 1)),
  );

  app.post(
    '/admin/loyalty/member-prices',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Đặt giá thành viên của một sản phẩm cho một hạng trở lên (thấp hơn giá bán thường; thay giá đang áp dụng của hạng đó, lịch sử được giữ)',
        body: memberPriceInputSchema,
        response: { 201: memberPriceResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await setMemberPrice(db, currentAuth(request).userId, request.body, clock.now()), memberPriceMessages.set)),
  );

  app.delete(
    '/admin/loyalty/member-prices/:id',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Ngừng áp dụng một giá thành viên (đơn đã đặt giữ nguyên giá)',
        params: memberPriceParamsSchema,
        response: { 200: memberPriceResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => ok(await endMemberPrice(db, currentAuth(request).userId, request.params.id, clock.now()), memberPriceMessages.ended),
  );

  // The points' KPIs per month: the shop's figures, not a centre's (any manager, an admin).
  app.get(
    '/admin/loyalty/kpis',
    {
      preHandler: requireRole('admin', 'manager'),
      schema: {
        tags: ['back-office'],
        summary: 'Chỉ số điểm thưởng theo tháng: điểm phát hành, đã dùng, hết hạn và giá trị điểm còn nợ khách (₫) — quản lý, quản trị viên',
        querystring: loyaltyKpisQuerySchema,
        response: { 200: loyaltyKpisResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => ok(await loyaltyKpis(db, request.query, clock.now())),
  );

  app.get(
    '/staff/customers/:userId/loyalty',
    {
      preHandler: managers,
      schema: {
        tags: ['back-office'],
        summary: 'Điểm thưởng của khách hàng: số dư và sổ điểm (mới nhất trước, kèm người điều chỉnh) — quản lý, quản trị viên',
        params: customerLoyaltyParamsSchema,
        querystring: customerLoyaltyQuerySchema,
        response: { 200: customerLoyaltyResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => ok(await customerLoyalty(db, request.params.userId, request.query.page ?? 1, clock.now())),
  );

  app.post(
    '/staff/customers/:userId/loyalty/adjustments',
    {
      preHandler: managers,
      schema: {
        tags: ['back-office'],
        summary: 'Điều chỉnh điểm thưởng (±, kèm lý do; tiêu đề Idempotency-Key hoặc clientKey: bấm hai lần chỉ ghi một lần) — quản lý, quản trị viên',
        params: customerLoyaltyParamsSchema,
        body: loyaltyAdjustmentInputSchema,
        response: { 200: customerLoyaltyResponseSchema, 201: customerLoyaltyResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const sent = (Array.isArray(header) ? header[0] : header) ?? request.body.clientKey;
      if (sent === undefined) throw AppError.validation([{ field: 'Idempotency-Key', message: adjustmentMessages.keyMissing }], adjustmentMessages.keyMissing);
      const key = idempotencyKeySchema.safeParse(sent);
      if (!key.success) {
        const message = key.error.issues[0]?.message ?? adjustmentMessages.keyMissing;
        throw AppError.validation([{ field: 'Idempotency-Key', message }], message);
      }
      const { userId } = request.params;
      const { replayed } = await adjustPoints(db, currentAuth(request).userId, userId, key.data, request.body, clock.now());
      reply.code(replayed ? 200 : 201);
      return ok(await customerLoyalty(db, userId, 1, clock.now()), replayed ? adjustmentMessages.replayed : adjustmentMessages.adjusted);
    },
  );
});
