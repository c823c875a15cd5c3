import type { Kysely } from 'kysely';
import type { BenchApp, Database } from './benchApi.ts';
import { insertBenchVisit, type BenchService } from './benchVisits.ts';
import type { FloorReady } from './floorLoad.ts';

type Db = Kysely<Database>;

/** The first service centre and its basic-maintenance service, which a bench's visits book. */
export async function benchService(db: Db): Promise<BenchService & { centreId: number }> {
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const service = await db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes', 'checklist']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
  return { ...service, checklist: JSON.parse(service.checklist) as Array<{ code: string; label: string }>, centreId: centre.id };
}

/**
 * The floor a bench loads beside its own work (floorLoad.ts): `staff` staff members and `technicians` technicians of
 * the centre, each technician with `ordersPerTechnician` of today's visits in progress. `prefix` keeps the accounts'
 * e-mails apart from the bench's other users. Answers the floor's tokens, checklist items and the technicians' ids.
 */
export async function seedFloor(
  db: Db,
  app: BenchApp,
  floor: { prefix: string; centreId: number; service: BenchService; staff: number; technicians: number; ordersPerTechnician: number; now: Date },
): Promise<FloorReady & { technicianIds: number[] }> {
  const { vietnamDateOf, vietnamInstant } = await import('../../shared-contracts/src/schemas/service.ts');
  const nowIso = floor.now.toISOString();
  const today = vietnamDateOf(floor.now);
  let userIndex = 0;
  const addUser = async (role: 'staff' | 'technician', name: string) => {
    userIndex += 1;
    const row = await db
      .insertInto('users')
      .values({ email: `bench.${floor.prefix}.${role}.${userIndex}@example.vn`, password_hash: null, full_name: name, phone_number: `09${String(40_000_000 + userIndex).slice(-8)}`, role, email_verified_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: floor.centreId, assigned_at: nowIso, ended_at: null }).execute();
    return row.id;
  };
  const staffTokens: string[] = [];
  for (let index = 0; index < floor.staff; index += 1) staffTokens.push((await app.accessTokens.issue({ userId: await addUser('staff', `Nhân viên ${index + 1}`), role: 'staff' })).token);
  const technicians: FloorReady['technicians'] = [];
  const technicianIds: number[] = [];
  for (let index = 0; index < floor.technicians; index += 1) {
    const id = await addUser('technician', `Kỹ thuật viên ${index + 1}`);
    technicianIds.push(id);
    const items: Array<{ orderId: number; itemId: number }> = [];
    for (let order = 0; order < floor.ordersPerTechnician; order += 1) {
      const number = index * floor.ordersPerTechnician + order;
      const visit = await insertBenchVisit(db, {
        number,
        codePrefix: 'F',
        centreId: floor.centreId,
        service: floor.service,
        start: vietnamInstant(today, `${String(8 + (number % 9)).padStart(2, '0')}:00`),
        plate: `30K-${String(100 + number).padStart(3, '0')}.${String(10 + (number % 90)).padStart(2, '0')}`,
        appointmentStatus: 'IN_PROGRESS',
        contact: { name: `Khách ${number}`, phone: `09${String(50_000_000 + number).slice(-8)}`, email: `khach.floor.${number}@example.vn` },
        order: { status: 'IN_PROGRESS', technicianId: id, openedBy: id },
        nowIso,
      });
      for (const itemId of visit.itemIds) items.push({ orderId: visit.orderId!, itemId });
    }
    technicians.push({ token: (await app.accessTokens.issue({ userId: id, role: 'technician' })).token, items });
  }
  return { today, staffTokens, technicians, technicianIds };
}
