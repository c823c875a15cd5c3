import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { ERROR_CODES, CHECKLIST_EDITABLE_STATUSES, SERVICE_ORDER_STATUS_LABELS, type ServiceOrderStatus } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { notAssigned } from './serviceOrderTransition';

type Db = Kysely<Database> | Transaction<Database>;

export const checklistMessages = {
  itemNotFound: 'Không tìm thấy mục kiểm tra.',
  photoNotFound: 'Không tìm thấy ảnh.',
  locked: (status: ServiceOrderStatus) =>
    `Chỉ cập nhật danh mục kiểm tra khi phiếu đang làm (phiếu đang ở trạng thái "${SERVICE_ORDER_STATUS_LABELS[status]}").`,
} as const;

/** Who writes a checklist: the technician's id and centre (null centre: an admin, refused by the route's roles). */
export interface ChecklistWriter {
  userId: number;
  centreId: number | null;
}

export function writerOf(scope: CentreScope): ChecklistWriter {
  return { userId: scope.userId, centreId: scope.centreId };
}

/**
 * The condition every checklist write carries (answers and photos): the order exists, is the writer's centre's,
 * is assigned to the writer and is IN_PROGRESS. Written into the UPDATE/INSERT itself, so a write that lands
 * was allowed at that instant; checklistRefusal explains a write that did not land.
 */
export function orderWritableBy(orderId: number, writer: ChecklistWriter): RawBuilder<SqlBool> {
  const statuses = sql.join(CHECKLIST_EDITABLE_STATUSES.map((status) => sql.lit(status)));
  const centre = writer.centreId === null ? sql`` : sql` and service_orders.centre_id = ${writer.centreId}`;
  return sql<SqlBool>`exists (select 1 from service_orders where service_orders.id = ${orderId} and service_orders.status in (${statuses}) and service_orders.technician_id = ${writer.userId}${centre})`;
}

/**
 * Why a checklist write on item `itemId` of order `orderId` did not apply: 404 (no such order in the caller's
 * centre, or the item is not the order's), 403 NOT_ASSIGNED (another technician's order), 409 CHECKLIST_LOCKED
 * (the order is not IN_PROGRESS). Returns normally when nothing forbids it (the caller then retries or answers
 * 409 for its own reason).
 */
export async function assertChecklistWritable(db: Db, orderId: number, itemId: number, writer: ChecklistWriter): Promise<void> {
  const row = await db
    .selectFrom('service_order_checklist_items')
    .innerJoin('service_orders', 'service_orders.id', 'service_order_checklist_items.service_order_id')
    .select(['service_orders.status', 'service_orders.technician_id', 'service_orders.centre_id'])
    .where('service_order_checklist_items.id', '=', itemId)
    .where('service_order_checklist_items.service_order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || (writer.centreId !== null && row.centre_id !== writer.centreId)) throw AppError.notFound(checklistMessages.itemNotFound);
  if (row.technician_id !== writer.userId) throw notAssigned();
  const status = row.status as ServiceOrderStatus;
  if (!CHECKLIST_EDITABLE_STATUSES.includes(status)) throw new AppError(409, ERROR_CODES.CHECKLIST_LOCKED, checklistMessages.locked(status));
}
