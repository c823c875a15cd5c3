import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  formatVndPlain,
  PRODUCT_LIMITS,
  shippingFeeFor,
  type OrderFulfilmentInput,
  type QuoteFulfilment,
  type ShippingChoiceInput,
  type ShippingOption,
} from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { itemKey, loadShopItems } from '../cart';
import { shipFromAddress } from '../addresses';
import { quoteShipping, type Parcel } from '../carriers';

/**
 * The orders side of the carriers' live quote (issue 65 §3): the basket's parcel, the carriers asked for a delivery
 * to a coded ward, the customer's option (default: the cheapest) or the flat fee when they cannot answer. The
 * checkout quote and the order ask the same way, so the order charges what the customer was shown.
 */

/** Longest the checkout waits for the carriers before the flat fee. */
export const SHIPPING_QUOTE_BUDGET_MS = 1500;

export const shippingQuoteMessages = {
  fallback: 'Chưa lấy được phí từ đơn vị vận chuyển, áp dụng phí giao hàng cố định.',
  choiceGone: 'Dịch vụ giao hàng bạn chọn hiện không còn. Vui lòng chọn lại phương thức giao hàng trước khi đặt hàng.',
  feeChanged: (shown: number, now: number) =>
    `Phí giao hàng vừa thay đổi từ ${formatVndPlain(shown)} thành ${formatVndPlain(now)}. Vui lòng kiểm tra lại trước khi đặt hàng.`,
} as const;

export interface ShippingQuoteRequest {
  to: { province: string; wardCode: string };
  parcel: Parcel;
}

export interface CarrierOptions {
  options: ShippingOption[];
  /** The carriers did not all answer in time (the options may then be incomplete or empty). */
  fallback: boolean;
}

/** Asks the carriers (from the warehouse, the shop's coded origin) for a parcel to a coded ward. */
export type ShippingQuoter = (ctx: QuoteContext, request: ShippingQuoteRequest) => Promise<CarrierOptions>;

export interface QuoteContext {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
}

/** The carriers installed (CARRIERS: the stand-ins in development), from the warehouse's coded ward; none coded: the flat fee. */
const carriersQuoter: ShippingQuoter = async (ctx, request) => {
  const from = await shipFromAddress(ctx.db);
  if (!from) return { options: [], fallback: true };
  return quoteShipping(ctx, { from: { province: from.province, wardCode: from.wardCode }, to: request.to, parcel: request.parcel });
};

let quoter: ShippingQuoter = carriersQuoter;

/** Replaces how the carriers are asked (tests, benches); answers the function that puts the previous one back. */
export function useShippingQuoter(next: ShippingQuoter): () => void {
  const previous = quoter;
  quoter = next;
  return () => {
    quoter = previous;
  };
}

/** One product of the basket: how many, at what unit price. */
export interface ParcelLine {
  refId: number;
  quantity: number;
  price: number;
}

/**
 * The basket as one parcel: the weights added up, the box as long and wide as the largest item and as high as
 * every item stacked (quantity included); its value the goods' price. Null when nothing ships. A stack taller than a
 * carrier takes (PRODUCT_LIMITS.sideMaxCm) is laid out wider, then longer, keeping its volume (the carriers bill it).
 */
export async function parcelOf(db: Kysely<Database>, lines: readonly ParcelLine[]): Promise<Parcel | null> {
  if (lines.length === 0) return null;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'weight_grams', 'length_cm', 'width_cm', 'height_cm'])
    .where('id', 'in', [...new Set(lines.map((line) => line.refId))])
    .execute();
  const sizes = new Map(rows.map((row) => [row.id, row]));
  const parcel: Parcel = { weightGrams: 0, lengthCm: 0, widthCm: 0, heightCm: 0, value: 0 };
  for (const line of lines) {
    const size = sizes.get(line.refId);
    if (!size) continue;
    parcel.weightGrams += size.weight_grams * line.quantity;
    parcel.lengthCm = Math.max(parcel.lengthCm, size.length_cm);
    parcel.widthCm = Math.max(parcel.widthCm, size.width_cm);
    parcel.heightCm += size.height_cm * line.quantity;
    parcel.value += line.price * line.quantity;
  }
  return parcel.weightGrams > 0 ? foldParcel(parcel) : null;
}

/** A box whose stacked height passes the carriers' longest side, laid out with the same volume within it. */
export function foldParcel(parcel: Parcel): Parcel {
  const side = PRODUCT_LIMITS.sideMaxCm;
  if (parcel.heightCm <= side) return parcel;
  const volume = parcel.lengthCm * parcel.widthCm * parcel.heightCm;
  const heightCm = side;
  const widthCm = Math.min(side, Math.max(parcel.widthCm, Math.ceil(volume / (parcel.lengthCm * heightCm))));
  const lengthCm = Math.min(side, Math.max(parcel.lengthCm, Math.ceil(volume / (widthCm * heightCm))));
  return { ...parcel, lengthCm, widthCm, heightCm };
}

