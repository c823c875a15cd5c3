import type { Kysely, Transaction } from 'kysely';
import {
  APPOINTMENT_STATUS_LABELS,
  availableServiceOrderActions,
  SERVICE_ORDER_STATUS_LABELS,
  type AppointmentStatus,
  type ChecklistResult,
  type LinePayer,
  type ServiceOrderDetail,
  type ServiceOrderStatus,
  type TimelineEntry,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { CentreScope } from '../../security/centreScope';
import { checksOnChecklist, orderDiagnosticsOf } from '../diagnostics';
import { serviceOrderNotFound } from './serviceOrderAccess';
import { cardQueries } from './serviceOrderCards';
import type { ServiceOrderContext } from './serviceOrderContext';
import { readInvoice } from './invoiceView';
import type { WrittenLine } from './serviceOrderLines';

type Db = Kysely<Database> | Transaction<Database>;

/** Where the API serves a checklist photo. */
export function checklistPhotoUrl(file: string): string {
  return `/api/media/checklist-photos/${file}`;
}

const orderCard = cardQueries<{ id: number }>((db, param) => db.selectFrom('service_orders').select('id').where('id', '=', param('id')), 'opened');

/* The detail's reads, compiled once per dialect: the drawer reloads after every change of the floor. */

const appointmentHistory = preparedQuery<{ appointmentId: number }>()((db, param) =>
  db
    .selectFrom('appointment_status_history')
    .leftJoin('users', 'users.id', 'appointment_status_history.changed_by')
    .select(['appointment_status_history.id', 'appointment_status_history.to_status', 'appointment_status_history.note', 'appointment_status_history.created_at', 'users.full_name'])
    .where('appointment_status_history.appointment_id', '=', param('appointmentId')),
);

const serviceOrderHistory = preparedQuery<{ serviceOrderId: number }>()((db, param) =>
  db
    .selectFrom('service_order_status_history')
    .leftJoin('users', 'users.id', 'service_order_status_history.changed_by')
    .select(['service_order_status_history.id', 'service_order_status_history.to_status', 'service_order_status_history.note', 'service_order_status_history.created_at', 'users.full_name'])
    .where('service_order_status_history.service_order_id', '=', param('serviceOrderId')),
);

const checklistItemsOf = preparedQuery<{ id: number }>()((db, param) =>
  db
    .selectFrom('service_order_checklist_items')
    .select(['id', 'code', 'label', 'result', 'note', 'checked_at'])
    .where('service_order_id', '=', param('id'))
    .orderBy('sort_order')
    .orderBy('id'),
);

const checklistPhotosOf = preparedQuery<{ id: number }>()((db, param) =>
  db
    .selectFrom('checklist_photos')
    .innerJoin('service_order_checklist_items', 'service_order_checklist_items.id', 'checklist_photos.item_id')
    .select(['checklist_photos.id', 'checklist_photos.item_id', 'checklist_photos.file', 'checklist_photos.width', 'checklist_photos.height'])
    .where('service_order_checklist_items.service_order_id', '=', param('id'))
    .orderBy('checklist_photos.id'),
);

const linesOf = preparedQuery<{ id: number }>()((db, param) =>
  db.selectFrom('service_order_lines').select(['id', 'kind', 'name', 'quantity', 'unit_price', 'line_total', 'source', 'payer']).where('service_order_id', '=', param('id')).orderBy('id'),
);

/** An order line's row (read, or as a check-in wrote it) as the detail shows it. */
function toOrderLine(line: WrittenLine): ServiceOrderDetail['lines'][number] {
  return {
    id: line.id,
    kind: line.kind as 'service' | 'part',
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    lineTotal: line.line_total,
    source: line.source as 'booked' | 'parts_request',
    payer: (line.payer ?? 'CUSTOMER') as LinePayer,
  };
}

/** Whether `scope`'s user counts as the order's technician (an unassigned OPEN order is theirs to start). */
function actsAsAssigned(scope: CentreScope, status: ServiceOrderStatus, technicianId: number | null): boolean {
  if (scope.role !== 'technician') return false;
  return technicianId === scope.userId || (technicianId === null && status === 'OPEN');
}

type HistoryRow = { id: number; to_status: string; note: string | null; created_at: Date | string; full_name: string | null };

async function timelineOf(db: Db, appointmentId: number, serviceOrderId: number): Promise<TimelineEntry[]> {
  const [appointmentRows, orderRows] = await Promise.all([
    appointmentHistory.rows(db, { appointmentId }),
    serviceOrderHistory.rows(db, { serviceOrderId }),
  ]);
  return timelineFrom(appointmentRows, orderRows);
}

/** The appointment's and the order's status changes, in time order. */
function timelineFrom(appointmentRows: readonly HistoryRow[], orderRows: readonly HistoryRow[]): TimelineEntry[] {
  const entries = [
    ...appointmentRows.map((row) => ({
      order: 0,
      id: row.id,
      at: toIsoUtc(row.created_at),
      label: `Lịch hẹn: ${APPOINTMENT_STATUS_LABELS[row.to_status as AppointmentStatus] ?? row.to_status}`,
      by: row.full_name,
      note: row.note,
    })),
    ...orderRows.map((row) => ({
      order: 1,
      id: row.id,
      at: toIsoUtc(row.created_at),
      label: `Phiếu dịch vụ: ${SERVICE_ORDER_STATUS_LABELS[row.to_status as ServiceOrderStatus] ?? row.to_status}`,
      by: row.full_name,
      note: row.note,
    })),
  ];
  entries.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id - b.id);
  return entries.map(({ at, label, by, note }) => ({ at, label, by, note }));
}

