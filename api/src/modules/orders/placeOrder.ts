import { sql, type Insertable, type Kysely } from 'kysely';
import {
  ERROR_CODES,
  canCustomerCancel,
  foldVietnamese,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type CartLine,
  type Order,
  type OrderCreateRequest,
  type OrderLine,
  type OrderStatus,
  type PaymentStatus,
  type QuoteFulfilment,
} from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/preparedQuery';
import type { OrderLinesTable, OrdersTable } from '../../db/shopSchema';
import { writesSeveralTablesInOneStatement } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { invalidateCatalogue } from '../catalogue';
import { countProductSale } from '../catalogueAdmin';
import { takePromotionUse } from '../promotions';
import { removeOrderedItems, itemKey, loadShopItems, mergeRepeatedItems, toCartLine } from '../cart';
import { orderLocations, type OrderLocations } from './orderLocations';
import type { OrderStatusFacts } from './webOrderChanges';
import { tellOrderFacts } from '../notifications';
import { orderPlacedEmail } from './orderEmails';
import { recordOrderEvent } from './orderTimeline';
import { nextOrderIdSql, orderCodePrefix, orderCodeSql } from './orderCode';
import { orderRequestHash } from './orderIdempotency';
import { orderMessages } from './orderMessages';
import { applyMemberPrices } from './memberPricing';
import { assertCentreExists, priceCheckout } from './orderPricing';
import { requoteForOrder, type DeliveryQuote } from './shippingQuote';
import { paymentDueAt, vietQrPayment } from '../../lib/vietQr';
import { findOrderRowById, toOrder } from './orderView';
import { reserveOrderStock } from './orderStock';
import { issuePackageCredits } from './packageCredits';
import { lockCustomerForCheckout, type CheckoutCustomer } from '../auth';
import { codedDeliveryAddress } from '../addresses';
import { pointsForOrder, redeemForOrder } from '../loyalty';

type Db = Kysely<Database>;

export interface ShopContext {
  db: Db;
  clock: Clock;
  config: Config;
}

export interface PlacedOrder {
  order: Order;
  /** True when the key had already made this order (answer 200, not 201). */
  replayed: boolean;
  /** A new order: its desk and what its owner's `order-status` says (webOrderChanges), as the transaction wrote them. */
  placed?: { deskCentreId: number | null; facts: OrderStatusFacts };
}

const orderOfKey = preparedQuery<{ userId: number; key: string }>()((db, param) =>
  db.selectFrom('orders').select(['id', 'request_hash']).where('user_id', '=', param('userId')).where('idempotency_key', '=', param('key')),
);

async function orderIdForKey(db: Db, userId: number, key: string): Promise<{ id: number; request_hash: string } | undefined> {
  return orderOfKey.first(db, { userId, key });
}

type NewOrderRow = Required<Omit<Insertable<OrdersTable>, 'id' | 'version' | 'code'>>;

const ORDER_COLUMNS = [
  'user_id', 'status', 'payment_method', 'payment_status', 'subtotal', 'discount', 'shipping_fee', 'shipping_discount', 'shipping_vat_rate', 'total',
  'promotion_id', 'promotion_code', 'fulfilment_method', 'province', 'ward', 'street', 'ward_code', 'centre_id', 'recipient_name', 'phone', 'note',
  'idempotency_key', 'request_hash', 'cancel_reason', 'paid_at', 'created_at', 'updated_at', 'desk_centre_id', 'recipient_folded',
  'stock_location_id', 'points_used', 'points_value', 'shipping_carrier', 'shipping_service',
] as const satisfies ReadonlyArray<keyof NewOrderRow>;

type OrderInsertParams = NewOrderRow & { codePrefix: string };

/**
 * The order row (every column named, so one compiled statement serves every order), its id taken in the statement so
 * that its code (orderCode.ts) is written with it.
 */
function orderInsert(db: Db, param: <K extends keyof OrderInsertParams & string>(name: K) => OrderInsertParams[K]) {
  return db
    .with('next_order', (qc) => qc.selectNoFrom(nextOrderIdSql(db).as('id')))
    .insertInto('orders')
    .values({
      ...(Object.fromEntries(ORDER_COLUMNS.map((column) => [column, param(column)])) as NewOrderRow),
      id: (eb) => eb.selectFrom('next_order').select('next_order.id'),
      code: (eb) => eb.selectFrom('next_order').select(orderCodeSql(sql.val(param('codePrefix')), sql.ref('next_order.id')).as('code')),
    });
}

