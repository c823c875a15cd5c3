import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewUserRow, UserUpdate } from '../../db/schema';
import type { AccountRole } from 'shared-contracts/schemas';

/**
 * The account row's writes that other modules ask for (users: the profile, the avatar, disabling; staffAdmin: staff
 * accounts and roles). Sign-up, Google sign-in, verification and passwords are written where auth does them.
 */

/** A new account (staffAdmin's invite, the operator's first admin); its id. Taken email or phone: a unique violation. */
export async function insertAccount(trx: Transaction<Database>, values: NewUserRow): Promise<number> {
  return (await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The profile's own columns (users' profile form), as given; a taken phone number fails the unique index. */
export async function updateAccountProfile(db: Kysely<Database>, userId: number, update: UserUpdate): Promise<void> {
  await db.updateTable('users').set(update).where('id', '=', userId).execute();
}

/** The account's avatar, once re-encoded and stored. */
export async function setAccountAvatar(db: Kysely<Database>, userId: number, avatarUrl: string, at: string): Promise<void> {
  await db.updateTable('users').set({ avatar_url: avatarUrl, updated_at: at }).where('id', '=', userId).execute();
}

/** `users.id <> userId` is an active admin: the condition that keeps one admin. */
function anotherActiveAdmin(userId: number) {
  return sql<boolean>`exists (select 1 from users as other where other.role = 'admin' and other.disabled_at is null and other.id <> ${userId})`;
}

/**
 * The role `from` becomes `to`, unless the account is the last active admin (one statement, so that two changes
 * cannot both remove the last one). True when it changed.
 */
export async function changeAccountRoleKeepingAnAdmin(trx: Transaction<Database>, userId: number, change: { from: AccountRole; to: AccountRole; at: string }): Promise<boolean> {
  const updated = await trx
    .updateTable('users')
    .set({ role: change.to, updated_at: change.at })
    .where('id', '=', userId)
    .where('role', '=', change.from)
    .where((eb) => eb.or([eb('role', '!=', 'admin'), eb('disabled_at', 'is not', null), anotherActiveAdmin(userId)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The operator's promotion (createAdmin --promote): the account becomes an admin, whatever its role. */
export async function makeAccountAdmin(trx: Transaction<Database>, userId: number, at: string): Promise<void> {
  await trx.updateTable('users').set({ role: 'admin', updated_at: at }).where('id', '=', userId).execute();
}

/** Disables an active account unless it is the last active admin (one statement). True when it was disabled. */
export async function disableAccountKeepingAnAdmin(trx: Transaction<Database>, userId: number, at: string): Promise<boolean> {
  const updated = await trx
    .updateTable('users')
    .set({ disabled_at: at, updated_at: at })
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('role', '!=', 'admin'), anotherActiveAdmin(userId)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Marks the account disabled from `at`, or enables it again (null). False when no account has this id. */
export async function setAccountDisabledAt(db: Kysely<Database>, userId: number, at: string | null, updatedAt: string): Promise<boolean> {
  const updated = await db.updateTable('users').set({ disabled_at: at, updated_at: updatedAt }).where('id', '=', userId).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
