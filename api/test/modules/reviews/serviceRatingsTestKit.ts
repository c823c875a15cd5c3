import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema';
import { manualClock } from '../../../src/security/clock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { bearer, type TestUser } from '../../support/shopTestKit';

/**
 * A small world for the service ratings, written straight into a migrated scratch database (no seed): two centres,
 * their people, customers, and service orders in the status and at the closing time a test asks for.
 */
export const NOW = '2026-11-20T03:00:00.000Z';

export type Role = 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
export interface Person extends TestUser {
  fullName: string;
  role: Role;
}

export interface RatingsWorld {
  shop: AuthTestApp;
  centreA: number;
  centreB: number;
  customer: Person;
  otherCustomer: Person;
  managerA: Person;
  managerB: Person;
  staffA: Person;
  technicianA: Person;
  technicianA2: Person;
  technicianB: Person;
  admin: Person;
  addPerson(role: Role, fullName: string, centreId?: number): Promise<Person>;
  /** The person with a token issued at the clock's now (after the clock moved past the last one's lifetime). */
  fresh(person: Person): Promise<Person>;
  /** A service order of `customer` at `centreId` (default A), CLOSED `closedAt` (default an hour before now). */
  addOrder(options?: { customer?: Person; centreId?: number; technician?: Person | null; status?: string; closedAt?: string }): Promise<number>;
}

let sequence = 0;

export async function ratingsWorld(db: Kysely<Database>): Promise<RatingsWorld> {
  const shop = await startAuthApp(db, { clock: manualClock(NOW) });
  const centre = async (name: string) =>
    (
      await db
        .insertInto('service_centres')
        .values({ slug: `tt-${(sequence += 1)}`, name, city: 'Hà Nội', address: '1 Phố Huế', phone: '024 0000 0000', email: 'tt@example.vn', open_time: '08:00', close_time: '18:00', service_bays: 4, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const centreA = await centre('EV Service Hoàn Kiếm');
  const centreB = await centre('EV Service Cầu Giấy');

  async function addPerson(role: Role, fullName: string, centreId?: number): Promise<Person> {
    sequence += 1;
    const email = `rating.${process.pid}.${sequence}@example.vn`;
    const row = await db
      .insertInto('users')
      .values({ email, password_hash: null, full_name: fullName, role, phone_number: `09${String(10_000_000 + sequence).slice(-8)}` } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (centreId !== undefined) await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: NOW }).execute();
    const { token } = await shop.app.accessTokens.issue({ userId: row.id, role });
    return { id: row.id, email, token, headers: bearer(token), fullName, role };
  }

  const technicianA = await addPerson('technician', 'Phạm Văn Kỹ', centreA);
  const world: RatingsWorld = {
    shop,
    centreA,
    centreB,
    customer: await addPerson('customer', 'Nguyễn Văn Khách'),
    otherCustomer: await addPerson('customer', 'Lê Thị Khác'),
    managerA: await addPerson('manager', 'Trần Quản Lý', centreA),
    managerB: await addPerson('manager', 'Đỗ Quản Lý', centreB),
    staffA: await addPerson('staff', 'Vũ Tiếp Nhận', centreA),
    technicianA,
    technicianA2: await addPerson('technician', 'Hoàng Minh Thợ', centreA),
    technicianB: await addPerson('technician', 'Bùi Văn Sửa', centreB),
    admin: await addPerson('admin', 'Quản Trị'),
    addPerson,
    async fresh(person) {
      const { token } = await shop.app.accessTokens.issue({ userId: person.id, role: person.role });
      return { ...person, token, headers: bearer(token) };
    },
    async addOrder(options = {}) {
      sequence += 1;
      const customer = options.customer ?? world.customer;
      const centreId = options.centreId ?? centreA;
      const status = options.status ?? 'CLOSED';
      const closedAt = options.closedAt ?? new Date(Date.parse(NOW) - 3_600_000).toISOString();
      const plate = `30A-${String(10_000 + sequence).slice(-3)}.${String(sequence % 100).padStart(2, '0')}`;
      const vehicle = { vehicle_type: 'car', vehicle_brand: 'VinFast', vehicle_model: 'VF 8', license_plate: plate };
      const appointment = await db
        .insertInto('appointments')
        .values({
          code: `LHR${process.pid}${sequence}`,
          user_id: customer.id,
          vehicle_id: null,
          ...vehicle,
          centre_id: centreId,
          starts_at: new Date(Date.parse(closedAt) - 7_200_000).toISOString(),
          ends_at: closedAt,
          status: status === 'CLOSED' ? 'COMPLETED' : 'IN_PROGRESS',
          estimated_price: 0,
          estimated_duration_minutes: 60,
          note: null,
          contact_name: customer.fullName,
          contact_phone: '0912345678',
          contact_email: customer.email,
          package_credit_id: null,
          hold_expires_at: null,
          cancel_reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const technician = options.technician === undefined ? technicianA : options.technician;
      const order = await db
        .insertInto('service_orders')
        .values({
          code: `PDVR${process.pid}${sequence}`,
          appointment_id: appointment.id,
          centre_id: centreId,
          user_id: customer.id,
          vehicle_id: null,
          ...vehicle,
          status,
          technician_id: technician?.id ?? null,
          odometer_in_km: 1000,
          closed_at: status === 'CLOSED' ? closedAt : null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return order.id;
    },
  };
  return world;
}
