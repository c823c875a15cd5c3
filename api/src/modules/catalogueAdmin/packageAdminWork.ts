import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PackageAdmin, PackageAdminInput } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database, ServicePackagesTable } from '../../db/schema';
import { AppError } from '../../http/appError';
import { parseStrings, parseVehicleTypes } from '../catalogue';
import { packageSearchText, replacePackageCredits } from './catalogueWrites';
import { entityHistory, type Snapshot } from './catalogueHistory';
import { createVersioned, writeAtVersion, type VersionedKind } from './versionedWrite';

/**
 * The admin's service packages (shop-operations.md §2): the list, one package, create, save from a version,
 * archive and restore. A package's credits are rewritten with the package in one transaction; every credited
 * service must exist and be active.
 */

export const packageAdminMessages = {
  notFound: 'Không tìm thấy gói dịch vụ.',
  stale: 'Gói dịch vụ vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại.',
  slugBusy: 'Đường dẫn của gói vừa được dùng cho gói khác. Vui lòng lưu lại.',
  serviceUnknown: (position: number) => `Dịch vụ thứ ${position} của gói không tồn tại hoặc đã lưu trữ.`,
  created: 'Đã tạo gói dịch vụ.',
  saved: 'Đã lưu gói dịch vụ.',
  archived: 'Đã lưu trữ gói dịch vụ: gói không còn bán trên cửa hàng.',
  restored: 'Đã khôi phục gói dịch vụ.',
} as const;
const messages = packageAdminMessages;

async function creditsOf(db: Kysely<Database>, packageIds: readonly number[]) {
  if (packageIds.length === 0) return [];
  return db
    .selectFrom('service_package_credits')
    .innerJoin('services', 'services.id', 'service_package_credits.service_id')
    .select(['service_package_credits.package_id', 'service_package_credits.service_id', 'service_package_credits.quantity', 'services.name', 'services.is_active'])
    .where('service_package_credits.package_id', 'in', [...packageIds])
    .orderBy('services.sort_order')
    .orderBy('services.id')
    .execute();
}

function toPackageAdmin(row: Selectable<ServicePackagesTable>, credits: Awaited<ReturnType<typeof creditsOf>>): PackageAdmin {
  return {
    id: row.id,
    version: toNumber(row.version),
    slug: row.slug,
    name: row.name,
    tier: row.tier as PackageAdmin['tier'],
    description: row.description,
    price: toNumber(row.price),
    originalPrice: row.original_price === null ? null : toNumber(row.original_price),
    validityMonths: toNumber(row.validity_months),
    vehicleTypes: parseVehicleTypes(row.vehicle_types),
    credits: credits
      .filter((credit) => credit.package_id === row.id)
      .map((credit) => ({ serviceId: credit.service_id, serviceName: credit.name, quantity: toNumber(credit.quantity) })),
    perks: parseStrings(row.perks),
    highlighted: toNumber(row.highlighted) === 1,
    sortOrder: toNumber(row.sort_order),
    isActive: toNumber(row.is_active) === 1,
  };
}

/** One package as the admin's form shows it, or null. `db` may be a transaction. */
export async function readPackageAdmin(db: Kysely<Database>, id: number): Promise<PackageAdmin | null> {
  const row = await db.selectFrom('service_packages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPackageAdmin(row, await creditsOf(db, [id])) : null;
}

/** Every package (a handful), active and archived, in display order; `status` narrows them. */
export async function listPackagesAdmin(db: Kysely<Database>, status?: 'active' | 'archived'): Promise<PackageAdmin[]> {
  let query = db.selectFrom('service_packages').selectAll();
  if (status) query = query.where('is_active', '=', status === 'active' ? 1 : 0);
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  const credits = await creditsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPackageAdmin(row, credits));
}

export const packageHistory = (db: Kysely<Database>, id: number) => entityHistory(db, 'package', id);

type Credits = { serviceId: number; quantity: number }[];

