import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ERROR_CODES,
  availableFreePartLineActions,
  FREE_PART_LINE_MARK,
  FREE_PART_LINE_STATUS_LABELS,
  SERVICE_ORDER_STATUS_LABELS,
  vietnamDateOf,
  type FreePartLine,
  type FreePartLineStatus,
  type freePartLineCreateInputSchema,
  type freePartLineLinkInputSchema,
  type freePartLineSpecialOrderInputSchema,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData, fieldError } from '../../http/dataErrors';
import { assertFloorWriter, centreForRequest, type CentreScope } from '../../security/centreScope';
import { floorTransaction, orderInScope, notAssigned } from '../serviceOrders';
import type { PartsRequestContext } from './partsRequestContext';
import { publishPartsChange } from './partsRequestEvents';
import { partsWorkMessages } from './partsRequestWork';

/**
 * Parts outside the catalogue (issue 36): the technician describes the part; the parts desk links the line to a
 * catalogue product — one transaction turns it into a REQUESTED parts request, which then reserves like any —
 * or records a special order (supplier, expected date). An OPEN line has no product, so nothing can reserve it.
 */

export const freeLineMessages = {
  created: 'Đã gửi yêu cầu phụ tùng ngoài danh mục.',
  linked: 'Đã gắn với sản phẩm: yêu cầu phụ tùng đã được tạo.',
  specialOrdered: 'Đã ghi nhận đặt hàng riêng.',
  notFound: 'Không tìm thấy dòng phụ tùng ngoài danh mục.',
  changed: (label: string) => `Dòng phụ tùng này vừa được xử lý (${label}), vui lòng tải lại.`,
  orderNotWorking: (status: ServiceOrderStatus) => `Chỉ xử lý phụ tùng khi phiếu đang làm (phiếu đang ở trạng thái "${SERVICE_ORDER_STATUS_LABELS[status]}").`,
  expectedDatePast: 'Ngày dự kiến về hàng không được trước hôm nay.',
} as const;

export type FreeLineCreateData = z.output<typeof freePartLineCreateInputSchema>;
export type FreeLineLinkData = z.output<typeof freePartLineLinkInputSchema>;
export type FreeLineSpecialOrderData = z.output<typeof freePartLineSpecialOrderInputSchema>;

const notFound = () => AppError.notFound(freeLineMessages.notFound, ERROR_CODES.NOT_FOUND);

