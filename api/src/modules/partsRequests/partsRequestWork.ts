import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  ERROR_CODES,
  APPROVAL_WINDOW_HOURS,
  PARTS_REASON_MAX,
  PARTS_REQUEST_TRANSITIONS,
  SERVICE_ORDER_STATUS_LABELS,
  type partsRequestCreateInputSchema,
  type partsRequestDecisionInputSchema,
  type partsRequestPhoneDecisionInputSchema,
  type partsRequestReturnInputSchema,
  type PartsRequestAction,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import type { PartsRequestRow } from '../../db/partsRequestSchema';
import { toNumber } from '../../db/portable';
import { lockForUpdate, runsOneTransactionAtATime } from '../../db/sqlDialect';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { insufficientStockMessage, issueCentreStock, releaseCentreStock, reserveCentreStock, returnCentreStock } from '../stockLocations';
import { approvalRequestEmail, tellApprovalNeeded } from '../notifications';
import { floorTransaction, orderInScope, reducePartLine, writePartLine, notAssigned } from '../serviceOrders';
import { AppErrorWithData, fieldError } from '../../http/dataErrors';
import type { PartsRequestContext } from './partsRequestContext';
import { currentEstimate } from './partsEstimate';
import { publishPartsChange } from './partsRequestEvents';
import { pendingApprovalsCount } from './partsRequestHooks';
import { movePartsRequest, partsRequestNotFound } from './partsRequestTransition';

/**
 * The parts request's steps on the floor (spec §2, §3, §4 rules 2 and 3): the technician's request, staff's
 * decision, a decision the customer gave on the phone, withdraw, reserve (automatic at approval, retried by
 * staff), issue, return and release. Each is one transaction around a conditional move of the request
 * (partsRequestTransition.ts) with its side effects on the centre's stock (stockLocations/centreStockMoves.ts) and
 * the order's billable lines; the live bus is told after the commit.
 */

export const partsWorkMessages = {
  created: 'Đã gửi yêu cầu phụ tùng.',
  rejected: 'Đã từ chối yêu cầu phụ tùng.',
  approvedReserved: 'Đã duyệt và giữ hàng cho yêu cầu.',
  approvedNoStock: (stock: string) => `Đã duyệt yêu cầu, nhưng chưa giữ được hàng. ${stock} Hãy bấm Giữ hàng khi kho có hàng.`,
  sent: 'Đã gửi yêu cầu cho khách duyệt.',
  phoneApproved: 'Đã ghi nhận khách đồng ý.',
  phoneDeclined: 'Đã ghi nhận khách từ chối.',
  withdrawn: 'Đã rút lại yêu cầu.',
  reserved: 'Đã giữ hàng.',
  issued: 'Đã xuất kho cho kỹ thuật viên.',
  returned: (quantity: number) => `Đã nhập trả ${quantity} phụ tùng về kho.`,
  released: 'Đã trả hàng giữ về kho.',
  orderNotInProgress: (status: ServiceOrderStatus) => `Chỉ yêu cầu phụ tùng khi phiếu đang làm (phiếu đang ở trạng thái "${SERVICE_ORDER_STATUS_LABELS[status]}").`,
  productUnavailable: 'Phụ tùng này hiện không còn kinh doanh, vui lòng chọn phụ tùng khác.',
  itemInvalid: 'Chỉ liên kết với một mục kiểm tra "Không đạt" của phiếu này.',
  reasonRequired: 'Vui lòng nhập lý do cần phụ tùng.',
  returnTooMany: (outstanding: number) => `Chỉ có thể nhập trả tối đa ${outstanding} phụ tùng.`,
} as const;

export type PartsRequestCreateData = z.output<typeof partsRequestCreateInputSchema>;
export type PartsRequestDecisionData = z.output<typeof partsRequestDecisionInputSchema>;
export type PartsRequestPhoneDecisionData = z.output<typeof partsRequestPhoneDecisionInputSchema>;
export type PartsRequestReturnData = z.output<typeof partsRequestReturnInputSchema>;