function snapshot(item: Omit<PackageAdmin, 'id' | 'version' | 'slug' | 'credits'> & { credits: Credits }): Snapshot {
  return {
    name: item.name,
    tier: item.tier,
    description: item.description,
    price: item.price,
    originalPrice: item.originalPrice,
    validityMonths: item.validityMonths,
    vehicleTypes: item.vehicleTypes,
    credits: item.credits.map((credit) => ({ serviceId: credit.serviceId, quantity: credit.quantity })),
    perks: item.perks,
    highlighted: item.highlighted,
    sortOrder: item.sortOrder,
    isActive: item.isActive,
  };
}

const PACKAGE: VersionedKind<PackageAdmin> = {
  table: 'service_packages',
  entity: 'package',
  read: readPackageAdmin,
  snapshot,
  notFound: () => AppError.notFound(messages.notFound, ERROR_CODES.PACKAGE_NOT_FOUND),
  staleMessage: messages.stale,
  slugBusyMessage: messages.slugBusy,
};

function rowValues(input: PackageAdminInput) {
  return {
    name: input.name,
    tier: input.tier,
    description: input.description,
    price: input.price,
    original_price: input.originalPrice,
    validity_months: input.validityMonths,
    vehicle_types: JSON.stringify(input.vehicleTypes),
    perks: JSON.stringify(input.perks),
    highlighted: input.highlighted ? 1 : 0,
    sort_order: input.sortOrder,
    search_text: packageSearchText(input),
  };
}

/** Every credited service exists and is active (or is among `kept`), else 422 on the first that is not. */
async function assertServicesActive(trx: Transaction<Database>, credits: Credits, kept: ReadonlySet<number> = new Set()): Promise<void> {
  const ids = credits.map((credit) => credit.serviceId);
  const active = await trx.selectFrom('services').select('id').where('id', 'in', ids).where('is_active', '=', 1).execute();
  const known = new Set(active.map((row) => row.id));
  const index = ids.findIndex((serviceId) => !known.has(serviceId) && !kept.has(serviceId));
  if (index >= 0) {
    const message = messages.serviceUnknown(index + 1);
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: `credits.${index}.serviceId`, message }]);
  }
}

/** The package's credits become `credits`, written by the catalogue (the one writer of service_package_credits). */
const writeCredits = (credits: Credits) => (trx: Transaction<Database>, packageId: number) => replacePackageCredits(trx, packageId, credits);

export function createPackageAdmin(db: Kysely<Database>, input: PackageAdminInput, actorId: number): Promise<PackageAdmin> {
  return createVersioned(db, PACKAGE, input.name, actorId, async (trx) => {
    await assertServicesActive(trx, input.credits);
    return { values: { ...rowValues(input), is_active: 1 }, after: snapshot({ ...input, isActive: true }), alsoWrite: writeCredits(input.credits) };
  });
}

export function savePackageAdmin(db: Kysely<Database>, id: number, input: PackageAdminInput & { version: number }, actorId: number): Promise<PackageAdmin> {
  return writeAtVersion(db, PACKAGE, id, input.version, actorId, async (trx, current) => {
    // A service archived since the package was saved may stay credited as it is; a newly added one must be active.
    await assertServicesActive(trx, input.credits, new Set(current.credits.map((credit) => credit.serviceId)));
    return { values: rowValues(input), after: snapshot({ ...input, isActive: current.isActive }), alsoWrite: writeCredits(input.credits) };
  });
}

/** Archive (off the shop; bought packages keep their credits) or restore (every credited service must be active). */
export function setPackageActiveAdmin(db: Kysely<Database>, id: number, isActive: boolean, version: number, actorId: number): Promise<PackageAdmin> {
  return writeAtVersion(db, PACKAGE, id, version, actorId, async (trx, current) => {
    if (isActive) await assertServicesActive(trx, current.credits);
    return { values: { is_active: isActive ? 1 : 0 }, after: { ...snapshot(current), isActive } };
  });
}
