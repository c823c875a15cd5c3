import type { EsmsConfig } from '../../../../config';
import { createOutboundClient } from '../../../../outbound';
import { toInternationalVietnamesePhone } from '../phone';
import { absoluteLink, rawAnswer, type Delivery, type NotificationChannel, type SendOutcome } from '../notificationChannel';

// eSMS.vn brandname SMS, customer-care type: SendMultipleMessage_V4_post_json (ApiKey, SecretKey, Phone, Content,
// Brandname, SmsType 2, RequestId) and its code table, as documented at developers.esms.vn (esms-api).

export const ESMS_SEND_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';

export interface EsmsAnswer {
  CodeResult: string;
  SMSID?: string;
  ErrorMessage?: string;
  CountRegenerate?: number;
}

/** A brandname SMS of three parts at most (153 GSM characters each). */
export const SMS_CONTENT_MAX = 459;

/** Without diacritics (non-Unicode SMS cost a third of Unicode ones): "Xe đã sẵn sàng" → "Xe da san sang". */
export function withoutDiacritics(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
}

export function smsContent(delivery: Delivery, publicUrl: string): string {
  const link = absoluteLink(publicUrl, delivery.link);
  const text = withoutDiacritics(`${delivery.title}. ${delivery.body}`).replace(/\s+/g, ' ').trim();
  const room = SMS_CONTENT_MAX - link.length - 1;
  return `${text.length > room ? `${text.slice(0, room - 3)}...` : text} ${link}`;
}

/** eSMS codes that will not change by trying again: blocked or malformed phone, wrong keys, no balance, brandname, type. */
const FAILED_CODES = new Set(['99', '101', '102', '103', '104', '108', '118', '119', '131', '132', '146', '177']);

/** SMS through eSMS: RequestId is the delivery id, so a retry after a lost answer is refused as a duplicate (124), never sent twice. */
export function esmsChannel({ config, publicUrl, fetch: fetchFn = fetch }: { config: EsmsConfig; publicUrl: string; fetch?: typeof fetch }): NotificationChannel {
  // The outbox's worker retries a delivery later (its back-off, then the next channel): none within the call.
  const esms = createOutboundClient({ provider: 'esms', baseUrl: config.apiUrl, fetch: fetchFn, retries: 0 });
  return {
    name: 'sms',
    canReach: (recipient) => toInternationalVietnamesePhone(recipient.phone) !== null,
    async send(delivery: Delivery, signal: AbortSignal): Promise<SendOutcome> {
      const phone = toInternationalVietnamesePhone(delivery.recipient.phone);
      if (phone === null) return { status: 'failed', error: 'Số điện thoại không hợp lệ cho SMS.', raw: null };
      let response: Response;
      let text: string;
      try {
        response = await esms.request({
          method: 'POST',
          path: ESMS_SEND_PATH,
          idempotencyKey: String(delivery.id),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ApiKey: config.apiKey,
            SecretKey: config.secretKey,
            Phone: phone,
            Content: smsContent(delivery, publicUrl),
            Brandname: config.brandname,
            SmsType: '2',
            IsUnicode: '0',
            RequestId: String(delivery.id),
          }),
          signal,
        });
        text = await response.text();
      } catch (error) {
        return { status: 'retry', error: error instanceof Error ? error.message : String(error), raw: null };
      }
      if (response.status >= 500 || response.status === 429) return { status: 'retry', error: `eSMS trả lời HTTP ${response.status}.`, raw: rawAnswer(text) };
      let answer: EsmsAnswer;
      try {
        answer = JSON.parse(text) as EsmsAnswer;
      } catch {
        return { status: 'retry', error: `eSMS trả lời không đọc được (HTTP ${response.status}).`, raw: rawAnswer(text) };
      }
      const code = String(answer.CodeResult);
      // 100: accepted; 124: this RequestId was accepted before (the earlier answer was lost), so it is not sent again.
      if (code === '100') return { status: 'sent', providerRef: answer.SMSID ?? null, raw: rawAnswer(text) };
      if (code === '124') return { status: 'sent', providerRef: `RequestId:${delivery.id}`, raw: rawAnswer(text) };
      const error = `eSMS lỗi ${code}: ${answer.ErrorMessage ?? ''}`.trim();
      return { status: FAILED_CODES.has(code) ? 'failed' : 'retry', error, raw: rawAnswer(text) };
    },
  };
}