/**
 * GET /service-orders/:id: the order with its checklist, photos, lines, invoice, timeline and what the caller may
 * do; the appointment's symptoms and the components to check closely (diagnostics/suggestedChecks.ts, bounded:
 * cached evidence, model and forecast).
 */
export async function readServiceOrderDetail(ctx: ServiceOrderContext, scope: CentreScope, id: number, db: Db = ctx.db): Promise<ServiceOrderDetail> {
  const now = ctx.clock.now();
  const [head] = await orderCard.load(db, now, { id });
  if (!head || (scope.centreId !== null && scope.centreId !== head.centreId)) throw serviceOrderNotFound();
  const [items, photos, lines, invoice, timeline, partsRequests, diagnostics] = await Promise.all([
    checklistItemsOf.rows(db, { id }),
    checklistPhotosOf.rows(db, { id }),
    linesOf.rows(db, { id }),
    readInvoice(db, id, ctx.vietQr),
    timelineOf(db, head.card.appointmentId, id),
    ctx.parts.requestsOf(db, id, scope.role),
    orderDiagnosticsOf(ctx)(db, { id, appointmentId: head.card.appointmentId }),
  ]);
  const status = head.card.status;
  return {
    ...head.card,
    customer: head.customer,
    appointmentCode: head.appointmentCode,
    appointmentStart: head.appointmentStart,
    odometerInKm: head.odometerInKm,
    customerConcern: head.customerConcern,
    intakeNote: head.intakeNote,
    cancelReason: head.cancelReason,
    checklistItems: items.map((item) => ({
      id: item.id,
      code: item.code,
      label: item.label,
      result: item.result as ChecklistResult | null,
      note: item.note,
      checkedAt: item.checked_at === null ? null : toIsoUtc(item.checked_at),
      photos: photos
        .filter((photo) => photo.item_id === item.id)
        .map((photo) => ({ id: photo.id, url: checklistPhotoUrl(photo.file), width: photo.width, height: photo.height })),
    })),
    lines: lines.map(toOrderLine),
    invoice,
    timeline,
    availableActions: availableServiceOrderActions(status, scope.role, actsAsAssigned(scope, status, head.technicianId)),
    partsRequests,
    symptoms: diagnostics.symptoms,
    // Named by the checklist's codes: every item that looks at a flagged component is flagged.
    suggestedChecks: checksOnChecklist(diagnostics.suggestedChecks, items),
  };
}

