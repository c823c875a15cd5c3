import type { Kysely } from 'kysely';
import type { CustomerPackageCredit } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { orderMessages } from './orderMessages';

type Db = Kysely<Database>;

/** `months` calendar months after `from` (UTC), the day clamped to the month's last (31/01 + 1 → 28/02). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * Gives the customer the service credits of the packages of a paid order: one package_credits row per
 * (package, service), quantity = the package's quantity of that service × the quantity bought, valid for the
 * package's validity_months from the payment. Giving them twice is impossible (unique per order, package,
 * service; a repeat does nothing).
 */
export async function issuePackageCredits(db: Db, order: { id: number; user_id: number }, paidAt: Date): Promise<number> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('service_packages', 'service_packages.id', 'order_lines.ref_id')
    .innerJoin('service_package_credits', 'service_package_credits.package_id', 'service_packages.id')
    .select([
      'order_lines.quantity as line_quantity',
      'service_packages.id as package_id',
      'service_packages.validity_months',
      'service_package_credits.service_id',
      'service_package_credits.quantity as credit_quantity',
    ])
    .where('order_lines.order_id', '=', order.id)
    .where('order_lines.kind', '=', 'package')
    .orderBy('order_lines.id')
    .orderBy('service_package_credits.service_id')
    .execute();
  if (rows.length === 0) return 0;
  const createdAt = paidAt.toISOString();
  await db
    .insertInto('package_credits')
    .values(
      rows.map((row) => ({
        user_id: order.user_id,
        order_id: order.id,
        package_id: row.package_id,
        service_id: row.service_id,
        quantity_total: toNumber(row.credit_quantity) * toNumber(row.line_quantity),
        quantity_used: 0,
        expires_at: addMonths(paidAt, toNumber(row.validity_months)).toISOString(),
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'package_id', 'service_id']).doNothing())
    .execute();
  return rows.length;
}

/** Takes back the credits of a cancelled order; refused (409) when one of them has been used. */
export async function revokePackageCredits(db: Db, orderId: number): Promise<void> {
  const used = await db
    .selectFrom('package_credits')
    .select('id')
    .where('order_id', '=', orderId)
    .where('quantity_used', '>', 0)
    .executeTakeFirst();
  if (used) throw new AppError(409, ERROR_CODES.PACKAGE_CREDITS_USED, orderMessages.creditsUsed);
  await db.deleteFrom('package_credits').where('order_id', '=', orderId).execute();
}

/*
 * A booking uses one credit atomically, a cancelled appointment gives it back (bookings calls these through the
 * orders module's index.ts: package_credits has one writer). The conditional updates make two concurrent bookings
 * unable to use the last credit twice.
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

/** A customer's credits still usable at `now` (not expired, something left), soonest expiry first. */
export async function listPackageCredits(db: Db, userId: number, now: Date): Promise<CustomerPackageCredit[]> {
  const rows = await db
    .selectFrom('package_credits')
    .innerJoin('service_packages', 'service_packages.id', 'package_credits.package_id')
    .innerJoin('services', 'services.id', 'package_credits.service_id')
    .select([
      'package_credits.id',
      'package_credits.package_id',
      'package_credits.service_id',
      'package_credits.quantity_total',
      'package_credits.quantity_used',
      'package_credits.expires_at',
      'service_packages.name as package_name',
      'services.name as service_name',
    ])
    .where('package_credits.user_id', '=', userId)
    .where('package_credits.expires_at', '>', now.toISOString())
    .whereRef('package_credits.quantity_used', '<', 'package_credits.quantity_total')
    .orderBy('package_credits.expires_at')
    .orderBy('package_credits.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    packageId: row.package_id,
    packageName: row.package_name,
    serviceId: row.service_id,
    serviceName: row.service_name,
    remaining: toNumber(row.quantity_total) - toNumber(row.quantity_used),
    total: toNumber(row.quantity_total),
    expiresAt: toIsoUtc(row.expires_at),
  }));
}
