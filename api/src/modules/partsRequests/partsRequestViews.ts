import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import {
  availablePartsRequestActions,
  PARTS_REQUEST_STATUS_LABELS,
  PARTS_REQUEST_TRANSITIONS,
  type ChecklistResult,
  type CustomerDecision,
  type CustomerDecisionVia,
  type PartsFinding,
  type PartsRequest,
  type PartsRequestAction,
  type PartsRequestHistoryEntry,
  type PartsRequestStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { centreAvailability, type Availability } from '../stockLocations';
import { checklistPhotoUrl } from '../media';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Parts requests as the floor sees them (the desk, the order's drawer, the technician's screen): the request
 * with its part, order, finding (label, note, photos), history and the centre's availability, and what the
 * caller may do. A fixed number of queries whatever the number of requests: the requests, their history, the
 * findings' photos, the availability per centre.
 */

/** Which requests: a subquery of ids (the caller's filter), in the order given by `order`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source tables: each caller selects ids from its own joins
export type RequestSelection = (db: Db) => SelectQueryBuilder<Database, any, { id: number }>;

const NO_AVAILABILITY: Availability = { onHand: 0, reserved: 0, available: 0 };
/** The history's first step (the request itself is not a transition of the machine). */
const REQUESTED_LABEL = 'Kỹ thuật viên yêu cầu phụ tùng';

/** The requests (with what the views show of their order, part, people and finding), before a filter. */
function requestQuery(db: Db) {
  return db
    .selectFrom('parts_requests')
    .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
    .innerJoin('products', 'products.id', 'parts_requests.product_id')
    .leftJoin('users as requester', 'requester.id', 'parts_requests.requested_by')
    .leftJoin('users as decider', 'decider.id', 'parts_requests.decided_by')
    .leftJoin('users as technician', 'technician.id', 'service_orders.technician_id')
    .leftJoin('service_order_checklist_items as item', 'item.id', 'parts_requests.checklist_item_id')
    .selectAll('parts_requests')
    .select([
      'service_orders.code as order_code',
      'service_orders.status as order_status',
      'service_orders.license_plate',
      'service_orders.vehicle_brand',
      'service_orders.vehicle_model',
      'technician.full_name as technician_name',
      'products.sku',
      'products.name as product_name',
      'requester.full_name as requester_name',
      'decider.full_name as decider_name',
      'item.code as item_code',
      'item.label as item_label',
      'item.result as item_result',
      'item.note as item_note',
    ]);
}

function requestRows(db: Db, selection: RequestSelection) {
  return requestQuery(db).where('parts_requests.id', 'in', selection(db)).orderBy('parts_requests.id').execute();
}

/* One request (every desk step answers it): compiled once per dialect. */
const requestById = preparedQuery<{ id: number }>()((db, param) => requestQuery(db).where('parts_requests.id', '=', param('id')));
const historyById = preparedQuery<{ id: number }>()((db, param) => historyQuery(db).where('parts_request_history.parts_request_id', '=', param('id')).orderBy('parts_request_history.id'));
const photosByItem = preparedQuery<{ itemId: number }>()((db, param) =>
  db.selectFrom('checklist_photos').select(['item_id', 'file', 'width', 'height']).where('item_id', '=', param('itemId')).orderBy('id'),
);
const shelfOf = preparedQuery<{ centreId: number; productId: number }>()((db, param) =>
  db.selectFrom('centre_stock').select(['on_hand', 'reserved']).where('centre_id', '=', param('centreId')).where('product_id', '=', param('productId')),
);

export type RequestRow = Awaited<ReturnType<typeof requestRows>>[number];

/** The findings' photos of some checklist items, oldest first. */
export async function findingPhotos(db: Db, itemIds: readonly number[]): Promise<Map<number, PartsFinding['photos']>> {
  const byItem = new Map<number, PartsFinding['photos']>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('checklist_photos')
    .select(['item_id', 'file', 'width', 'height'])
    .where('item_id', 'in', [...new Set(itemIds)])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    list.push({ url: checklistPhotoUrl(row.file), width: row.width, height: row.height });
    byItem.set(row.item_id, list);
  }
  return byItem;
}

/** The columns of a request's row that name its finding. */
export type FindingColumns = Pick<RequestRow, 'checklist_item_id' | 'item_code' | 'item_label' | 'item_result' | 'item_note'>;

export function findingOf(row: FindingColumns, photos: Map<number, PartsFinding['photos']>): PartsFinding | null {
  if (row.checklist_item_id === null || row.item_label === null) return null;
  return {
    id: row.checklist_item_id,
    code: row.item_code ?? '',
    label: row.item_label,
    result: row.item_result as ChecklistResult | null,
    note: row.item_note,
    photos: photos.get(row.checklist_item_id) ?? [],
  };
}

function historyQuery(db: Db) {
  return db
    .selectFrom('parts_request_history')
    .leftJoin('users', 'users.id', 'parts_request_history.changed_by')
    .select([
      'parts_request_history.parts_request_id',
      'parts_request_history.action',
      'parts_request_history.from_status',
      'parts_request_history.to_status',
      'parts_request_history.quantity',
      'parts_request_history.note',
      'parts_request_history.created_at',
      'users.full_name',
    ]);
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];

