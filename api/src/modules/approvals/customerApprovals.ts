import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ERROR_CODES,
  PARTS_REQUEST_STATUS_LABELS,
  type customerApprovalInputSchema,
  type CustomerApproval,
  type CustomerDecision,
  type CustomerDecisionVia,
  type PartsRequestStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/appError';
import { type PartsRequestContext, currentEstimate, findingOf, findingPhotos, publishPartsChange, approvalExpired, movePartsRequest, partsRequestMessages, reserveAfterApproval } from '../partsRequests';
import { notify } from '../notifications';
import { floorTransaction } from '../serviceOrders';

/**
 * The customer's 'Cần bạn duyệt' card (spec §6, §4 rule 4): the extra work of their own orders that waits for
 * their yes or no, and their answer.
 */

export const approvalMessages = {
  notFound: 'Không tìm thấy yêu cầu cần duyệt.',
  approved: 'Đã ghi nhận: bạn đồng ý thay phụ tùng.',
  declined: 'Đã ghi nhận: bạn không đồng ý thay phụ tùng.',
  unchanged: 'Quyết định của bạn đã được ghi nhận trước đó.',
  alreadyRecorded: (decision: CustomerDecision) =>
    `Yêu cầu này đã được ghi nhận là ${decision === 'approve' ? '"Đồng ý"' : '"Từ chối"'}, không thể đổi quyết định. Vui lòng liên hệ trung tâm.`,
  withdrawn: 'Trung tâm đã rút lại yêu cầu này.',
} as const;

export type CustomerApprovalData = z.output<typeof customerApprovalInputSchema>;

function approvalNotFound(): AppError {
  return AppError.notFound(approvalMessages.notFound, ERROR_CODES.NOT_FOUND);
}

/** The customer's requests (sent to them: in_scope = 0) of `filter`, with what the card shows. */
async function approvalRows(db: Kysely<Database>, userId: number, filter: { requestId?: number; pendingAt?: string }) {
  let query = db
    .selectFrom('parts_requests')
    .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
    .innerJoin('service_centres', 'service_centres.id', 'service_orders.centre_id')
    .innerJoin('products', 'products.id', 'parts_requests.product_id')
    .leftJoin('service_order_checklist_items as item', 'item.id', 'parts_requests.checklist_item_id')
    .selectAll('parts_requests')
    .select([
      'service_orders.code as order_code',
      'service_orders.appointment_id',
      'service_orders.license_plate',
      'service_orders.vehicle_brand',
      'service_orders.vehicle_model',
      'service_centres.name as centre_name',
      'products.sku',
      'products.name as product_name',
      'item.code as item_code',
      'item.label as item_label',
      'item.result as item_result',
      'item.note as item_note',
    ])
    .where('service_orders.user_id', '=', userId)
    .where('parts_requests.in_scope', '=', 0);
  if (filter.requestId !== undefined) query = query.where('parts_requests.id', '=', filter.requestId);
  if (filter.pendingAt !== undefined) query = query.where('parts_requests.status', '=', 'AWAITING_CUSTOMER').where('parts_requests.expires_at', '>', filter.pendingAt);
  return query.orderBy('parts_requests.expires_at').orderBy('parts_requests.id').execute();
}

type ApprovalRow = Awaited<ReturnType<typeof approvalRows>>[number];

async function toApprovals(db: Kysely<Database>, rows: readonly ApprovalRow[]): Promise<CustomerApproval[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.service_order_id))];
  const [estimates, photos] = await Promise.all([
    Promise.all(orderIds.map(async (id) => [id, await currentEstimate(db, id)] as const)).then((pairs) => new Map(pairs)),
    findingPhotos(
      db,
      rows.map((row) => row.checklist_item_id).filter((id): id is number => id !== null),
    ),
  ]);
  return rows.map((row) => {
    const status = row.status as PartsRequestStatus;
    const lineTotal = row.quantity * row.unit_price;
    const estimate = estimates.get(row.service_order_id) ?? 0;
    // Once approved, the request's own line is inside the estimate already.
    const counted = status === 'APPROVED' || status === 'RESERVED' || status === 'ISSUED';
    return {
      requestId: row.id,
      appointmentId: row.appointment_id,
      serviceOrderId: row.service_order_id,
      serviceOrderCode: row.order_code,
      licensePlate: row.license_plate,
      vehicleModel: `${row.vehicle_brand} ${row.vehicle_model}`.trim(),
      centreName: row.centre_name,
      part: { productId: row.product_id, sku: row.sku, name: row.product_name },
      quantity: row.quantity,
      unitPrice: row.unit_price,
      lineTotal,
      reason: row.reason,
      finding: findingOf(row, photos),
      currentEstimate: counted ? estimate - lineTotal : estimate,
      newEstimate: counted ? estimate : estimate + lineTotal,
      expiresAt: row.expires_at === null ? null : toIsoUtc(row.expires_at),
      status,
      statusLabel: PARTS_REQUEST_STATUS_LABELS[status],
      decision:
        row.customer_decision === null || row.customer_decision_at === null
          ? null
          : { decision: row.customer_decision as CustomerDecision, at: toIsoUtc(row.customer_decision_at), via: (row.customer_decision_via ?? 'web') as CustomerDecisionVia },
      version: row.version,
    };
  });
}

/** GET /me/approvals: the customer's requests waiting for their answer (before the deadline), soonest deadline first. */
export async function listApprovals(db: Kysely<Database>, userId: number, now: Date): Promise<CustomerApproval[]> {
  return toApprovals(db, await approvalRows(db, userId, { pendingAt: now.toISOString() }));
}

