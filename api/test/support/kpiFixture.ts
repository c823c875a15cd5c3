import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { Floor } from './floorTestKit';
import { createCentre } from './serviceTestKit';
import { addProduct, type TestProduct } from './inventoryTestKit';
import type { TestUser } from './serviceTestKit';
import { deliveredWebOrderRow } from './webOrderRows';

/**
 * A hand-built centre "K" (2 bays, 08:00–17:00 local = 01:00Z–10:00Z) whose rows are written straight into the
 * database with chosen instants, for the range 10/11/2026 – 12/11/2026 (local), i.e. UTC [2026-11-09T17:00Z,
 * 2026-11-12T17:00Z). The floor's clock stands at 2026-11-19T01:00Z. Every expected figure of kpis.test.ts is
 * computed by hand from the comments here.
 *
 * Orders (opened / started / work done; technician; booked standard minutes):
 *   O1 T1 opened 09/11 16:00Z (out: local 23:00 on 9/11), started 16:50Z, done 10/11 03:00Z (in); 60 min
 *   O2 T2 opened 09/11 16:59:59.999Z (out: last ms before local midnight), started 10/11 01:00Z, done 02:00Z; 30 + 45 min
 *   O3    opened 09/11 17:00:00.000Z (in: local midnight), CANCELLED
 *   O4 T2 opened 12/11 16:00Z (in), started 16:10Z, IN_PROGRESS, clock running since 16:30Z
 *   O5    opened 12/11 16:59:59.999Z (in: last ms of the range), OPEN
 *   O6    opened 12/11 17:00:00.000Z (out: local midnight after the range), OPEN
 *   O7 T1 opened 08/11 02:00Z, done 09/11 05:00Z (out); 60 min
 *   O8 T1 opened 11/11 01:00Z (in), started 01:10Z, done 02:40Z (in); 90 min
 * Time entries: T1 O1 [09/11 16:50Z, 17:10Z] (10 min in range), T1 O1 [10/11 02:00Z, 03:00Z], T2 O2 [01:00Z, 02:00Z],
 *   T1 O7 [08/11 02:10Z, 03:10Z] (out), T1 O8 [11/11 01:10Z, 02:40Z], T2 O4 [12/11 16:30Z, running] (30 min in range).
 * Invoices: I1 O1 issued 10/11 03:10Z PAID 03:20Z (900 000 + 200 000 − 100 000 = 1 000 000);
 *   I2 O2 issued 10/11 02:30Z UNPAID 500 000; I3 O7 issued 09/11 06:00Z (out) PAID 12/11 10:00Z (in) 300 000;
 *   I4 O8 issued 12/11 16:59:59.999Z (in) PAID 12/11 17:00Z (out) 400 000 + 100 000.
 * Bays: O1 bay 1 [09/11 23:00Z, 10/11 03:00Z] → 120 min inside opening; O8 bay 2 [11/11 09:00Z, 12/11 02:00Z] →
 *   60 + 60; O4 bay 1 [12/11 09:30Z, open] → 30 (range ends, opening ends 10:00Z); O7 bay 2 on 09/11 (out).
 * Slots: 10/11 01:00Z booked 2, 01:30Z 1, 12/11 09:30Z 1 (in); 09/11 09:30Z 2 and 13/11 01:00Z 1 (out).
 * Appointments without order: COMPLETED ×3 in; CANCELLED at 09/11 17:00Z (in) and 16:30Z (out); NO_SHOW 11/11 03:00Z
 *   and 12/11 16:59:59.999Z (in), 12/11 17:00Z (out); PENDING in (ignored). Orders' appointments are CHECKED_IN.
 * Parts (P1 price 200 000, P2 50 000, P3 100 000): R1 O1 P1 ×1 @200 000 approved 10/11 02:10Z, issued 1;
 *   R2 O8 P2 ×4 @45 000 approved 11/11 01:30Z, issued 4, 2 returned; R3 O8 P1 ×2 @180 000 declined 12/11 16:59:59.999Z;
 *   R4 O2 P1 ×1 approved 12/11 17:00Z (out); R5 O3 withdrawn (order cancelled) 09/11 18:00Z; R6 O4 expired 11/11 05:00Z;
 *   R7 R8 R9 AWAITING_CUSTOMER sent 5 h, 3 h and exactly 4 h before now.
 * Ledger: ISSUE P1 −1 (R1) 10/11 02:20Z, ISSUE P2 −4 (R2) 11/11 01:40Z, RETURN P2 +2 (R2) 02:30Z, RECEIVE P1 +10 and
 *   ADJUST P2 −1 in range (not usage), ISSUE P1 −3 at 12/11 17:00Z (out).
 * Stock: P1 9 on hand / 0 reserved / min 10 (low), P2 5/3/min 2 (low: 2 ≤ 2), P3 4/0/min 0 (not low).
 * Web shop (site-wide, no centre; the seed's demo orders, dated from the real clock, are removed first):
 *   W1 PAID COMPLETED 500 000 completed 09/11 17:00:00.000Z (in: local midnight);
 *   W2 PAID COMPLETED 300 000 completed 09/11 16:59:59.999Z (out: last ms before the range);
 *   W3 PAID COMPLETED 200 000 completed 11/11 05:00Z (in), a second COMPLETED row 12/11 05:00Z (a note: counted once);
 *   W4 CANCELLED (payment REFUNDED) 400 000, cancelled 11/11 06:00Z (in: not counted);
 *   W5 UNPAID COMPLETED 250 000 completed 11/11 07:00Z (in: not counted);
 *   W6 PAID COMPLETED 1 000 000 completed 12/11 17:00:00.000Z (out: local midnight after the range).
 *   → 10–12/11: 700 000 from 2 orders; 10/11 alone: 500 000; 13/11: 1 000 000.
 */
