import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { formatVndPlain, vietnamTimestampOf } from 'shared-contracts/schemas';
import type { PayOsConfig } from '../../../../config';
import { sameSecret } from '../../transactions';
import { payOsLinkRequestSignature, payOsSignature } from './payOsSignature';
import { named } from '../../../../http/pluginName';

interface StandInLink {
  id: string;
  orderCode: number;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  status: 'PENDING' | 'PAID' | 'CANCELLED';
}

const API_PREFIX = '/api';

/** How many links the stand-in remembers (oldest forgotten first): a demo, not a store. */
const MAX_LINKS = 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

function checkoutPage(link: StandInLink, base: string): string {
  const closed = link.status !== 'PENDING';
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Cổng thanh toán payOS (giả lập)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
.card{border:1px solid #d0d7de;border-radius:12px;padding:1.5rem}.amount{font-size:1.75rem;font-weight:700}
form{display:inline}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #1a7f37;cursor:pointer;margin-right:.5rem}
.pay{background:#1a7f37;color:#fff}.cancel{background:#fff;color:#1b1f24;border-color:#d0d7de}.note{color:#57606a;font-size:.9rem}</style></head>
<body><main class="card"><h1>Cổng thanh toán payOS (giả lập)</h1>
<p class="note">Trang thử nghiệm trên máy của bạn: không có tiền thật được chuyển.</p>
<p>Nội dung: <strong>${escapeHtml(link.description)}</strong></p><p class="amount">${escapeHtml(formatVndPlain(link.amount))}</p>
${closed ? `<p role="status">Liên kết này đã ${link.status === 'PAID' ? 'được thanh toán' : 'bị hủy'}.</p>` : `<form method="post" action="${base}/checkout/${link.id}/pay"><button class="pay" type="submit">Thanh toán</button></form>
<form method="post" action="${base}/checkout/${link.id}/cancel"><button class="cancel" type="submit">Hủy</button></form>`}
</main></body></html>`;
}

/**
 * The payOS stand-in of development and the demo (never in production): payOS's create-link request (keys and
 * signature checked as payOS does), the link's status, and a checkout page whose "Thanh toán" sends the API a
 * correctly signed webhook (through the API's own router) and goes back to returnUrl, "Hủy" to cancelUrl, with
 * payOS's query parameters (code, id, cancel, status, orderCode).
 */
export const payOsStandIn: FastifyPluginAsync<{ payOs: PayOsConfig; publicUrl: string }> = named('payOsStandIn', async (app, { payOs, publicUrl }) => {
  const links = new Map<string, StandInLink>();
  // The checkout page's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  const base = `${API_PREFIX}/dev/payos`;
  const answer = (code: string, desc: string, data: unknown) => ({ code, desc, data });
  const keysOk = (headers: Record<string, unknown>) =>
    sameSecret(payOs.clientId, String(headers['x-client-id'] ?? '')) && sameSecret(payOs.apiKey, String(headers['x-api-key'] ?? ''));

  app.post('/dev/payos/v2/payment-requests', { schema: { hide: true } }, async (request, reply) => {
    if (!keysOk(request.headers)) return reply.code(401).send(answer('401', 'Unauthorized', null));
    const body = request.body as Partial<StandInLink & { signature: string; expiredAt: number }>;
    const { orderCode, amount, description, returnUrl, cancelUrl, signature } = body;
    if (typeof orderCode !== 'number' || typeof amount !== 'number' || typeof description !== 'string' || typeof returnUrl !== 'string' || typeof cancelUrl !== 'string') {
      return reply.code(400).send(answer('20', 'Thiếu thông tin link thanh toán', null));
    }
    if (description.length > 25) return reply.code(400).send(answer('20', 'Mô tả tối đa 25 kí tự', null));
    if (!sameSecret(payOsLinkRequestSignature(payOs.checksumKey, { orderCode, amount, description, returnUrl, cancelUrl }), String(signature ?? ''))) {
      return answer('201', 'Chữ ký không hợp lệ', null);
    }
    if ([...links.values()].some((link) => link.orderCode === orderCode)) return answer('231', 'Đơn thanh toán đã tồn tại', null);
    const link: StandInLink = { id: randomUUID().replace(/-/g, ''), orderCode, amount, description, returnUrl, cancelUrl, status: 'PENDING' };
    links.set(link.id, link);
    if (links.size > MAX_LINKS) links.delete(links.keys().next().value!);
    return answer('00', 'success', { ...link, checkoutUrl: `${publicUrl}${base}/checkout/${link.id}`, paymentLinkId: link.id, currency: 'VND' });
  });

  app.get('/dev/payos/v2/payment-requests/:id', { schema: { hide: true } }, async (request, reply) => {
    if (!keysOk(request.headers)) return reply.code(401).send(answer('401', 'Unauthorized', null));
    const link = links.get((request.params as { id: string }).id);
    return link ? answer('00', 'success', { id: link.id, orderCode: link.orderCode, amount: link.amount, status: link.status }) : answer('101', 'Không tìm thấy', null);
  });

  app.get('/dev/payos/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const link = links.get((request.params as { id: string }).id);
    if (!link) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="vi"><title>payOS (giả lập)</title><p>Không tìm thấy liên kết thanh toán.</p></html>');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(checkoutPage(link, base));
  });

  app.post('/dev/payos/checkout/:id/pay', { schema: { hide: true } }, async (request, reply) => {
    const link = links.get((request.params as { id: string }).id);
    if (!link || link.status !== 'PENDING') return reply.redirect(`${base}/checkout/${(request.params as { id: string }).id}`, 303);
    const now = vietnamTimestampOf(Date.now());
    const data = {
      orderCode: link.orderCode,
      amount: link.amount,
      description: link.description,
      accountNumber: '0000000000',
      reference: `FT${Date.now()}`,
      transactionDateTime: now,
      currency: 'VND',
      paymentLinkId: link.id,
      code: '00',
      desc: 'Thành công',
      counterAccountBankId: '',
      counterAccountBankName: '',
      counterAccountName: '',
      counterAccountNumber: '',
      virtualAccountName: '',
      virtualAccountNumber: '',
    };
    const delivered = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/payments/payos/webhook`,
      payload: { code: '00', desc: 'success', success: true, data, signature: payOsSignature(payOs.checksumKey, data) },
    });
    if (delivered.statusCode !== 200) request.log.warn({ status: delivered.statusCode }, 'payOS stand-in: the webhook was not accepted');
    link.status = 'PAID';
    return reply.redirect(withQuery(link.returnUrl, { code: '00', id: link.id, cancel: 'false', status: 'PAID', orderCode: String(link.orderCode) }), 303);
  });

  app.post('/dev/payos/checkout/:id/cancel', { schema: { hide: true } }, async (request, reply) => {
    const link = links.get((request.params as { id: string }).id);
    if (!link) return reply.redirect(`${base}/checkout/${(request.params as { id: string }).id}`, 303);
    if (link.status === 'PENDING') link.status = 'CANCELLED';
    return reply.redirect(withQuery(link.cancelUrl, { code: '00', id: link.id, cancel: 'true', status: 'CANCELLED', orderCode: String(link.orderCode) }), 303);
  });
});
