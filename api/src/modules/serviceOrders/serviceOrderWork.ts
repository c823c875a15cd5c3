import { ERROR_CODES, FREE_PART_LINE_MARK, FREE_PART_LINE_STATUS_LABELS, PARTS_REQUEST_STATUS_LABELS, type PartsRequestStatus } from 'shared-contracts/schemas';
import type { Transaction } from 'kysely';
import { CHECKLIST_FAIL_NOTE_MIN, SERVICE_ORDER_TRANSITIONS, type AppointmentStatus, type ServiceOrderAction, type ServiceOrderStatus } from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import { lockForShare } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { cancelWithin, moveAppointmentWithServiceOrder } from '../bookings';
import { appointmentChanged } from './serviceOrderCheckIn';
import { floorTransaction } from './floorTransaction';
import { orderInScope } from './serviceOrderAccess';
import { releaseBay } from './serviceOrderBays';
import type { ServiceOrderContext } from './serviceOrderContext';
import type { ServiceOrderParts } from './serviceOrderParts';
import { AppErrorWithData } from '../../http/dataErrors';
import { publishServiceOrderChange } from './serviceOrderEvents';
import { notAssigned, serviceOrderChanged, transitionServiceOrder } from './serviceOrderTransition';
import { stopClocks } from '../shifts';
import { startClock } from './workClock';

/**
 * The work on a service order (spec §2): start and finish by the technician, reopen and cancel by the front
 * desk. Each is one transaction around a conditional transition (status, version and, for the technician,
 * assignment), with its side effects on the appointment, the clock and the bay; the live bus is told after
 * the commit.
 */

export const workMessages = {
  started: 'Đã bắt đầu làm.',
  finished: 'Đã hoàn thành công việc.',
  reopened: 'Đã mở lại phiếu.',
  cancelled: 'Đã hủy phiếu dịch vụ.',
  movedAway: 'Bạn không còn được phân công ở trung tâm của phiếu này. Vui lòng liên hệ quản lý.',
  /** The history note of a start that claimed an order nobody was assigned to (the detail's timeline shows it). */
  claimed: 'Kỹ thuật viên tự nhận phiếu chưa được phân công (Bắt đầu).',
} as const;

/** 403 unless the caller's role may take the action (a technician on their order is checked by the transition). */
function checkRole(scope: CentreScope, action: ServiceOrderAction): void {
  assertFloorWriter(scope);
  if (!SERVICE_ORDER_TRANSITIONS[action].roles.includes(scope.role as never)) throw AppError.forbidden();
}

/** One entry of 409 PARTS_PENDING's data.requests; a part outside the catalogue has `freeLine: true` (its id is the line's). */
export interface PendingPart {
  id: number;
  name: string;
  status: string;
  statusLabel: string;
  freeLine?: true;
}

/**
 * What finishing the order waits for (409 PARTS_PENDING with data.requests): its parts requests still REQUESTED,
 * AWAITING_CUSTOMER, APPROVED or RESERVED, then its parts outside the catalogue the parts desk has not resolved.
 */
async function openPartsRequestsOf(parts: ServiceOrderParts, trx: Transaction<Database>, serviceOrderId: number): Promise<PendingPart[]> {
  const requests = await parts.openRequests(trx, serviceOrderId);
  const freeLines = await parts.openFreeLines(trx, serviceOrderId);
  return [
    ...requests.map((request) => ({ ...request, statusLabel: PARTS_REQUEST_STATUS_LABELS[request.status] })),
    ...freeLines.map((line) => ({
      id: line.id,
      name: `${FREE_PART_LINE_MARK}: ${line.description}`,
      status: 'OPEN',
      statusLabel: FREE_PART_LINE_STATUS_LABELS.OPEN,
      freeLine: true as const,
    })),
  ];
}