export interface KpiFixture {
  centreId: number;
  manager: TestUser;
  t1: TestUser;
  t2: TestUser;
  p1: TestProduct;
  p2: TestProduct;
  p3: TestProduct;
}

let sequence = 0;
const unique = () => `${(process.pid % 1000).toString(36)}${(Date.now() % 100000).toString(36)}${(sequence += 1).toString(36)}`.toUpperCase();

export async function buildKpiFixture(floor: Floor): Promise<KpiFixture> {
  const db = floor.db;
  const centreId = await createCentre(db, { bays: 2, open: '08:00', close: '17:00' });
  const manager = await floor.addMember('manager', centreId, 'Quản lý K');
  const t1 = await floor.addMember('technician', centreId, 'An Kỹ thuật');
  const t2 = await floor.addMember('technician', centreId, 'Bình Kỹ thuật');
  const p1 = await addProduct(db, { price: 200_000, name: 'Má phanh K' });
  const p2 = await addProduct(db, { price: 50_000, name: 'Lọc gió K' });
  const p3 = await addProduct(db, { price: 100_000, name: 'Gạt mưa K' });
  const services = await db.selectFrom('services').select(['id']).orderBy('id').limit(2).execute();

  async function appointment(startsAt: string, status: string, durations: number[] = []): Promise<number> {
    const start = new Date(startsAt);
    const row = await db
      .insertInto('appointments')
      .values({
        code: `KPI${unique()}`.slice(0, 20),
        user_id: null,
        vehicle_id: null,
        vehicle_type: 'car',
        vehicle_brand: 'VinFast',
        vehicle_model: 'VF 8',
        license_plate: `30K-${unique().slice(-5)}`,
        centre_id: centreId,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
        status,
        estimated_price: 0,
        estimated_duration_minutes: 30,
        note: null,
        contact_name: 'Khách K',
        contact_phone: '0912000000',
        contact_email: 'khach.k@example.vn',
        package_credit_id: null,
        hold_expires_at: null,
        cancel_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, minutes] of durations.entries()) {
      await db
        .insertInto('appointment_services')
        .values({ appointment_id: row.id, service_id: services[index]!.id, service_name: `Dịch vụ ${index + 1}`, price: 100_000, duration_minutes: minutes })
        .execute();
    }
    return row.id;
  }

  async function order(o: {
    opened: string;
    status: string;
    technician?: TestUser;
    started?: string;
    done?: string;
    cancelled?: string;
    minutes?: number[];
  }): Promise<{ id: number }> {
    const appointmentId = await appointment(o.opened, 'CHECKED_IN', o.minutes ?? []);
    return db
      .insertInto('service_orders')
      .values({
        code: `PDV${unique()}`.slice(0, 24),
        appointment_id: appointmentId,
        centre_id: centreId,
        user_id: null,
        vehicle_id: null,
        vehicle_type: 'car',
        vehicle_brand: 'VinFast',
        vehicle_model: 'VF 8',
        license_plate: `30K-${unique().slice(-5)}`,
        status: o.status,
        technician_id: o.technician?.id ?? null,
        bay_no: null,
        odometer_in_km: 1000,
        customer_concern: null,
        intake_note: null,
        opened_by: null,
        opened_at: o.opened,
        started_at: o.started ?? null,
        work_done_at: o.done ?? null,
        cancelled_at: o.cancelled ?? null,
        cancel_reason: o.cancelled ? 'Khách đổi ý' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  const o1 = await order({ opened: '2026-11-09T16:00:00.000Z', status: 'CLOSED', technician: t1, started: '2026-11-09T16:50:00.000Z', done: '2026-11-10T03:00:00.000Z', minutes: [60] });
  const o2 = await order({ opened: '2026-11-09T16:59:59.999Z', status: 'INVOICED', technician: t2, started: '2026-11-10T01:00:00.000Z', done: '2026-11-10T02:00:00.000Z', minutes: [30, 45] });
  const o3 = await order({ opened: '2026-11-09T17:00:00.000Z', status: 'CANCELLED', cancelled: '2026-11-09T18:00:00.000Z', minutes: [60] });
  const o4 = await order({ opened: '2026-11-12T16:00:00.000Z', status: 'IN_PROGRESS', technician: t2, started: '2026-11-12T16:10:00.000Z', minutes: [60] });
  const o5 = await order({ opened: '2026-11-12T16:59:59.999Z', status: 'OPEN' });
  await order({ opened: '2026-11-12T17:00:00.000Z', status: 'OPEN' });
  const o7 = await order({ opened: '2026-11-08T02:00:00.000Z', status: 'CLOSED', technician: t1, started: '2026-11-08T02:10:00.000Z', done: '2026-11-09T05:00:00.000Z', minutes: [60] });
  const o8 = await order({ opened: '2026-11-11T01:00:00.000Z', status: 'INVOICED', technician: t1, started: '2026-11-11T01:10:00.000Z', done: '2026-11-11T02:40:00.000Z', minutes: [90] });

  const entry = (technician: TestUser, orderId: number, startedAt: string, endedAt: string | null) =>
    db.insertInto('work_time_entries').values({ service_order_id: orderId, technician_id: technician.id, started_at: startedAt, ended_at: endedAt, edited_by: null, edit_reason: null }).execute();
  await entry(t1, o1.id, '2026-11-09T16:50:00.000Z', '2026-11-09T17:10:00.000Z');
  await entry(t1, o1.id, '2026-11-10T02:00:00.000Z', '2026-11-10T03:00:00.000Z');
  await entry(t2, o2.id, '2026-11-10T01:00:00.000Z', '2026-11-10T02:00:00.000Z');
  await entry(t1, o7.id, '2026-11-08T02:10:00.000Z', '2026-11-08T03:10:00.000Z');
  await entry(t1, o8.id, '2026-11-11T01:10:00.000Z', '2026-11-11T02:40:00.000Z');
  await entry(t2, o4.id, '2026-11-12T16:30:00.000Z', null);

  const invoice = (orderId: number, issuedAt: string, paidAt: string | null, services: number, parts: number, discount: number) =>
    db
      .insertInto('service_invoices')
      .values({
        code: `HD${unique()}`.slice(0, 24),
        service_order_id: orderId,
        centre_id: centreId,
        subtotal_services: services,
        subtotal_parts: parts,
        package_discount: discount,
        total: services + parts - discount,
        payment_method: paidAt ? 'CASH' : null,
        payment_status: paidAt ? 'PAID' : 'UNPAID',
        issued_by: null,
        issued_at: issuedAt,
        paid_at: paidAt,
        confirmed_by: null,
      })
      .execute();
  await invoice(o1.id, '2026-11-10T03:10:00.000Z', '2026-11-10T03:20:00.000Z', 900_000, 200_000, 100_000);
  await invoice(o2.id, '2026-11-10T02:30:00.000Z', null, 500_000, 0, 0);
  await invoice(o7.id, '2026-11-09T06:00:00.000Z', '2026-11-12T10:00:00.000Z', 300_000, 0, 0);
  await invoice(o8.id, '2026-11-12T16:59:59.999Z', '2026-11-12T17:00:00.000Z', 400_000, 100_000, 0);

  const bay = (bayNo: number, orderId: number, fromAt: string, toAt: string | null) =>
    db.insertInto('bay_occupancy').values({ centre_id: centreId, bay_no: bayNo, service_order_id: orderId, from_at: fromAt, to_at: toAt }).execute();
  await bay(1, o1.id, '2026-11-09T23:00:00.000Z', '2026-11-10T03:00:00.000Z');
  await bay(2, o8.id, '2026-11-11T09:00:00.000Z', '2026-11-12T02:00:00.000Z');
  await bay(1, o4.id, '2026-11-12T09:30:00.000Z', null);
  await bay(2, o7.id, '2026-11-09T01:00:00.000Z', '2026-11-09T05:00:00.000Z');

  for (const [slotStart, booked] of [
    ['2026-11-10T01:00:00.000Z', 2],
    ['2026-11-10T01:30:00.000Z', 1],
    ['2026-11-12T09:30:00.000Z', 1],
    ['2026-11-09T09:30:00.000Z', 2],
    ['2026-11-13T01:00:00.000Z', 1],
  ] as const) {
    await db.insertInto('slot_occupancy').values({ centre_id: centreId, slot_start: slotStart, booked }).execute();
  }

  await appointment('2026-11-10T02:00:00.000Z', 'COMPLETED');
  await appointment('2026-11-12T16:30:00.000Z', 'COMPLETED');
  await appointment('2026-11-11T05:00:00.000Z', 'COMPLETED');
  await appointment('2026-11-09T17:00:00.000Z', 'CANCELLED');
  await appointment('2026-11-09T16:30:00.000Z', 'CANCELLED');
  await appointment('2026-11-11T03:00:00.000Z', 'NO_SHOW');
  await appointment('2026-11-12T16:59:59.999Z', 'NO_SHOW');
  await appointment('2026-11-12T17:00:00.000Z', 'NO_SHOW');
  await appointment('2026-11-11T04:00:00.000Z', 'PENDING');

  async function request(r: {
    orderId: number;
    product: TestProduct;
    quantity: number;
    unitPrice: number;
    status: string;
    decision?: 'approve' | 'decline';
    decisionAt?: string;
    decidedAt?: string;
    issued?: number;
    returned?: number;
  }): Promise<number> {
    const row = await db
      .insertInto('parts_requests')
      .values({
        service_order_id: r.orderId,
        centre_id: centreId,
        product_id: r.product.id,
        quantity: r.quantity,
        unit_price: r.unitPrice,
        reason: 'Kiểm tra thấy mòn',
        checklist_item_id: null,
        requested_by: null,
        status: r.status,
        in_scope: r.status === 'AWAITING_CUSTOMER' || r.decision ? 0 : null,
        decided_by: null,
        decided_at: r.decidedAt ?? null,
        decline_reason: null,
        customer_decision_at: r.decisionAt ?? null,
        customer_decision_via: r.decision ? 'web' : null,
        customer_decision: r.decision ?? null,
        customer_decision_note: null,
        customer_decision_by: null,
        expires_at: r.status === 'AWAITING_CUSTOMER' ? '2026-11-20T01:00:00.000Z' : null,
        issued_qty: r.issued ?? 0,
        returned_qty: r.returned ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const r1 = await request({ orderId: o1.id, product: p1, quantity: 1, unitPrice: 200_000, status: 'ISSUED', decision: 'approve', decisionAt: '2026-11-10T02:10:00.000Z', issued: 1 });
  const r2 = await request({ orderId: o8.id, product: p2, quantity: 4, unitPrice: 45_000, status: 'ISSUED', decision: 'approve', decisionAt: '2026-11-11T01:30:00.000Z', issued: 4, returned: 2 });
  await request({ orderId: o8.id, product: p1, quantity: 2, unitPrice: 180_000, status: 'DECLINED', decision: 'decline', decisionAt: '2026-11-12T16:59:59.999Z' });
  await request({ orderId: o2.id, product: p1, quantity: 1, unitPrice: 200_000, status: 'APPROVED', decision: 'approve', decisionAt: '2026-11-12T17:00:00.000Z' });
  const r5 = await request({ orderId: o3.id, product: p2, quantity: 1, unitPrice: 50_000, status: 'WITHDRAWN' });
  const r6 = await request({ orderId: o4.id, product: p2, quantity: 1, unitPrice: 50_000, status: 'WITHDRAWN' });
  await request({ orderId: o5.id, product: p3, quantity: 1, unitPrice: 100_000, status: 'AWAITING_CUSTOMER', decidedAt: '2026-11-18T20:00:00.000Z' });
  await request({ orderId: o5.id, product: p2, quantity: 1, unitPrice: 50_000, status: 'AWAITING_CUSTOMER', decidedAt: '2026-11-18T22:00:00.000Z' });
  await request({ orderId: o5.id, product: p1, quantity: 1, unitPrice: 200_000, status: 'AWAITING_CUSTOMER', decidedAt: '2026-11-18T21:00:00.000Z' });
  const history = (id: number, action: string, at: string) =>
    db.insertInto('parts_request_history').values({ parts_request_id: id, action, from_status: 'AWAITING_CUSTOMER', to_status: 'WITHDRAWN', quantity: null, changed_by: null, note: null, created_at: at }).execute();
  await history(r5, 'orderCancelled', '2026-11-09T18:00:00.000Z');
  await history(r6, 'expire', '2026-11-11T05:00:00.000Z');

  const stock = (product: TestProduct, onHand: number, reserved: number, minStock: number) =>
    db.insertInto('centre_stock').values({ centre_id: centreId, product_id: product.id, on_hand: onHand, reserved, min_stock: minStock }).execute();
  await stock(p1, 9, 0, 10);
  await stock(p2, 5, 3, 2);
  await stock(p3, 4, 0, 0);
  const move = (product: TestProduct, kind: 'RECEIVE' | 'ISSUE' | 'RETURN' | 'ADJUST', quantity: number, at: string, partsRequestId: number | null = null) =>
    db
      .insertInto('stock_movements')
      .values({ centre_id: centreId, product_id: product.id, kind, quantity, on_hand_after: 20, parts_request_id: partsRequestId, actor_id: null, reason: null, created_at: at })
      .execute();
  await move(p1, 'RECEIVE', 10, '2026-11-10T00:00:00.000Z');
  await move(p1, 'ISSUE', -1, '2026-11-10T02:20:00.000Z', r1);
  await move(p2, 'ISSUE', -4, '2026-11-11T01:40:00.000Z', r2);
  await move(p2, 'RETURN', 2, '2026-11-11T02:30:00.000Z', r2);
  await move(p2, 'ADJUST', -1, '2026-11-11T06:00:00.000Z');
  await move(p1, 'ISSUE', -3, '2026-11-12T17:00:00.000Z');

  await webShopOrders(floor);

  return { centreId, manager, t1, t2, p1, p2, p3 };
}

/** The web shop's orders W1–W6 (see above), for the customer of the floor. */
async function webShopOrders(floor: Floor): Promise<void> {
  const db = floor.db;
  // The seed's e-invoices, points, refunds and parcels name their orders (restrict): they go first.
  await db.deleteFrom('loyalty_entries').execute();
  await db.deleteFrom('loyalty_sales').execute();
  await db.deleteFrom('e_invoice_notices').execute();
  await db.deleteFrom('e_invoices').execute();
  await db.deleteFrom('payment_refunds').execute();
  await db.deleteFrom('cod_statement_lines').execute();
  await db.deleteFrom('shipment_events').execute();
  await db.deleteFrom('shipments').execute();
  await db.deleteFrom('orders').execute();
  const orders: Array<[name: string, status: string, payment: string, total: number, history: Array<[status: string, at: string]>]> = [
    ['W1', 'COMPLETED', 'PAID', 500_000, [['PLACED', '2026-11-08T03:00:00.000Z'], ['COMPLETED', '2026-11-09T17:00:00.000Z']]],
    ['W2', 'COMPLETED', 'PAID', 300_000, [['PLACED', '2026-11-08T03:00:00.000Z'], ['COMPLETED', '2026-11-09T16:59:59.999Z']]],
    ['W3', 'COMPLETED', 'PAID', 200_000, [['PLACED', '2026-11-10T03:00:00.000Z'], ['COMPLETED', '2026-11-11T05:00:00.000Z'], ['COMPLETED', '2026-11-12T05:00:00.000Z']]],
    ['W4', 'CANCELLED', 'REFUNDED', 400_000, [['PLACED', '2026-11-10T03:00:00.000Z'], ['CANCELLED', '2026-11-11T06:00:00.000Z']]],
    ['W5', 'COMPLETED', 'UNPAID', 250_000, [['PLACED', '2026-11-10T03:00:00.000Z'], ['COMPLETED', '2026-11-11T07:00:00.000Z']]],
    ['W6', 'COMPLETED', 'PAID', 1_000_000, [['PLACED', '2026-11-11T03:00:00.000Z'], ['COMPLETED', '2026-11-12T17:00:00.000Z']]],
  ];
  for (const [name, status, payment, total, history] of orders) {
    const row = await db
      .insertInto('orders')
      .values(
        deliveredWebOrderRow({
          code: `KPI-${name}-${unique()}`.slice(0, 40),
          user_id: floor.users.customer.id,
          status,
          payment_method: 'COD',
          payment_status: payment,
          total,
          street: '1 Trần Thái Tông',
          recipient_name: 'Khách web K',
          phone: '0912000001',
          idempotency_key: `kpi-${name}-${unique()}`,
          request_hash: 'kpi',
          cancel_reason: status === 'CANCELLED' ? 'Khách đổi ý' : null,
          paid_at: payment === 'UNPAID' ? null : history[history.length - 1]![1],
          created_at: history[0]![1],
          updated_at: history[history.length - 1]![1],
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_status_history')
      .values(history.map(([to, at]) => ({ order_id: row.id, status: to, payment_status: to === 'PLACED' ? 'UNPAID' : payment, note: null, actor_user_id: null, created_at: at })))
      .execute();
  }
}

export type { Kysely, Database };
