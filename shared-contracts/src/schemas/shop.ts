import { z } from 'zod';
import { fitStatusSchema } from './fitment';
import { PROVINCE_NAMES } from '../address/provinces';
import { optionalWardCodeSchema } from './addresses';
import {
  CART_LINE_ISSUES,
  FULFILMENT_METHODS,
  ORDER_SUMMARIES_PAGE_SIZE_MAX,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../pricing/orderStatus';
import { CHECKOUT_RULES as rules } from '../pricing/checkoutRules';
import { CARRIERS } from '../pricing/carriers';
import { LOYALTY_RANKED_TIERS } from '../pricing/loyaltyTiers';
import { isoInstantSchema, promotionCategorySchema, promotionSchema, slugSchema, vndSchema } from './catalogue';
import { normalizeVietnameseMobile } from './auth';
import { envelopeSchema } from './envelope';
import { shipmentViewSchema, shippingChoiceInputSchema, shippingOptionSchema, wardCodeSchema } from './shipping';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

/**
 * The shop (issue 5): cart, checkout quote, orders, VietQR payment, package credits. One source for the API's
 * validation and responses and for the UI's types (`import type { Cart, Order } from 'shared-contracts/schemas'`).
 * The label maps and the status rules live in pricing/orderStatus.ts (no zod; also exported from
 * 'shared-contracts') and are re-exported here. Money is integer VND; instants ISO 8601 UTC.
 */
export {
  CART_LINE_ISSUES,
  CART_LINE_ISSUE_LABELS,
  CUSTOMER_CANCELLABLE_STATUSES,
  FINISHED_ORDER_STATUSES,
  FULFILMENT_METHODS,
  FULFILMENT_METHOD_LABELS,
  ORDER_SUMMARIES_PAGE_SIZE,
  ORDER_SUMMARIES_PAGE_SIZE_MAX,
  HANDED_OVER_STATUSES,
  ORDER_PAYMENT_CHANNELS,
  ORDER_PAYMENT_CHANNEL_LABELS,
  ORDER_PAYMENT_METHODS,
  ORDER_PAYMENT_METHOD_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  canCustomerCancel,
  nextOrderStatuses,
  orderPaymentRecordLabel,
  type CartLineIssue,
  type FulfilmentMethod,
  type OrderPaymentChannel,
  type OrderPaymentMethod,
  type OrderStatus,
  type OrderTransitionContext,
  type PaymentMethod,
  type PaymentStatus,
} from '../pricing/orderStatus';
export { PROVINCES, PROVINCE_NAMES, findProvince, type Province, type ProvinceKind, type ProvinceRegion } from '../address/provinces';
export * from './addresses';
// The pure pricing rules, so the API reaches everything through 'shared-contracts/schemas'.
export * from '../pricing/promotionPricing';
export * from '../pricing/shipping';

/** Largest quantity of one cart line / order line. */
export const CART_LINE_MAX_QUANTITY = 99;
/** Most distinct lines in a cart, a merge, a validation or an order. */
export const CART_MAX_LINES = 50;

// ---------------------------------------------------------------------------------------------------------
// Cart

export const CART_LINE_KINDS = ['product', 'package'] as const;
export const cartLineKindSchema = z.enum(CART_LINE_KINDS, { error: 'Loại mặt hàng phải là product hoặc package.' });
export type CartLineKind = z.infer<typeof cartLineKindSchema>;
export const cartLineIssueSchema = z.enum(CART_LINE_ISSUES);

/** 'product-12' / 'package-3' (the id within 1..2,147,483,647: parseCartLineId checks the bound). */
export const CART_LINE_ID_PATTERN = /^(product|package)-([1-9]\d{0,9})$/;
export function cartLineId(kind: CartLineKind, refId: number): string {
  return `${kind}-${refId}`;
}
/** { kind, refId } of a line id, or null. */
export function parseCartLineId(lineId: string): { kind: CartLineKind; refId: number } | null {
  const match = CART_LINE_ID_PATTERN.exec(lineId);
  if (!match) return null;
  const refId = Number(match[2]);
  return refId <= DB_INTEGER_MAX ? { kind: match[1] as CartLineKind, refId } : null;
}

const refIdSchema = idInput('Mã mặt hàng không hợp lệ.');
const lineQuantitySchema = z
  .number({ error: 'Số lượng phải là số.' })
  .int('Số lượng phải là số nguyên.')
  .min(1, 'Số lượng tối thiểu là 1.')
  .max(CART_LINE_MAX_QUANTITY, `Số lượng tối đa là ${CART_LINE_MAX_QUANTITY}.`);

export const cartLineSchema = z.object({
  /** 'product-<id>' | 'package-<id>' */
  id: z.string().regex(CART_LINE_ID_PATTERN),
  kind: cartLineKindSchema,
  refId: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  /** Card image URL, or null. */
  image: z.string().min(1).nullable(),
  /** Current unit price. */
  price: vndSchema,
  /** With the issue price_changed: the unit price the customer saw when adding the line (absent otherwise). */
  previousPrice: vndSchema.optional(),
  /** A quote's line at a member price (issue 67 §3): the tier whose price `price` is, and the price without it. */
  memberTier: z.enum(LOYALTY_RANKED_TIERS).optional(),
  listPrice: vndSchema.optional(),
  quantity: z.number().int().positive(),
  /** Units in stock; null for a service package (no stock). */
  stock: z.number().int().nonnegative().nullable(),
  /** The product's category group (promotions); null for a package. */
  promoGroup: promotionCategorySchema.nullable(),
  issues: z.array(cartLineIssueSchema),
  /** A product line's fit for the chosen vehicle (issue 66): present when the request named one (fitModel + fitYear). */
  fit: fitStatusSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** Sum of the quantities. */
  itemCount: z.number().int().nonnegative(),
  /** Sum of price × quantity (current prices). */
  total: vndSchema,
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * POST /cart/items answers what the add changed: the line as it is now and the cart's item count after it (the
 * other lines are not read again; the cart's total would need every line's current price, so it is not given).
 */
export const cartChangeSchema = z.object({
  line: cartLineSchema,
  /** Sum of the cart's quantities after the change. */
  itemCount: z.number().int().positive(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

/** POST /cart/items: adds `quantity` (default 1) to the line of this item, creating it if needed. */
export const cartAddItemInputSchema = z.object({
  kind: cartLineKindSchema,
  refId: refIdSchema,
  quantity: lineQuantitySchema.default(1),
});
export type CartAddItemInput = z.input<typeof cartAddItemInputSchema>;

/** PUT /cart/items/:lineId: sets the quantity; 0 or less removes the line. */
export const cartSetQuantityInputSchema = z.object({
  quantity: z
    .number({ error: 'Số lượng phải là số.' })
    .int('Số lượng phải là số nguyên.')
    .max(CART_LINE_MAX_QUANTITY, `Số lượng tối đa là ${CART_LINE_MAX_QUANTITY}.`),
});
export type CartSetQuantityInput = z.infer<typeof cartSetQuantityInputSchema>;

export const cartLineParamsSchema = z.object({
  lineId: textInput()
    .regex(CART_LINE_ID_PATTERN, { message: 'Mã dòng giỏ hàng không hợp lệ.', abort: true })
    .refine((lineId) => parseCartLineId(lineId) !== null, 'Mã dòng giỏ hàng không hợp lệ.'),
});

/** An item as a client holds it (guest cart, checkout). */
export const cartItemRefSchema = z.object({
  kind: cartLineKindSchema,
  refId: refIdSchema,
  quantity: lineQuantitySchema,
});
export type CartItemRef = z.infer<typeof cartItemRefSchema>;

/** POST /cart/merge: the guest cart, merged into the server cart on login (quantities added, capped by stock). */
export const cartMergeInputSchema = z.object({
  items: z.array(cartItemRefSchema).max(CART_MAX_LINES, `Giỏ hàng tối đa ${CART_MAX_LINES} mặt hàng.`),
});
export type CartMergeInput = z.infer<typeof cartMergeInputSchema>;

/** POST /cart/validate (public): a guest cart with the prices it shows; answers the Cart with issues flagged. */
export const cartValidateInputSchema = z.object({
  items: z
    .array(cartItemRefSchema.extend({ price: vndSchema }))
    .max(CART_MAX_LINES, `Giỏ hàng tối đa ${CART_MAX_LINES} mặt hàng.`),
});
export type CartValidateInput = z.infer<typeof cartValidateInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Addresses, fulfilment

export const provinceNameSchema = z.enum(PROVINCE_NAMES, { error: 'Vui lòng chọn tỉnh/thành phố.' });

/** A delivery address since July 2025: province (34) + ward (phường/xã) + street. */
export const shippingAddressSchema = z.object({
  province: provinceNameSchema,
  ward: textInput({ error: rules.ward.required, trim: true }).min(rules.ward.min, rules.ward.required).max(rules.ward.max, rules.ward.tooLong),
  street: textInput({ error: rules.street.required, trim: true }).min(rules.street.min, rules.street.required).max(rules.street.max, rules.street.tooLong),
  /** The ward's code (addresses' ward picker); without it the ward's text is resolved when it names one ward. */
  wardCode: optionalWardCodeSchema,
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

const centreIdSchema = idInput(rules.centre.required);

/**
 * The quote needs the province of a delivery and, for the carriers' live fees, its coded ward (issue 65; without
 * one — older clients — the flat fee).
 */
export const quoteFulfilmentSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('delivery'), province: provinceNameSchema, wardCode: wardCodeSchema.optional() }),
    z.object({ method: z.literal('pickup'), centreId: centreIdSchema }),
  ],
  { error: 'Vui lòng chọn hình thức nhận hàng.' },
);
export type QuoteFulfilment = z.infer<typeof quoteFulfilmentSchema>;

export const orderFulfilmentInputSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('delivery'), address: shippingAddressSchema }),
    z.object({ method: z.literal('pickup'), centreId: centreIdSchema }),
  ],
  { error: 'Vui lòng chọn hình thức nhận hàng.' },
);
export type OrderFulfilmentInput = z.infer<typeof orderFulfilmentInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Checkout quote