/** Items not answered yet, or FAIL without a note of CHECKLIST_FAIL_NOTE_MIN characters. */
async function pendingChecklistItems(trx: Transaction<Database>, serviceOrderId: number) {
  const items = await trx
    .selectFrom('service_order_checklist_items')
    .select(['id', 'code', 'label', 'result', 'note'])
    .where('service_order_id', '=', serviceOrderId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return items
    .filter((item) => item.result === null || (item.result === 'FAIL' && (item.note ?? '').trim().length < CHECKLIST_FAIL_NOTE_MIN))
    .map((item) => ({ id: item.id, code: item.code, label: item.label, result: item.result as 'PASS' | 'FAIL' | 'NA' | null }));
}

async function publishAfter(ctx: ServiceOrderContext, row: ServiceOrderRow, status: ServiceOrderStatus, at: Date, appointment?: { code: string; status: AppointmentStatus }) {
  await publishServiceOrderChange(
    ctx,
    { serviceOrderId: row.id, code: row.code, appointmentId: row.appointment_id, centreId: row.centre_id, userId: row.user_id, status, appointment },
    at,
  );
}

async function appointmentCodeOf(ctx: ServiceOrderContext, appointmentId: number): Promise<string> {
  return (await ctx.db.selectFrom('appointments').select('code').where('id', '=', appointmentId).executeTakeFirstOrThrow()).code;
}

/**
 * The technician still works at the order's centre. On PostgreSQL their user row is share-locked first: an admin
 * moving or ending their assignment locks it for update (staffAdmin/staffAssignments.ts), so either the move
 * waits for this start and then finds the order IN_PROGRESS (409 HAS_ACTIVE_WORK), or this start waits for the
 * move and finds no assignment here. SQLite runs one transaction at a time.
 */
async function assertStillAtCentre(trx: Transaction<Database>, technicianId: number, centreId: number): Promise<void> {
  let technician = trx.selectFrom('users').select('id').where('id', '=', technicianId);
  technician = lockForShare(trx, technician);
  await technician.executeTakeFirst();
  const assigned = await trx
    .selectFrom('staff_assignments')
    .select('id')
    .where('user_id', '=', technicianId)
    .where('centre_id', '=', centreId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (!assigned) throw new AppError(403, ERROR_CODES.NOT_ASSIGNED, workMessages.movedAway);
}

/**
 * POST /service-orders/:id/start: the assigned technician (or, on an order nobody has, the technician who
 * presses it: the order becomes theirs in the same statement) starts work; the appointment goes IN_PROGRESS
 * and their clock starts (409 ALREADY_CLOCKED_IN when it runs on another order: pause it first).
 */
export async function startWork(ctx: ServiceOrderContext, scope: CentreScope, id: number, version: number): Promise<void> {
  checkRole(scope, 'start');
  const now = ctx.clock.now();
  const at = now.toISOString();
  const order = await orderInScope(ctx.db, scope, id);
  // On a stale card the answer is that the order changed (it may have been given to someone else meanwhile).
  if (order.version !== version) throw serviceOrderChanged();
  if (order.technician_id !== null && order.technician_id !== scope.userId) throw notAssigned();
  // The update is conditional on this version, so the order it starts is the one read here: nobody's when
  // technician_id was null, and then the start is a claim, noted in the status history (the detail's timeline).
  // Of technicians claiming it at once exactly one moves the version; the others get 409 SERVICE_ORDER_CHANGED.
  const claimed = order.technician_id === null;
  const row = await floorTransaction(ctx.db, async (trx) => {
    await assertStillAtCentre(trx, scope.userId, order.centre_id);
    const started = await transitionServiceOrder(trx, {
      id,
      action: 'start',
      actorId: scope.userId,
      at: now,
      expectedVersion: version,
      note: claimed ? workMessages.claimed : null,
      technician: { id: scope.userId, takeUnassigned: claimed },
    });
    const moved = await moveAppointmentWithServiceOrder(trx, scope.userId, { appointmentId: started.appointment_id, from: 'CHECKED_IN', to: 'IN_PROGRESS', at });
    if (moved === null) throw appointmentChanged();
    await startClock(trx, started.id, scope.userId, at);
    return started;
  });
  await publishAfter(ctx, row, 'IN_PROGRESS', now, { code: await appointmentCodeOf(ctx, row.appointment_id), status: 'IN_PROGRESS' });
}

/**
 * POST /service-orders/:id/finish: the assigned technician; every checklist item answered and every FAIL
 * explained (409 CHECKLIST_INCOMPLETE with data.pendingItems), no parts request open (409 PARTS_PENDING);
 * the clock stops and the bay is released.
 */
export async function finishWork(ctx: ServiceOrderContext, scope: CentreScope, id: number, version: number): Promise<void> {
  checkRole(scope, 'finish');
  const now = ctx.clock.now();
  const at = now.toISOString();
  const order = await orderInScope(ctx.db, scope, id);
  if (order.version !== version) throw serviceOrderChanged();
  if (order.technician_id !== scope.userId) throw notAssigned();
  const row = await floorTransaction(ctx.db, async (trx) => {
    const finished = await transitionServiceOrder(trx, {
      id,
      action: 'finish',
      actorId: scope.userId,
      at: now,
      expectedVersion: version,
      technician: { id: scope.userId, takeUnassigned: false },
      extra: { bay_no: null },
    });
    const pendingItems = await pendingChecklistItems(trx, id);
    if (pendingItems.length > 0) {
      throw new AppErrorWithData(409, ERROR_CODES.CHECKLIST_INCOMPLETE, `Còn ${pendingItems.length} mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).`, { pendingItems });
    }
    const requests = await openPartsRequestsOf(ctx.parts, trx, id);
    if (requests.length > 0) throw new AppErrorWithData(409, ERROR_CODES.PARTS_PENDING, partsPendingMessage(requests), { requests });
    await stopClocks(trx, { serviceOrderId: id }, at);
    await releaseBay(trx, id, at);
    return finished;
  });
  await publishAfter(ctx, row, 'WORK_DONE', now);
}

/** Finishing waits for these parts: say which, with their status ('Má phanh (Chờ khách duyệt)', 'Ngoài danh mục: gioăng cổng sạc (Chờ quầy phụ tùng xử lý)'). */
export function partsPendingMessage(requests: readonly { name: string; status: string; statusLabel?: string }[]): string {
  const named = requests.map((request) => `${request.name} (${request.statusLabel ?? PARTS_REQUEST_STATUS_LABELS[request.status as PartsRequestStatus] ?? request.status})`);
  return `Chưa thể hoàn thành: còn ${requests.length} yêu cầu phụ tùng chưa xử lý xong: ${named.join(', ')}.`;
}

/** POST /service-orders/:id/reopen (staff, manager): finished work goes back IN_PROGRESS, with the reason in the history. */
export async function reopenWork(ctx: ServiceOrderContext, scope: CentreScope, id: number, version: number, reason: string): Promise<void> {
  checkRole(scope, 'reopen');
  const now = ctx.clock.now();
  await orderInScope(ctx.db, scope, id);
  const row = await floorTransaction(ctx.db, (trx) =>
    transitionServiceOrder(trx, { id, action: 'reopen', actorId: scope.userId, at: now, expectedVersion: version, note: reason }),
  );
  await publishAfter(ctx, row, 'IN_PROGRESS', now);
}

/**
 * POST /service-orders/:id/cancel (staff, manager; OPEN or IN_PROGRESS): the clock stops, the bay and the
 * parts' reservations are released, and the appointment is cancelled as the booking side cancels (its slot
 * steps and its package credit given back, the customer emailed).
 */
export async function cancelServiceOrder(ctx: ServiceOrderContext, scope: CentreScope, id: number, version: number, reason: string): Promise<void> {
  checkRole(scope, 'cancel');
  const now = ctx.clock.now();
  const at = now.toISOString();
  const order = await orderInScope(ctx.db, scope, id);
  const appointment = await ctx.db
    .selectFrom('appointments')
    .select(['id', 'code', 'status', 'centre_id', 'starts_at', 'estimated_duration_minutes', 'package_credit_id', 'user_id'])
    .where('id', '=', order.appointment_id)
    .executeTakeFirstOrThrow();
  const row = await floorTransaction(ctx.db, async (trx) => {
    const cancelled = await transitionServiceOrder(trx, {
      id,
      action: 'cancel',
      actorId: scope.userId,
      at: now,
      expectedVersion: version,
      note: reason,
      extra: { cancel_reason: reason, bay_no: null },
    });
    // Refused (409 PARTS_ISSUED) while parts were issued and not returned; else reservations go back.
    await ctx.parts.releaseOrderParts(trx, id, { actorId: scope.userId, at: now, clock: ctx.clock });
    await stopClocks(trx, { serviceOrderId: id }, at);
    await releaseBay(trx, id, at);
    await cancelWithin(
      ctx.booking,
      trx,
      {
        id: appointment.id,
        status: appointment.status as AppointmentStatus,
        centreId: appointment.centre_id,
        startsAt: new Date(appointment.starts_at),
        durationMinutes: appointment.estimated_duration_minutes,
        packageCreditId: appointment.package_credit_id,
        userId: appointment.user_id,
      },
      scope.userId,
      reason,
      now,
    );
    return cancelled;
  });
  await publishAfter(ctx, row, 'CANCELLED', now, { code: appointment.code, status: 'CANCELLED' });
}
