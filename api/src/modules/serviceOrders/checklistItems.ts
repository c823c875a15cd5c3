import { sql, type Kysely, type Transaction } from 'kysely';
import { type z } from 'zod';
import {
  ERROR_CODES,
  CHECKLIST_EDITABLE_STATUSES,
  checklistAnswerInputSchema,
  type ChecklistPhoto,
  type ChecklistResult,
  type ServiceOrderChecklistItem,
} from 'shared-contracts/schemas';
import type { ServiceOrderChecklistItemRow } from '../../db/backOfficeSchema';
import { toIsoUtc } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import { returningReadsRowBefore } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { apiMessages } from '../../http/messages';
import { assertChecklistWritable, type ChecklistWriter } from './checklistAccess';
import { checklistPhotoUrl } from '../media';

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
  throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]?.message ?? apiMessages.validation, errors);
}

/** The item's answer before a change (did it count as answered?). */
const itemResult = preparedQuery<{ itemId: number; orderId: number }>()((db, param) =>
  db.selectFrom('service_order_checklist_items').select('result').where('id', '=', param('itemId')).where('service_order_id', '=', param('orderId')),
);

type AnswerParams = {
  itemId: number;
  orderId: number;
  userId: number;
  centreId: number;
  result: ChecklistResult | null;
  note: string | null;
  checkedBy: number | null;
  checkedAt: string | null;
};

/**
 * The answer, written only while the order is the writer's centre's, assigned to the writer and IN_PROGRESS
 * (the condition of orderWritableBy, over parameters so that the statement is compiled once). The item comes
 * back with its photo count (its photos are read only when it has some) and, with `before`, its result before
 * the write (where returningReadsRowBefore: one statement instead of a read and a write).
 */
function answerUpdateOf(before: boolean) {
  return preparedQuery<AnswerParams>()((db, param) =>
    db
      .updateTable('service_order_checklist_items')
      .set({ result: param('result'), note: param('note'), checked_by: param('checkedBy'), checked_at: param('checkedAt') })
      .where('id', '=', param('itemId'))
      .where('service_order_id', '=', param('orderId'))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('service_orders')
            .select('service_orders.id')
            .where('service_orders.id', '=', param('orderId'))
            .where('service_orders.status', 'in', [...CHECKLIST_EDITABLE_STATUSES])
            .where('service_orders.technician_id', '=', param('userId'))
            .where('service_orders.centre_id', '=', param('centreId')),
        ),
      )
      .returningAll()
      .returning((eb) => [
        eb
          .selectFrom('checklist_photos')
          .select((photos) => photos.fn.countAll<number | string>().as('photos'))
          .whereRef('checklist_photos.item_id', '=', 'service_order_checklist_items.id')
          .as('photo_count'),
        (before
          ? eb.selectFrom('service_order_checklist_items as before').select('before.result').where('before.id', '=', param('itemId'))
          : sql<string | null>`null`
        ).as('result_before'),
      ]),
  );
}

const answerUpdate = answerUpdateOf(false);
const answerUpdateWithBefore = answerUpdateOf(true);

const photosOfItem = preparedQuery<{ itemId: number }>()((db, param) =>
  db.selectFrom('checklist_photos').select(['id', 'item_id', 'file', 'width', 'height']).where('item_id', '=', param('itemId')).orderBy('id'),
);

export interface AnsweredItem {
  item: ServiceOrderChecklistItem;
  /** The item became answered or unanswered: the order's answered count (shown on the board) moved. */
  progressChanged: boolean;
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
): Promise<AnsweredItem> {
  const answered = answer.result !== null;
  const oneStatement = returningReadsRowBefore(db);
  const before = oneStatement ? undefined : await itemResult.first(db, { itemId, orderId });
  // A writer without a centre (an admin) matches no order: the refusal below explains why.
  const row = await (oneStatement ? answerUpdateWithBefore : answerUpdate).first(db, {
    itemId,
    orderId,
    userId: writer.userId,
    centreId: writer.centreId ?? 0,
    result: answer.result,
    note: answer.note,
    checkedBy: answered ? writer.userId : null,
    checkedAt: answered ? at.toISOString() : null,
  });
  if (!row) {
    await assertChecklistWritable(db, orderId, itemId, writer);
    // Allowed now but not a moment ago: the order changed in between.
    throw AppError.conflict(apiMessages.conflict);
  }
  const resultBefore = oneStatement ? row.result_before : (before?.result ?? null);
  const progressChanged = resultBefore === null ? answered : !answered;
  const { photo_count: photoCount, result_before: _resultBefore, ...item } = row;
  const photos = Number(photoCount) > 0 ? await photosOfItem.rows(db, { itemId: row.id }) : [];
  return { item: toChecklistItem(item, photos), progressChanged };
}
