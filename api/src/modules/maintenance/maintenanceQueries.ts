import type { Kysely } from 'kysely';
import type { ChecklistResult, MaintenanceRecord, MaintenanceRecordDetail } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { checklistPhotoUrl } from '../media';
import { inspectionAdvice } from './inspectionAdvice';

function parseNames(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A customer's maintenance records (of their live vehicles), newest first, optionally of one vehicle, with
 * parts, the checklist summary and the visit's appointment (joined in the same query, so the page can ask for the
 * visit's e-invoices; null for a record without an appointment of this customer's: entered by hand or from outside).
 * `recordId` narrows to one record.
 */
async function loadRecords(db: Kysely<Database>, userId: number, filter: { vehicleId?: number; recordId?: number }): Promise<MaintenanceRecord[]> {
  let query = db
    .selectFrom('maintenance_records')
    .innerJoin('vehicles', 'vehicles.id', 'maintenance_records.vehicle_id')
    .innerJoin('service_centres', 'service_centres.id', 'maintenance_records.centre_id')
    // the customer's own appointment only: the one whose e-invoices GET /api/appointments/:id/e-invoices answers them
    .leftJoin('appointments', (join) => join.onRef('appointments.id', '=', 'maintenance_records.appointment_id').on('appointments.user_id', '=', userId))
    .select([
      'maintenance_records.id',
      'maintenance_records.serviced_at',
      'maintenance_records.odometer_km',
      'maintenance_records.service_names',
      'maintenance_records.cost',
      'maintenance_records.technician_name',
      'maintenance_records.notes',
      'vehicles.id as vehicle_id',
      'vehicles.license_plate',
      'vehicles.brand',
      'vehicles.model',
      'service_centres.id as centre_id',
      'service_centres.name as centre_name',
      'appointments.id as appointment_id',
    ])
    .where('vehicles.user_id', '=', userId)
    .where('vehicles.deleted_at', 'is', null);
  if (filter.vehicleId !== undefined) query = query.where('vehicles.id', '=', filter.vehicleId);
  if (filter.recordId !== undefined) query = query.where('maintenance_records.id', '=', filter.recordId);
  const rows = await query.orderBy('maintenance_records.serviced_at', 'desc').orderBy('maintenance_records.id', 'desc').execute();
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const [parts, checklist] = await Promise.all([
    db.selectFrom('maintenance_record_parts').select(['record_id', 'name', 'quantity', 'unit_price']).where('record_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('maintenance_checklist_items').select(['record_id', 'result']).where('record_id', 'in', ids).execute(),
  ]);
  return rows.map((row) => {
    const results = checklist.filter((item) => item.record_id === row.id).map((item) => item.result);
    return {
      id: row.id,
      vehicle: { id: row.vehicle_id, licensePlate: row.license_plate, brand: row.brand, model: row.model },
      servicedAt: toIsoUtc(row.serviced_at),
      centre: { id: row.centre_id, name: row.centre_name },
      odometerKm: row.odometer_km,
      services: parseNames(row.service_names),
      parts: parts.filter((part) => part.record_id === row.id).map((part) => ({ name: part.name, quantity: part.quantity, unitPrice: part.unit_price })),
      cost: row.cost,
      technicianName: row.technician_name,
      checklistSummary: {
        pass: results.filter((result) => result === 'PASS').length,
        fail: results.filter((result) => result === 'FAIL').length,
        na: results.filter((result) => result === 'NA').length,
      },
      notes: row.notes,
      appointmentId: row.appointment_id,
    };
  });
}

export function listMaintenanceRecords(db: Kysely<Database>, userId: number, vehicleId?: number): Promise<MaintenanceRecord[]> {
  return loadRecords(db, userId, { vehicleId });
}

/**
 * The labels of a record's checklist items a part was issued for, through the service order of the record's
 * appointment (none for a record written without one).
 */
async function labelsWithPartIssued(db: Kysely<Database>, recordId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('maintenance_records as record')
    .innerJoin('service_orders as so', 'so.appointment_id', 'record.appointment_id')
    .innerJoin('service_order_checklist_items as item', 'item.service_order_id', 'so.id')
    .innerJoin('parts_requests as request', 'request.checklist_item_id', 'item.id')
    .select('item.label')
    .where('record.id', '=', recordId)
    .whereRef('request.issued_qty', '>', 'request.returned_qty')
    .execute();
  return new Set(rows.map((row) => row.label));
}

/** One record of the customer's with its checklist and the advice for next time, or null (someone else's: the route answers 404). */
export async function findMaintenanceRecord(db: Kysely<Database>, userId: number, recordId: number): Promise<MaintenanceRecordDetail | null> {
  const [record] = await loadRecords(db, userId, { recordId });
  if (!record) return null;
  const [items, issued] = await Promise.all([
    db
      .selectFrom('maintenance_checklist_items')
      .select(['label', 'result', 'note', 'photo_files'])
      .where('record_id', '=', recordId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    labelsWithPartIssued(db, recordId),
  ]);
  return {
    ...record,
    advice: inspectionAdvice(items.map((item) => ({ label: item.label, result: item.result as ChecklistResult, note: item.note, partIssued: issued.has(item.label) }))),
    checklist: items.map((item) => {
      const photos = item.photo_files === null ? [] : parseNames(item.photo_files).map(checklistPhotoUrl);
      return { label: item.label, result: item.result as ChecklistResult, note: item.note, ...(photos.length > 0 ? { photos } : {}) };
    }),
  };
}
