import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  LOYALTY_COUNTER_CODE_MAX_WRONG,
  LOYALTY_COUNTER_CODE_TTL_MS,
  LOYALTY_COUNTER_CODE_WINDOW_MS,
  type LoyaltyCounterCode,
  type PointsOffer,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { qrSvgDataUrl } from '../../lib/vietQr';
import type { CounterStore } from '../../security/counters';
import { generateOtpCode, hashOtpCode } from '../../security/otp';
import { ThrottledError } from '../../security/throttle';
import { lotExpiry } from './loyaltyRules';
import { offerPoints } from './pointRedemption';
import { creditLot, debit, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

/**
 * Points spent at the service counter (issue 67 §4). The customer consents with a 6-digit code from their "Điểm
 * thưởng" page (kept hashed, 5 minutes, used once; a new one replaces the unused ones); the clerk enters it with the
 * points on an unpaid service invoice and the server recomputes what they take off under today's rules. The invoice's
 * side (its total) is the serviceOrders module's, in the same transaction.
 */

const PURPOSE = 'loyalty-counter';
const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;
const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;

export const counterPointsMessages = {
  codeIssued: 'Đưa mã này cho nhân viên quầy trong 5 phút để dùng điểm.',
  wrongCode: 'Mã xác nhận không đúng. Vui lòng kiểm tra lại với khách.',
  expiredCode: 'Mã xác nhận đã hết hạn. Khách hãy lấy mã mới trên trang Điểm thưởng.',
  usedCode: 'Mã xác nhận đã được dùng. Khách hãy lấy mã mới trên trang Điểm thưởng.',
  tooManyWrong: 'Đã nhập sai mã xác nhận quá 5 lần cho hoá đơn này. Vui lòng thử lại sau 10 phút.',
  overBalance: (balance: number) => `Khách chỉ có ${points(Math.max(0, balance))}.`,
  underMinimum: (minimum: number) => `Dùng tối thiểu ${points(minimum)} mỗi hoá đơn.`,
  overCap: (capPercent: number, maxByCap: number, pointValue: number) =>
    `Điểm thưởng trả tối đa ${capPercent}% tiền dịch vụ và phụ tùng (${vnd(maxByCap * pointValue)}): tối đa ${points(maxByCap)}.`,
  nothingToPay: 'Hoá đơn này không có khoản nào điểm thưởng trả được.',
} as const;

/** The attempts counter of an invoice's consent codes. */
const attemptsKey = (invoiceId: number) => `loyalty-counter-code:${invoiceId}`;

/** A new consent code for member `userId` (with its QR for the clerk's scanner): the previous unused ones stop working. */
export async function issueCounterCode(db: Db, secret: string, userId: number, now: Date): Promise<LoyaltyCounterCode> {
  const code = generateOtpCode();
  const expiresAt = new Date(now.getTime() + LOYALTY_COUNTER_CODE_TTL_MS);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('loyalty_counter_codes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('loyalty_counter_codes')
      .values({ user_id: userId, code_hash: hashOtpCode(secret, userId, PURPOSE, code), expires_at: expiresAt.toISOString(), used_at: null, created_at: now.toISOString() })
      .execute();
  });
  return { code, expiresAt: expiresAt.toISOString(), qrImageDataUrl: await qrSvgDataUrl(code) };
}

/** What member `userId`'s points may pay of `goods` ₫ (an invoice's services and parts after its package) today. */
export async function counterPointsOffer(db: Db, userId: number, goods: number, now: Date): Promise<PointsOffer> {
  return (await offerPoints(db, userId, goods, 0, now)).offer;
}

/** Why `requested` points cannot pay (the counter's words), or null. */
function refusalOf(offer: PointsOffer, requested: number): string | null {
  if (offer.pointValue <= 0 || offer.capPercent <= 0) return counterPointsMessages.nothingToPay;
  if (requested > offer.balance) return counterPointsMessages.overBalance(offer.balance);
  if (requested < offer.minimum) return counterPointsMessages.underMinimum(offer.minimum);
  // Within the balance, so above the most usable means above the cap (maxUsable = the cap's points here).
  if (requested > offer.maxUsable) return counterPointsMessages.overCap(offer.capPercent, offer.maxUsable, offer.pointValue);
  return null;
}

const fieldRefusal = (field: 'points' | 'consentCode', message: string) => new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field, message }]);

/** The redemption rounds an invoice had: the codes that consented to it (each application uses one). */
async function roundsOf(trx: Db, invoiceId: number): Promise<number> {
  const row = await trx.selectFrom('loyalty_counter_codes').select((eb) => eb.fn.countAll<number | string>().as('count')).where('used_for_invoice_id', '=', invoiceId).executeTakeFirstOrThrow();
  return Number(row.count);
}

