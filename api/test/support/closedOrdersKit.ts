import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * Closed service orders with answered checklists, inserted straight into a migrated scratch database (no API,
 * no seed): the least a training run reads. One centre, one customer; each vehicle and each visit as asked.
 */
export interface ClosedVisit {
  closedAt: string;
  odometerKm: number;
  items: { code: string; result: 'PASS' | 'FAIL' | 'NA'; note?: string }[];
}

export interface ClosedOrdersKit {
  addVehicle(model: string, options?: { type?: string; year?: number }): Promise<number>;
  addVisit(vehicleId: number, visit: ClosedVisit, status?: string): Promise<number>;
}

export async function closedOrdersKit(db: Kysely<Database>): Promise<ClosedOrdersKit> {
  const now = new Date().toISOString();
  const centre = await db
    .insertInto('service_centres')
    .values({ slug: 'test-centre', name: 'Trung tâm thử', city: 'Hà Nội', address: '1 Phố Thử', phone: '024 0000 0000', email: 'tt@example.vn', open_time: '08:00', close_time: '18:00', service_bays: 4, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ email: 'khach.du.doan@example.vn', password_hash: null, full_name: 'Khách Dự Đoán', phone_number: null, address: null, date_of_birth: null, gender: null, avatar_url: null, google_sub: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  let sequence = 0;
  const vehicles = new Map<number, { type: string; model: string; plate: string }>();
  return {
    async addVehicle(model, options = {}) {
      sequence += 1;
      const type = options.type ?? 'scooter';
      const plate = `29MĐ1-${String(10000 + sequence).slice(1, 4)}.${String(sequence % 100).padStart(2, '0')}`;
      const row = await db
        .insertInto('vehicles')
        .values({ user_id: user.id, type, brand: 'VinFast', model, year: options.year ?? 2022, license_plate: plate, vin: null, color: null, odometer_km: 0, battery_capacity_wh: null, nickname: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      vehicles.set(row.id, { type, model, plate });
      return row.id;
    },
    async addVisit(vehicleId, visit, status = 'CLOSED') {
      sequence += 1;
      let vehicle = vehicles.get(vehicleId);
      if (!vehicle) {
        // A vehicle added through the API (a registered customer's).
        const row = await db.selectFrom('vehicles').select(['type', 'model', 'license_plate']).where('id', '=', vehicleId).executeTakeFirstOrThrow();
        vehicle = { type: row.type, model: row.model, plate: row.license_plate };
        vehicles.set(vehicleId, vehicle);
      }
      const appointment = await db
        .insertInto('appointments')
        .values({
          code: `LH${sequence}`,
          user_id: user.id,
          vehicle_id: vehicleId,
          vehicle_type: vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: vehicle.model,
          license_plate: vehicle.plate,
          centre_id: centre.id,
          starts_at: new Date(new Date(visit.closedAt).getTime() - 3_600_000).toISOString(),
          ends_at: visit.closedAt,
          status: status === 'CLOSED' ? 'COMPLETED' : 'IN_PROGRESS',
          estimated_price: 0,
          estimated_duration_minutes: 60,
          note: null,
          contact_name: 'Khách Dự Đoán',
          contact_phone: '0912345678',
          contact_email: 'khach.du.doan@example.vn',
          package_credit_id: null,
          hold_expires_at: null,
          cancel_reason: null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = await db
        .insertInto('service_orders')
        .values({
          code: `PDV${sequence}`,
          appointment_id: appointment.id,
          centre_id: centre.id,
          user_id: user.id,
          vehicle_id: vehicleId,
          vehicle_type: vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: vehicle.model,
          license_plate: vehicle.plate,
          status,
          odometer_in_km: visit.odometerKm,
          closed_at: status === 'CLOSED' ? visit.closedAt : null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (visit.items.length > 0) {
        await db
          .insertInto('service_order_checklist_items')
          .values(visit.items.map((item, index) => ({ service_order_id: order.id, code: item.code, label: item.code, sort_order: index, result: item.result, note: item.note ?? null })))
          .execute();
      }
      return order.id;
    },
  };
}