async function readApproval(db: Kysely<Database>, userId: number, requestId: number): Promise<CustomerApproval> {
  const [approval] = await toApprovals(db, await approvalRows(db, userId, { requestId }));
  if (!approval) throw approvalNotFound();
  return approval;
}

/**
 * How a decision that did not land is answered, from the request as it is now: the same decision recorded
 * already (a double click, a second tab, or staff's record of the same phone answer) → 200 unchanged; the other
 * one → 409 DECISION_ALREADY_RECORDED; past its deadline or withdrawn by the expiry job → 409 APPROVAL_EXPIRED;
 * withdrawn by the centre → 409 INVALID_STATUS_TRANSITION. Null: not settled by the row (let the error speak).
 */
function settledAnswer(row: ApprovalRow, decision: CustomerDecision, now: Date): 'unchanged' | AppError | null {
  if (row.customer_decision !== null) {
    return row.customer_decision === decision ? 'unchanged' : new AppError(409, ERROR_CODES.DECISION_ALREADY_RECORDED, approvalMessages.alreadyRecorded(row.customer_decision as CustomerDecision));
  }
  const pastDeadline = row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime();
  if ((row.status === 'AWAITING_CUSTOMER' || row.status === 'WITHDRAWN') && pastDeadline) return approvalExpired();
  if (row.status === 'WITHDRAWN') return new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, approvalMessages.withdrawn);
  return null;
}

/**
 * The customer answered: the order's technician and the centre's staff (not its managers: the floor acts on it)
 * get a notification. After the commit; its failure is logged, never the answer's.
 */
async function tellFloorOfAnswer(ctx: PartsRequestContext, request: ApprovalRow, decision: CustomerDecision): Promise<void> {
  try {
    const order = await ctx.db.selectFrom('service_orders').select(['technician_id', 'centre_id']).where('id', '=', request.service_order_id).executeTakeFirstOrThrow();
    const people = await ctx.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('disabled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('id', '=', order.technician_id ?? 0),
          eb.and([eb('role', '=', 'staff'), eb('id', 'in', eb.selectFrom('staff_assignments').select('user_id').where('centre_id', '=', order.centre_id).where('ended_at', 'is', null))]),
        ]),
      )
      .execute();
    const answer = decision === 'approve' ? 'đồng ý' : 'từ chối';
    await notify(
      { db: ctx.db, events: ctx.events, now: ctx.clock.now() },
      people.map((person) => ({
        userId: person.id,
        kind: 'staff_approval_answered' as const,
        title: `Khách đã ${answer}: ${request.product_name}`,
        body: `Xe ${request.license_plate}, phiếu ${request.order_code}.`,
        link: person.role === 'technician' ? '/technician/work-queue' : '/staff/service-orders',
        eventKey: `parts-request:${request.id}:answered`,
      })),
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'approval answer notification not written');
  }
}

/**
 * POST /me/approvals/:requestId {decision, reason?}: the customer approves or declines extra work on their own
 * order (another customer's request answers 404). One conditional UPDATE — status AWAITING_CUSTOMER and
 * expires_at > now — so the customer, staff withdrawing and the expiry job cannot all win (rule 4). An approval
 * reserves the part at once in the same transaction (not enough on the shelf: it stays APPROVED for staff).
 */
export async function decideApproval(
  ctx: PartsRequestContext,
  userId: number,
  requestId: number,
  input: CustomerApprovalData,
): Promise<{ approval: CustomerApproval; changed: boolean; message: string }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const unchanged = async () => ({ approval: await readApproval(db, userId, requestId), changed: false, message: approvalMessages.unchanged });
  const [before] = await approvalRows(db, userId, { requestId });
  if (!before) throw approvalNotFound();
  const early = settledAnswer(before, input.decision, now);
  if (early === 'unchanged') return unchanged();
  if (early) throw early;

  const at = now.toISOString();
  try {
    await floorTransaction(db, async (trx) => {
      const moved = await movePartsRequest(trx, {
        id: requestId,
        action: input.decision === 'approve' ? 'customerApprove' : 'customerDecline',
        actorId: userId,
        at: now,
        deadline: 'open',
        set: {
          customer_decision: input.decision,
          customer_decision_via: 'web',
          customer_decision_by: userId,
          customer_decision_at: at,
          decline_reason: input.decision === 'decline' ? input.reason : null,
        },
        note: input.reason,
      });
      if (input.decision === 'approve') await reserveAfterApproval(ctx, trx, moved, now, null);
    });
  } catch (error) {
    if (!isAppError(error) || error.status !== 409) throw error;
    // Lost a race (a parallel click, staff, the expiry job): answered from the request as the winner left it.
    const [after] = await approvalRows(db, userId, { requestId });
    const settled = after ? settledAnswer(after, input.decision, now) : null;
    if (settled === 'unchanged') return unchanged();
    if (settled) throw settled;
    if (error.code === 'APPROVAL_EXPIRED') throw new AppError(409, ERROR_CODES.APPROVAL_EXPIRED, partsRequestMessages.expired);
    throw error;
  }
  const order = await db.selectFrom('service_orders').select(['id', 'code', 'appointment_id', 'centre_id', 'user_id']).where('id', '=', before.service_order_id).executeTakeFirstOrThrow();
  await publishPartsChange(ctx, order, now, { customer: true });
  await tellFloorOfAnswer(ctx, before, input.decision);
  return {
    approval: await readApproval(db, userId, requestId),
    changed: true,
    message: input.decision === 'approve' ? approvalMessages.approved : approvalMessages.declined,
  };
}
