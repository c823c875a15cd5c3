import type { Kysely, Transaction } from 'kysely';
import type { AssignmentResult, StaffRoster } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { lockForUpdate } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { forgetActiveCentres } from '../../security/centreScope';
import { inTransaction } from '../../db/inTransaction';
import { isUniqueViolation } from '../vehicles';
import type { StaffAdminContext } from './staffAdminContext';
import { staffAdminMessages } from './staffAdminMessages';

/**
 * Staff management (A3): who works at which centre (staff_assignments, one active row per user by the partial
 * unique index staff_assignments_active_user). Assign, move (the old row ends and the new one starts in one
 * transaction) and end. A technician with a service order IN_PROGRESS is neither moved nor ended
 * (409 HAS_ACTIVE_WORK). Only staff, technicians and managers have a centre (admin and customer: 422).
 */

const STAFF_ROLES = ['staff', 'technician', 'manager'] as const;

export async function findCentre(db: Kysely<Database>, centreId: number): Promise<{ id: number; name: string }> {
  const centre = await db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  if (!centre) throw new AppError(422, ERROR_CODES.CENTRE_NOT_FOUND, staffAdminMessages.centreNotFound, [{ field: 'centreId', message: staffAdminMessages.centreNotFound }]);
  return centre;
}

export async function insertAssignment(trx: Kysely<Database>, userId: number, centreId: number, now: string): Promise<void> {
  await trx.insertInto('staff_assignments').values({ user_id: userId, centre_id: centreId, assigned_at: now, ended_at: null }).execute();
  forgetActiveCentres(trx);
}

/** Ends the user's active assignment (if any); its centre id, or null. */
export async function endActiveAssignment(trx: Kysely<Database>, userId: number, now: string): Promise<number | null> {
  const active = await trx.selectFrom('staff_assignments').select(['id', 'centre_id']).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
  if (!active) return null;
  await trx.updateTable('staff_assignments').set({ ended_at: now }).where('id', '=', active.id).where('ended_at', 'is', null).execute();
  forgetActiveCentres(trx);
  return active.centre_id;
}

/** Service orders IN_PROGRESS with `userId` as their technician. */
export async function activeWorkCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('service_orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('technician_id', '=', userId).where('status', '=', 'IN_PROGRESS').executeTakeFirst();
  return Number(row?.n ?? 0);
}

function hasActiveWork(count: number): AppError {
  return new AppError(409, ERROR_CODES.HAS_ACTIVE_WORK, staffAdminMessages.hasActiveWork(count));
}

/** The user to assign, locked on PostgreSQL (two moves of one user queue up); 404 / 422 as the rules say. */
async function lockMember(trx: Transaction<Database>, userId: number): Promise<{ id: number; role: string }> {
  let query = trx.selectFrom('users').select(['id', 'role']).where('id', '=', userId);
  query = lockForUpdate(trx, query);
  const user = await query.executeTakeFirst();
  if (!user) throw AppError.notFound(staffAdminMessages.userNotFound, ERROR_CODES.USER_NOT_FOUND);
  if (!(STAFF_ROLES as readonly string[]).includes(user.role)) {
    throw new AppError(422, ERROR_CODES.ROLE_NOT_ASSIGNABLE, staffAdminMessages.roleNotAssignable, [{ field: 'userId', message: staffAdminMessages.roleNotAssignable }]);
  }
  return user;
}

async function assignmentOf(db: Kysely<Database>, userId: number): Promise<AssignmentResult['assignment']> {
  const row = await db
    .selectFrom('staff_assignments')
    .innerJoin('service_centres', 'service_centres.id', 'staff_assignments.centre_id')
    .select(['service_centres.id', 'service_centres.name', 'staff_assignments.assigned_at'])
    .where('staff_assignments.user_id', '=', userId)
    .where('staff_assignments.ended_at', 'is', null)
    .executeTakeFirst();
  return row ? { centreId: row.id, centreName: row.name, assignedAt: toIsoUtc(row.assigned_at) } : null;
}

/**
 * POST /admin/staff/:userId/assignment {centreId}: a first assignment, or a move (old ended + new started, one
 * transaction). The same centre again answers unchanged. Two concurrent assignments of one user: PostgreSQL
 * serialises them on the user's row, SQLite runs one at a time, and the partial unique index is the backstop
 * (409 ASSIGNMENT_CHANGED).
 */