/** A promotion code as typed: trimmed, upper-cased; empty → undefined. */
export const promoCodeInputSchema = textInput({ trim: true })
  .max(30, 'Mã khuyến mãi không hợp lệ.')
  .transform((value) => value.toUpperCase())
  .optional()
  .transform((value) => (value ? value : undefined));

const orderItemsSchema = z
  .array(cartItemRefSchema)
  .min(1, 'Giỏ hàng đang trống.')
  .max(CART_MAX_LINES, `Đơn hàng tối đa ${CART_MAX_LINES} mặt hàng.`);

/**
 * What the member's points may pay of an order (POST /checkout/quote, POST /orders): the balance, a point's worth,
 * the fewest a redemption uses, the cap (% of the goods after their promotion, never the shipping), the most this
 * order may use, and what is used and taken off.
 */
export const pointsOfferSchema = z.object({
  balance: z.number().int(),
  pointValue: z.number().int().nonnegative(),
  minimum: z.number().int().nonnegative(),
  capPercent: z.number().int().min(0).max(100),
  maxUsable: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  value: z.number().int().nonnegative(),
});
export type PointsOffer = z.infer<typeof pointsOfferSchema>;

/** Members' points a customer chooses to pay with (0 or absent: none). */
export const pointsInputSchema = integerInput({ message: 'Số điểm thưởng phải là số nguyên từ 0.', min: 0, max: 100_000_000 }).optional();

