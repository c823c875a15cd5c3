import type { Kysely } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import type { SessionRevocation } from '../../security/sessionRevocation';
import { authMessages, revokeUserSessions, setAccountDisabledAt } from '../auth';

/** What disabling and enabling need (an AppContext has it all). */
export interface AccountStatusDependencies {
  db: Kysely<Database>;
  clock: Clock;
  revocation: SessionRevocation;
}

export interface AccountStatus {
  userId: number;
  /** ISO instant the account was disabled; null when it is active. */
  disabledAt: string | null;
}

function notFound(): AppError {
  return new AppError(404, ERROR_CODES.USER_NOT_FOUND, authMessages.userNotFound);
}

/**
 * Disables an account (the back office calls it): sets users.disabled_at (kept if it already was), revokes every
 * refresh-token family, and makes every access token of the user answer 401 at once on every API instance.
 * The user can no longer log in, refresh or sign in with Google (403 ACCOUNT_DISABLED). 404 for an unknown id.
 */
export async function disableUser(deps: AccountStatusDependencies, userId: number): Promise<AccountStatus> {
  const now = deps.clock.now().toISOString();
  const { disabledAt, families } = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'disabled_at']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    const since = user.disabled_at === null ? now : toIsoUtc(user.disabled_at);
    if (user.disabled_at === null) await setAccountDisabledAt(trx, userId, now, now);
    return { disabledAt: since, families: await revokeUserSessions(trx, deps.clock, userId) };
  });
  await deps.revocation.publish({ disabledUsers: [userId], sessions: families });
  return { userId, disabledAt };
}

/**
 * Enables a disabled account again: clears users.disabled_at; the user may log in again (the sessions revoked on
 * disabling stay revoked). 404 for an unknown id.
 */
export async function enableUser(deps: AccountStatusDependencies, userId: number): Promise<AccountStatus> {
  const now = deps.clock.now().toISOString();
  if (!(await setAccountDisabledAt(deps.db, userId, null, now))) throw notFound();
  await deps.revocation.publish({ enabledUsers: [userId] });
  return { userId, disabledAt: null };
}