const insertOrder = preparedQuery<OrderInsertParams>()((db, param) => orderInsert(db, param).returning(['id', 'version', 'code']));

const LINE_COLUMNS = ['kind', 'ref_id', 'slug', 'name', 'image', 'promo_group', 'unit_price', 'quantity', 'line_total'] as const;
type NewLineRow = Required<Pick<Insertable<OrderLinesTable>, (typeof LINE_COLUMNS)[number]>>;

/**
 * Where one statement can write to several tables (writesSeveralTablesInOneStatement): the order with everything
 * placing it writes beside it — its lines (`lines`: a JSON array of order_lines rows), the first row of its history
 * and the 'placed' step of its timeline (by the customer, at its creation), and its promotion's redemption when it has
 * one — in one round trip.
 */
const insertOrderWithRows = preparedQuery<OrderInsertParams & { lines: string }>()((db, param) =>
  db
    .with('placed', () => orderInsert(db, param).returning(['id', 'version', 'code', 'user_id', 'status', 'payment_status', 'promotion_id', 'created_at']))
    .with('placed_lines', (qc) =>
      qc
        .insertInto('order_lines')
        .columns(['order_id', ...LINE_COLUMNS])
        .expression(
          sql`select placed.id, ${sql.join(LINE_COLUMNS.map((column) => sql.ref(`line.${column}`)))} from placed, jsonb_populate_recordset(null::order_lines, cast(${param('lines')} as jsonb)) as line`,
        )
        .returning('order_lines.id'),
    )
    .with('placed_history', (qc) =>
      qc
        .insertInto('order_status_history')
        .columns(['order_id', 'status', 'payment_status', 'note', 'actor_user_id', 'created_at'])
        .expression((eb) =>
          eb.selectFrom('placed').select(['placed.id', 'placed.status', 'placed.payment_status', sql<null>`null`.as('note'), 'placed.user_id', 'placed.created_at']),
        )
        .returning('order_status_history.id'),
    )
    .with('placed_step', (qc) =>
      qc
        .insertInto('web_order_events')
        .columns(['order_id', 'action', 'status', 'payment_status', 'actor_kind', 'actor_user_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('placed')
            .select(['placed.id', sql.lit('placed').as('action'), 'placed.status', 'placed.payment_status', sql.lit('customer').as('actor_kind'), 'placed.user_id', 'placed.created_at']),
        )
        .returning('web_order_events.id'),
    )
    .with('placed_redemption', (qc) =>
      qc
        .insertInto('promotion_redemptions')
        .columns(['promotion_id', 'user_id', 'order_id', 'created_at'])
        .expression((eb) =>
          eb.selectFrom('placed').select(['placed.promotion_id', 'placed.user_id', 'placed.id', 'placed.created_at']).where('placed.promotion_id', 'is not', null),
        )
        .returning('promotion_redemptions.id'),
    )
    .selectFrom('placed')
    .select(['placed.id', 'placed.version', 'placed.code']),
);

const insertOrderHistory = preparedQuery<{ orderId: number; status: OrderStatus; paymentStatus: PaymentStatus; actor: number; at: string }>()((db, param) =>
  db.insertInto('order_status_history').values({
    order_id: param('orderId'),
    status: param('status'),
    payment_status: param('paymentStatus'),
    note: null,
    actor_user_id: param('actor'),
    created_at: param('at'),
  }),
);

function replayOrRefuse(existing: { request_hash: string }, hash: string): void {
  if (existing.request_hash !== hash) {
    throw new AppError(409, ERROR_CODES.IDEMPOTENCY_KEY_REUSED, orderMessages.idempotencyKeyReused);
  }
}

/**
 * POST /orders. Everything happens in ONE transaction, so the order exists with all its effects or not at all:
 *  1. the customer's row is locked and read in one statement (concurrent orders of one customer queue: the
 *     per-customer promotion limit and the first-order rule are counted after it);
 *  2. prices read now and the order priced by the shared rules (what the client sent is ignored);
 *  3. stock reserved at the order's location (the pick-up centre, or the location that ships online orders) by
 *     `reserved = reserved + q where on_hand - reserved >= q` per product in id order (no deadlock between
 *     orders; orderStock.ts), a promotion use by `used_count = used_count + 1 where used_count < usage_limit`; a
 *     row not updated means sold out / used up and rolls everything back;
 *  4. the order, its lines, history, redemption, the cart lines it bought and the confirmation email.
 * Two requests with one key: both may pass the check before the transaction; the second waits on the customer's lock,
 * then fails (its insert on the unique index orders_user_idempotency_key_unique, or before it on what the first took)
 * and, finding the key's order on failing, replays it. So a new order reads no key inside its transaction.
 */
export async function placeOrder(ctx: ShopContext, userId: number, idempotencyKey: string, request: OrderCreateRequest): Promise<PlacedOrder> {
  const hash = orderRequestHash(request);
  const replay = async (existing: { id: number; request_hash: string }): Promise<PlacedOrder> => {
    replayOrRefuse(existing, hash);
    return { order: await toOrder(ctx.db, await findOrderRowById(ctx.db, existing.id), ctx.config.vietQr), replayed: true };
  };

  const locations = await orderLocations(ctx.db, ctx.config);
  // A key already used answers its order before the carriers are asked again (the fee may have moved since).
  const earlier = await orderIdForKey(ctx.db, userId, idempotencyKey);
  if (earlier) return replay(earlier);
  // The delivery quoted again outside the transaction (the carriers may take up to 1.5 s): the shown fee must hold.
  const shipped = mergeRepeatedItems(request.items.map(({ kind, refId, quantity }) => ({ kind, refId, quantity }))).filter((item) => item.kind === 'product');
  const delivery = await requoteForOrder(ctx, shipped, request.fulfilment, request.shippingChoice);
  let created: CreatedOrder;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const customer = await lockCustomerForCheckout(trx, userId);
      return createOrder(ctx, trx, userId, customer, idempotencyKey, hash, request, locations, delivery);
    });
  } catch (error) {
    // The same key's order committed by a concurrent request while this one ran (its insert then breaks the unique
    // key, or an earlier step fails on what that order took: the last units, a promotion's use): that order answers.
    const winner = await orderIdForKey(ctx.db, userId, idempotencyKey).catch(() => undefined);
    if (!winner) throw error;
    return replay(winner);
  }
  const { order, usedPromotion, placed } = created;
  if (usedPromotion) invalidateCatalogue();
  // The committed order as the transaction wrote it (no re-read); the QR is drawn after the commit.
  if (order.paymentMethod === 'VIETQR' && order.paymentStatus === 'UNPAID' && order.total > 0) {
    order.vietQr = await vietQrPayment(
      ctx.config.vietQr,
      { amount: order.total, purpose: order.code },
      paymentDueAt(order.createdAt, ctx.config.vietQr.paymentHours),
    );
  }
  return { order, replayed: false, placed };
}