/** POST /checkout/quote */
export const checkoutQuoteInputSchema = z.object({
  items: orderItemsSchema,
  promoCode: promoCodeInputSchema,
  fulfilment: quoteFulfilmentSchema,
  points: pointsInputSchema,
  /** The carrier's service the customer picked among the quote's options (default: the cheapest). */
  shippingChoice: shippingChoiceInputSchema.optional(),
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteInputSchema>;
/** The validated quote request (promoCode upper-cased, empty → undefined). */
export type CheckoutQuoteRequest = z.output<typeof checkoutQuoteInputSchema>;

export const promotionRefusalSchema = z.object({ code: z.string().min(1), message: z.string().min(1) });

export const quoteSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: vndSchema,
  /** The part of the subtotal the promotion applies to (the subtotal without promotion). */
  eligibleSubtotal: vndSchema,
  discount: vndSchema,
  shippingFee: vndSchema,
  shippingDiscount: vndSchema,
  total: vndSchema,
  /** The applied promotion, null when none or refused. */
  promotion: promotionSchema.nullable(),
  /** Why the code was refused (Vietnamese), or null. */
  promoError: promotionRefusalSchema.nullable(),
  /** The member's points: what they may pay of this order and what the chosen points take off (in `total`). */
  points: pointsOfferSchema.optional(),
  /** Why the chosen points cannot be used (Vietnamese; none used), or null. */
  pointsError: z.string().nullable().optional(),
  /** The carriers' options for a delivery to a coded ward, cheapest first ([]: none, the flat fee). */
  shippingOptions: z.array(shippingOptionSchema).optional(),
  /** The option `shippingFee` is (null: the flat fee, or nothing ships). */
  shippingChoice: shippingChoiceInputSchema.nullable().optional(),
  /** True when the carriers did not answer in time or the ward is not coded: the flat fee applies. */
  shippingFallback: z.boolean().optional(),
  /** Why the flat fee applies (Vietnamese), or null. */
  shippingNotice: z.string().nullable().optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

// ---------------------------------------------------------------------------------------------------------
// Orders

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Trạng thái đơn hàng không hợp lệ.' });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Vui lòng chọn phương thức thanh toán.' });
export const fulfilmentMethodSchema = z.enum(FULFILMENT_METHODS);

