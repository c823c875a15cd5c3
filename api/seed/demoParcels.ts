import type { Kysely } from 'kysely';
import { foldVietnamese, type IntegratedCarrier, type OrderStatus, type PaymentStatus } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { findWard } from '../src/modules/addresses';
import { orderCodeFor, provisionalOrderCode } from '../src/modules/orders';
import { seedDemoShipments, type DemoParcel, type DemoParcelStory } from '../src/modules/shipments';

const HOUR = 3_600_000;

interface DemoShipping {
  key: string;
  recipient: string;
  phone: string;
  street: string;
  /** The official ward code (addresses' reference data names it and its province). */
  wardCode: string;
  /** Hours before the seed the order was placed; the waybill (if any) came 2 hours later. */
  hoursAgo: number;
  status: OrderStatus;
  payment: PaymentStatus;
  parcel: { story: DemoParcelStory; carrier: IntegratedCarrier; trackingCode: string } | null;
}

/**
 * Today's shipping desk at Cầu Giấy (issue 65 §6): two packed delivery orders waiting for "Tạo vận đơn", one with its
 * waybill waiting for the courier (the day's pickup list), one on its way, one delivered (its COD expected from the
 * carrier), one failed delivery and one returned to the warehouse. Real Hà Nội, TP. Hồ Chí Minh and Đà Nẵng wards
 * after the 2025 reform; the carriers' code formats.
 */
const DEMO_SHIPPING: DemoShipping[] = [
  { key: 'pack-1', recipient: 'Phạm Minh Tuấn', phone: '0387100001', street: '36 Dịch Vọng Hậu', wardCode: '00166', hoursAgo: 4, status: 'PACKED', payment: 'UNPAID', parcel: null },
  { key: 'pack-2', recipient: 'Đỗ Thị Mai Anh', phone: '0387100002', street: '112 Trần Duy Hưng', wardCode: '00175', hoursAgo: 6, status: 'PACKED', payment: 'UNPAID', parcel: null },
  {
    key: 'ready-to-pick',
    recipient: 'Vũ Quốc Khánh',
    phone: '0387100003',
    street: '8 Lý Thường Kiệt',
    wardCode: '00070',
    hoursAgo: 3,
    status: 'PACKED',
    payment: 'UNPAID',
    parcel: { story: 'readyToPick', carrier: 'GHTK', trackingCode: 'S22839501.BO.HN13.A5.1683412057' },
  },
  { key: 'in-transit', recipient: 'Hoàng Thị Lan', phone: '0387100004', street: '45 Lê Lợi', wardCode: '26743', hoursAgo: 24, status: 'SHIPPING', payment: 'UNPAID', parcel: { story: 'inTransit', carrier: 'GHN', trackingCode: 'GYK7QX3N' } },
  { key: 'delivered', recipient: 'Bùi Đức Thắng', phone: '0387100005', street: '17 Trần Phú', wardCode: '20242', hoursAgo: 30, status: 'DELIVERED', payment: 'PAID', parcel: { story: 'delivered', carrier: 'GHN', trackingCode: 'GYK7PL8D' } },
  {
    key: 'failed',
    recipient: 'Ngô Thanh Hương',
    phone: '0387100006',
    street: '220 Nguyễn Trãi',
    wardCode: '00235',
    hoursAgo: 27,
    status: 'SHIPPING',
    payment: 'UNPAID',
    parcel: { story: 'failedDelivery', carrier: 'GHTK', trackingCode: 'S22839501.BO.HN11.B2.1683398841' },
  },
  { key: 'returned', recipient: 'Trịnh Văn Long', phone: '0387100007', street: '5 Nguyễn Văn Cừ', wardCode: '00145', hoursAgo: 80, status: 'CANCELLED', payment: 'UNPAID', parcel: { story: 'returned', carrier: 'GHN', trackingCode: 'GYK6ZR2T' } },
];

const RETURNED_REASON = 'Đơn vị vận chuyển đã hoàn hàng về cửa hàng.';

/** The order's desk steps up to its status, hours after it was placed (the carrier's statuses are the shipment's). */
function stepsOf(demo: DemoShipping): Array<{ action: string; status: OrderStatus; payment: PaymentStatus; hours: number; byStaff: boolean; note?: string; carrier?: IntegratedCarrier; tracking?: string }> {
  const steps: ReturnType<typeof stepsOf> = [
    { action: 'placed', status: 'PLACED', payment: 'UNPAID', hours: 0, byStaff: false },
    { action: 'confirm', status: 'CONFIRMED', payment: 'UNPAID', hours: 0.5, byStaff: true },
    { action: 'pack', status: 'PACKED', payment: 'UNPAID', hours: 1.5, byStaff: true },
  ];
  if (demo.parcel && demo.parcel.story !== 'readyToPick') {
    steps.push({ action: 'ship', status: 'SHIPPING', payment: 'UNPAID', hours: 5, byStaff: false, carrier: demo.parcel.carrier, tracking: demo.parcel.trackingCode });
  }
  if (demo.status === 'DELIVERED') steps.push({ action: 'deliver', status: 'DELIVERED', payment: 'PAID', hours: 24, byStaff: false });
  if (demo.status === 'CANCELLED') steps.push({ action: 'cancel', status: 'CANCELLED', payment: 'UNPAID', hours: 72, byStaff: false, note: RETURNED_REASON });
  return steps;
}

/**
 * The shipping desk's demo (development seed only): each order's recipient as a customer of their own, the order
 * with its coded ward and timeline, a delivered one's COD in the ledger (channel CARRIER_COD, as the delivered
 * webhook records it), then the waybills through the shipments module. Idempotent by the orders' keys; runs before
 * seedOrderStock, which reserves the packed orders' units and issues the shipped ones' (the returned one is
 * cancelled: its units are back). Answers how many demo parcels there are.
 */
