import type { Kysely } from 'kysely';
import { foldVietnamese, type AdminUser, type AdminUserPage, type AccountRole } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { compactFold } from '../frontDesk';

/**
 * The admin's list of accounts (A2): search by name, email or phone, folded as the front desk's customer lookup
 * (diacritics and case ignored, words in any order), a role filter, pages. The folding is done in memory (SQL
 * cannot fold Vietnamese portably), over the accounts of the role asked for: fine for the chain's thousands of
 * accounts. A manager's list holds the members of their own centre only.
 */

export interface UserListOptions {
  q?: string;
  role?: AccountRole;
  page: number;
  pageSize: number;
  /** Only the staff, technicians and managers with an active assignment to this centre (a manager's roster). */
  centreId?: number;
}

interface UserListRow {
  id: number;
  full_name: string;
  email: string;
  phone_number: string | null;
  role: AccountRole;
  email_verified_at: Date | string | null;
  disabled_at: Date | string | null;
  password_hash: string | null;
  created_at: Date | string;
}

function matches(row: UserListRow, compactQuery: string, words: readonly string[]): boolean {
  const fields = [row.full_name, row.email, row.phone_number ?? ''].map(compactFold);
  if (fields.some((field) => field.includes(compactQuery))) return true;
  const haystack = [row.full_name, row.email].map(foldVietnamese).join(' ');
  return words.length > 0 && words.every((word) => haystack.includes(word));
}

/** The active centre of each of `userIds` (id → {id, name}). */
export async function activeCentres(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, { id: number; name: string }>> {
  const result = new Map<number, { id: number; name: string }>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('staff_assignments')
    .innerJoin('service_centres', 'service_centres.id', 'staff_assignments.centre_id')
    .select(['staff_assignments.user_id', 'service_centres.id', 'service_centres.name'])
    .where('staff_assignments.user_id', 'in', [...userIds])
    .where('staff_assignments.ended_at', 'is', null)
    .execute();
  for (const row of rows) result.set(row.user_id, { id: row.id, name: row.name });
  return result;
}

function toAdminUser(row: UserListRow, centre: { id: number; name: string } | null): AdminUser {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone_number,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    hasPassword: row.password_hash !== null,
    disabled: row.disabled_at !== null,
    disabledAt: row.disabled_at === null ? null : toIsoUtc(row.disabled_at),
    centre,
    createdAt: toIsoUtc(row.created_at),
  };
}

/** The roles a centre's roster (a manager's list) may show. */
const ROSTER_ROLES: AccountRole[] = ['staff', 'technician', 'manager'];

const columns = ['users.id', 'users.full_name', 'users.email', 'users.phone_number', 'users.role', 'users.email_verified_at', 'users.disabled_at', 'users.password_hash', 'users.created_at'] as const;

/** GET /admin/users: a page of accounts, by name then id. */
export async function listUsers(db: Kysely<Database>, options: UserListOptions): Promise<AdminUserPage> {
  let query = db.selectFrom('users').select(columns);
  if (options.role) query = query.where('users.role', '=', options.role);
  if (options.centreId !== undefined) {
    const centreId = options.centreId;
    // A roster is the centre's working people: never a customer or an admin, whatever assignment row is left.
    query = query.where('users.role', 'in', ROSTER_ROLES);
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('staff_assignments').select('staff_assignments.id').whereRef('staff_assignments.user_id', '=', 'users.id').where('staff_assignments.centre_id', '=', centreId).where('staff_assignments.ended_at', 'is', null)),
    );
  }
  let rows = (await query.execute()) as UserListRow[];
  const q = options.q?.trim() ?? '';
  if (q) {
    const compactQuery = compactFold(q);
    const words = foldVietnamese(q).split(' ').filter(Boolean);
    if (compactQuery) rows = rows.filter((row) => matches(row, compactQuery, words));
  }
  rows.sort((a, b) => a.full_name.localeCompare(b.full_name, 'vi') || a.id - b.id);
  const start = (options.page - 1) * options.pageSize;
  const pageRows = rows.slice(start, start + options.pageSize);
  const centres = await activeCentres(db, pageRows.map((row) => row.id));
  return { items: pageRows.map((row) => toAdminUser(row, centres.get(row.id) ?? null)), total: rows.length, page: options.page, pageSize: options.pageSize };
}

/** One account as the admin sees it (undefined for an unknown id). */
export async function readAdminUser(db: Kysely<Database>, userId: number): Promise<AdminUser | undefined> {
  const row = (await db.selectFrom('users').select(columns).where('users.id', '=', userId).executeTakeFirst()) as UserListRow | undefined;
  if (!row) return undefined;
  const centres = await activeCentres(db, [row.id]);
  return toAdminUser(row, centres.get(row.id) ?? null);
}
