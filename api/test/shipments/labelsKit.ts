import type { Kysely } from 'kysely';
import type { IntegratedCarrier, ShipmentStatus } from 'shared-contracts/schemas';
import type { Database } from '../../src/db/schema';
import type { ServiceApp } from '../support/serviceTestKit';
import { createUser, type TestUser } from '../support/shopTestKit';
import { deliveredWebOrderRow } from '../support/webOrderRows';

let serial = 0;
const next = () => `${process.pid % 10_000}${(serial += 1)}`;

/** Two service centres (A ships the web orders), a staff member and a manager of each, an admin and a customer. */
export interface DeskPeople {
  centreA: number;
  centreB: number;
  staffA: TestUser;
  managerA: TestUser;
  staffB: TestUser;
  managerB: TestUser;
  admin: TestUser;
  customer: TestUser;
}

export async function deskPeople(service: ServiceApp, db: Kysely<Database>): Promise<DeskPeople> {
  const centres = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(2).execute();
  const [centreA, centreB] = [centres[0]!.id, centres[1]!.id];
  const assigned = async (role: 'staff' | 'manager', centreId: number) => {
    const user = await createUser(service.app, db, { role });
    await db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    return user;
  };
  return {
    centreA,
    centreB,
    staffA: await assigned('staff', centreA),
    managerA: await assigned('manager', centreA),
    staffB: await assigned('staff', centreB),
    managerB: await assigned('manager', centreB),
    admin: await createUser(service.app, db, { role: 'admin' }),
    customer: await createUser(service.app, db),
  };
}

export interface ParcelRow {
  shipmentId: number;
  orderId: number;
  orderCode: string;
  trackingCode: string;
}

/**
 * A web order of `deskCentreId` (delivery to Phường Cầu Giấy, two lines) with its waybill, written straight into the
 * tables (the shipments core's commands are tested in shipments.test.ts); a delivered COD parcel gets the ledger's
 * CARRIER_COD payment and cod_state EXPECTED, as the delivered webhook writes them.
 */
export async function insertParcel(
  db: Kysely<Database>,
  options: { userId: number; deskCentreId: number; carrier?: IntegratedCarrier; status?: ShipmentStatus; codAmount?: number; createdAt?: string; delivered?: boolean; recipient?: string },
): Promise<ParcelRow> {
  const id = next();
  const code = `EV261119${id}`;
  const total = options.codAmount && options.codAmount > 0 ? options.codAmount : 450_000;
  const createdAt = options.createdAt ?? '2026-11-19T02:00:00.000Z';
  const order = await db
    .insertInto('orders')
    .values({
      ...deliveredWebOrderRow({
        code,
        user_id: options.userId,
        status: options.delivered ? 'DELIVERED' : 'SHIPPING',
        payment_method: 'COD',
        payment_status: options.delivered ? 'PAID' : 'UNPAID',
        total,
        street: '18 ngõ 54 Nguyễn Khang',
        recipient_name: options.recipient ?? 'Nguyễn Thị Hồng Nhung',
        phone: '0912345678',
        idempotency_key: `labels-${id}`,
        request_hash: `hash-${id}`,
        cancel_reason: null,
        paid_at: options.delivered ? createdAt : null,
        created_at: createdAt,
        updated_at: createdAt,
      }),
      desk_centre_id: options.deskCentreId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values([
      { order_id: order.id, kind: 'product', ref_id: 1, slug: 'ma-phanh-truoc', name: 'Má phanh trước VinFast Feliz S', image: null, promo_group: null, unit_price: 250_000, quantity: 1, line_total: 250_000 },
      { order_id: order.id, kind: 'product', ref_id: 2, slug: 'loc-gio', name: 'Lọc gió điều hòa VF e34', image: null, promo_group: null, unit_price: 100_000, quantity: 2, line_total: 200_000 },
    ])
    .execute();
  const carrier = options.carrier ?? 'GHN';
  const trackingCode = carrier === 'GHN' ? `GHN${id}VN` : `S${id}.BO.HN1.A1.${id}`;
  const shipment = await db
    .insertInto('shipments')
    .values({
      order_id: order.id,
      carrier,
      service: carrier === 'GHN' ? '53320' : 'road',
      service_label: carrier === 'GHN' ? 'Hàng nhẹ' : 'Đường bộ',
      tracking_code: trackingCode,
      client_order_code: code,
      status: options.status ?? (options.delivered ? 'DELIVERED' : 'READY_TO_PICK'),
      status_at: createdAt,
      fee: 32_000,
      cod_amount: options.codAmount ?? 0,
      insured_value: 450_000,
      inspection: 'CHOXEMHANGKHONGTHU',
      handover: 'PICKUP',
      note: 'Gọi trước khi giao',
      expected_delivery: null,
      cod_state: options.delivered && (options.codAmount ?? 0) > 0 ? 'EXPECTED' : 'NONE',
      created_by: null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.delivered && (options.codAmount ?? 0) > 0) {
    await db
      .insertInto('sale_payments')
      .values({ order_id: order.id, amount: options.codAmount!, method: 'CASH', channel: 'CARRIER_COD', reference: trackingCode, transaction_id: null, actor_id: null, paid_at: createdAt })
      .execute();
  }
  return { shipmentId: shipment.id, orderId: order.id, orderCode: code, trackingCode };
}
