import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import {
  ERROR_CODES,
  PARTS_REQUEST_STATUS_LABELS,
  PARTS_REQUEST_TRANSITIONS,
  SERVICE_ORDER_STATUS_LABELS,
  type PartsRequestAction,
  type PartsRequestStatus,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import type { PartsRequestRow, PartsRequestsTable } from '../../db/partsRequestSchema';
import { preparedQuery, type PreparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';

type Db = Kysely<Database> | Transaction<Database>;

export const partsRequestMessages = {
  notFound: 'Không tìm thấy yêu cầu phụ tùng.',
  changed: 'Yêu cầu phụ tùng vừa được người khác cập nhật, vui lòng tải lại.',
  expired: 'Yêu cầu đã hết hạn, vui lòng liên hệ trung tâm.',
  orderLocked: (status: ServiceOrderStatus) => `Phiếu dịch vụ đang ở trạng thái "${SERVICE_ORDER_STATUS_LABELS[status]}", không thể thay đổi phụ tùng.`,
} as const;

export function partsRequestNotFound(): AppError {
  return AppError.notFound(partsRequestMessages.notFound, ERROR_CODES.NOT_FOUND);
}

/**
 * 409 INVALID_STATUS_TRANSITION in the house's words, with the request's current status in `data` (a stale
 * screen shows it without reloading): 'Không thể chuyển yêu cầu phụ tùng từ "Đã xuất kho" sang "Đã trả hàng giữ".'
 */
export function invalidPartsTransition(current: { status: string; version: number }, action: PartsRequestAction): AppError {
  const from = current.status as PartsRequestStatus;
  const transition = PARTS_REQUEST_TRANSITIONS[action];
  const message =
    transition.from.length === 1 && transition.from[0] === transition.to
      ? `Không thể ${transition.label.toLowerCase()} yêu cầu phụ tùng đang ở trạng thái "${PARTS_REQUEST_STATUS_LABELS[from]}".`
      : `Không thể chuyển yêu cầu phụ tùng từ "${PARTS_REQUEST_STATUS_LABELS[from]}" sang "${PARTS_REQUEST_STATUS_LABELS[transition.to]}".`;
  return new AppErrorWithData(409, ERROR_CODES.INVALID_STATUS_TRANSITION, message, {
    status: from,
    statusLabel: PARTS_REQUEST_STATUS_LABELS[from],
    version: current.version,
  });
}

export function partsRequestChanged(current: { status: string; version: number }): AppError {
  const status = current.status as PartsRequestStatus;
  return new AppErrorWithData(409, ERROR_CODES.PARTS_REQUEST_CHANGED, partsRequestMessages.changed, {
    status,
    statusLabel: PARTS_REQUEST_STATUS_LABELS[status],
    version: current.version,
  });
}

export function approvalExpired(): AppError {
  return new AppError(409, ERROR_CODES.APPROVAL_EXPIRED, partsRequestMessages.expired);
}

export interface PartsMove {
  id: number;
  action: PartsRequestAction;
  /** Who (null: the server itself — the expiry job). */
  actorId: number | null;
  at: Date;
  /** The version the client saw (staff screens); absent for the customer's decision and the server's steps. */
  expectedVersion?: number;
  /** Further columns set in the same statement. */
  set?: Updateable<PartsRequestsTable>;
  /** The history's note (a reason, a phone call's note). */
  note?: string | null;
  /** The history's quantity (a return). */
  quantity?: number | null;
  /** The order must be in one of these statuses (409 ORDER_NOT_IN_PROGRESS otherwise). */
  orderStatuses?: readonly ServiceOrderStatus[];
  /** 'open': only before expires_at (a decision); 'past': only once expires_at has passed (the expiry job). */
  deadline?: 'open' | 'past';
  /** At least this much issued and not returned (a return). */
  returnable?: number;
}

/**
 * Moves a parts request along the shared machine in ONE conditional UPDATE: the row changes only while it is in
 * one of the action's `from` statuses, and (when asked) at the version the client saw, with its order in the
 * allowed statuses, before or after its deadline, with enough to return. The version is bumped and the history
 * written. A request that did not move is explained (in this order): 404, 409 INVALID_STATUS_TRANSITION (the
 * status does not allow it; its current status in data), 409 APPROVAL_EXPIRED, 409 PARTS_REQUEST_CHANGED (the
 * version moved), 409 ORDER_NOT_IN_PROGRESS. Run it inside the transaction of its side effects (stock, lines).
 */
export async function movePartsRequest(trx: Transaction<Database>, move: PartsMove): Promise<PartsRequestRow> {
  const transition = PARTS_REQUEST_TRANSITIONS[move.action];
  const at = move.at.toISOString();
  const params: Record<string, unknown> = { id: move.id, at };
  if (move.expectedVersion !== undefined) params.version = move.expectedVersion;
  if (move.returnable !== undefined) params.returnable = move.returnable;
  for (const [column, value] of Object.entries(move.set ?? {})) params[`set_${column}`] = value;
  const row = await moveStatement(move).first(trx, params);
  if (!row) throw await explainRefusal(trx, move);
  await insertHistory.execute(trx, {
    requestId: row.id,
    action: move.action,
    fromStatus: transition.from.length === 1 ? transition.from[0]! : null,
    toStatus: transition.to,
    quantity: move.quantity ?? null,
    changedBy: move.actorId,
    note: move.note ?? null,
    at,
  });
  return row;
}

/**
 * The move's UPDATE, compiled once per shape (action, the conditions asked, the columns set) and dialect: the
 * desk's steps run many times a minute, and building and compiling the statement cost more than running it.
 */
const moveStatements = new Map<string, PreparedQuery<Record<string, unknown>, PartsRequestRow>>();

function moveStatement(move: PartsMove): PreparedQuery<Record<string, unknown>, PartsRequestRow> {
  const transition = PARTS_REQUEST_TRANSITIONS[move.action];
  const columns = Object.keys(move.set ?? {}).sort();
  const orderStatuses = move.orderStatuses ? [...move.orderStatuses] : null;
  const key = [move.action, move.expectedVersion !== undefined, move.deadline ?? '', move.returnable !== undefined, orderStatuses?.join(',') ?? '', columns.join(',')].join('|');
  let statement = moveStatements.get(key);
  if (statement) return statement;
  statement = preparedQuery<Record<string, unknown>>()((db, param) => {
    const values = Object.fromEntries(columns.map((column) => [column, param(`set_${column}`)])) as Updateable<PartsRequestsTable>;
    let update = db
      .updateTable('parts_requests')
      .set((eb) => ({ ...values, status: transition.to, version: eb('version', '+', 1), updated_at: param('at') as string }))
      .where('id', '=', param('id') as number)
      .where('status', 'in', [...transition.from]);
    if (move.expectedVersion !== undefined) update = update.where('version', '=', param('version') as number);
    if (move.deadline === 'open') update = update.where('expires_at', '>', param('at') as string);
    if (move.deadline === 'past') update = update.where('expires_at', '<=', param('at') as string);
    if (move.returnable !== undefined) update = update.where(sql<number>`issued_qty - returned_qty`, '>=', param('returnable') as number);
    if (orderStatuses) {
      update = update.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('service_orders')
            .select('service_orders.id')
            .whereRef('service_orders.id', '=', 'parts_requests.service_order_id')
            .where('service_orders.status', 'in', orderStatuses),
        ),
      );
    }
    return update.returningAll();
  });
  moveStatements.set(key, statement);
  return statement;
}