export async function assignCentre(ctx: StaffAdminContext, userId: number, centreId: number): Promise<AssignmentResult> {
  const now = ctx.clock.now().toISOString();
  let previousCentreId: number | null = null;
  try {
    previousCentreId = await inTransaction(ctx.db, async (trx) => {
      await lockMember(trx, userId);
      const centre = await findCentre(trx, centreId);
      const active = await trx.selectFrom('staff_assignments').select(['id', 'centre_id']).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
      if (active?.centre_id === centre.id) return null;
      if (active) {
        const busy = await activeWorkCount(trx, userId);
        if (busy > 0) throw hasActiveWork(busy);
        await trx.updateTable('staff_assignments').set({ ended_at: now }).where('id', '=', active.id).where('ended_at', 'is', null).execute();
      }
      await insertAssignment(trx, userId, centre.id, now);
      return active?.centre_id ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, ERROR_CODES.ASSIGNMENT_CHANGED, staffAdminMessages.assignmentChanged);
    throw error;
  } finally {
    // The requests of this instance read the centre again from now on (centreScope.ts keeps it a moment).
    forgetActiveCentres(ctx.db);
  }
  return { userId, assignment: await assignmentOf(ctx.db, userId), previousCentreId };
}

/** DELETE /admin/staff/:userId/assignment: ends the active assignment (404 NO_ASSIGNMENT when there is none). */
export async function endAssignment(ctx: StaffAdminContext, userId: number): Promise<AssignmentResult> {
  const now = ctx.clock.now().toISOString();
  const previousCentreId = await inTransaction(ctx.db, async (trx) => {
    await lockMember(trx, userId);
    const busy = await activeWorkCount(trx, userId);
    const active = await trx.selectFrom('staff_assignments').select('id').where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
    if (!active) throw AppError.notFound(staffAdminMessages.noAssignment, ERROR_CODES.NO_ASSIGNMENT);
    if (busy > 0) throw hasActiveWork(busy);
    return endActiveAssignment(trx, userId, now);
  });
  forgetActiveCentres(ctx.db);
  return { userId, assignment: null, previousCentreId };
}

/** GET /admin/staff?centreId=: the centre's members (by role, then name) and, for an admin, the unassigned ones. */
export async function readRoster(db: Kysely<Database>, centreId: number, withUnassigned: boolean): Promise<StaffRoster> {
  const centre = await db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  if (!centre) throw AppError.notFound(staffAdminMessages.centreNotFound, ERROR_CODES.CENTRE_NOT_FOUND);
  const rows = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'users.phone_number', 'users.role', 'users.disabled_at', 'staff_assignments.assigned_at'])
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .execute();
  const ids = rows.map((row) => row.id);
  const busy = new Map<number, number>();
  if (ids.length > 0) {
    const counts = await db
      .selectFrom('service_orders')
      .select(['technician_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('technician_id', 'in', ids)
      .where('status', '=', 'IN_PROGRESS')
      .groupBy('technician_id')
      .execute();
    for (const count of counts) if (count.technician_id !== null) busy.set(count.technician_id, Number(count.n));
  }
  const roleOrder = { manager: 0, staff: 1, technician: 2, admin: 3, customer: 4 } as const;
  const members = rows
    .map((row) => ({
      userId: row.id,
      fullName: row.full_name,
      email: row.email,
      phone: row.phone_number,
      role: row.role,
      disabled: row.disabled_at !== null,
      assignment: { centreId: centre.id, centreName: centre.name, assignedAt: toIsoUtc(row.assigned_at) },
      activeWorkCount: busy.get(row.id) ?? 0,
    }))
    .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.fullName.localeCompare(b.fullName, 'vi') || a.userId - b.userId);
  const unassigned = withUnassigned
    ? (
        await db
          .selectFrom('users')
          .select(['id', 'full_name', 'email', 'role', 'disabled_at'])
          .where('role', 'in', [...STAFF_ROLES])
          .where((eb) => eb.not(eb.exists(eb.selectFrom('staff_assignments').select('staff_assignments.id').whereRef('staff_assignments.user_id', '=', 'users.id').where('staff_assignments.ended_at', 'is', null))))
          .execute()
      )
        .map((row) => ({ userId: row.id, fullName: row.full_name, email: row.email, role: row.role, disabled: row.disabled_at !== null }))
        .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.userId - b.userId)
    : [];
  return { centreId: centre.id, centreName: centre.name, members, unassigned };
}
