import { sql, type Kysely } from 'kysely';
import { foldVietnamese, type Carrier, type OrderStatus, type PaymentStatus, type RefundMethod } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { orderCodeFor, provisionalOrderCode } from '../src/modules/orders';

const HOUR = 3_600_000;

type Step = { action: string; status: OrderStatus; payment: PaymentStatus; byStaff: boolean; hoursAfter: number; note?: string; carrier?: Carrier; tracking?: string; refund?: { method: RefundMethod; reference: string } };

interface DemoWebOrder {
  key: string;
  method: 'COD' | 'VIETQR' | 'PAY_AT_PICKUP';
  pickup: boolean;
  /** Hours before the seed it was placed. */
  hoursAgo: number;
  steps: Step[];
}

const placed = (payment: PaymentStatus = 'UNPAID'): Step => ({ action: 'placed', status: 'PLACED', payment, byStaff: false, hoursAfter: 0 });
const staff = (action: string, status: OrderStatus, payment: PaymentStatus, hoursAfter: number, extra: Partial<Step> = {}): Step => ({ action, status, payment, byStaff: true, hoursAfter, ...extra });

/**
 * One web order of Cầu Giấy's desk in every state of the machine (and a paid one cancelled, before and after its
 * refund). The PENDING_PAYMENT one (a VietQR pick-up at Cầu Giấy, its units reserved there) is placed at the seed's
 * time: the expiry job cancels it a day later, releasing them.
 */
const DEMO_WEB_ORDERS: DemoWebOrder[] = [
  { key: 'pending-payment', method: 'VIETQR', pickup: true, hoursAgo: 0, steps: [{ ...placed(), status: 'PENDING_PAYMENT' }] },
  { key: 'placed', method: 'COD', pickup: false, hoursAgo: 1, steps: [placed()] },
  { key: 'confirmed', method: 'COD', pickup: false, hoursAgo: 5, steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1)] },
  { key: 'packed', method: 'COD', pickup: false, hoursAgo: 8, steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 3)] },
  {
    key: 'shipping',
    method: 'COD',
    pickup: false,
    hoursAgo: 26,
    steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 2), staff('ship', 'SHIPPING', 'UNPAID', 4, { carrier: 'GHN', tracking: 'GHNDEMO0001' })],
  },
  {
    key: 'delivered',
    method: 'COD',
    pickup: false,
    hoursAgo: 50,
    steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 2), staff('ship', 'SHIPPING', 'UNPAID', 3, { carrier: 'VIETTEL_POST', tracking: 'VTPDEMO0002' }), staff('deliver', 'DELIVERED', 'PAID', 30)],
  },
  {
    key: 'completed',
    method: 'COD',
    pickup: false,
    hoursAgo: 100,
    steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 2), staff('ship', 'SHIPPING', 'UNPAID', 3, { carrier: 'JT_EXPRESS', tracking: 'JTDEMO0003' }), staff('deliver', 'DELIVERED', 'PAID', 30), staff('complete', 'COMPLETED', 'PAID', 31)],
  },
  { key: 'ready', method: 'PAY_AT_PICKUP', pickup: true, hoursAgo: 20, steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 2), staff('readyForPickup', 'READY_FOR_PICKUP', 'UNPAID', 3)] },
  {
    key: 'handed-over',
    method: 'PAY_AT_PICKUP',
    pickup: true,
    hoursAgo: 75,
    steps: [placed(), staff('confirm', 'CONFIRMED', 'UNPAID', 1), staff('pack', 'PACKED', 'UNPAID', 2), staff('readyForPickup', 'READY_FOR_PICKUP', 'UNPAID', 3), staff('handOver', 'COMPLETED', 'PAID', 24)],
  },
  { key: 'cancelled', method: 'COD', pickup: false, hoursAgo: 30, steps: [placed(), staff('cancel', 'CANCELLED', 'UNPAID', 2, { note: 'Khách báo đặt nhầm mẫu xe' })] },
  {
    key: 'refund-due',
    method: 'VIETQR',
    pickup: true,
    hoursAgo: 40,
    steps: [{ ...placed(), status: 'PENDING_PAYMENT' }, staff('payment', 'PLACED', 'PAID', 1), staff('cancel', 'CANCELLED', 'REFUND_DUE', 5, { note: 'Hết hàng tại nhà cung cấp' })],
  },
  {
    key: 'refunded',
    method: 'VIETQR',
    pickup: false,
    hoursAgo: 120,
    steps: [
      { ...placed(), status: 'PENDING_PAYMENT' },
      staff('payment', 'PLACED', 'PAID', 1),
      staff('cancel', 'CANCELLED', 'REFUND_DUE', 4, { note: 'Khách đổi ý trước khi đóng gói' }),
      staff('refund', 'CANCELLED', 'REFUNDED', 20, { refund: { method: 'BANK_TRANSFER', reference: 'FTDEMO0001' } }),
    ],
  },
];

/**
 * The web-order desk's demo (issue 34): every order gets its desk (the pick-up centre, else the first centre)
 * and its folded recipient name if the seed wrote it without; a demo buyer (not the demo customer, whose own
 * order list stays as the storefront's demo expects) gets one web order of Cầu Giấy (the first centre) in each
 * state, with its timeline as the desk would have written it. Idempotent: answers how many there are.
 */
