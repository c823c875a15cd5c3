import type { Kysely, Selectable } from 'kysely';
import { ERROR_CODES, foldVietnamese, type ServiceAdmin, type ServiceAdminInput, type ServiceAdminListQuery, type ServiceAdminPage } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database, ServicesTable } from '../../db/schema';
import { AppError } from '../../http/appError';
import { parseChecklist, parseVehicleTypes } from '../catalogue';
import { serviceSearchText } from './catalogueWrites';
import { entityHistory, type Snapshot } from './catalogueHistory';
import { createVersioned, pageOf, writeAtVersion, type VersionedKind } from './versionedWrite';

/**
 * The admin's services (shop-operations.md §2): the list, one service, create, save from a version, archive and
 * restore. The checklist template is the service's own JSON; a service order copies it into its own rows when it
 * is opened (serviceOrders/serviceOrderCheckIn.ts), so a saved template changes only the orders opened after.
 */

export const serviceAdminMessages = {
  notFound: 'Không tìm thấy dịch vụ.',
  stale: 'Dịch vụ vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại.',
  slugBusy: 'Đường dẫn của dịch vụ vừa được dùng cho dịch vụ khác. Vui lòng lưu lại.',
  inActivePackage: (names: string) => `Dịch vụ đang có trong gói đang bán (${names}). Vui lòng bỏ dịch vụ khỏi gói trước khi lưu trữ.`,
  created: 'Đã tạo dịch vụ.',
  saved: 'Đã lưu dịch vụ.',
  archived: 'Đã lưu trữ dịch vụ: dịch vụ không còn hiển thị trên cửa hàng.',
  restored: 'Đã khôi phục dịch vụ.',
} as const;
const messages = serviceAdminMessages;

function toServiceAdmin(row: Selectable<ServicesTable>): ServiceAdmin {
  return {
    id: row.id,
    version: toNumber(row.version),
    slug: row.slug,
    name: row.name,
    kind: row.kind as ServiceAdmin['kind'],
    tier: row.tier as ServiceAdmin['tier'],
    summary: row.summary,
    description: row.description,
    price: toNumber(row.price),
    durationMinutes: toNumber(row.duration_minutes),
    vatRate: toNumber(row.vat_rate),
    vehicleTypes: parseVehicleTypes(row.vehicle_types),
    checklist: parseChecklist(row.checklist).map((item) => ({ code: item.code, label: item.label })),
    sortOrder: toNumber(row.sort_order),
    isActive: toNumber(row.is_active) === 1,
  };
}

/** One service as the admin's form shows it, or null. `db` may be a transaction. */
export async function readServiceAdmin(db: Kysely<Database>, id: number): Promise<ServiceAdmin | null> {
  const row = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toServiceAdmin(row) : null;
}

/** The admin's list: active and archived, searched by the folded name and summary, a page at a time. */
export async function listServicesAdmin(db: Kysely<Database>, query: ServiceAdminListQuery): Promise<ServiceAdminPage> {
  let base = db.selectFrom('services');
  const folded = query.q ? foldVietnamese(query.q) : '';
  // Folded text holds only letters, digits and spaces: nothing to escape in the LIKE patterns.
  for (const word of folded ? folded.split(' ') : []) base = base.where('search_text', 'like', `%${word}%`);
  if (query.status) base = base.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const items = rows.map((row) => {
    const service = toServiceAdmin(row);
    const { id, version, slug, name, kind, tier, price, durationMinutes, isActive } = service;
    return { id, version, slug, name, kind, tier, price, durationMinutes, isActive, checklistCount: service.checklist.length };
  });
  return pageOf(items, toNumber(counted.total), query.page, query.pageSize);
}

export const serviceHistory = (db: Kysely<Database>, id: number) => entityHistory(db, 'service', id);

function snapshot(service: Omit<ServiceAdmin, 'id' | 'version' | 'slug'>): Snapshot {
  return {
    name: service.name,
    kind: service.kind,
    tier: service.tier,
    summary: service.summary,
    description: service.description,
    price: service.price,
    durationMinutes: service.durationMinutes,
    vatRate: service.vatRate,
    vehicleTypes: service.vehicleTypes,
    checklist: service.checklist,
    sortOrder: service.sortOrder,
    isActive: service.isActive,
  };
}

const SERVICE: VersionedKind<ServiceAdmin> = {
  table: 'services',
  entity: 'service',
  read: readServiceAdmin,
  snapshot,
  notFound: () => AppError.notFound(messages.notFound, ERROR_CODES.SERVICE_NOT_FOUND),
  staleMessage: messages.stale,
  slugBusyMessage: messages.slugBusy,
};

function rowValues(input: ServiceAdminInput) {
  return {
    name: input.name,
    kind: input.kind,
    tier: input.tier,
    summary: input.summary,
    description: input.description,
    price: input.price,
    duration_minutes: input.durationMinutes,
    vat_rate: input.vatRate,
    vehicle_types: JSON.stringify(input.vehicleTypes),
    checklist: JSON.stringify(input.checklist),
    sort_order: input.sortOrder,
    search_text: serviceSearchText(input),
  };
}

export function createServiceAdmin(db: Kysely<Database>, input: ServiceAdminInput, actorId: number): Promise<ServiceAdmin> {
  return createVersioned(db, SERVICE, input.name, actorId, async () => ({
    values: { ...rowValues(input), includes: '[]', is_active: 1 },
    after: snapshot({ ...input, isActive: true }),
  }));
}

export function saveServiceAdmin(db: Kysely<Database>, id: number, input: ServiceAdminInput & { version: number }, actorId: number): Promise<ServiceAdmin> {
  return writeAtVersion(db, SERVICE, id, input.version, actorId, async (_trx, current) => ({
    values: rowValues(input),
    after: snapshot({ ...input, isActive: current.isActive }),
  }));
}

/** Archive (off the shop; booked and past orders keep it) or restore. A service an active package credits stays. */
export function setServiceActiveAdmin(db: Kysely<Database>, id: number, isActive: boolean, version: number, actorId: number): Promise<ServiceAdmin> {
  return writeAtVersion(db, SERVICE, id, version, actorId, async (trx, current) => {
    if (!isActive) {
      const packages = await trx
        .selectFrom('service_package_credits')
        .innerJoin('service_packages', 'service_packages.id', 'service_package_credits.package_id')
        .select('service_packages.name')
        .where('service_package_credits.service_id', '=', id)
        .where('service_packages.is_active', '=', 1)
        .orderBy('service_packages.id')
        .execute();
      if (packages.length > 0) throw new AppError(409, ERROR_CODES.SERVICE_IN_PACKAGE, messages.inActivePackage(packages.map((entry) => entry.name).join(', ')));
    }
    return { values: { is_active: isActive ? 1 : 0 }, after: { ...snapshot(current), isActive } };
  });
}
