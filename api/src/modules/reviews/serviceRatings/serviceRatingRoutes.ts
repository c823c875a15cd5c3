import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  followUpCloseInputSchema,
  followUpListSchema,
  followUpNoteInputSchema,
  followUpsQuerySchema,
  idInput,
  myServiceRatingsSchema,
  pendingServiceRatingsSchema,
  ratingKpiQuerySchema,
  ratingKpisSchema,
  reviewHideInputSchema,
  serviceRatingFollowUpSchema,
  serviceRatingInputSchema,
  serviceRatingSchema,
  staffServiceRatingPageSchema,
  staffServiceRatingSchema,
  staffServiceRatingsQuerySchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../../appContext';
import { backOfficeErrors, backOfficeReadErrors } from '../../../http/backOfficeErrors';
import { requireKnownField } from '../../../http/bodyFields';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { currentAuth, requireRole } from '../../../security/authGuard';
import { centreScopeOf, requireCentreRole } from '../../../security/centreScope';
import { ThrottledError, withRetryAfter } from '../../../security/throttle';
import { parseKpiRange } from '../../kpis';
import { announcePending } from '../../notifications';
import { csvChunk, csvStream } from '../../reports';
import { RATING_KPI_CSV_COLUMNS, ratingKpiCsvRows, ratingKpis } from './serviceRatingKpis';
import { serviceRatingMessages as messages } from './serviceRatingMessages';
import { actOnFollowUp, centreOfQuery, followUpList, moderateRating, staffRatings } from './serviceRatingStaff';
import { myRatings, pendingRatings, rateServiceOrder } from './serviceRatingStore';
import { named } from '../../../http/pluginName';

/** Ratings one account may send (give or change) per window: generous for a person, a wall for a script. */
export const SERVICE_RATING_WRITES_PER_WINDOW = 30;
export const SERVICE_RATING_WINDOW_MS = 60 * 60 * 1000;

