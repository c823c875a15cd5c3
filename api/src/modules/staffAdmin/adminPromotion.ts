import type { Kysely } from 'kysely';
import type { AdminUser } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { makeAccountAdmin, revokeUserSessions } from '../auth';
import { inTransaction } from '../../db/inTransaction';
import { forgetActiveCentres } from '../../security/centreScope';
import { endActiveAssignment } from './staffAssignments';
import { readAdminUser } from './userDirectory';

/**
 * The operator's `createAdmin --promote` (cli/createAdmin.ts): the account with this email (already trimmed and
 * lower-cased) becomes an admin, whatever its role, a customer's too (the operator may have signed up on the site
 * first). Its centre assignment ends (admins see every centre) and its sessions end, so that it signs in again with
 * the new role. Its password, verification and disabled state are left as they are. Undefined when no account
 * has this email.
 */
export async function promoteToAdmin(ctx: { db: Kysely<Database>; clock: Clock }, email: string): Promise<AdminUser | undefined> {
  const now = ctx.clock.now().toISOString();
  const userId = await inTransaction(ctx.db, async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    if (!user) return null;
    if (user.role === 'admin') return user.id;
    await makeAccountAdmin(trx, user.id, now);
    await endActiveAssignment(trx, user.id, now);
    await revokeUserSessions(trx, ctx.clock, user.id);
    return user.id;
  });
  forgetActiveCentres(ctx.db);
  return userId === null ? undefined : readAdminUser(ctx.db, userId);
}
