import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { toIsoUtc } from '../../db/portable';
import { isRequestFromThisMachine } from '../../http/loopback';
import { formatVietnamDateTime } from './emailTemplates';
import { named } from '../../http/pluginName';

export interface DevOutboxRoutesOptions {
  db: Kysely<Database>;
  /** config.devOutbox: false in production and when the API listens beyond this machine (see loadConfig). */
  enabled: boolean;
}

const PAGE_SIZE = 100;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An email of the outbox as the development mailbox shows it. */
export interface MailboxEmail {
  to_address: string | null;
  title: string;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: Date | string;
}

function status(row: MailboxEmail): string {
  if (row.status === 'sent') return 'Đã xử lý';
  if (row.status === 'failed') return 'Gửi thất bại';
  return row.attempts > 0 ? `Đang thử lại (lần ${row.attempts})` : 'Chờ gửi';
}

/** ?to=: one recipient's emails (a mailbox of its own among the fleet's reminders), compared lower-case. */
const outboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(254, { error: 'Địa chỉ email tối đa 254 ký tự.' })
    .transform((value) => value.toLowerCase())
    .optional(),
});

function recipientFilter(recipient: string | undefined): string {
  const value = recipient ? ` value="${escapeHtml(recipient)}"` : '';
  const all = recipient ? ' <a href="?">Xem tất cả</a>' : '';
  return `<form method="get" class="filter"><label for="to">Người nhận</label> <input id="to" name="to" type="email" autocomplete="email"${value}> <button type="submit">Lọc</button>${all}</form>`;
}

export function renderOutboxPage(rows: readonly MailboxEmail[], recipient?: string): string {
  const items = rows
    .map((row) => {
      const created = formatVietnamDateTime(new Date(toIsoUtc(row.created_at)));
      return `<article class="mail">
  <header><strong>${escapeHtml(row.title)}</strong></header>
  <dl><dt>Người nhận</dt><dd>${escapeHtml(row.to_address ?? '')}</dd><dt>Thời gian</dt><dd>${escapeHtml(created)}</dd><dt>Trạng thái</dt><dd>${escapeHtml(status(row))}</dd></dl>
  <pre>${escapeHtml(row.body)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Hộp thư phát triển – EV Service</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1f2937}
h1{font-size:22px}.note{color:#6b7280}.mail{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0;font-size:14px}dt{color:#6b7280}dd{margin:0}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px;font-size:14px}
.filter{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.filter input{min-width:260px;padding:6px 8px}
</style>
</head>
<body>
<h1>Hộp thư phát triển</h1>
<p class="note">Chỉ có ở môi trường phát triển: các email hệ thống (mã xác thực, mã đặt lại mật khẩu, thông báo) khi chưa cấu hình SMTP_URL. Mới nhất ở trên cùng.</p>
${recipientFilter(recipient)}
${rows.length > 0 ? items : recipient ? `<p>Chưa có email nào gửi tới ${escapeHtml(recipient)}.</p>` : '<p>Chưa có email nào.</p>'}
</body>
</html>`;
}

/**
 * GET /api/dev/outbox[?to=email]: the newest emails of the outbox (of one recipient) as an HTML page (development
 * only). The recipient filter is how a new user finds their code once the daily reminders have filled the page. It shows every
 * sign-up and password-reset code, so it answers a caller on this machine only, judged by the socket's peer
 * address (not request.ip, which a trusted proxy's X-Forwarded-For sets); anyone else gets the 404 of an
 * unknown path.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<DevOutboxRoutesOptions> = named('devOutboxRoutes', async (app, { db, enabled }) => {
  if (!enabled) return;
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Hộp thư phát triển (HTML, chỉ khi không chạy production, chỉ cho máy chạy API)',
        querystring: outboxQuerySchema,
      },
    },
    async (request, reply) => {
      if (!isRequestFromThisMachine(request.raw.socket.remoteAddress, request.headers['x-forwarded-for'])) return reply.callNotFound();
      const recipient = request.query.to || undefined;
      let query = db.selectFrom('notification_deliveries').select(['to_address', 'title', 'body', 'status', 'attempts', 'created_at']).where('channel', '=', 'email');
      if (recipient) query = query.where('to_address', '=', recipient);
      const rows = await query.orderBy('id', 'desc').limit(PAGE_SIZE).execute();
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(renderOutboxPage(rows, recipient));
    },
  );
});
