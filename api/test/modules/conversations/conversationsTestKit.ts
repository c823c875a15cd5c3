import type { Kysely } from 'kysely';
import type { Config } from '../../../src/config';
import type { Database } from '../../../src/db/schema';
import { manualClock } from '../../../src/security/clock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { bearer, type TestUser } from '../../support/shopTestKit';

/**
 * A small world for conversations, written straight into a migrated scratch database (no seed): two centres, their
 * people, two customers, and visits (an appointment with its service order) or web orders a test asks for.
 */
export const NOW = '2026-11-27T03:00:00.000Z';

export type Role = 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
export interface Person extends TestUser {
  fullName: string;
  role: Role;
}

export interface Visit {
  appointmentId: number;
  serviceOrderId: number;
}

export interface ConversationsWorld {
  shop: AuthTestApp;
  centreA: number;
  centreB: number;
  customer: Person;
  otherCustomer: Person;
  staffA: Person;
  staffA2: Person;
  managerA: Person;
  staffB: Person;
  technicianA: Person;
  technicianA2: Person;
  admin: Person;
  /** An appointment of `customer` (default the world's) at `centreId` (default A) with its service order on `technician` (default A's first). */
  addVisit(options?: { customer?: Person; centreId?: number; technician?: Person | null }): Promise<Visit>;
  /** A web order of `customer` whose desk is `deskCentreId`. */
  addOrder(customer: Person, deskCentreId: number | null): Promise<number>;
  /** The person with a token issued by another app (a second instance on the same secret). */
  tokenFor(person: Person, app: AuthTestApp): Promise<Person>;
}

let sequence = 0;

export async function conversationsWorld(db: Kysely<Database>, configOverrides: Partial<Config> = {}): Promise<ConversationsWorld> {
  const shop = await startAuthApp(db, { clock: manualClock(NOW), configOverrides });
  const centre = async (name: string) =>
    (
      await db
        .insertInto('service_centres')
        .values({ slug: `tt-conv-${process.pid}-${(sequence += 1)}`, name, city: 'Hà Nội', address: '1 Phố Huế', phone: '024 0000 0000', email: 'tt@example.vn', open_time: '08:00', close_time: '18:00', service_bays: 4, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const centreA = await centre('EV Service Hoàn Kiếm');
  const centreB = await centre('EV Service Cầu Giấy');

  async function addPerson(role: Role, fullName: string, centreId?: number): Promise<Person> {
    sequence += 1;
    const email = `conv.${process.pid}.${sequence}@example.vn`;
    const row = await db
      .insertInto('users')
      .values({ email, password_hash: null, full_name: fullName, role, phone_number: `09${String(20_000_000 + sequence).slice(-8)}` } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (centreId !== undefined) await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: NOW }).execute();
    const { token } = await shop.app.accessTokens.issue({ userId: row.id, role });
    return { id: row.id, email, token, headers: bearer(token), fullName, role };
  }

  const technicianA = await addPerson('technician', 'Phạm Văn Kỹ', centreA);
  const world: ConversationsWorld = {
    shop,
    centreA,
    centreB,
    customer: await addPerson('customer', 'Nguyễn Văn Khách'),
    otherCustomer: await addPerson('customer', 'Lê Thị Khác'),
    staffA: await addPerson('staff', 'Vũ Tiếp Nhận', centreA),
    staffA2: await addPerson('staff', 'Đào Thu Ngân', centreA),
    managerA: await addPerson('manager', 'Trần Quản Lý', centreA),
    staffB: await addPerson('staff', 'Đỗ Cầu Giấy', centreB),
    technicianA,
    technicianA2: await addPerson('technician', 'Hoàng Minh Thợ', centreA),
    admin: await addPerson('admin', 'Quản Trị'),
    async addVisit(options = {}) {
      sequence += 1;
      const customer = options.customer ?? world.customer;
      const centreId = options.centreId ?? centreA;
      const plate = `30A-${String(10_000 + sequence).slice(-3)}.${String(sequence % 100).padStart(2, '0')}`;
      const vehicle = { vehicle_type: 'car', vehicle_brand: 'VinFast', vehicle_model: 'VF 8', license_plate: plate };
      const appointment = await db
        .insertInto('appointments')
        .values({
          code: `LHC${process.pid}${sequence}`,
          user_id: customer.id,
          vehicle_id: null,
          ...vehicle,
          centre_id: centreId,
          starts_at: NOW,
          ends_at: new Date(Date.parse(NOW) + 3_600_000).toISOString(),
          status: 'IN_PROGRESS',
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
          code: `PDVC${process.pid}${sequence}`,
          appointment_id: appointment.id,
          centre_id: centreId,
          user_id: customer.id,
          vehicle_id: null,
          ...vehicle,
          status: 'IN_PROGRESS',
          technician_id: technician?.id ?? null,
          odometer_in_km: 1000,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { appointmentId: appointment.id, serviceOrderId: order.id };
    },
    async addOrder(customer, deskCentreId) {
      sequence += 1;
      const row = await db
        .insertInto('orders')
        .values({
          code: `EVCONV${process.pid}${sequence}`,
          user_id: customer.id,
          status: 'PLACED',
          payment_method: 'COD',
          payment_status: 'UNPAID',
          subtotal: 100_000,
          total: 100_000,
          fulfilment_method: deskCentreId === null ? 'delivery' : 'pickup',
          province: 'Hà Nội',
          ward: 'Phường Cầu Giấy',
          street: '1 Trần Thái Tông',
          centre_id: deskCentreId,
          desk_centre_id: deskCentreId,
          promotion_id: null,
          promotion_code: null,
          recipient_name: customer.fullName,
          phone: '0912345678',
          note: null,
          idempotency_key: `conv-kit-${process.pid}-${sequence}`,
          request_hash: 'x'.repeat(64),
          cancel_reason: null,
          paid_at: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async tokenFor(person, app) {
      const { token } = await app.app.accessTokens.issue({ userId: person.id, role: person.role });
      return { ...person, token, headers: bearer(token) };
    },
  };
  return world;
}