interface CreatedOrder {
  order: Order;
  usedPromotion: boolean;
  placed: NonNullable<PlacedOrder['placed']>;
}

async function createOrder(
  ctx: ShopContext,
  trx: Db,
  userId: number,
  customer: CheckoutCustomer,
  idempotencyKey: string,
  requestHash: string,
  request: OrderCreateRequest,
  locations: OrderLocations,
  delivery: DeliveryQuote,
): Promise<CreatedOrder> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const requested = mergeRepeatedItems(request.items.map(({ kind, refId, quantity }) => ({ kind, refId, quantity })));
  // Prices at the order's instant: a sale price only within its window.
  const items = await loadShopItems(trx, requested, now);
  // The member's prices where lower (the tier as of now): the lines keep them, so a later change never touches the order.
  await applyMemberPrices(trx, userId, items, now);
  // The unit prices the customer was shown: an order is never placed at a price they did not see.
  const shownPrices = new Map(request.items.filter((entry) => entry.price !== undefined).map((entry) => [itemKey(entry), entry.price]));
  const lines: CartLine[] = requested.map((entry) => {
    const item = items.get(itemKey(entry));
    if (!item) {
      throw AppError.notFound(orderMessages.itemNotFound(entry.kind === 'product' ? 'sản phẩm' : 'gói dịch vụ'), ERROR_CODES.ITEM_NOT_FOUND);
    }
    if (!item.available) throw new AppError(409, ERROR_CODES.ITEM_UNAVAILABLE, orderMessages.itemUnavailable(item.name));
    const shown = shownPrices.get(itemKey(entry));
    if (shown !== undefined && shown !== item.price) throw new AppError(409, ERROR_CODES.PRICE_CHANGED, orderMessages.priceChanged(item.name));
    return toCartLine(item, entry.quantity, null);
  });

  const fulfilment: QuoteFulfilment =
    request.fulfilment.method === 'pickup'
      ? { method: 'pickup', centreId: request.fulfilment.centreId }
      : { method: 'delivery', province: request.fulfilment.address.province };
  const pickupCentre = fulfilment.method === 'pickup' ? await assertCentreExists(trx, fulfilment.centreId) : null;

  const { pricing: priced, promotion, refusal } = await priceCheckout(trx, userId, lines, fulfilment, request.promoCode, now, delivery.fee, customer);
  if (refusal) {
    throw new AppError(422, ERROR_CODES.PROMOTION_REFUSED, refusal.message, [{ field: 'promoCode', message: refusal.message }]);
  }
  // The member's points pay part of the goods: their worth joins the discount (the total's rule), shown apart.
  const points = await pointsForOrder(trx, userId, priced.subtotal - priced.discount, request.points ?? 0, now);
  if (points.refusal) throw new AppError(422, ERROR_CODES.POINTS_REFUSED, points.refusal, [{ field: 'points', message: points.refusal }]);
  const pricing = { ...priced, discount: priced.discount + points.value, total: priced.total - points.value };

  // Stock reserved at the order's location, product by product in id order (orderStock.ts); sales counted.
  const products = lines.filter((line) => line.kind === 'product').sort((a, b) => a.refId - b.refId);
  let stockLocationId: number | null = null;
  if (products.length > 0) {
    stockLocationId = pickupCentre?.id ?? locations.warehouse;
    if (stockLocationId === null) throw new AppError(409, ERROR_CODES.OUT_OF_STOCK, orderMessages.outOfStock(products[0]!.name));
    await reserveOrderStock(trx, { id: stockLocationId, pickupName: pickupCentre?.name ?? null }, products, ctx.clock);
    for (const line of products) {
      // Its stock is reserved at the location; the sale counts only while the product is on sale.
      if (!(await countProductSale(trx, line.refId, line.quantity, nowIso))) throw new AppError(409, ERROR_CODES.ITEM_UNAVAILABLE, orderMessages.itemUnavailable(line.name));
    }
  }

  if (promotion) {
    if (!(await takePromotionUse(trx, promotion.id))) {
      throw new AppError(422, ERROR_CODES.PROMOTION_REFUSED, 'Mã đã hết lượt sử dụng', [{ field: 'promoCode', message: 'Mã đã hết lượt sử dụng' }]);
    }
  }

  const paidUpFront = pricing.total === 0;
  const status: OrderStatus = request.paymentMethod === 'VIETQR' && !paidUpFront ? 'PENDING_PAYMENT' : 'PLACED';
  const paymentStatus: PaymentStatus = paidUpFront ? 'PAID' : 'UNPAID';
  // The ward coded: a ward code of another province is refused (422); a ward text naming one ward gets its code.
  const address = request.fulfilment.method === 'delivery' ? codedDeliveryAddress(request.fulfilment.address) : null;
  const deskCentreId = request.fulfilment.method === 'pickup' ? request.fulfilment.centreId : locations.shippingDesk;
  const orderLines: OrderLine[] = lines.map((line) => ({
    kind: line.kind,
    refId: line.refId,
    slug: line.slug,
    name: line.name,
    image: line.image,
    unitPrice: line.price,
    quantity: line.quantity,
    lineTotal: line.price * line.quantity,
  }));
  const lineRows: NewLineRow[] = orderLines.map((line, index) => ({
    kind: line.kind,
    ref_id: line.refId,
    slug: line.slug,
    name: line.name,
    image: line.image,
    promo_group: lines[index]!.promoGroup,
    unit_price: line.unitPrice,
    quantity: line.quantity,
    line_total: line.lineTotal,
  }));
  const orderRow: OrderInsertParams = {
    codePrefix: orderCodePrefix(now),
    user_id: userId,
    status,
    payment_method: request.paymentMethod,
    payment_status: paymentStatus,
    subtotal: pricing.subtotal,
    discount: pricing.discount,
    shipping_fee: pricing.shippingFee,
    shipping_discount: pricing.shippingDiscount,
    shipping_vat_rate: ctx.config.shippingVatRate,
    total: pricing.total,
    points_used: points.used,
    points_value: points.value,
    promotion_id: promotion?.id ?? null,
    promotion_code: promotion?.code ?? null,
    fulfilment_method: request.fulfilment.method,
    province: address?.province ?? null,
    ward: address?.ward ?? null,
    street: address?.street ?? null,
    ward_code: address?.wardCode ?? null,
    centre_id: request.fulfilment.method === 'pickup' ? request.fulfilment.centreId : null,
    recipient_name: request.recipientName,
    phone: request.phone,
    note: request.note ?? null,
    idempotency_key: idempotencyKey,
    request_hash: requestHash,
    cancel_reason: null,
    paid_at: paidUpFront ? nowIso : null,
    created_at: nowIso,
    updated_at: nowIso,
    desk_centre_id: deskCentreId,
    recipient_folded: foldVietnamese(request.recipientName).slice(0, 100),
    stock_location_id: stockLocationId,
    shipping_carrier: delivery.choice?.carrier ?? null,
    shipping_service: delivery.choice?.service ?? null,
  };
  let inserted: { id: number; version: number; code: string } | undefined;
  if (writesSeveralTablesInOneStatement(trx)) {
    inserted = await insertOrderWithRows.first(trx, { ...orderRow, lines: JSON.stringify(lineRows) });
  } else {
    // One statement each (SQLite: no round trip to save), the order's code still written by its insert.
    inserted = await insertOrder.first(trx, orderRow);
    const orderId = inserted!.id;
    await trx.insertInto('order_lines').values(lineRows.map((row) => ({ order_id: orderId, ...row }))).execute();
    await insertOrderHistory.execute(trx, { orderId, status, paymentStatus, actor: userId, at: nowIso });
    await recordOrderEvent(trx, { orderId, action: 'placed', status, paymentStatus, actorKind: 'customer', actorUserId: userId, at: nowIso });
    if (promotion) {
      await trx.insertInto('promotion_redemptions').values({ promotion_id: promotion.id, user_id: userId, order_id: orderId, created_at: nowIso }).execute();
    }
  }
  const orderId = inserted!.id;
  const code = inserted!.code;
  await redeemForOrder(trx, { userId, orderId, points: points.used, at: now });
  if (paidUpFront) await issuePackageCredits(trx, { id: orderId, user_id: userId }, now);
  await removeOrderedItems(trx, userId, lines);

  const order: Order = {
    code,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    paymentMethod: request.paymentMethod,
    paymentStatus,
    paymentStatusLabel: PAYMENT_STATUS_LABELS[paymentStatus],
    lines: orderLines,
    subtotal: pricing.subtotal,
    discount: priced.discount + pricing.shippingDiscount,
    shippingFee: pricing.shippingFee,
    pointsUsed: points.used,
    pointsValue: points.value,
    total: pricing.total,
    promotionCode: promotion?.code ?? null,
    recipientName: request.recipientName,
    phone: request.phone,
    fulfilment: {
      method: request.fulfilment.method,
      address,
      centre:
        request.fulfilment.method === 'pickup'
          ? await trx
              .selectFrom('service_centres')
              .select(['id', 'name', 'address'])
              .where('id', '=', request.fulfilment.centreId)
              .executeTakeFirstOrThrow()
          : null,
    },
    note: request.note ?? null,
    history: [{ status, statusLabel: ORDER_STATUS_LABELS[status], paymentStatus, note: null, at: nowIso }],
    vietQr: null,
    canCancel: canCustomerCancel(status),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const email = orderPlacedEmail(customer.fullName, {
    ...order,
    orderUrl: `${ctx.config.publicUrl}/orders/${code}`,
    payBefore: paymentDueAt(nowIso, ctx.config.vietQr.paymentHours),
  });
  // the centre tells the customer once, on the channel they chose (this email when that is email)
  await tellOrderFacts(trx, now, userId, code, [{ fact: 'placed', email }]);
  const placed = { deskCentreId, facts: { user_id: userId, code, status, payment_status: paymentStatus, version: inserted!.version } };
  return { order, usedPromotion: promotion !== null, placed };
}
