import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batteryReportListResponseSchema,
  batteryReportResponseSchema,
  batteryVerifyParamsSchema,
  batteryVerifyResponseSchema,
  errorEnvelopeSchema,
  idInput,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { authenticate, currentAuth } from '../../security/authGuard';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ThrottledError, withRetryAfter } from '../../security/throttle';
import { renderBatteryCertificatePdf } from './batteryCertificatePdf';
import { batteryHealthMessages as messages } from './batteryHealthMessages';
import {
  customerCertificate,
  parseBatteryReportInput,
  recordBatteryReport,
  reportsOfOrder,
  reportsOfOwnVehicle,
  staffCertificate,
  verifyBatteryReport,
  type BatteryCertificateData,
  type BatteryHealthContext,
} from './batteryReports';

/** Verify lookups one address may make: the page is public, and the codes must not be guessable by trying. */
export const BATTERY_VERIFY_PER_MINUTE = 30;
export const BATTERY_VERIFY_PER_HOUR = 300;

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const pdfResponse = { description: 'Tệp PDF chung-nhan-pin-{code}.pdf', content: { 'application/pdf': { schema: z.string() } } };
const orderParams = z.object({ id: idInput('Mã phiếu dịch vụ không hợp lệ.') });
const reportParams = z.object({ id: idInput('Mã báo cáo pin không hợp lệ.') });
const vehicleParams = z.object({ id: idInput('Mã xe không hợp lệ.') });
const vehicleReportParams = z.object({ id: idInput('Mã xe không hợp lệ.'), reportId: idInput('Mã báo cáo pin không hợp lệ.') });

async function sendCertificate(reply: FastifyReply, report: BatteryCertificateData): Promise<FastifyReply> {
  const pdf = await renderBatteryCertificatePdf(report);
  return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="chung-nhan-pin-${report.verifyCode}.pdf"`).send(pdf);
}

/**
 * Battery health reports (issue 66 §3): the technician or the centre's staff record a measurement on a service
 * order; the vehicle's owner reads its reports and certificates; anyone may verify a certificate by its code
 * (public, rate-limited per address, nothing personal in the answer).
 */
export const batteryHealthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('batteryHealthRoutes', async (app, { context }) => {
  const { db, clock, counters, config } = context;
  const ctx: BatteryHealthContext = { db, publicUrl: config.publicUrl, now: () => clock.now() };
  const floor = requireCentreRole(db, 'technician', 'staff', 'manager', 'admin');
  const tags = ['battery-health'];

  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/service-orders/:id/battery-reports',
    {
      preHandler: floor,
      schema: {
        tags,
        summary: 'Lưu kết quả đo sức khỏe pin của phiếu (kỹ thuật viên được giao, nhân viên/quản lý trung tâm); cờ "Pin suy giảm" do máy chủ tính',
        params: orderParams,
        response: { 201: batteryReportResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const figures = parseBatteryReportInput(request.body);
      const report = await recordBatteryReport(ctx, centreScopeOf(request), request.params.id, figures);
      return reply.code(201).send(ok(report, messages.recorded));
    },
  );

  app.get(
    '/service-orders/:id/battery-reports',
    {
      preHandler: floor,
      schema: { tags, summary: 'Các lần đo sức khỏe pin của phiếu, mới nhất trước', params: orderParams, response: { 200: batteryReportListResponseSchema, ...backOfficeErrors } },
    },
    async (request) => ok({ items: await reportsOfOrder(ctx, centreScopeOf(request), request.params.id) }),
  );

  app.get(
    '/staff/battery-reports/:id/certificate.pdf',
    {
      preHandler: floor,
      schema: { tags, summary: 'Chứng nhận sức khỏe pin (PDF) của một lần đo tại trung tâm', params: reportParams, response: { 200: pdfResponse, ...errors } },
    },
    async (request, reply) => sendCertificate(reply, await staffCertificate(ctx, centreScopeOf(request), request.params.id)),
  );

  app.get(
    '/vehicles/:id/battery-reports',
    {
      preHandler: authenticate,
      schema: { tags, summary: 'Sức khỏe pin của xe của tôi: các lần đo, cũ nhất trước (xe của người khác: 404)', params: vehicleParams, response: { 200: batteryReportListResponseSchema, ...errors } },
    },
    async (request) => ok({ items: await reportsOfOwnVehicle(ctx, currentAuth(request).userId, request.params.id) }),
  );

  app.get(
    '/vehicles/:id/battery-reports/:reportId/certificate.pdf',
    {
      preHandler: authenticate,
      schema: { tags, summary: 'Chứng nhận sức khỏe pin (PDF) của xe của tôi', params: vehicleReportParams, response: { 200: pdfResponse, ...errors } },
    },
    async (request, reply) => sendCertificate(reply, await customerCertificate(ctx, currentAuth(request).userId, request.params.id, request.params.reportId)),
  );

  async function takeLookup(ip: string): Promise<void> {
    const minute = await counters.increment(`battery-verify:minute:${ip}`, 60_000);
    if (minute.count > BATTERY_VERIFY_PER_MINUTE) throw new ThrottledError(messages.tooMany(Math.max(1, Math.ceil(minute.resetInMs / 1000))), minute.resetInMs);
    const hour = await counters.increment(`battery-verify:hour:${ip}`, 60 * 60_000);
    if (hour.count > BATTERY_VERIFY_PER_HOUR) throw new ThrottledError(messages.tooMany(Math.max(1, Math.ceil(hour.resetInMs / 1000))), hour.resetInMs);
  }

  app.get(
    '/battery-reports/verify/:code',
    {
      schema: {
        tags,
        summary: 'Xác minh chứng nhận pin bằng mã (công khai; số liệu, dòng xe, ngày đo — không có thông tin cá nhân; giới hạn theo địa chỉ IP)',
        params: batteryVerifyParamsSchema,
        response: { 200: batteryVerifyResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        await takeLookup(request.ip);
        return ok(await verifyBatteryReport(db, request.params.code));
      }),
  );
});