/** Header Idempotency-Key: 8–100 characters of [A-Za-z0-9_-] (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const idempotencyKeySchema = textInput({ error: 'Thiếu tiêu đề Idempotency-Key.' })
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key phải gồm 8–100 ký tự chữ, số, "-" hoặc "_".');

/**
 * POST /orders (header Idempotency-Key). A unit price the client sends (items[].price, what the customer was shown) must be the current one (else 409
 * PRICE_CHANGED, nothing placed); subtotal and total
 * are accepted and ignored: the server prices the order itself. PAY_AT_PICKUP needs a pick-up.
 */
export const orderCreateInputSchema = z
  .object({
    items: z.array(cartItemRefSchema.extend({ price: z.number().optional() })).min(1, 'Giỏ hàng đang trống.').max(CART_MAX_LINES, `Đơn hàng tối đa ${CART_MAX_LINES} mặt hàng.`),
    promoCode: promoCodeInputSchema,
    recipientName: textInput({ error: rules.recipientName.required, trim: true })
      .min(rules.recipientName.min, rules.recipientName.tooShort)
      .max(rules.recipientName.max, rules.recipientName.tooLong),
    phone: textInput({ error: rules.phone.required })
      .refine((value) => normalizeVietnameseMobile(value) !== null, rules.phone.invalid)
      .transform((value) => normalizeVietnameseMobile(value) ?? value),
    fulfilment: orderFulfilmentInputSchema,
    paymentMethod: paymentMethodSchema,
    points: pointsInputSchema,
    /**
     * The carrier's service picked at checkout and the fee the customer was shown: the server quotes it again and a
     * different fee is a 409 PRICE_CHANGED (nothing placed). Absent: the cheapest option, or the flat fee.
     */
    shippingChoice: shippingChoiceInputSchema.extend({ fee: vndSchema.optional() }).optional(),
    note: textInput({ trim: true, multiline: true })
      .max(rules.note.max, rules.note.tooLong)
      .optional()
      .transform((value) => (value ? value : undefined)),
    subtotal: z.number().optional(),
    total: z.number().optional(),
  })
  .refine((input) => input.paymentMethod !== 'PAY_AT_PICKUP' || input.fulfilment.method === 'pickup', {
    message: rules.paymentMethod.payAtPickupOnly,
    path: ['paymentMethod'],
  });
export type OrderCreateInput = z.input<typeof orderCreateInputSchema>;
export type OrderCreateRequest = z.output<typeof orderCreateInputSchema>;

