import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What marks the development demo data in a database, on the product side: the seed (api/seed) imports
 * these, and the API checks them when it starts in production (server.ts), without importing the seed.
 */

/** The demo logins, one per role, all with the password published in the README (seed/demoAccounts.ts). */
export const DEMO_ACCOUNT_EMAILS = {
  customer: 'khachhang@evshop.vn',
  staff: 'nhanvien@evshop.vn',
  technician: 'kythuatvien@evshop.vn',
  manager: 'quanly@evshop.vn',
  admin: 'quantri@evshop.vn',
} as const;

/** The contact email of the demo fleet's owners ends so (seed/demoFleet.ts: `<phone>@khach.example.vn`). */
export const DEMO_FLEET_EMAIL_SUFFIX = '@khach.example.vn';

/** At most this many of the demo addresses found are named (the fleet alone has hundreds). */
const SHOWN = 5;

/**
 * The demo addresses the database holds (users with a demo login's email or a demo fleet owner's), at most a
 * few; empty when there is none.
 */
/** The users that are demo accounts: a demo login's email or a demo fleet owner's (the guard's one definition). */
export function isDemoAccount(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.or([eb('email', 'in', Object.values(DEMO_ACCOUNT_EMAILS)), eb('email', 'like', `%${DEMO_FLEET_EMAIL_SUFFIX}`)]);
}

export async function findDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(isDemoAccount)
    .orderBy('id')
    .limit(SHOWN)
    .execute();
  return rows.map((row) => row.email);
}

/** The API was started in production on a database that holds the development demo data. */
export class DemoDataInProductionError extends Error {
  constructor(readonly emails: readonly string[]) {
    super(
      `NODE_ENV=production but the database holds the development demo data (demo accounts with the published password: ${emails.join(', ')}): ` +
        'refusing to start. Use a database seeded without SEED_DEMO (reference data only) and create the first admin with `node api/dist/src/cli/createAdmin.js`.',
    );
    this.name = 'DemoDataInProductionError';
  }
}

/** Throws DemoDataInProductionError when the database holds demo accounts (the API's start in production). */
export async function refuseDemoData(db: Kysely<Database>): Promise<void> {
  const found = await findDemoAccounts(db);
  if (found.length > 0) throw new DemoDataInProductionError(found);
}
