import type { Kysely } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';

/** The natural key of the demo's waiting transfer: re-seeding finds it instead of adding another. */
export const DEMO_TYPO_TRANSFER_REF = 'DEMO-SEPAY-TYPO-1';
const HOUR = 3_600_000;

/**
 * One bank transfer waiting in the exceptions queue (shop-operations §9): a SePay notification whose content has
 * the demo customer's latest order code with a letter O typed for a zero, for that order's total, so staff can
 * match it by hand. Idempotent (by provider and reference); 0 without a demo order.
 */
export async function seedDemoPaymentExceptions(db: Kysely<Database>, customerEmail: string, now: Date = new Date()): Promise<number> {
  const existing = await db.selectFrom('payment_transactions').select('id').where('provider', '=', 'SEPAY').where('provider_ref', '=', DEMO_TYPO_TRANSFER_REF).executeTakeFirst();
  if (existing) return 1;
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.code', 'orders.total'])
    .where('users.email', '=', customerEmail)
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
  if (!order) return 0;
  // The last zero of the code typed as the letter O: no order has that code.
  const zero = order.code.lastIndexOf('0');
  const typo = zero > 1 ? `${order.code.slice(0, zero)}O${order.code.slice(zero + 1)}` : `${order.code}X`;
  const content = `NGUYEN MINH ANH chuyen tien ${typo}`;
  const transferredAt = new Date(now.getTime() - 2 * HOUR);
  const local = new Date(transferredAt.getTime() + 7 * HOUR).toISOString().replace('T', ' ').slice(0, 19);
  const body = {
    id: DEMO_TYPO_TRANSFER_REF,
    gateway: 'Vietcombank',
    transactionDate: local,
    accountNumber: '1023456789',
    code: null,
    content,
    transferType: 'in',
    transferAmount: toNumber(order.total),
    accumulated: 0,
    subAccount: null,
    referenceCode: 'FT26DEMO0001',
    description: `BankAPINotify ${content}`,
  };
  await db
    .insertInto('payment_transactions')
    .values({
      provider: 'SEPAY',
      provider_ref: DEMO_TYPO_TRANSFER_REF,
      order_id: null,
      order_code_found: typo,
      amount: toNumber(order.total),
      content,
      bank_reference: body.referenceCode,
      transferred_at: transferredAt.toISOString(),
      received_at: new Date(transferredAt.getTime() + 60_000).toISOString(),
      raw_payload: JSON.stringify(body),
      outcome: 'EXCEPTION',
      exception_reason: 'UNKNOWN_CODE',
    })
    .execute();
  return 1;
}