/** What the delivery of a basket costs and how it travels. */
export interface DeliveryQuote {
  /** The fee to charge before a shipping promotion; null: nothing to quote (pick-up, or nothing ships). */
  fee: number | null;
  options: ShippingOption[];
  /** The option `fee` is; null: the flat fee (or nothing ships). */
  choice: ShippingChoiceInput | null;
  /** The flat fee applies because the carriers did not answer in time or the ward is not coded. */
  fallback: boolean;
  notice: string | null;
  /** The customer's pick is not among the carriers' options (the cheapest is `choice`). */
  choiceGone: boolean;
}

const NOTHING_TO_QUOTE: DeliveryQuote = { fee: null, options: [], choice: null, fallback: false, notice: null, choiceGone: false };

/** The cheapest first, then the soonest. */
function byFee(a: ShippingOption, b: ShippingOption): number {
  return a.fee - b.fee || (a.expectedDelivery ?? '9999').localeCompare(b.expectedDelivery ?? '9999');
}

/** The carriers, at most SHIPPING_QUOTE_BUDGET_MS; a failure or a late answer is the fallback. */
async function askCarriers(ctx: QuoteContext, request: ShippingQuoteRequest): Promise<CarrierOptions> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CarrierOptions>((resolve) => {
    timer = setTimeout(() => resolve({ options: [], fallback: true }), SHIPPING_QUOTE_BUDGET_MS);
  });
  try {
    return await Promise.race([quoter(ctx, request).catch((): CarrierOptions => ({ options: [], fallback: true })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The delivery's fee for the basket's products: the carriers' option the customer chose (else the cheapest) for a
 * coded ward; the flat fee (pricing/shipping.ts) when the ward is not coded or no carrier answers.
 */
export async function quoteDelivery(
  ctx: QuoteContext,
  products: readonly { refId: number; quantity: number }[],
  fulfilment: QuoteFulfilment,
  choice: ShippingChoiceInput | undefined,
): Promise<DeliveryQuote> {
  if (fulfilment.method !== 'delivery' || products.length === 0) return NOTHING_TO_QUOTE;
  const flat: DeliveryQuote = {
    fee: shippingFeeFor(fulfilment, true),
    options: [],
    choice: null,
    fallback: true,
    notice: shippingQuoteMessages.fallback,
    choiceGone: false,
  };
  if (!fulfilment.wardCode) return flat;
  const items = await loadShopItems(ctx.db, products.map((line) => ({ kind: 'product' as const, refId: line.refId })), ctx.clock.now());
  const lines = products.flatMap((line) => {
    const item = items.get(itemKey({ kind: 'product', refId: line.refId }));
    return item ? [{ refId: line.refId, quantity: line.quantity, price: item.price }] : [];
  });
  const parcel = await parcelOf(ctx.db, lines);
  if (!parcel) return NOTHING_TO_QUOTE;
  const answer = await askCarriers(ctx, { to: { province: fulfilment.province, wardCode: fulfilment.wardCode }, parcel });
  if (answer.options.length === 0) return flat;
  const options = [...answer.options].sort(byFee);
  const picked = choice ? options.find((option) => option.carrier === choice.carrier && option.service === choice.service) : undefined;
  const chosen = picked ?? options[0]!;
  return {
    fee: chosen.fee,
    options,
    choice: { carrier: chosen.carrier, service: chosen.service },
    fallback: false,
    notice: null,
    choiceGone: choice !== undefined && !picked,
  };
}

/** An order's fulfilment as the quote reads it: the province and the address's coded ward, if it has one. */
export function quoteFulfilmentOf(fulfilment: OrderFulfilmentInput): QuoteFulfilment {
  if (fulfilment.method === 'pickup') return { method: 'pickup', centreId: fulfilment.centreId };
  const wardCode: unknown = (fulfilment.address as { wardCode?: unknown }).wardCode;
  return { method: 'delivery', province: fulfilment.address.province, wardCode: typeof wardCode === 'string' && wardCode ? wardCode : undefined };
}

/**
 * The order's delivery quoted again (the checkout's cache): the fee the customer was shown must still be the fee,
 * and the service they picked must still be offered; otherwise a 409 PRICE_CHANGED and nothing is placed.
 */
export async function requoteForOrder(
  ctx: QuoteContext,
  products: readonly { refId: number; quantity: number }[],
  fulfilment: OrderFulfilmentInput,
  choice: (ShippingChoiceInput & { fee?: number }) | undefined,
): Promise<DeliveryQuote> {
  const delivery = await quoteDelivery(ctx, products, quoteFulfilmentOf(fulfilment), choice);
  if (delivery.choiceGone) throw new AppError(409, ERROR_CODES.PRICE_CHANGED, shippingQuoteMessages.choiceGone, [{ field: 'shippingChoice', message: shippingQuoteMessages.choiceGone }]);
  if (choice?.fee !== undefined && delivery.fee !== null && choice.fee !== delivery.fee) {
    const message = shippingQuoteMessages.feeChanged(choice.fee, delivery.fee);
    throw new AppError(409, ERROR_CODES.PRICE_CHANGED, message, [{ field: 'shippingChoice', message }]);
  }
  return delivery;
}
