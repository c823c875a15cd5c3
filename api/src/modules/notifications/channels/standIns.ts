import type { FastifyPluginAsync } from 'fastify';
import type { EsmsConfig, ZaloZnsConfig } from '../../../config';
import { isRequestFromThisMachine } from '../../../http/loopback';
import type { Clock } from '../../../security/clock';
import type { DevOutbox, DevOutboxes } from './devOutboxes';
import { ESMS_SEND_PATH, type EsmsAnswer } from './providers/esmsChannel';
import type { ZnsAnswer } from './providers/zaloZnsChannel';
import { named } from '../../../http/pluginName';

/** The Zalo stand-in's daily quota (Zalo gives a new OA a few hundred a day). */
export const STAND_IN_ZNS_DAILY_QUOTA = 500;

/** Answers a ZNS send as Zalo documents it (developers.zalo.me ZNS): the token, the phone (84…), the template; records what it accepted. */
export function znsStandInAnswer(state: { accessToken: string; outbox: DevOutbox; sentToday: number; dailyQuota: number; now: () => Date }, token: string | undefined, body: unknown): ZnsAnswer {
  if (token !== state.accessToken) return { error: -124, message: 'Access token is invalid' };
  const request = (body ?? {}) as { phone?: unknown; template_id?: unknown; template_data?: unknown; tracking_id?: unknown };
  if (typeof request.phone !== 'string' || !/^84[35789]\d{8}$/.test(request.phone)) return { error: -108, message: 'Phone number invalid' };
  if (typeof request.template_id !== 'string' || !/^\d+$/.test(request.template_id)) return { error: -109, message: 'Template ID invalid' };
  if (typeof request.template_data !== 'object' || request.template_data === null) return { error: -111, message: 'Template data empty' };
  if (state.sentToday >= state.dailyQuota) return { error: -144, message: 'OA has exceeded maximum quota per day' };
  state.sentToday += 1;
  const sentTime = String(state.now().getTime());
  const answer: ZnsAnswer = {
    error: 0,
    message: 'Success',
    data: { msg_id: `standin${sentTime}${state.sentToday}`, sent_time: sentTime, quota: { dailyQuota: String(state.dailyQuota), remainingQuota: String(state.dailyQuota - state.sentToday) } },
  };
  state.outbox.record({ at: state.now().toISOString(), to: request.phone, content: JSON.stringify({ template_id: request.template_id, template_data: request.template_data, tracking_id: request.tracking_id }), answer: JSON.stringify(answer) });
  return answer;
}

/** Answers an eSMS SendMultipleMessage_V4_post_json as eSMS documents it (developers.esms.vn): keys, phone, RequestId once. */
export function esmsStandInAnswer(state: { apiKey: string; secretKey: string; outbox: DevOutbox; requestIds: Set<string>; now: () => Date }, body: unknown): EsmsAnswer {
  const request = (body ?? {}) as Record<string, unknown>;
  if (request.ApiKey !== state.apiKey || request.SecretKey !== state.secretKey) return { CodeResult: '101', ErrorMessage: 'Authorize Failed' };
  if (typeof request.Phone !== 'string' || !/^(84|0)[35789]\d{8}$/.test(request.Phone)) return { CodeResult: '108', ErrorMessage: 'Phone number is not in correct format' };
  if (String(request.SmsType) !== '2' || typeof request.Brandname !== 'string' || request.Brandname === '') return { CodeResult: '104', ErrorMessage: 'Brandname does not exist' };
  if (typeof request.Content !== 'string' || request.Content === '') return { CodeResult: '99', ErrorMessage: 'Content is empty' };
  const requestId = typeof request.RequestId === 'string' ? request.RequestId : '';
  if (requestId && state.requestIds.has(requestId)) return { CodeResult: '124', ErrorMessage: 'Duplicate RequestId' };
  if (requestId) state.requestIds.add(requestId);
  const answer: EsmsAnswer = { CodeResult: '100', CountRegenerate: 0, SMSID: `standin-${state.now().getTime()}-${state.requestIds.size}` };
  state.outbox.record({ at: state.now().toISOString(), to: request.Phone, content: `[${request.Brandname}] ${request.Content}`, answer: JSON.stringify(answer) });
  return answer;
}