function groupHistory(rows: readonly HistoryRow[]): Map<number, PartsRequestHistoryEntry[]> {
  const byRequest = new Map<number, PartsRequestHistoryEntry[]>();
  for (const row of rows) {
    const list = byRequest.get(row.parts_request_id) ?? [];
    const transition = PARTS_REQUEST_TRANSITIONS[row.action as PartsRequestAction];
    list.push({
      at: toIsoUtc(row.created_at),
      label: row.action === 'request' ? REQUESTED_LABEL : (transition?.historyLabel ?? row.action),
      fromStatus: row.from_status as PartsRequestStatus | null,
      toStatus: row.to_status as PartsRequestStatus,
      by: row.full_name,
      note: row.note,
      quantity: row.quantity,
    });
    byRequest.set(row.parts_request_id, list);
  }
  return byRequest;
}

async function historyOf(db: Db, ids: readonly number[]): Promise<Map<number, PartsRequestHistoryEntry[]>> {
  if (ids.length === 0) return new Map();
  return groupHistory(await historyQuery(db).where('parts_request_history.parts_request_id', 'in', [...ids]).orderBy('parts_request_history.id').execute());
}

/** Availability of the requests' parts at their centres (one query per centre; a desk holds one centre). */
async function availabilityOf(db: Db, rows: readonly RequestRow[]): Promise<Map<string, Availability>> {
  const byCentre = new Map<number, number[]>();
  for (const row of rows) byCentre.set(row.centre_id, [...(byCentre.get(row.centre_id) ?? []), row.product_id]);
  const result = new Map<string, Availability>();
  await Promise.all(
    [...byCentre].map(async ([centreId, productIds]) => {
      const figures = await centreAvailability(db, centreId, productIds);
      for (const [productId, availability] of figures) result.set(`${centreId}:${productId}`, availability);
    }),
  );
  return result;
}

/** The requests of `selection`, oldest first, as `role` sees them. */
export async function loadPartsRequests(db: Db, selection: RequestSelection, role: string): Promise<PartsRequest[]> {
  const rows = await requestRows(db, selection);
  if (rows.length === 0) return [];
  const itemIds = rows.map((row) => row.checklist_item_id).filter((id): id is number => id !== null);
  const [history, photos, availability] = await Promise.all([
    historyOf(
      db,
      rows.map((row) => row.id),
    ),
    findingPhotos(db, itemIds),
    availabilityOf(db, rows),
  ]);
  return rows.map((row) => toPartsRequest(row, history.get(row.id) ?? [], photos, availability.get(`${row.centre_id}:${row.product_id}`) ?? NO_AVAILABILITY, role));
}

function toPartsRequest(
  row: RequestRow,
  history: PartsRequestHistoryEntry[],
  photos: Map<number, PartsFinding['photos']>,
  availability: Availability,
  role: string,
): PartsRequest {
  const status = row.status as PartsRequestStatus;
  return {
    id: row.id,
    serviceOrder: {
      id: row.service_order_id,
      code: row.order_code,
      status: row.order_status,
      licensePlate: row.license_plate,
      vehicleModel: `${row.vehicle_brand} ${row.vehicle_model}`.trim(),
      technicianName: row.technician_name,
    },
    product: { id: row.product_id, sku: row.sku, name: row.product_name },
    quantity: row.quantity,
    unitPrice: row.unit_price,
    lineTotal: row.quantity * row.unit_price,
    reason: row.reason,
    finding: findingOf(row, photos),
    status,
    statusLabel: PARTS_REQUEST_STATUS_LABELS[status],
    inScope: row.in_scope === null ? null : row.in_scope === 1,
    requestedBy: row.requester_name,
    requestedAt: toIsoUtc(row.created_at),
    decidedBy: row.decider_name,
    decidedAt: row.decided_at === null ? null : toIsoUtc(row.decided_at),
    declineReason: row.decline_reason,
    customerDecision:
      row.customer_decision === null || row.customer_decision_at === null
        ? null
        : {
            decision: row.customer_decision as CustomerDecision,
            at: toIsoUtc(row.customer_decision_at),
            via: (row.customer_decision_via ?? 'web') as CustomerDecisionVia,
            note: row.customer_decision_note,
          },
    expiresAt: row.expires_at === null ? null : toIsoUtc(row.expires_at),
    issuedQty: row.issued_qty,
    returnedQty: row.returned_qty,
    availability: { onHand: availability.onHand, reserved: availability.reserved, available: Math.max(0, availability.available) },
    history,
    version: row.version,
    availableActions: availablePartsRequestActions(status, role, { returnable: row.issued_qty - row.returned_qty }),
  };
}

/** One request as `role` sees it (the caller checked it exists and is in scope): prepared queries only. */
export async function loadPartsRequest(db: Db, id: number, role: string): Promise<PartsRequest> {
  const row = await requestById.first(db as Kysely<Database>, { id });
  if (!row) throw new Error(`parts request ${id} vanished`);
  const itemId = row.checklist_item_id;
  const [history, photoRows, shelf] = await Promise.all([
    historyById.rows(db as Kysely<Database>, { id }),
    itemId === null ? Promise.resolve([]) : photosByItem.rows(db as Kysely<Database>, { itemId }),
    shelfOf.first(db as Kysely<Database>, { centreId: row.centre_id, productId: row.product_id }),
  ]);
  const photos = new Map<number, PartsFinding['photos']>();
  if (itemId !== null) photos.set(itemId, photoRows.map((photo) => ({ url: checklistPhotoUrl(photo.file), width: photo.width, height: photo.height })));
  const onHand = toNumber(shelf?.on_hand ?? 0);
  const reserved = toNumber(shelf?.reserved ?? 0);
  return toPartsRequest(row, groupHistory(history).get(id) ?? [], photos, { onHand, reserved, available: onHand - reserved }, role);
}