export const orderLineSchema = z.object({
  kind: cartLineKindSchema,
  refId: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  image: z.string().min(1).nullable(),
  /** The price charged (server price when the order was placed). */
  unitPrice: vndSchema,
  quantity: z.number().int().positive(),
  lineTotal: vndSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderHistoryEntrySchema = z.object({
  status: orderStatusSchema,
  statusLabel: z.string().min(1),
  paymentStatus: paymentStatusSchema,
  note: z.string().nullable(),
  at: isoInstantSchema,
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** What the customer needs to pay by bank transfer (only for VIETQR orders not yet paid). */
export const vietQrPaymentSchema = z.object({
  /** EMVCo merchant-presented payload (NAPAS VietQR), CRC included. */
  payload: z.string().min(1),
  /** The QR code of the payload: data:image/svg+xml;base64,... */
  imageDataUrl: z.string().startsWith('data:image/'),
  bankName: z.string().min(1),
  bankBin: z.string().regex(/^\d{6}$/),
  accountNumber: z.string().min(1),
  accountName: z.string().min(1),
  amount: vndSchema,
  /** = the order code. */
  transferContent: z.string().min(1),
  /** Unpaid by then, the order is cancelled (VIETQR_PAYMENT_HOURS after it was placed). */
  payBefore: isoInstantSchema,
});
export type VietQrPayment = z.infer<typeof vietQrPaymentSchema>;

export const orderCentreSchema = z.object({ id: z.number().int().positive(), name: z.string().min(1), address: z.string().min(1) });
export type OrderCentre = z.infer<typeof orderCentreSchema>;

export const orderFulfilmentSchema = z.object({
  method: fulfilmentMethodSchema,
  address: shippingAddressSchema.nullable(),
  centre: orderCentreSchema.nullable(),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/** Who took a step of an order's timeline: the customer, the shop's staff (named on the desk only) or the system. */
export const orderTimelineActorSchema = z.object({
  kind: z.enum(['customer', 'staff', 'system']),
  name: z.string().nullable(),
});

/** One step of an order's timeline (web_order_events): what happened, the status after it, who and when. */
export const orderTimelineEntrySchema = z.object({
  /** 'placed' | 'payment' | 'status' | a web-order action ('confirm', 'ship', 'cancel', 'refund' ...). */
  action: z.string().min(1),
  label: z.string().min(1),
  status: orderStatusSchema,
  statusLabel: z.string().min(1),
  paymentStatus: paymentStatusSchema,
  paymentStatusLabel: z.string().min(1),
  note: z.string().nullable(),
  actor: orderTimelineActorSchema,
  at: isoInstantSchema,
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** How a shipped order travels: the carrier, its tracking code and the carrier's tracking page. */
export const orderShipmentSchema = z.object({
  carrier: z.enum(CARRIERS),
  carrierLabel: z.string().min(1),
  trackingCode: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: isoInstantSchema,
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** 'EV' + yyMMdd (Asia/Ho_Chi_Minh) + at least 4 digits, e.g. 'EV2611220007'. */
export const ORDER_CODE_PATTERN = /^EV\d{6}\d{4,}$/;

export const orderSchema = z.object({
  /** The order's id, which a conversation's subject names ({ kind: 'order', id }); absent from older answers. */
  id: z.number().int().positive().optional(),
  code: z.string().regex(ORDER_CODE_PATTERN),
  status: orderStatusSchema,
  statusLabel: z.string().min(1),
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  paymentStatusLabel: z.string().min(1),
  lines: z.array(orderLineSchema).min(1),
  subtotal: vndSchema,
  /** Every promotion saving: off the goods and off the shipping fee. */
  discount: vndSchema,
  /** The shipping fee before a shipping promotion (total = subtotal − discount + shippingFee − pointsValue). */
  shippingFee: vndSchema,
  /** Members' points the order used and their worth (absent from older answers). */
  pointsUsed: z.number().int().nonnegative().optional(),
  pointsValue: vndSchema.optional(),
  total: vndSchema,
  promotionCode: z.string().nullable(),
  recipientName: z.string().min(1),
  phone: z.string().min(1),
  fulfilment: orderFulfilmentSchema,
  note: z.string().nullable(),
  /** Oldest first. */
  history: z.array(orderHistoryEntrySchema),
  /** Oldest first: every step with who and when (staff unnamed). */
  timeline: z.array(orderTimelineEntrySchema).optional(),
  /** Once shipped. */
  shipment: orderShipmentSchema.nullable().optional(),
  vietQr: vietQrPaymentSchema.nullable(),
  canCancel: z.boolean(),
  /** Raised by every change: the customer's cancellation may carry it (a stale one is refused). */
  version: z.number().int().nonnegative().optional(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  /** The parcel with an integrated carrier (issue 65), every status with its time; on the order's own page only. */
  parcel: shipmentViewSchema.nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = z.object({
  code: z.string().regex(ORDER_CODE_PATTERN),
  status: orderStatusSchema,
  statusLabel: z.string().min(1),
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  total: vndSchema,
  /** Sum of the quantities. */
  itemCount: z.number().int().positive(),
  /** How many different lines (products, packages) the order has. */
  lineCount: z.number().int().positive(),
  firstItemName: z.string().min(1),
  createdAt: isoInstantSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderCodeParamsSchema = z.object({ code: textInput({ trim: true }).toUpperCase().regex(ORDER_CODE_PATTERN, 'Mã đơn hàng không hợp lệ.') });

/** GET /orders: the customer's orders a page at a time, newest first. */
export const orderSummariesQuerySchema = z.object({
  /** Older ones: the code of the last order shown. */
  before: textInput({ trim: true }).toUpperCase().regex(ORDER_CODE_PATTERN, 'Mã đơn hàng không hợp lệ.').optional(),
  limit: integerInput({ message: 'Số đơn hàng không hợp lệ.', min: 1, max: ORDER_SUMMARIES_PAGE_SIZE_MAX }).optional(),
  /** true: only the orders not completed or cancelled. */
  open: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Bộ lọc không hợp lệ.' })).optional(),
});
export type OrderSummariesQuery = z.infer<typeof orderSummariesQuerySchema>;
export const orderSummaryPageSchema = z.object({ items: z.array(orderSummarySchema), hasMore: z.boolean() });
export type OrderSummaryPage = z.infer<typeof orderSummaryPageSchema>;

/** POST /orders/:code/cancel: { reason? }; no body at all is fine too. */
export const orderCancelInputSchema = z
  .object({
    reason: textInput({ trim: true, multiline: true })
      .max(300, 'Lý do tối đa 300 ký tự.')
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** The order's version the customer saw: if the shop changed the order since, the cancellation is refused (409). */
    version: integerInput({ message: 'Phiên bản đơn hàng không hợp lệ, vui lòng tải lại.', min: 0 }).optional(),
  })
  .nullish()
  .transform((input) => ({ reason: input?.reason, version: input?.version }));
export type OrderCancelInput = z.input<typeof orderCancelInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Package credits

/**
 * GET /me/package-credits: what is left of the services of the packages a customer bought and paid
 * (non-expired, remaining > 0). Named CustomerPackageCredit because catalogue.ts already has PackageCredit
 * (the services a package includes).
 */
export const customerPackageCreditSchema = z.object({
  id: z.number().int().positive(),
  packageId: z.number().int().positive(),
  packageName: z.string().min(1),
  serviceId: z.number().int().positive(),
  serviceName: z.string().min(1),
  remaining: z.number().int().positive(),
  total: z.number().int().positive(),
  expiresAt: isoInstantSchema,
});
export type CustomerPackageCredit = z.infer<typeof customerPackageCreditSchema>;

// ---------------------------------------------------------------------------------------------------------
// Response envelopes

export const cartResponseSchema = envelopeSchema(cartSchema);
export const cartChangeResponseSchema = envelopeSchema(cartChangeSchema);
export const quoteResponseSchema = envelopeSchema(quoteSchema);
export const orderResponseSchema = envelopeSchema(orderSchema);
export const orderSummaryPageResponseSchema = envelopeSchema(orderSummaryPageSchema);
export const customerPackageCreditListResponseSchema = envelopeSchema(z.array(customerPackageCreditSchema));

/** `event: order-status` on the customer's GET /api/appointments/events: one of their orders moved or was paid, reload it. */
export const ORDER_STATUS_EVENT = 'order-status';
export const orderStatusEventSchema = z.object({
  code: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  version: z.number().int().nonnegative(),
});
export type OrderStatusEvent = z.infer<typeof orderStatusEventSchema>;