/** What a step answers: the message for the envelope (the route reads the request back). */
export interface PartsOutcome {
  message: string;
}

/** The order statuses in which the desk decides, reserves and issues. */
const WORKING: readonly ServiceOrderStatus[] = ['IN_PROGRESS'];
/** A return changes the lines: only until the invoice is frozen. */
const RETURNABLE_ORDER: readonly ServiceOrderStatus[] = ['IN_PROGRESS', 'WORK_DONE'];

/** 403 unless `scope` may take `action` (admins read only; technicians do not decide). */
function checkDeskRole(scope: CentreScope, action: PartsRequestAction): void {
  assertFloorWriter(scope);
  if (!PARTS_REQUEST_TRANSITIONS[action].roles.includes(scope.role as never)) throw AppError.forbidden();
}

/** What the steps need of a request's order. */
export type OrderFacts = Pick<ServiceOrderRow, 'id' | 'code' | 'appointment_id' | 'centre_id' | 'user_id' | 'license_plate' | 'technician_id' | 'status'>;

/** A request with its order's facts and the shelf of its part at its centre: one read before every desk step. */
const requestWithOrder = preparedQuery<{ id: number }>()((db, param) =>
  db
    .selectFrom('parts_requests')
    .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
    .innerJoin('products', 'products.id', 'parts_requests.product_id')
    .leftJoin('centre_stock', (join) => join.onRef('centre_stock.centre_id', '=', 'parts_requests.centre_id').onRef('centre_stock.product_id', '=', 'parts_requests.product_id'))
    .selectAll('parts_requests')
    .select([
      'service_orders.code as order_code',
      'service_orders.appointment_id as order_appointment_id',
      'service_orders.user_id as order_user_id',
      'service_orders.license_plate as order_license_plate',
      'service_orders.technician_id as order_technician_id',
      'service_orders.status as order_status',
      'products.name as product_name',
      'centre_stock.on_hand as shelf_on_hand',
      'centre_stock.reserved as shelf_reserved',
    ])
    .where('parts_requests.id', '=', param('id')),
);

/**
 * The request and its order, if within the caller's centre (another centre's answers 404, as a missing one); a
 * technician's only on their own order (403 NOT_ASSIGNED). `shelf`: what the centre has of the part now.
 */
export async function requestInScope(
  db: Kysely<Database>,
  scope: CentreScope,
  id: number,
): Promise<{ request: PartsRequestRow; order: OrderFacts; shelf: { productName: string; available: number } }> {
  const row = await requestWithOrder.first(db, { id });
  if (!row || (scope.centreId !== null && scope.centreId !== row.centre_id)) throw partsRequestNotFound();
  const { order_code, order_appointment_id, order_user_id, order_license_plate, order_technician_id, order_status, product_name, shelf_on_hand, shelf_reserved, ...request } = row;
  const order: OrderFacts = {
    id: request.service_order_id,
    code: order_code,
    appointment_id: order_appointment_id,
    centre_id: request.centre_id,
    user_id: order_user_id,
    license_plate: order_license_plate,
    technician_id: order_technician_id,
    status: order_status,
  };
  if (scope.role === 'technician' && order.technician_id !== scope.userId) throw notAssigned();
  return { request, order, shelf: { productName: product_name, available: Math.max(0, toNumber(shelf_on_hand ?? 0) - toNumber(shelf_reserved ?? 0)) } };
}

function insufficientStock(available: number, productName: string): AppError {
  return new AppErrorWithData(409, ERROR_CODES.INSUFFICIENT_STOCK, insufficientStockMessage(available, productName), { available, productName });
}