/**
 * Development's stand-ins of Zalo ZNS and eSMS (never in production): the API's own routes under /api/dev that answer
 * like the provider, so the real clients are exercised end to end; what they accepted is kept for the dev outboxes.
 */
export const channelStandIns: FastifyPluginAsync<{ zalo: ZaloZnsConfig | null; sms: EsmsConfig | null; outboxes: DevOutboxes; clock: Clock }> = named('channelStandIns', async (app, { zalo, sms, outboxes, clock }) => {
  const now = () => clock.now();
  if (zalo?.standIn) {
    const state = { accessToken: zalo.accessToken, outbox: outboxes.zalo, sentToday: 0, dailyQuota: STAND_IN_ZNS_DAILY_QUOTA, now, day: '' };
    app.post('/dev/zalo/message/template', { schema: { hide: true } }, async (request) => {
      const today = now().toISOString().slice(0, 10);
      if (state.day !== today) Object.assign(state, { day: today, sentToday: 0 });
      const token = request.headers['access_token'];
      return znsStandInAnswer(state, typeof token === 'string' ? token : undefined, request.body);
    });
  }
  if (sms?.standIn) {
    const state = { apiKey: sms.apiKey, secretKey: sms.secretKey, outbox: outboxes.sms, requestIds: new Set<string>(), now };
    app.post(`/dev/esms${ESMS_SEND_PATH}`, { schema: { hide: true } }, async (request) => esmsStandInAnswer(state, request.body));
  }
});

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const OUTBOX_TITLES = { zalo: 'Zalo ZNS (giả lập)', sms: 'SMS eSMS (giả lập)', push: 'Thông báo trình duyệt (giả lập)' } as const;

export function renderStandInOutbox(kind: keyof typeof OUTBOX_TITLES, outbox: DevOutbox): string {
  const items = [...outbox.sends]
    .reverse()
    .map(
      (send) => `<article><dl><dt>Người nhận</dt><dd>${escapeHtml(send.to)}</dd><dt>Thời gian</dt><dd>${escapeHtml(send.at)}</dd><dt>Trả lời</dt><dd>${escapeHtml(send.answer)}</dd></dl><pre>${escapeHtml(send.content)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${OUTBOX_TITLES[kind]} – EV Service</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:14px}dt{color:#6b7280}dd{margin:0;word-break:break-all}pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px}</style></head>
<body><h1>${OUTBOX_TITLES[kind]}</h1><p>Chỉ có ở môi trường phát triển: những gì máy chủ đã gửi tới dịch vụ giả lập (mới nhất ở trên cùng, tối đa 500).</p>
${items || '<p>Chưa có tin nào.</p>'}</body></html>`;
}

/** GET /api/dev/zalo-outbox, /dev/sms-outbox, /dev/push-outbox: the stand-ins' sends (development, callers on this machine only, like /dev/outbox). */
export const standInOutboxRoutes: FastifyPluginAsync<{ outboxes: DevOutboxes }> = named('standInOutboxRoutes', async (app, { outboxes }) => {
  for (const kind of ['zalo', 'sms', 'push'] as const) {
    app.get(`/dev/${kind}-outbox`, { schema: { tags: ['dev'], summary: `${OUTBOX_TITLES[kind]}: các tin đã gửi (HTML, chỉ môi trường phát triển, chỉ cho máy chạy API)` } }, async (request, reply) => {
      if (!isRequestFromThisMachine(request.raw.socket.remoteAddress, request.headers['x-forwarded-for'])) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('text/html; charset=utf-8')
        .send(renderStandInOutbox(kind, outboxes[kind]));
    });
  }
});