export async function seedDemoParcels(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(1).executeTakeFirst();
  // Products the online warehouse holds plenty of: the parcels' units never leave one out of stock.
  const products = await db
    .selectFrom('products')
    .innerJoin('centre_stock', 'centre_stock.product_id', 'products.id')
    .innerJoin('service_centres as warehouse', 'warehouse.id', 'centre_stock.centre_id')
    .select(['products.id', 'products.slug', 'products.name', 'products.price'])
    .where('products.is_active', '=', 1)
    .where('warehouse.ships_online', '=', 1)
    .where((eb) => eb(eb('centre_stock.on_hand', '-', eb.ref('centre_stock.reserved')), '>=', 20))
    .orderBy('products.id')
    .limit(12)
    .execute();
  if (!centre || products.length < 2) return 0;
  const parcels: DemoParcel[] = [];
  for (const [index, demo] of DEMO_SHIPPING.entries()) {
    const ward = findWard(demo.wardCode);
    if (!ward) continue;
    const key = `seed-web-desk-parcel-${demo.key}`;
    const customer = await recipientAccount(db, demo, index, now);
    const placedAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
    const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR).toISOString();
    const lines = [products[index % products.length]!, products[(index + 5) % products.length]!].map((product, line) => ({ product, quantity: line === 0 ? 1 : 2 }));
    const subtotal = lines.reduce((sum, line) => sum + toNumber(line.product.price) * line.quantity, 0);
    const total = subtotal + 30_000;
    const steps = stepsOf(demo);
    const last = steps[steps.length - 1]!;
    let order = await db.selectFrom('orders').select(['id', 'code']).where('user_id', '=', customer).where('idempotency_key', '=', key).executeTakeFirst();
    if (!order) {
      const row = await db
        .insertInto('orders')
        .values({
          code: provisionalOrderCode(),
          user_id: customer,
          status: demo.status,
          payment_method: 'COD',
          payment_status: demo.payment,
          subtotal,
          discount: 0,
          shipping_fee: 30_000,
          shipping_discount: 0,
          total,
          promotion_id: null,
          promotion_code: null,
          fulfilment_method: 'delivery',
          province: ward.province,
          ward: ward.name,
          ward_code: ward.code,
          street: demo.street,
          centre_id: null,
          recipient_name: demo.recipient,
          phone: demo.phone,
          note: null,
          idempotency_key: key,
          request_hash: key,
          cancel_reason: demo.status === 'CANCELLED' ? RETURNED_REASON : null,
          paid_at: demo.payment === 'PAID' ? at(last.hours) : null,
          created_at: placedAt.toISOString(),
          updated_at: at(last.hours),
          version: steps.length - 1,
          desk_centre_id: centre.id,
          recipient_folded: foldVietnamese(demo.recipient),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const code = orderCodeFor(row.id, placedAt);
      await db.updateTable('orders').set({ code }).where('id', '=', row.id).execute();
      order = { id: row.id, code };
      await db
        .insertInto('order_lines')
        .values(lines.map(({ product, quantity }) => ({ order_id: row.id, kind: 'product' as const, ref_id: product.id, slug: product.slug, name: product.name, image: null, promo_group: null, unit_price: toNumber(product.price), quantity, line_total: toNumber(product.price) * quantity })))
        .execute();
      for (const step of steps) {
        const actor = step.byStaff ? null : step.action === 'placed' ? customer : null;
        await db.insertInto('order_status_history').values({ order_id: row.id, status: step.status, payment_status: step.payment, note: step.note ?? null, actor_user_id: actor, created_at: at(step.hours) }).execute();
        await db
          .insertInto('web_order_events')
          .values({
            order_id: row.id,
            action: step.action,
            status: step.status,
            payment_status: step.payment,
            actor_kind: step.action === 'placed' ? 'customer' : 'system',
            actor_user_id: actor,
            note: step.note ?? null,
            carrier: step.carrier ?? null,
            tracking_code: step.tracking ?? null,
            amount: null,
            refund_method: null,
            reference: null,
            created_at: at(step.hours),
          })
          .execute();
      }
      // The delivered parcel's COD: owed by the carrier until its statement (đối soát COD) remits it. Written as
      // history, like the seed's other paid sales (backfillSalePayments): no sale event for the workers to take again.
      if (demo.payment === 'PAID' && demo.parcel) {
        await db
          .insertInto('sale_payments')
          .values({ order_id: row.id, service_invoice_id: null, amount: total, method: 'CASH', channel: 'CARRIER_COD', reference: demo.parcel.trackingCode, transaction_id: null, actor_id: null, paid_at: at(last.hours) })
          .execute();
      }
    }
    if (demo.parcel) {
      parcels.push({ orderId: order.id, orderCode: order.code, story: demo.parcel.story, carrier: demo.parcel.carrier, trackingCode: demo.parcel.trackingCode, codAmount: total, insuredValue: subtotal, createdAt: new Date(placedAt.getTime() + 2 * HOUR) });
    }
  }
  return seedDemoShipments(db, parcels);
}

/** The recipient as a customer of their own (no password: nobody signs in as them). */
async function recipientAccount(db: Kysely<Database>, demo: DemoShipping, index: number, now: Date): Promise<number> {
  const email = `khach.giaohang${index + 1}@example.vn`;
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return existing.id;
  const at = now.toISOString();
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: null, full_name: demo.recipient, phone_number: demo.phone, address: null, date_of_birth: null, gender: null, avatar_url: null, role: 'customer', google_sub: null, email_verified_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