function readLines(db: Kysely<Database>) {
  return db
    .selectFrom('parts_free_lines as line')
    .innerJoin('service_orders as so', 'so.id', 'line.service_order_id')
    .leftJoin('users as requester', 'requester.id', 'line.requested_by')
    .leftJoin('users as resolver', 'resolver.id', 'line.resolved_by')
    .selectAll('line')
    .select(['so.code as order_code', 'so.license_plate as order_plate', 'so.vehicle_brand as order_brand', 'so.vehicle_model as order_model', 'requester.full_name as requester_name', 'resolver.full_name as resolver_name']);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof readLines>['executeTakeFirstOrThrow']>>;

function toFreeLine(row: LineRow, role: string): FreePartLine {
  const status = row.status as FreePartLineStatus;
  return {
    id: row.id,
    mark: FREE_PART_LINE_MARK,
    serviceOrder: { id: row.service_order_id, code: row.order_code, licensePlate: row.order_plate, vehicleModel: `${row.order_brand} ${row.order_model}`.trim() },
    description: row.description,
    quantity: row.quantity,
    note: row.note,
    reason: row.reason,
    checklistItemId: row.checklist_item_id,
    status,
    statusLabel: FREE_PART_LINE_STATUS_LABELS[status],
    partsRequestId: row.parts_request_id,
    supplierNote: row.supplier_note,
    expectedDate: row.expected_date,
    requestedBy: row.requester_name,
    requestedAt: toIsoUtc(row.created_at),
    resolvedBy: row.resolver_name,
    resolvedAt: row.resolved_at === null ? null : toIsoUtc(row.resolved_at),
    version: row.version,
    availableActions: availableFreePartLineActions(status, role),
  };
}

/** One line as `role` sees it. */
export async function loadFreeLine(db: Kysely<Database>, id: number, role: string): Promise<FreePartLine> {
  return toFreeLine(await readLines(db).where('line.id', '=', id).executeTakeFirstOrThrow(), role);
}

/** The service order statuses whose lines are listed (the order is still on the floor). */
const ON_THE_FLOOR = ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED'] as const;

/** GET /technician/parts-free-lines: the lines on my orders still on the floor at my centre, newest first. */
export async function readMyFreeLines(db: Kysely<Database>, scope: CentreScope): Promise<FreePartLine[]> {
  if (scope.role !== 'technician') throw AppError.forbidden();
  const rows = await readLines(db)
    .where('so.technician_id', '=', scope.userId)
    .where('line.centre_id', '=', scope.centreId ?? -1)
    .where('so.status', 'in', [...ON_THE_FLOOR])
    .orderBy('line.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => toFreeLine(row, scope.role));
}

/** GET /staff/parts-free-lines?centreId=: the centre's lines on orders still on the floor, OPEN first, then newest. */
export async function readFreeLines(db: Kysely<Database>, scope: CentreScope, query: { centreId?: number }): Promise<FreePartLine[]> {
  const centreId = await centreForRequest(db, scope, query.centreId);
  const rows = await readLines(db)
    .where('line.centre_id', '=', centreId)
    .where('so.status', 'in', [...ON_THE_FLOOR])
    .orderBy('line.id', 'desc')
    .limit(200)
    .execute();
  const lines = rows.map((row) => toFreeLine(row, scope.role));
  return [...lines.filter((line) => line.status === 'OPEN'), ...lines.filter((line) => line.status !== 'OPEN')];
}

/**
 * POST /technician/service-orders/:id/parts-free-lines: the assigned technician describes a part on their
 * order in progress, optionally for one of its FAIL items (whose note is the reason when none is given).
 */
export async function createFreeLine(ctx: PartsRequestContext, scope: CentreScope, orderId: number, input: FreeLineCreateData): Promise<number> {
  if (scope.role !== 'technician') throw AppError.forbidden();
  const { db } = ctx;
  const order = await orderInScope(db, scope, orderId);
  if (order.technician_id !== scope.userId) throw notAssigned();
  if (order.status !== 'IN_PROGRESS') throw new AppError(409, ERROR_CODES.ORDER_NOT_IN_PROGRESS, partsWorkMessages.orderNotInProgress(order.status as ServiceOrderStatus));
  let reason = input.reason;
  if (input.checklistItemId !== null) {
    const item = await db
      .selectFrom('service_order_checklist_items')
      .select(['result', 'note'])
      .where('id', '=', input.checklistItemId)
      .where('service_order_id', '=', orderId)
      .executeTakeFirst();
    if (!item || item.result !== 'FAIL') throw fieldError(ERROR_CODES.CHECKLIST_ITEM_INVALID, 'checklistItemId', partsWorkMessages.itemInvalid);
    reason ??= item.note;
  }
  if (!reason) throw fieldError(ERROR_CODES.VALIDATION_ERROR, 'reason', partsWorkMessages.reasonRequired);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const row = await db
    .insertInto('parts_free_lines')
    .values({
      service_order_id: orderId,
      centre_id: order.centre_id,
      description: input.description,
      quantity: input.quantity,
      note: input.note,
      reason,
      checklist_item_id: input.checklistItemId,
      requested_by: scope.userId,
      status: 'OPEN',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await publishPartsChange(ctx, order, now, { customer: false });
  return row.id;
}

/** The line and its order within the caller's centre (another centre's is 404); desk roles only. */
async function deskLine(ctx: PartsRequestContext, scope: CentreScope, id: number) {
  assertFloorWriter(scope);
  if (scope.role !== 'staff' && scope.role !== 'manager') throw AppError.forbidden();
  const line = await ctx.db.selectFrom('parts_free_lines').selectAll().where('id', '=', id).executeTakeFirst();
  if (!line || (scope.centreId !== null && scope.centreId !== line.centre_id)) throw notFound();
  const order = await orderInScope(ctx.db, scope, line.service_order_id);
  if (order.status !== 'IN_PROGRESS') throw new AppError(409, ERROR_CODES.ORDER_NOT_IN_PROGRESS, freeLineMessages.orderNotWorking(order.status as ServiceOrderStatus));
  return { line, order };
}

/** 409 FREE_PART_LINE_CHANGED with the line's status now: it was resolved (or its version moved) meanwhile. */
async function changed(db: Kysely<Database>, id: number): Promise<AppError> {
  const current = await db.selectFrom('parts_free_lines').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  const statusLabel = FREE_PART_LINE_STATUS_LABELS[current.status as FreePartLineStatus];
  return new AppErrorWithData(409, ERROR_CODES.FREE_PART_LINE_CHANGED, freeLineMessages.changed(statusLabel), { status: current.status, statusLabel, version: current.version });
}

/**
 * POST /staff/parts-free-lines/:id/link: in one transaction the OPEN line (at the version the desk saw) becomes
 * LINKED and a REQUESTED parts request is made of it for `productId` at the product's price now, with the line's
 * order, quantity, reason and FAIL item — from then on it is decided and reserved like any request. Two desks
 * linking at once: one wins, the other gets 409 FREE_PART_LINE_CHANGED, and there is one request.
 */
export async function linkFreeLine(ctx: PartsRequestContext, scope: CentreScope, id: number, input: FreeLineLinkData): Promise<number> {
  const { line, order } = await deskLine(ctx, scope, id);
  const product = await ctx.db.selectFrom('products').select(['id', 'price', 'is_active']).where('id', '=', input.productId).executeTakeFirst();
  if (!product || product.is_active !== 1) throw fieldError(ERROR_CODES.PRODUCT_UNAVAILABLE, 'productId', partsWorkMessages.productUnavailable);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const requestId = await floorTransaction(ctx.db, async (trx) => {
    const moved = await trx
      .updateTable('parts_free_lines')
      .set((eb) => ({ status: 'LINKED', resolved_by: scope.userId, resolved_at: at, updated_at: at, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw await changed(trx as unknown as Kysely<Database>, id);
    const request = await trx
      .insertInto('parts_requests')
      .values({
        service_order_id: line.service_order_id,
        centre_id: line.centre_id,
        product_id: product.id,
        quantity: line.quantity,
        unit_price: product.price,
        reason: line.reason,
        checklist_item_id: line.checklist_item_id,
        requested_by: line.requested_by,
        status: 'REQUESTED',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('parts_request_history')
      .values({
        parts_request_id: request.id,
        action: 'request',
        from_status: null,
        to_status: 'REQUESTED',
        quantity: line.quantity,
        changed_by: scope.userId,
        note: `${FREE_PART_LINE_MARK}: ${line.description}`.slice(0, 300),
        created_at: at,
      })
      .execute();
    await trx.updateTable('parts_free_lines').set({ parts_request_id: request.id }).where('id', '=', id).execute();
    return request.id;
  });
  await publishPartsChange(ctx, order, now, { customer: false });
  return requestId;
}

/**
 * POST /staff/parts-free-lines/:id/special-order: the OPEN line is ordered from a supplier (who, and the date
 * it is expected, not before today in Vietnam); final. Conditional on status and version as linking is.
 */
export async function specialOrderFreeLine(ctx: PartsRequestContext, scope: CentreScope, id: number, input: FreeLineSpecialOrderData): Promise<void> {
  const { order } = await deskLine(ctx, scope, id);
  const now = ctx.clock.now();
  if (input.expectedDate < vietnamDateOf(now)) throw fieldError(ERROR_CODES.VALIDATION_ERROR, 'expectedDate', freeLineMessages.expectedDatePast);
  const at = now.toISOString();
  const moved = await ctx.db
    .updateTable('parts_free_lines')
    .set((eb) => ({
      status: 'SPECIAL_ORDER',
      supplier_note: input.supplierNote,
      expected_date: input.expectedDate,
      resolved_by: scope.userId,
      resolved_at: at,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw await changed(ctx.db, id);
  await publishPartsChange(ctx, order, now, { customer: false });
}