const roundKey = (prefix: 'redeem' | 'return', invoiceId: number, round: number) => (round === 0 ? `${prefix}-invoice-${invoiceId}` : `${prefix}-invoice-${invoiceId}-${round}`);

export interface CounterRedemption {
  userId: number;
  invoiceId: number;
  invoiceCode: string;
  /** The invoice's services and parts after its package discount (₫): the cap's base. */
  goods: number;
  points: number;
  consentCode: string;
  actorId: number;
  at: Date;
}

/**
 * Within the invoice's transaction: checks the member's consent code and, under today's rules, that `points` are
 * within the balance, from the minimum, within the cap; then writes the REDEEM holding the member (so redemptions
 * against one balance never overspend). Answers the points and their worth. A wrong code counts against the invoice:
 * after 5 within 10 minutes, 429 however right the next one is.
 */
export async function redeemAtCounter(trx: Db, consent: { secret: string; counters: CounterStore }, redemption: CounterRedemption): Promise<{ points: number; value: number }> {
  const key = attemptsKey(redemption.invoiceId);
  const attempts = await consent.counters.get(key);
  if (attempts.count >= LOYALTY_COUNTER_CODE_MAX_WRONG) throw new ThrottledError(counterPointsMessages.tooManyWrong, attempts.resetInMs);

  await holdMember(trx, redemption.userId);
  const offer = await counterPointsOffer(trx, redemption.userId, redemption.goods, redemption.at);
  const refusal = refusalOf(offer, redemption.points);
  if (refusal !== null) throw fieldRefusal('points', refusal);

  const hash = hashOtpCode(consent.secret, redemption.userId, PURPOSE, redemption.consentCode.trim());
  const code = await trx
    .selectFrom('loyalty_counter_codes')
    .select(['id', 'expires_at', 'used_at'])
    .where('user_id', '=', redemption.userId)
    .where('code_hash', '=', hash)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!code) {
    const counted = await consent.counters.increment(key, LOYALTY_COUNTER_CODE_WINDOW_MS);
    if (counted.count >= LOYALTY_COUNTER_CODE_MAX_WRONG) throw new ThrottledError(counterPointsMessages.tooManyWrong, counted.resetInMs);
    throw fieldRefusal('consentCode', counterPointsMessages.wrongCode);
  }
  if (code.used_at !== null) throw fieldRefusal('consentCode', counterPointsMessages.usedCode);
  if (new Date(code.expires_at).getTime() <= redemption.at.getTime()) throw fieldRefusal('consentCode', counterPointsMessages.expiredCode);
  const used = await trx
    .updateTable('loyalty_counter_codes')
    .set({ used_at: redemption.at.toISOString(), used_for_invoice_id: redemption.invoiceId })
    .where('id', '=', code.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw fieldRefusal('consentCode', counterPointsMessages.usedCode);

  const round = (await roundsOf(trx, redemption.invoiceId)) - 1;
  const entry = await debit(trx, {
    userId: redemption.userId,
    points: redemption.points,
    kind: 'REDEEM',
    key: roundKey('redeem', redemption.invoiceId, round),
    reason: `Dùng điểm tại quầy cho hoá đơn ${redemption.invoiceCode}`,
    saleId: null,
    refundId: null,
    actorId: redemption.actorId,
    at: redemption.at,
  });
  // The round's key was written: a programming error (the invoice's row is held, one application at a time).
  if (entry === null) throw new Error(`invoice ${redemption.invoiceId} redeemed twice in round ${round}`);
  return { points: redemption.points, value: redemption.points * offer.pointValue };
}

/** Within the invoice's transaction: the points it used come back to the member as a lot (RETURN), once per round. */
export async function returnCounterPoints(trx: Db, invoice: { userId: number; invoiceId: number; invoiceCode: string; points: number; actorId: number; at: Date }): Promise<void> {
  if (invoice.points <= 0) return;
  await holdMember(trx, invoice.userId);
  const round = Math.max(0, (await roundsOf(trx, invoice.invoiceId)) - 1);
  await creditLot(trx, {
    userId: invoice.userId,
    points: invoice.points,
    key: roundKey('return', invoice.invoiceId, round),
    reason: `Hoàn điểm do bỏ dùng điểm cho hoá đơn ${invoice.invoiceCode}`,
    saleId: null,
    actorId: invoice.actorId,
    at: invoice.at,
    expiresAt: lotExpiry(invoice.at),
    kind: 'RETURN',
  });
}