const idParams = z.object({ id: idInput('Mã không hợp lệ.') });
const ratingAnswer = envelopeSchema(serviceRatingSchema);

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} phút`;
}

/**
 * Service ratings (issue 48 §2). Customers: GET /service-ratings/pending and /mine, PUT /service-orders/:id/rating.
 * Managers (their centre; another centre 404) and admins (every centre): GET /service-ratings, hide/unhide,
 * the low ratings' follow-ups (notes, close) and the rating KPIs with their CSV. Staff and technicians 403.
 */
export const serviceRatingRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('serviceRatingRoutes', async (app, { context }) => {
  const { db, clock, counters } = context;
  const customer = requireRole('customer');
  const managers = requireCentreRole(db, 'manager', 'admin');
  const publicUrl = context.config.publicUrl;
  /** After a moderation's commit: the customer's open pages learn of its notification (a failure is logged, never the answer's). */
  const announce = (userId: number) =>
    announcePending({ db, events: context.events, now: clock.now() }, userId).catch((error: unknown) => app.log.error({ err: error }, 'rating moderation not announced'));
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/service-ratings/pending',
    { preHandler: customer, schema: { tags: ['reviews'], summary: 'Các lượt dịch vụ đã hoàn tất (30 ngày) chờ khách đánh giá', response: { 200: envelopeSchema(pendingServiceRatingsSchema) } } },
    async (request) => ok({ items: await pendingRatings(db, currentAuth(request).userId, clock.now()) }, messages.pendingListed),
  );

  app.get(
    '/service-ratings/mine',
    { preHandler: customer, schema: { tags: ['reviews'], summary: 'Các đánh giá dịch vụ của tôi (mới nhất trước)', response: { 200: envelopeSchema(myServiceRatingsSchema) } } },
    async (request) => ok({ items: await myRatings(db, currentAuth(request).userId) }, messages.mineListed),
  );

  app.put(
    '/service-orders/:id/rating',
    {
      preHandler: customer,
      preValidation: requireKnownField(serviceRatingInputSchema),
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá lượt dịch vụ (một lần mỗi phiếu; sửa được trong 7 ngày). Từ 2 sao trở xuống mở phiếu theo dõi cho quản lý',
        params: idParams,
        body: serviceRatingInputSchema,
        response: { 200: ratingAnswer, 201: ratingAnswer },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { userId } = currentAuth(request);
        const hits = await counters.increment(`service-rating:${userId}`, SERVICE_RATING_WINDOW_MS);
        if (hits.count > SERVICE_RATING_WRITES_PER_WINDOW) throw new ThrottledError(messages.tooMany(waitText(hits.resetInMs)), hits.resetInMs);
        const { rating, created } = await rateServiceOrder(db, clock, userId, request.params.id, request.body);
        reply.code(created ? 201 : 200);
        return ok(rating, created ? messages.created : messages.updated);
      }),
  );

  app.get(
    '/service-ratings',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá dịch vụ của trung tâm (quản lý: trung tâm của mình; quản trị: mọi trung tâm hoặc một)',
        querystring: staffServiceRatingsQuerySchema,
        response: { 200: envelopeSchema(staffServiceRatingPageSchema), ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const centreId = await centreOfQuery(db, centreScopeOf(request), request.query.centreId);
      const { from, to, maxStars, technicianId, page } = request.query;
      return ok(await staffRatings(db, { centreId, from, to, maxStars, technicianId, page }), messages.listed);
    },
  );

  app.post(
    '/service-ratings/:id/hide',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Ẩn một đánh giá dịch vụ (kèm lý do; lưu vết; báo khách qua kênh khách chọn). Đánh giá ẩn không tính vào chỉ số',
        params: idParams,
        body: reviewHideInputSchema,
        response: { 200: envelopeSchema(staffServiceRatingSchema), ...backOfficeErrors },
      },
    },
    async (request) => ok(await moderateRating(db, clock, centreScopeOf(request), request.params.id, { hide: true, reason: request.body.reason }, publicUrl, announce), messages.hidden),
  );

  app.post(
    '/service-ratings/:id/unhide',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Hiện lại một đánh giá dịch vụ đã ẩn (lưu vết; báo khách qua kênh khách chọn)',
        params: idParams,
        response: { 200: envelopeSchema(staffServiceRatingSchema), ...backOfficeErrors },
      },
    },
    async (request) => ok(await moderateRating(db, clock, centreScopeOf(request), request.params.id, { hide: false }, publicUrl, announce), messages.unhidden),
  );

  app.get(
    '/service-rating-follow-ups',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Phiếu theo dõi đánh giá thấp: đang mở (cũ nhất trước), rồi các phiếu đã đóng trong 30 ngày',
        querystring: followUpsQuerySchema,
        response: { 200: envelopeSchema(followUpListSchema), ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const centreId = await centreOfQuery(db, centreScopeOf(request), request.query.centreId);
      return ok(await followUpList(db, centreId, request.query.status, clock.now()), messages.followUpsListed);
    },
  );

  app.post(
    '/service-rating-follow-ups/:id/notes',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Ghi chú cuộc gọi cho khách (phiếu đang mở chuyển sang "Đã liên hệ")',
        params: idParams,
        body: followUpNoteInputSchema,
        response: { 200: envelopeSchema(serviceRatingFollowUpSchema), ...backOfficeErrors },
      },
    },
    async (request) => ok(await actOnFollowUp(db, clock, centreScopeOf(request), request.params.id, { note: request.body.text }), messages.noteAdded),
  );

  app.post(
    '/service-rating-follow-ups/:id/close',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Đóng phiếu theo dõi với kết quả xử lý (phiếu đã đóng: 409)',
        params: idParams,
        body: followUpCloseInputSchema,
        response: { 200: envelopeSchema(serviceRatingFollowUpSchema), ...backOfficeErrors },
      },
    },
    async (request) => ok(await actOnFollowUp(db, clock, centreScopeOf(request), request.params.id, { outcome: request.body.outcome }), messages.followUpClosedOk),
  );

  /** The range first (422 DATE_RANGE_INVALID, as every KPI), then the centre. */
  async function kpisOf(request: Parameters<typeof centreScopeOf>[0], query: z.output<typeof ratingKpiQuerySchema>) {
    const range = parseKpiRange(query.from, query.to);
    const centreId = await centreOfQuery(db, centreScopeOf(request), query.centreId);
    return ratingKpis(db, centreId, range);
  }

  app.get(
    '/service-ratings/kpis',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Chỉ số đánh giá dịch vụ theo trung tâm và kỹ thuật viên, so với kỳ trước cùng độ dài',
        querystring: ratingKpiQuerySchema,
        response: { 200: envelopeSchema(ratingKpisSchema), ...backOfficeReadErrors },
      },
    },
    async (request) => ok(await kpisOf(request, request.query), messages.kpis),
  );

  app.get(
    '/service-ratings/kpis.csv',
    {
      preHandler: managers,
      schema: {
        tags: ['reviews'],
        summary: 'Tải chỉ số đánh giá dịch vụ dạng CSV (UTF-8 có BOM, tiêu đề tiếng Việt)',
        querystring: ratingKpiQuerySchema,
        response: { 200: { description: 'Tệp CSV danh-gia-dich-vu_{from}_{to}.csv', content: { 'text/csv': { schema: z.string() } } }, ...backOfficeReadErrors },
      },
    },
    async (request, reply) => {
      const kpis = await kpisOf(request, request.query);
      const columns = [...RATING_KPI_CSV_COLUMNS];
      async function* pages() {
        yield csvChunk(columns, ratingKpiCsvRows(kpis));
      }
      const csv = csvStream(columns, pages(), (error) => request.log.error({ err: error }, 'rating KPI CSV failed'));
      // from and to passed parseKpiRange: plain ASCII dates.
      const raw: FastifyReply = reply;
      raw.header('content-disposition', `attachment; filename="danh-gia-dich-vu_${kpis.from}_${kpis.to}.csv"`);
      return raw.type('text/csv; charset=utf-8').send(csv);
    },
  );
});
