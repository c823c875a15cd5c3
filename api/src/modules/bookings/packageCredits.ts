import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Package credits (table package_credits of the shop): a booking consumes one use atomically, a cancellation
 * gives it back. The conditional updates make two concurrent bookings unable to use the last credit twice.
 */

export interface PackageCreditInfo {
  id: number;
  serviceId: number;
  packageName: string;
}

/** The customer's credit (whatever its state), or null when it is not theirs. */
export async function findOwnPackageCredit(db: Kysely<Database>, userId: number, creditId: number): Promise<PackageCreditInfo | null> {
  const row = await db
    .selectFrom('package_credits')
    .innerJoin('service_packages', 'service_packages.id', 'package_credits.package_id')
    .select(['package_credits.id', 'package_credits.service_id', 'service_packages.name'])
    .where('package_credits.id', '=', creditId)
    .where('package_credits.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: row.id, serviceId: row.service_id, packageName: row.name } : null;
}

/** Uses one credit; false when none is left or the package has expired. */
export async function consumePackageCredit(db: Kysely<Database>, userId: number, creditId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('package_credits')
    .set((eb) => ({ quantity_used: eb('quantity_used', '+', 1) }))
    .where('id', '=', creditId)
    .where('user_id', '=', userId)
    .where((eb) => eb('quantity_used', '<', eb.ref('quantity_total')))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives one use back (a cancelled appointment). */
export async function restorePackageCredit(db: Kysely<Database>, creditId: number): Promise<void> {
  await db
    .updateTable('package_credits')
    .set((eb) => ({ quantity_used: eb('quantity_used', '-', 1) }))
    .where('id', '=', creditId)
    .where('quantity_used', '>', 0)
    .execute();
}
