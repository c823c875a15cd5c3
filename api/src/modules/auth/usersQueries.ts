import type { Kysely } from 'kysely';
import type { Profile } from 'shared-contracts/schemas';
import type { Database, UserRow } from '../../db/schema';

export type UserRole = UserRow['role'];

/** A user row → the profile the API answers (spec names; id and userId the same string). */
export function toProfile(row: UserRow): Profile {
  const id = String(row.id);
  return {
    id,
    userId: id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    avatar: row.avatar_url,
    avatarUrl: row.avatar_url,
    phoneNumber: row.phone_number,
    address: row.address,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    forecastEmails: !row.forecast_emails_opt_out,
  };
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By email, which must already be trimmed and lower-cased. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** By normalised Vietnamese mobile number ('0912345678'). */
export async function findUserByPhone(db: Kysely<Database>, phoneNumber: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst();
}

export async function findUserByGoogleSub(db: Kysely<Database>, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

/** Is this a unique-constraint violation (SQLite or PostgreSQL), and on which column if it says? */
export function uniqueViolation(error: unknown): { column: string | null } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  const text = `${typeof message === 'string' ? message : ''} ${typeof constraint === 'string' ? constraint : ''}`;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
    if (/phone_number/.test(text)) return { column: 'phone_number' };
    if (/email/.test(text)) return { column: 'email' };
    if (/google_sub/.test(text)) return { column: 'google_sub' };
    return { column: null };
  }
  return null;
}
