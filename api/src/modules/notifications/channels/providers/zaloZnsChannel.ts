import type { ZaloZnsConfig } from '../../../../config';
import type { Clock } from '../../../../security/clock';
import { createOutboundClient } from '../../../../outbound';
import { toInternationalVietnamesePhone } from '../phone';
import { absoluteLink, rawAnswer, type Delivery, type NotificationChannel, type SendOutcome } from '../notificationChannel';

// Zalo ZNS "Gửi ZNS" (POST /message/template, header access_token) and its error codes, as documented at
// developers.zalo.me/docs/zalo-notification-service (API reference: gửi thông báo ZNS; bảng mã lỗi).

/** The answer Zalo documents: error 0 = sent, with the message id and the OA's daily quota. */
export interface ZnsAnswer {
  error: number;
  message: string;
  data?: { msg_id?: string; sent_time?: string; quota?: { dailyQuota?: string | number; remainingQuota?: string | number } };
}

/** Errors worth trying again later on Zalo: unknown error, an invalid or expired access token (refreshed by the operator). */
const RETRY_ERRORS = new Set([-100, -124]);
/** The OA's quota (daily or balance) is used up: no ZNS until tomorrow, fall back now. */
const QUOTA_ERRORS = new Set([-115, -144]);

/** The template parameters sent with every kind (the templates are registered with these names). */
export function znsTemplateData(delivery: Delivery, publicLink: string): Record<string, string> {
  return {
    customer_name: delivery.recipient.fullName.slice(0, 30),
    title: delivery.title.slice(0, 100),
    content: delivery.body.slice(0, 200),
    link: publicLink.slice(0, 200),
    // a kind's own parameters (booking_confirmed: check_in_code, check_in_qr), each bounded like the others
    ...Object.fromEntries(Object.entries(delivery.templateData).map(([name, value]) => [name, value.slice(0, 200)])),
  };
}

/** The next midnight in Vietnam (UTC+7, no daylight saving): ZNS daily quotas start again then. */
export function nextVietnamMidnight(now: Date): Date {
  const offset = 7 * 3_600_000;
  const local = new Date(now.getTime() + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - offset);
}

export interface ZaloZnsChannelOptions {
  config: ZaloZnsConfig;
  clock: Clock;
  publicUrl: string;
  fetch?: typeof fetch;
}

/** Zalo ZNS: a template message per notification kind, to the user's phone; honours the OA's daily quota. */
export function zaloZnsChannel({ config, clock, publicUrl, fetch: fetchFn = fetch }: ZaloZnsChannelOptions): NotificationChannel & { quotaExhaustedUntil(): Date | null } {
  // The outbox's worker retries a delivery later (its back-off, then the next channel): none within the call.
  const zalo = createOutboundClient({ provider: 'zalo', baseUrl: config.apiUrl, fetch: fetchFn, retries: 0 });
  let exhaustedUntil: Date | null = null;
  const quotaLeft = () => exhaustedUntil === null || clock.now() >= exhaustedUntil;

  return {
    name: 'zalo',
    quotaExhaustedUntil: () => (quotaLeft() ? null : exhaustedUntil),
    canReach: (recipient) => toInternationalVietnamesePhone(recipient.phone) !== null,
    async send(delivery: Delivery, signal: AbortSignal): Promise<SendOutcome> {
      const phone = toInternationalVietnamesePhone(delivery.recipient.phone);
      if (phone === null) return { status: 'failed', error: 'Số điện thoại không hợp lệ cho Zalo.', raw: null };
      const templateId = config.templates[delivery.kind];
      if (!templateId) return { status: 'failed', error: `Chưa có mẫu ZNS cho loại thông báo ${delivery.kind}.`, raw: null };
      if (!quotaLeft()) return { status: 'failed', error: 'Đã hết hạn mức ZNS trong ngày.', raw: null };

      const link = absoluteLink(publicUrl, delivery.link);
      let response: Response;
      let text: string;
      try {
        response = await zalo.request({
          method: 'POST',
          path: '/message/template',
          idempotencyKey: `delivery-${delivery.id}`,
          headers: { 'content-type': 'application/json', access_token: config.accessToken },
          body: JSON.stringify({ phone, template_id: templateId, template_data: znsTemplateData(delivery, link), tracking_id: `delivery-${delivery.id}` }),
          signal,
        });
        text = await response.text();
      } catch (error) {
        return { status: 'retry', error: error instanceof Error ? error.message : String(error), raw: null };
      }
      if (response.status >= 500 || response.status === 429) return { status: 'retry', error: `Zalo trả lời HTTP ${response.status}.`, raw: rawAnswer(text) };
      let answer: ZnsAnswer;
      try {
        answer = JSON.parse(text) as ZnsAnswer;
      } catch {
        return { status: 'retry', error: `Zalo trả lời không đọc được (HTTP ${response.status}).`, raw: rawAnswer(text) };
      }
      if (answer.error === 0) {
        const remaining = Number(answer.data?.quota?.remainingQuota);
        if (Number.isFinite(remaining) && remaining <= 0) exhaustedUntil = nextVietnamMidnight(clock.now());
        return { status: 'sent', providerRef: answer.data?.msg_id ?? null, raw: rawAnswer(text) };
      }
      const error = `Zalo ZNS lỗi ${answer.error}: ${answer.message ?? ''}`.trim();
      if (QUOTA_ERRORS.has(answer.error)) {
        exhaustedUntil = nextVietnamMidnight(clock.now());
        return { status: 'failed', error, raw: rawAnswer(text) };
      }
      if (RETRY_ERRORS.has(answer.error)) return { status: 'retry', error, raw: rawAnswer(text) };
      // Invalid phone (-108), not a Zalo user (-118), cannot receive ZNS (-119), the user's refusal (-114), a template error…: another channel.
      return { status: 'failed', error, raw: rawAnswer(text) };
    },
  };
}
