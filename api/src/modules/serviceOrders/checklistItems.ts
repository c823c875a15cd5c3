import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  checklistAnswerInputSchema,
  type ChecklistPhoto,
  type ChecklistResult,
  type ServiceOrderChecklistItem,
} from 'shared-contracts/schemas';
import type { ServiceOrderChecklistItemRow } from '../../db/backOfficeSchema';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError, ErrorCodes } from '../../http/appError';
import { apiMessages } from '../../http/messages';
import { assertChecklistWritable, orderWritableBy, type ChecklistWriter } from './checklistAccess';
import { checklistPhotoUrl } from './checklistPhotosStore';

type Db = Kysely<Database> | Transaction<Database>;

interface PhotoRow {
  id: number;
  item_id: number;
  file: string;
  width: number;
  height: number;
}

export function toChecklistPhoto(row: PhotoRow): ChecklistPhoto {
  return { id: row.id, url: checklistPhotoUrl(row.file), width: row.width, height: row.height };
}

export function toChecklistItem(row: ServiceOrderChecklistItemRow, photos: readonly PhotoRow[]): ServiceOrderChecklistItem {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    result: row.result as ChecklistResult | null,
    note: row.note,
    checkedAt: row.checked_at === null ? null : toIsoUtc(row.checked_at),
    photos: photos.filter((photo) => photo.item_id === row.id).map(toChecklistPhoto),
  };
}

/** The photos of some checklist items, oldest first. */
export function photosOfItems(db: Db, itemIds: readonly number[]): Promise<PhotoRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('checklist_photos')
    .select(['id', 'item_id', 'file', 'width', 'height'])
    .where('item_id', 'in', [...itemIds])
    .orderBy('id')
    .execute();
}

/** Every item of an order's checklist in its order, with photos (the detail drawer and the technician's screen). */
export async function checklistOfOrder(db: Db, orderId: number): Promise<ServiceOrderChecklistItem[]> {
  const rows = await db
    .selectFrom('service_order_checklist_items')
    .selectAll()
    .where('service_order_id', '=', orderId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const photos = await photosOfItems(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toChecklistItem(row, photos));
}

export async function readChecklistItem(db: Db, orderId: number, itemId: number): Promise<ServiceOrderChecklistItem | null> {
  const row = await db.selectFrom('service_order_checklist_items').selectAll().where('id', '=', itemId).where('service_order_id', '=', orderId).executeTakeFirst();
  return row ? toChecklistItem(row, await photosOfItems(db, [row.id])) : null;
}

export type ChecklistAnswer = z.output<typeof checklistAnswerInputSchema>;

/**
 * The body of PUT /service-orders/:id/checklist/:itemId, checked here rather than by the route schema: a bad
 * answer is a 422 whose first message is the rule broken ('Mục không đạt cần ghi rõ lý do.').
 */
export function parseChecklistAnswer(body: unknown): ChecklistAnswer {
  const parsed = checklistAnswerInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError(422, ErrorCodes.VALIDATION_ERROR, errors[0]?.message ?? apiMessages.validation, errors);
}

/**
 * Records a technician's answer to one item (autosaved per item, editable back to another value or to
 * unanswered while the order is IN_PROGRESS) in one conditional UPDATE; the item with its photos comes back.
 * The order's version is not bumped: answers are per item and do not conflict with assignment edits.
 */
export async function answerChecklistItem(
  db: Kysely<Database>,
  orderId: number,
  itemId: number,
  writer: ChecklistWriter,
  answer: ChecklistAnswer,
  at: Date,
): Promise<ServiceOrderChecklistItem> {
  const answered = answer.result !== null;
  const row = await db
    .updateTable('service_order_checklist_items')
    .set({
      result: answer.result,
      note: answer.note,
      checked_by: answered ? writer.userId : null,
      checked_at: answered ? at.toISOString() : null,
    })
    .where('id', '=', itemId)
    .where('service_order_id', '=', orderId)
    .where(orderWritableBy(orderId, writer))
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    await assertChecklistWritable(db, orderId, itemId, writer);
    // Allowed now but not a moment ago: the order changed in between.
    throw AppError.conflict(apiMessages.conflict);
  }
  return toChecklistItem(row, await photosOfItems(db, [row.id]));
}