async function productName(db: Kysely<Database> | Transaction<Database>, productId: number): Promise<string> {
  return (await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
}

/**
 * The automatic reservation of a request that was just approved, in the approval's transaction: reserved → the
 * request moves on to RESERVED; not enough on the shelf → it stays APPROVED (waitingParts) and the answer says
 * what is left ('Không đủ tồn kho: còn 0 Má phanh …'). `actorId`: staff who approved; null after the customer's
 * own yes (the server reserved it).
 */
export async function reserveAfterApproval(
  ctx: PartsRequestContext,
  trx: Transaction<Database>,
  request: PartsRequestRow,
  at: Date,
  actorId: number | null,
): Promise<{ reserved: true } | { reserved: false; message: string }> {
  const result = await reserveCentreStock(trx, { centreId: request.centre_id, productId: request.product_id, quantity: request.quantity }, ctx.clock);
  if (!result.reserved) return { reserved: false, message: insufficientStockMessage(result.available, result.productName) };
  await movePartsRequest(trx, { id: request.id, action: 'reserve', actorId, at, expectedVersion: request.version });
  return { reserved: true };
}

/**
 * POST /technician/service-orders/:id/parts-requests: the assigned technician asks for a part on their order in
 * progress (403 NOT_ASSIGNED, 409 ORDER_NOT_IN_PROGRESS otherwise), optionally for one of its FAIL checklist
 * items (whose note is the reason when none is given). The price is the product's now (a snapshot); an inactive
 * product answers 422 PRODUCT_UNAVAILABLE. Returns the new request's id.
 */
export async function createPartsRequest(ctx: PartsRequestContext, scope: CentreScope, orderId: number, input: PartsRequestCreateData): Promise<number> {
  if (scope.role !== 'technician') throw AppError.forbidden();
  const { db } = ctx;
  const order = await orderInScope(db, scope, orderId);
  if (order.technician_id !== scope.userId) throw notAssigned();
  if (order.status !== 'IN_PROGRESS') throw new AppError(409, ERROR_CODES.ORDER_NOT_IN_PROGRESS, partsWorkMessages.orderNotInProgress(order.status as ServiceOrderStatus));
  const product = await db.selectFrom('products').select(['id', 'name', 'price', 'is_active']).where('id', '=', input.productId).executeTakeFirst();
  if (!product || product.is_active !== 1) throw fieldError(ERROR_CODES.PRODUCT_UNAVAILABLE, 'productId', partsWorkMessages.productUnavailable);
  let reason = input.reason;
  if (input.checklistItemId !== null) {
    const item = await db
      .selectFrom('service_order_checklist_items')
      .select(['id', 'result', 'note'])
      .where('id', '=', input.checklistItemId)
      .where('service_order_id', '=', orderId)
      .executeTakeFirst();
    if (!item || item.result !== 'FAIL') throw fieldError(ERROR_CODES.CHECKLIST_ITEM_INVALID, 'checklistItemId', partsWorkMessages.itemInvalid);
    reason ??= item.note;
  }
  if (!reason) throw fieldError(ERROR_CODES.VALIDATION_ERROR, 'reason', partsWorkMessages.reasonRequired);
  const now = ctx.clock.now();
  const at = now.toISOString();

  const id = await floorTransaction(db, async (trx) => {
    // The order is locked (PostgreSQL) so that finishing it and adding a request cannot both pass; SQLite
    // runs one transaction at a time.
    let current = trx.selectFrom('service_orders').select(['status', 'technician_id']).where('id', '=', orderId);
    current = lockForUpdate(db, current);
    const locked = await current.executeTakeFirstOrThrow();
    if (locked.technician_id !== scope.userId) throw notAssigned();
    if (locked.status !== 'IN_PROGRESS') throw new AppError(409, ERROR_CODES.ORDER_NOT_IN_PROGRESS, partsWorkMessages.orderNotInProgress(locked.status as ServiceOrderStatus));
    const row = await trx
      .insertInto('parts_requests')
      .values({
        service_order_id: orderId,
        centre_id: order.centre_id,
        product_id: product.id,
        quantity: input.quantity,
        unit_price: product.price,
        reason: reason!.slice(0, PARTS_REASON_MAX),
        checklist_item_id: input.checklistItemId,
        requested_by: scope.userId,
        status: 'REQUESTED',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('parts_request_history')
      .values({ parts_request_id: row.id, action: 'request', from_status: null, to_status: 'REQUESTED', quantity: input.quantity, changed_by: scope.userId, note: null, created_at: at })
      .execute();
    return row.id;
  });
  await publishPartsChange(ctx, order, now, { customer: false });
  return id;
}

/**
 * POST /staff/parts-requests/:id/decision (staff, manager): reject with a reason, approve as part of a booked
 * service (then reserved at once when the shelf has it), or send to the customer (deadline now + 24 h; the
 * customer with an account is asked through the notification centre, the approval email with its link to /dashboard
 * when email is their channel; a guest is called and staff record the answer).
 */
export async function decidePartsRequest(ctx: PartsRequestContext, scope: CentreScope, id: number, input: PartsRequestDecisionData): Promise<PartsOutcome> {
  checkDeskRole(scope, input.action);
  const { order } = await requestInScope(ctx.db, scope, id);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const decided = { decided_by: scope.userId, decided_at: at };
  const message = await floorTransaction(ctx.db, async (trx) => {
    switch (input.action) {
      case 'reject':
        await movePartsRequest(trx, {
          id,
          action: 'reject',
          actorId: scope.userId,
          at: now,
          expectedVersion: input.version,
          orderStatuses: WORKING,
          set: { ...decided, decline_reason: input.reason },
          note: input.reason,
        });
        return partsWorkMessages.rejected;
      case 'inScope': {
        const approved = await movePartsRequest(trx, { id, action: 'inScope', actorId: scope.userId, at: now, expectedVersion: input.version, orderStatuses: WORKING, set: { ...decided, in_scope: 1 } });
        const reserved = await reserveAfterApproval(ctx, trx, approved, now, scope.userId);
        return reserved.reserved ? partsWorkMessages.approvedReserved : partsWorkMessages.approvedNoStock(reserved.message);
      }
      case 'sendToCustomer': {
        const expiresAt = new Date(now.getTime() + APPROVAL_WINDOW_HOURS * 3_600_000);
        const sent = await movePartsRequest(trx, {
          id,
          action: 'sendToCustomer',
          actorId: scope.userId,
          at: now,
          expectedVersion: input.version,
          orderStatuses: WORKING,
          set: { ...decided, in_scope: 0, expires_at: expiresAt.toISOString() },
        });
        await askCustomer(ctx, trx, order, sent, expiresAt);
        return partsWorkMessages.sent;
      }
    }
  });
  await publishPartsChange(ctx, order, now, { customer: input.action === 'sendToCustomer' });
  return { message };
}

/**
 * Asks the order's customer for their yes through the notification centre, in the transaction that sends the
 * request: one notification (`approval_needed`), told once on the channel they chose, the approval email (a template
 * of the centre) when that is email. A guest has no account to act on: staff call.
 */
async function askCustomer(ctx: PartsRequestContext, trx: Transaction<Database>, order: OrderFacts, request: PartsRequestRow, expiresAt: Date): Promise<void> {
  if (order.user_id === null) return;
  const [customer, centre, name, estimate, pendingApprovals] = await Promise.all([
    trx.selectFrom('users').select('full_name').where('id', '=', order.user_id).executeTakeFirst(),
    trx.selectFrom('service_centres').select('name').where('id', '=', order.centre_id).executeTakeFirstOrThrow(),
    productName(trx, request.product_id),
    currentEstimate(trx, order.id),
    pendingApprovalsCount(trx, order.id),
  ]);
  if (!customer) return;
  const lineTotal = request.quantity * request.unit_price;
  const email = approvalRequestEmail({
    fullName: customer.full_name,
    serviceOrderCode: order.code,
    licensePlate: order.license_plate,
    centreName: centre.name,
    partName: name,
    quantity: request.quantity,
    lineTotal,
    reason: request.reason,
    newEstimate: estimate + lineTotal,
    expiresAt,
    dashboardUrl: `${ctx.publicUrl}/dashboard#can-ban-duyet`,
  });
  const subject = { serviceOrderId: order.id, requestId: request.id, plate: order.license_plate, centre: centre.name, pendingApprovals };
  await tellApprovalNeeded(trx, ctx.clock.now(), order.user_id, subject, email);
}

/**
 * POST /staff/parts-requests/:id/customer-decision (staff, manager): what the customer said on the phone or at
 * the counter (a guest has no account), with a note the history shows; before the deadline only. A yes
 * reserves the part at once, as the customer's own yes does.
 */
export async function recordPhoneDecision(ctx: PartsRequestContext, scope: CentreScope, id: number, input: PartsRequestPhoneDecisionData): Promise<PartsOutcome> {
  const action = input.decision === 'approve' ? 'recordApprove' : 'recordDecline';
  checkDeskRole(scope, action);
  const { order } = await requestInScope(ctx.db, scope, id);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const message = await floorTransaction(ctx.db, async (trx) => {
    const moved = await movePartsRequest(trx, {
      id,
      action,
      actorId: scope.userId,
      at: now,
      expectedVersion: input.version,
      deadline: 'open',
      orderStatuses: WORKING,
      set: {
        customer_decision: input.decision,
        customer_decision_via: 'staff_phone',
        customer_decision_note: input.note,
        customer_decision_by: scope.userId,
        customer_decision_at: at,
      },
      note: input.note,
    });
    if (input.decision === 'decline') return partsWorkMessages.phoneDeclined;
    const reserved = await reserveAfterApproval(ctx, trx, moved, now, scope.userId);
    return reserved.reserved ? partsWorkMessages.phoneApproved : `${partsWorkMessages.phoneApproved} ${partsWorkMessages.approvedNoStock(reserved.message)}`;
  });
  await publishPartsChange(ctx, order, now, { customer: true });
  return { message };
}

/** POST /staff/parts-requests/:id/withdraw (staff, manager): a request waiting for the customer, or approved but never to be had. */
export async function withdrawPartsRequest(ctx: PartsRequestContext, scope: CentreScope, id: number, version: number): Promise<PartsOutcome> {
  checkDeskRole(scope, 'withdraw');
  const { order } = await requestInScope(ctx.db, scope, id);
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, (trx) => movePartsRequest(trx, { id, action: 'withdraw', actorId: scope.userId, at: now, expectedVersion: version }));
  await publishPartsChange(ctx, order, now, { customer: true });
  return { message: partsWorkMessages.withdrawn };
}

/**
 * POST /staff/parts-requests/:id/reserve (staff, manager; rule 2): APPROVED → RESERVED and `reserved += q where
 * on_hand − reserved >= q` in one transaction. Not enough on the shelf: 409 INSUFFICIENT_STOCK ('Không đủ tồn
 * kho: còn {n} {tên}.', data.available) and the request stays APPROVED.
 */
export async function reservePartsRequest(ctx: PartsRequestContext, scope: CentreScope, id: number, version: number): Promise<PartsOutcome> {
  checkDeskRole(scope, 'reserve');
  const { request, order, shelf } = await requestInScope(ctx.db, scope, id);
  // An empty shelf is answered at once (the reservation below stays the rule: the shelf may empty meanwhile).
  if (request.status === 'APPROVED' && request.version === version && shelf.available < request.quantity) throw insufficientStock(shelf.available, shelf.productName);
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, async (trx) => {
    const moved = await movePartsRequest(trx, { id, action: 'reserve', actorId: scope.userId, at: now, expectedVersion: version, orderStatuses: WORKING });
    const result = await reserveCentreStock(trx, { centreId: moved.centre_id, productId: moved.product_id, quantity: moved.quantity }, ctx.clock);
    if (!result.reserved) throw insufficientStock(result.available, result.productName);
  });
  await publishPartsChange(ctx, order, now, { customer: false });
  return { message: partsWorkMessages.reserved };
}

/**
 * POST /staff/parts-requests/:id/issue (staff, manager; rule 3): RESERVED → ISSUED; the reserved units leave the
 * shelf (ISSUE movement) and the order gets the part's billable line at the request's price.
 */
export async function issuePartsRequest(ctx: PartsRequestContext, scope: CentreScope, id: number, version: number): Promise<PartsOutcome> {
  checkDeskRole(scope, 'issue');
  const { request, order, shelf } = await requestInScope(ctx.db, scope, id);
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, async (trx) => {
    const moved = await movePartsRequest(trx, {
      id,
      action: 'issue',
      actorId: scope.userId,
      at: now,
      expectedVersion: version,
      orderStatuses: WORKING,
      set: { issued_qty: request.quantity },
    });
    await issueCentreStock(trx, { centreId: moved.centre_id, productId: moved.product_id, quantity: moved.quantity, partsRequestId: moved.id, actorId: scope.userId }, ctx.clock);
    await writePartLine(trx, {
      id: moved.id,
      serviceOrderId: moved.service_order_id,
      productId: moved.product_id,
      name: shelf.productName,
      quantity: moved.quantity,
      unitPrice: moved.unit_price,
    });
  });
  await publishPartsChange(ctx, order, now, { customer: true });
  return { message: partsWorkMessages.issued };
}

