import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ERROR_CODES,
  SERVICE_ORDER_STATUS_LABELS,
  SERVICE_ORDER_TRANSITIONS,
  type ServiceOrderAction,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { documentCode } from '../../lib/documentCode';

type Db = Kysely<Database> | Transaction<Database>;

export const serviceOrderMessages = {
  notFound: 'Không tìm thấy phiếu dịch vụ.',
  changed: 'Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.',
  notAssigned: 'Phiếu dịch vụ này không được giao cho bạn.',
} as const;

/** The instant column each target status stamps. */
const STAMPED_AT: Partial<Record<ServiceOrderStatus, 'started_at' | 'work_done_at' | 'invoiced_at' | 'closed_at' | 'cancelled_at'>> = {
  IN_PROGRESS: 'started_at',
  WORK_DONE: 'work_done_at',
  INVOICED: 'invoiced_at',
  CLOSED: 'closed_at',
  CANCELLED: 'cancelled_at',
};

export function invalidTransition(from: ServiceOrderStatus, to: ServiceOrderStatus): AppError {
  return new AppError(
    409,
    ERROR_CODES.INVALID_STATUS_TRANSITION,
    `Không thể chuyển phiếu dịch vụ từ "${SERVICE_ORDER_STATUS_LABELS[from]}" sang "${SERVICE_ORDER_STATUS_LABELS[to]}".`,
  );
}

export function serviceOrderChanged(): AppError {
  return new AppError(409, ERROR_CODES.SERVICE_ORDER_CHANGED, serviceOrderMessages.changed);
}

export interface TransitionRequest {
  id: number;
  action: ServiceOrderAction;
  actorId: number | null;
  at: Date;
  /** The version the client saw; absent for server-side steps (e.g. a VietQR payment). */
  expectedVersion?: number;
  note?: string | null;
  /** Further columns set in the same statement (e.g. cancel_reason, a released bay). */
  extra?: { cancel_reason?: string | null; bay_no?: number | null };
  /** The status the caller read (one of the action's `from`): the statement is conditional on it and the history records it. */
  currentStatus?: ServiceOrderStatus;
  /**
   * A technician's action: the order must be theirs (403 NOT_ASSIGNED otherwise). With `takeUnassigned`, an order
   * nobody is assigned to becomes theirs in the same statement (start).
   */
  technician?: { id: number; takeUnassigned: boolean };
}

export function notAssigned(): AppError {
  return new AppError(403, ERROR_CODES.NOT_ASSIGNED, serviceOrderMessages.notAssigned);
}

/**
 * Moves a service order along the shared machine in one conditional statement: the row changes only if it is
 * still in one of the action's `from` statuses (and at `expectedVersion` when given). The version is bumped and
 * the status history written. A lost race answers 409 — SERVICE_ORDER_CHANGED when the version moved,
 * INVALID_STATUS_TRANSITION when the status does not allow the action — and a missing row 404. Run it inside
 * the caller's transaction with the side effects (appointment, bay, clock, invoice) so all or nothing lands.
 */
export async function transitionServiceOrder(trx: Db, request: TransitionRequest): Promise<ServiceOrderRow> {
  const transition = SERVICE_ORDER_TRANSITIONS[request.action];
  const at = request.at.toISOString();
  const stamp = STAMPED_AT[transition.to];
  const { technician, currentStatus } = request;
  if (currentStatus !== undefined && !transition.from.includes(currentStatus)) throw invalidTransition(currentStatus, transition.to);
  let update = trx
    .updateTable('service_orders')
    .set((eb) => ({
      status: transition.to,
      version: eb('version', '+', 1),
      updated_at: at,
      // The first start is kept when reopened work starts again.
      ...(stamp === 'started_at' ? { started_at: sql<string>`coalesce(started_at, ${at})` } : stamp ? { [stamp]: at } : {}),
      ...(technician?.takeUnassigned ? { technician_id: technician.id } : {}),
      ...(request.extra ?? {}),
    }))
    .where('id', '=', request.id)
    .where('status', 'in', currentStatus !== undefined ? [currentStatus] : [...transition.from]);
  if (request.expectedVersion !== undefined) update = update.where('version', '=', request.expectedVersion);
  if (technician) {
    update = technician.takeUnassigned
      ? update.where((eb) => eb.or([eb('technician_id', '=', technician.id), eb('technician_id', 'is', null)]))
      : update.where('technician_id', '=', technician.id);
  }
  const row = await update.returningAll().executeTakeFirst();
  if (!row) {
    const current = await trx.selectFrom('service_orders').select(['status', 'version', 'technician_id']).where('id', '=', request.id).executeTakeFirst();
    if (!current) throw AppError.notFound(serviceOrderMessages.notFound, ERROR_CODES.NOT_FOUND);
    if (request.expectedVersion !== undefined && current.version !== request.expectedVersion) throw serviceOrderChanged();
    if (!transition.from.includes(current.status as ServiceOrderStatus)) throw invalidTransition(current.status as ServiceOrderStatus, transition.to);
    if (technician && current.technician_id !== technician.id) throw notAssigned();
    throw serviceOrderChanged();
  }
  await trx
    .insertInto('service_order_status_history')
    .values({
      service_order_id: row.id,
      from_status: currentStatus ?? (transition.from.length === 1 ? transition.from[0]! : null),
      to_status: transition.to,
      changed_by: request.actorId,
      note: request.note ?? null,
      created_at: at,
    })
    .execute();
  return row;
}

/**
 * Bumps the version of an order still in one of `statuses` (an edit that is not a status change, such as an
 * assignment), conditional on `expectedVersion`. 409 SERVICE_ORDER_CHANGED / INVALID_STATUS_TRANSITION as above.
 */
export async function touchServiceOrder(
  trx: Db,
  id: number,
  expectedVersion: number,
  statuses: readonly ServiceOrderStatus[],
  at: Date,
  set: { technician_id?: number | null; bay_no?: number | null } = {},
): Promise<ServiceOrderRow> {
  const row = await trx
    .updateTable('service_orders')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: at.toISOString() }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .where('status', 'in', [...statuses])
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const current = await trx.selectFrom('service_orders').select(['status', 'version']).where('id', '=', id).executeTakeFirst();
  if (!current) throw AppError.notFound(serviceOrderMessages.notFound, ERROR_CODES.NOT_FOUND);
  if (current.version !== expectedVersion) throw serviceOrderChanged();
  throw new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, `Phiếu dịch vụ đang ở trạng thái "${SERVICE_ORDER_STATUS_LABELS[current.status as ServiceOrderStatus]}", không thể thay đổi.`);
}

/** `prefix` + the Vietnamese date (yymmdd) + 4 characters: PDV261123K7QZ, HD261123A2B4 (unique constraint backs it). */
export function backOfficeCode(prefix: 'PDV' | 'HD', at: Date): string {
  return documentCode(prefix, at, 4);
}
