import type { Kysely } from 'kysely';
import type { ChecklistResult, CustomerInspection, ServiceOrderStatus } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { checklistPhotoUrl } from '../media';
import { inspectionAdvice, isFixed, type Finding } from './inspectionAdvice';

export const customerInspectionMessages = {
  notFound: 'Chưa có kết quả kiểm tra cho lịch hẹn này.',
} as const;

/** The checklist items of `itemIds` a part was issued for (more issued than returned). */
async function itemsWithPartIssued(db: Kysely<Database>, itemIds: readonly number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('parts_requests')
    .select('checklist_item_id')
    .where('checklist_item_id', 'in', [...itemIds])
    .whereRef('issued_qty', '>', 'returned_qty')
    .execute();
  return new Set(rows.map((row) => row.checklist_item_id!));
}

/**
 * GET /appointments/:id/inspection: the digital vehicle inspection of the customer's car at the centre — each
 * checklist item with its result (null until checked), the technician's note and photos, whether a FAIL was put
 * right at this visit, and the advice for next time. Only the appointment's owner sees it: another customer's
 * appointment, or one not checked in yet, answers 404.
 */
export async function customerInspection(db: Kysely<Database>, userId: number, appointmentId: number): Promise<CustomerInspection> {
  const order = await db
    .selectFrom('service_orders')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .select(['service_orders.id', 'service_orders.code', 'service_orders.status'])
    .where('service_orders.appointment_id', '=', appointmentId)
    .where('appointments.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(customerInspectionMessages.notFound, ERROR_CODES.INSPECTION_NOT_FOUND);

  const rows = await db
    .selectFrom('service_order_checklist_items')
    .select(['id', 'label', 'result', 'note'])
    .where('service_order_id', '=', order.id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const ids = rows.map((row) => row.id);
  const [photos, issued] = await Promise.all([
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('checklist_photos').select(['item_id', 'file']).where('item_id', 'in', ids).orderBy('id').execute(),
    itemsWithPartIssued(db, ids),
  ]);

  const findings: Finding[] = rows.map((row) => ({ label: row.label, result: row.result as ChecklistResult | null, note: row.note, partIssued: issued.has(row.id) }));
  return {
    appointmentId,
    serviceOrderCode: order.code,
    status: order.status as ServiceOrderStatus,
    answered: findings.filter((finding) => finding.result !== null).length,
    total: findings.length,
    items: rows.map((row, index) => ({
      label: row.label,
      result: findings[index]!.result,
      note: row.note,
      photos: photos.filter((photo) => photo.item_id === row.id).map((photo) => checklistPhotoUrl(photo.file)),
      fixed: isFixed(findings[index]!),
    })),
    advice: inspectionAdvice(findings),
  };
}