/**
 * POST /staff/parts-requests/:id/return (staff, manager): `quantity` of what was issued comes back to the shelf
 * (RETURN movement) and off the order's line, until the invoice is frozen. More than issued − returned: 422.
 */
export async function returnParts(ctx: PartsRequestContext, scope: CentreScope, id: number, input: PartsRequestReturnData): Promise<PartsOutcome> {
  checkDeskRole(scope, 'return');
  const { request, order } = await requestInScope(ctx.db, scope, id);
  const outstanding = request.issued_qty - request.returned_qty;
  if (request.status === 'ISSUED' && request.version === input.version && input.quantity > outstanding) {
    throw fieldError(ERROR_CODES.RETURN_QUANTITY_INVALID, 'quantity', partsWorkMessages.returnTooMany(outstanding));
  }
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, async (trx) => {
    // The order is locked first (PostgreSQL): a return and the invoice being frozen never both pass.
    if (!runsOneTransactionAtATime(ctx.db)) await trx.selectFrom('service_orders').select('id').where('id', '=', order.id).forUpdate().execute();
    const moved = await movePartsRequest(trx, {
      id,
      action: 'return',
      actorId: scope.userId,
      at: now,
      expectedVersion: input.version,
      returnable: input.quantity,
      orderStatuses: RETURNABLE_ORDER,
      // The version guards the row read above: returned_qty has not moved since.
      set: { returned_qty: request.returned_qty + input.quantity },
      note: input.reason,
      quantity: input.quantity,
    });
    await returnCentreStock(
      trx,
      { centreId: moved.centre_id, productId: moved.product_id, quantity: input.quantity, partsRequestId: moved.id, actorId: scope.userId, reason: input.reason },
      ctx.clock,
    );
    await reducePartLine(trx, moved.id, input.quantity);
  });
  await publishPartsChange(ctx, order, now, { customer: true });
  return { message: partsWorkMessages.returned(input.quantity) };
}

/** POST /staff/parts-requests/:id/release (staff, manager; rule 3): RESERVED → RELEASED, the reservation given back. */
export async function releasePartsRequest(ctx: PartsRequestContext, scope: CentreScope, id: number, version: number): Promise<PartsOutcome> {
  checkDeskRole(scope, 'release');
  const { order } = await requestInScope(ctx.db, scope, id);
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, async (trx) => {
    const moved = await movePartsRequest(trx, { id, action: 'release', actorId: scope.userId, at: now, expectedVersion: version });
    await releaseCentreStock(trx, { centreId: moved.centre_id, productId: moved.product_id, quantity: moved.quantity }, ctx.clock);
  });
  await publishPartsChange(ctx, order, now, { customer: false });
  return { message: partsWorkMessages.released };
}
