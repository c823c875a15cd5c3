import type { Transaction } from 'kysely';
import { ERROR_CODES, normalizeVietnameseMobile, type AdminUser, type AssignableRole, type StaffRole } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { runsOneTransactionAtATime } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { changeAccountRoleKeepingAnAdmin, disableAccountKeepingAnAdmin, insertAccount, issueOtpCode, revokeUserSessions, uniqueViolation } from '../auth';
import { inTransaction } from '../../db/inTransaction';
import { enqueueEmail } from '../notifications';
import { disableUser, enableUser } from '../users';
import { forgetActiveCentres } from '../../security/centreScope';
import { activeWorkCount, endActiveAssignment, findCentre, insertAssignment } from './staffAssignments';
import type { StaffAdminContext } from './staffAdminContext';
import { staffAdminMessages } from './staffAdminMessages';
import { inviteEmail } from './inviteEmail';
import { readAdminUser } from './userDirectory';

/**
 * The admin's writes on accounts (A2): invite a staff/technician/manager, change a role, disable and enable.
 *
 * The last active admin (role admin, not disabled) can be neither demoted nor disabled (409 LAST_ADMIN). The
 * rule is one conditional UPDATE ('… and exists another active admin'); on PostgreSQL the active admins' rows are
 * locked first (in id order), so that two admins demoting or disabling each other at once are serialised and
 * the second statement sees the first one's change (READ COMMITTED re-reads locked rows). SQLite runs one write
 * transaction at a time.
 */


function userNotFound(): AppError {
  return AppError.notFound(staffAdminMessages.userNotFound, ERROR_CODES.USER_NOT_FOUND);
}

function lastAdmin(): AppError {
  return new AppError(409, ERROR_CODES.LAST_ADMIN, staffAdminMessages.lastAdmin);
}

function emailTaken(): AppError {
  return new AppError(409, ERROR_CODES.EMAIL_TAKEN, staffAdminMessages.emailTaken, [{ field: 'email', message: staffAdminMessages.emailTaken }]);
}

function phoneTaken(): AppError {
  return new AppError(409, ERROR_CODES.PHONE_TAKEN, staffAdminMessages.phoneTaken, [{ field: 'phone', message: staffAdminMessages.phoneTaken }]);
}

/** PostgreSQL: locks the active admins' rows, in id order (the admin-changing writes queue up here). */
async function lockActiveAdmins(trx: Transaction<Database>): Promise<void> {
  if (runsOneTransactionAtATime(trx)) return;
  await trx.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).orderBy('id').forUpdate().execute();
}

// ---- Invite -------------------------------------------------------------------------------------------------

/**
 * POST /admin/users: an account without a password (it cannot log in yet), a reset-password code and the
 * invite email in the outbox, and the optional centre assignment: one transaction. 409 EMAIL_TAKEN / PHONE_TAKEN.
 * The first admin (cli/createAdmin.ts) comes through here too: role admin, and with `passwordHash` an account
 * that can log in at once (its email taken as verified by the operator), without a code or an invite.
 */
export async function createStaffUser(
  ctx: Pick<StaffAdminContext, 'db' | 'clock' | 'secret' | 'publicUrl'>,
  input: { fullName: string; email: string; phone?: string | null; role: StaffRole | 'admin'; centreId?: number | null; passwordHash?: string | null },
): Promise<AdminUser> {
  const phone = input.phone ? normalizeVietnameseMobile(input.phone) : null;
  const existing = await ctx.db
    .selectFrom('users')
    .select(['email', 'phone_number'])
    .where((eb) => (phone ? eb.or([eb('email', '=', input.email), eb('phone_number', '=', phone)]) : eb('email', '=', input.email)))
    .execute();
  if (existing.some((row) => row.email === input.email)) throw emailTaken();
  if (existing.length > 0) throw phoneTaken();
  const now = ctx.clock.now().toISOString();
  let userId: number;
  try {
    userId = await inTransaction(ctx.db, async (trx) => {
      const centre = input.centreId ? await findCentre(trx, input.centreId) : null;
      const createdId = await insertAccount(trx, {
        email: input.email,
        password_hash: input.passwordHash ?? null,
        full_name: input.fullName,
        phone_number: phone,
        address: null,
        date_of_birth: null,
        gender: null,
        avatar_url: null,
        role: input.role,
        google_sub: null,
        email_verified_at: input.passwordHash ? now : null,
        created_at: now,
        updated_at: now,
      });
      if (centre) await insertAssignment(trx, createdId, centre.id, now);
      if (input.passwordHash) return createdId;
      const code = await issueOtpCode({ db: trx, clock: ctx.clock, secret: ctx.secret }, createdId, 'reset_password');
      const email = encodeURIComponent(input.email);
      await enqueueEmail(
        trx,
        ctx.clock,
        input.email,
        inviteEmail({
          fullName: input.fullName,
          role: input.role,
          centreName: centre?.name ?? null,
          code,
          setPasswordUrl: `${ctx.publicUrl}/auth/forgot-password/confirm?email=${email}`,
          newCodeUrl: `${ctx.publicUrl}/auth/forgot-password`,
        }),
      );
      return createdId;
    });
  } catch (error) {
    const unique = uniqueViolation(error);
    if (unique?.column === 'phone_number') throw phoneTaken();
    if (unique?.column === 'email') throw emailTaken();
    throw error;
  }
  return (await readAdminUser(ctx.db, userId))!;
}

