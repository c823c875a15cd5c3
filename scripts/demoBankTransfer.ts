/**
 * The SePay stand-in of the demo: sends the API the webhook SePay sends when money arrives on the shop's account
 * (https://developer.sepay.vn/vi/sepay-webhooks/tich-hop-webhook), with the webhook key.
 *
 *   npm run demo:bank-transfer -- --code EV2611260012 --amount 450000 [--content "chuyen tien EV2611260012"]
 *   npm run demo:bank-transfer -- --code HD261126AB3K --amount 1250000   (a service invoice's VietQR)
 *
 * API_URL (default PUBLIC_URL, else http://localhost:3000, the `npm start` site); SEPAY_WEBHOOK_KEY (default the
 * API's development key, DEMO_PAYMENT_KEYS in api/src/config.ts). Prints the API's answer.
 */
import { parseArgs } from 'node:util';

const DEVELOPMENT_SEPAY_KEY = 'demo-sepay-webhook-key-5e7b9c1a';

const { values } = parseArgs({
  options: { code: { type: 'string' }, amount: { type: 'string' }, content: { type: 'string' }, id: { type: 'string' } },
});
const amount = Number(values.amount);
if ((!values.code && !values.content) || !Number.isInteger(amount) || amount <= 0) {
  console.error('Cách dùng: npm run demo:bank-transfer -- --code <mã đơn hàng hoặc hoá đơn dịch vụ> --amount <số tiền VND> [--content "<nội dung>"] [--id <mã giao dịch>]');
  process.exit(2);
}
const base = (process.env.API_URL ?? process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const key = process.env.SEPAY_WEBHOOK_KEY ?? DEVELOPMENT_SEPAY_KEY;
const id = values.id ?? String(Date.now());
const local = new Date(Date.now() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const content = values.content ?? `CK ${values.code} chuyen tien`;
const body = {
  id,
  gateway: 'Vietcombank',
  transactionDate: local,
  accountNumber: process.env.VIETQR_ACCOUNT_NUMBER ?? '1023456789',
  code: null,
  content,
  transferType: 'in',
  transferAmount: amount,
  accumulated: 0,
  subAccount: null,
  referenceCode: `FT${id}`,
  description: `BankAPINotify ${content}`,
};

const response = await fetch(`${base}/api/payments/sepay/webhook`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Apikey ${key}` },
  body: JSON.stringify(body),
});
const answer = (await response.json().catch(() => null)) as { message?: string; data?: { outcome?: string } } | null;
console.log(`HTTP ${response.status} · ${answer?.data?.outcome ?? '-'} · ${answer?.message ?? ''}`);
process.exit(response.ok ? 0 : 1);
