import type { Kysely, Transaction } from 'kysely';
import {
  WARRANTY_CLAIM_STATUS_LABELS,
  warrantyClaimActionsOf,
  type WarrantyClaim,
  type WarrantyClaimStatus,
  type WarrantyClaimSummary,
  type WarrantyCreditMethod,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { WarrantyClaimRow } from '../../db/warrantySchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { checklistPhotoUrl } from '../media';
import { warrantyMessages } from './warrantyMessages';

type Db = Kysely<Database> | Transaction<Database>;

/** The list's bound: the newest claims first, at most this many. */
const LIST_LIMIT = 200;

/** The claim if the caller may see it (a manager: their centre's; an admin: every centre's), else 404. */
export async function claimInScope(db: Db, scope: CentreScope, id: number): Promise<WarrantyClaimRow> {
  const row = await db.selectFrom('warranty_claims').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (scope.centreId !== null && row.centre_id !== scope.centreId)) throw AppError.notFound(warrantyMessages.notFound);
  return row;
}

function summaryOf(row: WarrantyClaimRow, centreName: string, serviceOrderCode: string): WarrantyClaimSummary {
  const status = row.status as WarrantyClaimStatus;
  return {
    id: row.id,
    code: row.code,
    status,
    statusLabel: WARRANTY_CLAIM_STATUS_LABELS[status],
    manufacturer: row.manufacturer,
    centreId: row.centre_id,
    centreName,
    serviceOrderCode,
    vehicleLabel: row.vehicle_label,
    licensePlate: row.license_plate,
    claimedAmount: row.claimed_amount,
    approvedAmount: row.approved_amount,
    creditedAmount: row.credited_amount,
    createdAt: toIsoUtc(row.created_at),
    version: row.version,
  };
}

/** GET /warranty/claims: the caller's centre's claims (every centre's for an admin), newest first, by status and manufacturer. */
export async function listWarrantyClaims(db: Db, scope: CentreScope, query: { status?: WarrantyClaimStatus | undefined; manufacturer?: string | undefined }): Promise<WarrantyClaimSummary[]> {
  let select = db
    .selectFrom('warranty_claims')
    .innerJoin('service_centres', 'service_centres.id', 'warranty_claims.centre_id')
    .innerJoin('service_orders', 'service_orders.id', 'warranty_claims.service_order_id')
    .selectAll('warranty_claims')
    .select(['service_centres.name as centre_name', 'service_orders.code as service_order_code'])
    .orderBy('warranty_claims.created_at', 'desc')
    .orderBy('warranty_claims.id', 'desc')
    .limit(LIST_LIMIT);
  if (scope.centreId !== null) select = select.where('warranty_claims.centre_id', '=', scope.centreId);
  if (query.status) select = select.where('warranty_claims.status', '=', query.status);
  if (query.manufacturer) select = select.where('warranty_claims.manufacturer', '=', query.manufacturer);
  const rows = await select.execute();
  return rows.map((row) => summaryOf(row, row.centre_name, row.service_order_code));
}

/** GET /warranty/claims/:id: the claim with its lines, photos, history and what the caller may do with it. */
export async function readWarrantyClaim(db: Db, scope: CentreScope, id: number): Promise<WarrantyClaim> {
  const row = await claimInScope(db, scope, id);
  const [names, lines, chosen, orderPhotos, history] = await Promise.all([
    db
      .selectFrom('service_orders')
      .innerJoin('service_centres', 'service_centres.id', 'service_orders.centre_id')
      .leftJoin('service_invoices', 'service_invoices.service_order_id', 'service_orders.id')
      .select(['service_orders.code', 'service_centres.name as centre_name', 'service_invoices.code as invoice_code'])
      .where('service_orders.id', '=', row.service_order_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('warranty_claim_lines').select(['kind', 'name', 'quantity', 'unit_price', 'line_total']).where('claim_id', '=', id).orderBy('id').execute(),
    db.selectFrom('warranty_claim_photos').select('photo_id').where('claim_id', '=', id).execute(),
    db
      .selectFrom('checklist_photos')
      .innerJoin('service_order_checklist_items', 'service_order_checklist_items.id', 'checklist_photos.item_id')
      .select(['checklist_photos.id', 'checklist_photos.file', 'service_order_checklist_items.label'])
      .where('service_order_checklist_items.service_order_id', '=', row.service_order_id)
      .orderBy('checklist_photos.id')
      .limit(100)
      .execute(),
    db
      .selectFrom('warranty_claim_history')
      .leftJoin('users', 'users.id', 'warranty_claim_history.changed_by')
      .select(['warranty_claim_history.to_status', 'warranty_claim_history.note', 'warranty_claim_history.created_at', 'users.full_name'])
      .where('warranty_claim_history.claim_id', '=', id)
      .orderBy('warranty_claim_history.id')
      .execute(),
  ]);
  const chosenIds = new Set(chosen.map((photo) => photo.photo_id));
  const photoOf = (photo: { id: number; file: string; label: string }) => ({ id: photo.id, url: checklistPhotoUrl(photo.file), itemLabel: photo.label });
  const status = row.status as WarrantyClaimStatus;
  return {
    ...summaryOf(row, names.centre_name, names.code),
    serviceOrderId: row.service_order_id,
    invoiceCode: names.invoice_code,
    vin: row.vin,
    odometerKm: row.odometer_km,
    failureNote: row.failure_note,
    lines: lines.map((line) => ({ kind: line.kind as 'service' | 'part', name: line.name, quantity: line.quantity, unitPrice: line.unit_price, lineTotal: line.line_total })),
    partsAmount: row.parts_amount,
    labourAmount: row.labour_amount,
    manufacturerReference: row.manufacturer_reference,
    rejectionReason: row.rejection_reason,
    creditMethod: row.credit_method as WarrantyCreditMethod | null,
    creditReference: row.credit_reference,
    photos: orderPhotos.filter((photo) => chosenIds.has(photo.id)).map(photoOf),
    orderPhotos: status === 'DRAFT' ? orderPhotos.map(photoOf) : [],
    history: history.map((entry) => {
      const to = entry.to_status as WarrantyClaimStatus;
      return { at: toIsoUtc(entry.created_at), status: to, statusLabel: WARRANTY_CLAIM_STATUS_LABELS[to], by: entry.full_name, note: entry.note };
    }),
    actions: warrantyClaimActionsOf(status),
  };
}