// ---- Role ---------------------------------------------------------------------------------------------------

/**
 * PATCH /admin/users/:id/role: not one's own (403 SELF_CHANGE), not a customer account (422), not the last
 * active admin (409 LAST_ADMIN). A technician with work in progress keeps the role (409 HAS_ACTIVE_WORK). A
 * new admin's centre assignment ends (admins see every centre). The user's sessions end, so the new role
 * applies at once (they sign in again).
 */
export async function changeRole(ctx: StaffAdminContext, callerId: number, userId: number, role: AssignableRole): Promise<AdminUser> {
  if (callerId === userId) throw new AppError(403, ERROR_CODES.SELF_CHANGE, staffAdminMessages.selfRole);
  const now = ctx.clock.now().toISOString();
  const families = await inTransaction(ctx.db, async (trx) => {
    await lockActiveAdmins(trx);
    const user = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.role === 'customer') throw new AppError(422, ERROR_CODES.ROLE_NOT_ASSIGNABLE, staffAdminMessages.customerRole, [{ field: 'role', message: staffAdminMessages.customerRole }]);
    if (user.role === role) return null;
    if (user.role === 'technician') {
      const busy = await activeWorkCount(trx, userId);
      if (busy > 0) throw new AppError(409, ERROR_CODES.HAS_ACTIVE_WORK, staffAdminMessages.hasActiveWork(busy));
    }
    if (!(await changeAccountRoleKeepingAnAdmin(trx, userId, { from: user.role, to: role, at: now }))) {
      const current = await trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
      if (current?.role === 'admin') throw lastAdmin();
      throw new AppError(409, ERROR_CODES.USER_CHANGED, staffAdminMessages.assignmentChanged);
    }
    if (role === 'admin') await endActiveAssignment(trx, userId, now);
    return revokeUserSessions(trx, ctx.clock, userId);
  });
  forgetActiveCentres(ctx.db);
  if (families && families.length > 0) await ctx.revocation.publish({ sessions: families });
  return (await readAdminUser(ctx.db, userId))!;
}

// ---- Disable / enable ---------------------------------------------------------------------------------------

/**
 * POST /admin/users/:id/disable: not oneself (403 SELF_CHANGE), not the last active admin (409 LAST_ADMIN);
 * then disableUser ends every session at once. Disabling a disabled account answers it unchanged.
 */
export async function disableAccount(ctx: StaffAdminContext, callerId: number, userId: number): Promise<AdminUser> {
  if (callerId === userId) throw new AppError(403, ERROR_CODES.SELF_CHANGE, staffAdminMessages.selfDisable);
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx.db, async (trx) => {
    await lockActiveAdmins(trx);
    if (await disableAccountKeepingAnAdmin(trx, userId, now)) return;
    const user = await trx.selectFrom('users').select(['role', 'disabled_at']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw userNotFound();
    if (user.disabled_at === null) throw lastAdmin();
  });
  // disabled_at is set: disableUser keeps it, revokes the refresh-token families and refuses the access tokens.
  await disableUser(ctx, userId);
  return (await readAdminUser(ctx.db, userId))!;
}

/** POST /admin/users/:id/enable (enableUser): the account may log in again. 404 for an unknown id. */
export async function enableAccount(ctx: StaffAdminContext, userId: number): Promise<AdminUser> {
  await enableUser(ctx, userId);
  return (await readAdminUser(ctx.db, userId))!;
}