/** A checklist item as the check-in wrote it (no answer, no photo yet). */
export interface CheckedInItem {
  id: number;
  code: string;
  label: string;
}

/** What a check-in wrote and read (checkInAppointment), the order's detail but for what it reads after. */
export interface CheckedInOrder {
  id: number;
  code: string;
  appointmentId: number;
  appointmentCode: string;
  appointmentStart: Date | string;
  /** The appointment's CHECKED_IN history row (its author is the order's opener). */
  checkedInHistoryId: number;
  centreId: number;
  customer: { userId: number | null; fullName: string; phone: string; email: string };
  licensePlate: string;
  vehicleBrand: string;
  vehicleModel: string;
  technician: { id: number; fullName: string } | null;
  bayNo: number | null;
  /** ISO instant of the check-in. */
  openedAt: string;
  odometerInKm: number;
  customerConcern: string | null;
  intakeNote: string | null;
  items: readonly CheckedInItem[];
  lines: readonly WrittenLine[];
}

/**
 * The detail of an order just opened by a check-in, as readServiceOrderDetail would read it, from what the
 * check-in wrote: only the appointment's history and the diagnostics are read (a new order has no clock entry,
 * answer, photo, invoice or parts request yet, and its own history is the OPEN row written with it).
 */
export async function checkedInDetail(ctx: ServiceOrderContext, scope: CentreScope, order: CheckedInOrder): Promise<ServiceOrderDetail> {
  const [appointmentRows, diagnostics] = await Promise.all([
    appointmentHistory.rows(ctx.db, { appointmentId: order.appointmentId }),
    orderDiagnosticsOf(ctx)(ctx.db, { id: order.id, appointmentId: order.appointmentId }),
  ]);
  const opener = appointmentRows.find((row) => row.id === order.checkedInHistoryId)?.full_name ?? null;
  const opened: HistoryRow = { id: 0, to_status: 'OPEN', note: null, created_at: order.openedAt, full_name: opener };
  const items = order.items.map((item) => ({ ...item, result: null, note: null, checked_at: null }));
  const status: ServiceOrderStatus = 'OPEN';
  return {
    id: order.id,
    code: order.code,
    appointmentId: order.appointmentId,
    status,
    statusLabel: SERVICE_ORDER_STATUS_LABELS[status],
    licensePlate: order.licensePlate,
    vehicleModel: `${order.vehicleBrand} ${order.vehicleModel}`.trim(),
    customerName: order.customer.fullName,
    technician: order.technician,
    bayNo: order.bayNo,
    openedAt: toIsoUtc(order.openedAt),
    startedAt: null,
    workedMinutes: 0,
    clockRunning: false,
    waitingApproval: false,
    waitingParts: false,
    checklist: { total: items.length, answered: 0 },
    version: 1,
    customer: order.customer,
    appointmentCode: order.appointmentCode,
    appointmentStart: toIsoUtc(order.appointmentStart),
    odometerInKm: order.odometerInKm,
    customerConcern: order.customerConcern,
    intakeNote: order.intakeNote,
    cancelReason: null,
    checklistItems: items.map((item) => ({ id: item.id, code: item.code, label: item.label, result: null, note: null, checkedAt: null, photos: [] })),
    lines: order.lines.map(toOrderLine),
    invoice: null,
    timeline: timelineFrom(appointmentRows, [opened]),
    availableActions: availableServiceOrderActions(status, scope.role, actsAsAssigned(scope, status, order.technician?.id ?? null)),
    partsRequests: [],
    symptoms: diagnostics.symptoms,
    suggestedChecks: checksOnChecklist(diagnostics.suggestedChecks, items),
  };
}