export async function seedWebOrderDesk(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(1).executeTakeFirst();
  if (!centre) return 0;
  await fillDesks(db, centre.id);
  const customer = await demoBuyer(db, now);
  const staffMember = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select('users.id')
    .where('staff_assignments.centre_id', '=', centre.id)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'staff')
    .orderBy('users.id')
    .executeTakeFirst();
  const product = await db.selectFrom('products').select(['id', 'slug', 'name', 'price']).where('is_active', '=', 1).orderBy('id').executeTakeFirst();
  if (!customer || !product) return 0;
  let count = 0;
  for (const demo of DEMO_WEB_ORDERS) {
    const key = `seed-web-desk-${demo.key}`;
    count += 1;
    const exists = await db.selectFrom('orders').select('id').where('user_id', '=', customer.id).where('idempotency_key', '=', key).executeTakeFirst();
    if (exists) continue;
    const placedAt = new Date(now.getTime() - demo.hoursAgo * HOUR);
    const last = demo.steps[demo.steps.length - 1]!;
    const price = toNumber(product.price);
    const shippingFee = demo.pickup ? 0 : 30_000;
    const at = (step: Step) => new Date(placedAt.getTime() + step.hoursAfter * HOUR).toISOString();
    const paid = demo.steps.find((step) => step.payment === 'PAID');
    const row = await db
      .insertInto('orders')
      .values({
        code: provisionalOrderCode(),
        user_id: customer.id,
        status: last.status,
        payment_method: demo.method,
        payment_status: last.payment,
        subtotal: price,
        discount: 0,
        shipping_fee: shippingFee,
        shipping_discount: 0,
        total: price + shippingFee,
        promotion_id: null,
        promotion_code: null,
        fulfilment_method: demo.pickup ? 'pickup' : 'delivery',
        province: demo.pickup ? null : 'Hà Nội',
        ward: demo.pickup ? null : 'Phường Cầu Giấy',
        street: demo.pickup ? null : '25 Trần Thái Tông',
        centre_id: demo.pickup ? centre.id : null,
        recipient_name: customer.full_name,
        phone: customer.phone_number ?? '0901234567',
        note: null,
        idempotency_key: key,
        request_hash: key,
        cancel_reason: last.status === 'CANCELLED' ? (demo.steps.find((step) => step.action === 'cancel')?.note ?? null) : null,
        paid_at: paid ? at(paid) : null,
        created_at: placedAt.toISOString(),
        updated_at: at(last),
        version: demo.steps.length - 1,
        desk_centre_id: centre.id,
        recipient_folded: foldVietnamese(customer.full_name),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('orders').set({ code: orderCodeFor(row.id, placedAt) }).where('id', '=', row.id).execute();
    await db
      .insertInto('order_lines')
      .values({ order_id: row.id, kind: 'product', ref_id: product.id, slug: product.slug, name: product.name, image: null, promo_group: null, unit_price: price, quantity: 1, line_total: price })
      .execute();
    for (const step of demo.steps) {
      const actor = step.byStaff ? (staffMember?.id ?? null) : customer.id;
      await db.insertInto('order_status_history').values({ order_id: row.id, status: step.status, payment_status: step.payment, note: step.note ?? null, actor_user_id: actor, created_at: at(step) }).execute();
      await db
        .insertInto('web_order_events')
        .values({
          order_id: row.id,
          action: step.action,
          status: step.status,
          payment_status: step.payment,
          actor_kind: step.byStaff ? (actor === null ? 'system' : 'staff') : 'customer',
          actor_user_id: actor,
          note: step.note ?? null,
          carrier: step.carrier ?? null,
          tracking_code: step.tracking ?? null,
          amount: step.refund ? price + shippingFee : null,
          refund_method: step.refund?.method ?? null,
          reference: step.refund?.reference ?? null,
          created_at: at(step),
        })
        .execute();
    }
  }
  return count;
}

const DEMO_BUYER = { email: 'khach.donhangonline@example.vn', fullName: 'Lê Thu Trang', phone: '0987650134' };

/** The buyer of the desk's demo orders (no password: nobody signs in as them). */
async function demoBuyer(db: Kysely<Database>, now: Date): Promise<{ id: number; full_name: string; phone_number: string | null }> {
  const existing = await db.selectFrom('users').select(['id', 'full_name', 'phone_number']).where('email', '=', DEMO_BUYER.email).executeTakeFirst();
  if (existing) return existing;
  const at = now.toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email: DEMO_BUYER.email,
      password_hash: null,
      full_name: DEMO_BUYER.fullName,
      phone_number: DEMO_BUYER.phone,
      address: null,
      date_of_birth: null,
      gender: null,
      avatar_url: null,
      role: 'customer',
      google_sub: null,
      email_verified_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, full_name: DEMO_BUYER.fullName, phone_number: DEMO_BUYER.phone };
}

/** Orders the seed wrote without the desk's columns (the demo history): their desk and folded name. */
async function fillDesks(db: Kysely<Database>, shippingCentreId: number): Promise<void> {
  await db.updateTable('orders').set({ desk_centre_id: shippingCentreId }).where('desk_centre_id', 'is', null).where('centre_id', 'is', null).execute();
  await db.updateTable('orders').set({ desk_centre_id: sql<number>`centre_id` }).where('desk_centre_id', 'is', null).execute();
  const unnamed = await db.selectFrom('orders').select(['id', 'recipient_name']).where('recipient_folded', 'is', null).execute();
  for (const row of unnamed) await db.updateTable('orders').set({ recipient_folded: foldVietnamese(row.recipient_name).slice(0, 100) }).where('id', '=', row.id).execute();
}