const insertHistory = preparedQuery<{
  requestId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  quantity: number | null;
  changedBy: number | null;
  note: string | null;
  at: string;
}>()((db, param) =>
  db.insertInto('parts_request_history').values({
    parts_request_id: param('requestId'),
    action: param('action'),
    from_status: param('fromStatus'),
    to_status: param('toStatus'),
    quantity: param('quantity'),
    changed_by: param('changedBy'),
    note: param('note'),
    created_at: param('at'),
  }),
);

/** Why a move did not land (read after the refused UPDATE: on PostgreSQL it saw the committed winner). */
async function explainRefusal(db: Db, move: PartsMove): Promise<AppError> {
  const transition = PARTS_REQUEST_TRANSITIONS[move.action];
  const current = await db
    .selectFrom('parts_requests')
    .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
    .select(['parts_requests.status', 'parts_requests.version', 'parts_requests.expires_at', 'service_orders.status as order_status'])
    .where('parts_requests.id', '=', move.id)
    .executeTakeFirst();
  if (!current) return partsRequestNotFound();
  if (!transition.from.includes(current.status as PartsRequestStatus)) return invalidPartsTransition(current, move.action);
  const expired = current.expires_at !== null && new Date(current.expires_at).getTime() <= move.at.getTime();
  if (move.deadline === 'open' && expired) return approvalExpired();
  if (move.expectedVersion !== undefined && current.version !== move.expectedVersion) return partsRequestChanged(current);
  const orderStatus = current.order_status as ServiceOrderStatus;
  if (move.orderStatuses && !move.orderStatuses.includes(orderStatus)) {
    return new AppError(409, ERROR_CODES.ORDER_NOT_IN_PROGRESS, partsRequestMessages.orderLocked(orderStatus));
  }
  return partsRequestChanged(current);
}

/** A request's row, or 404. */
export async function partsRequestRow(db: Db, id: number): Promise<PartsRequestRow> {
  const row = await db.selectFrom('parts_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw partsRequestNotFound();
  return row;
}
