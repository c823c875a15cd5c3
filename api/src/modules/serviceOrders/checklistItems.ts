import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
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
import { dialectOf, toIsoUtc } from '../../db/portable';
import { prepareOnPostgres } from '../../db/pgCallbackPool';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { apiMessages } from '../../http/messages';
import { activeCentreOf, noCentre } from '../../security/centreScope';
import { assertChecklistWritable } from './checklistAccess';
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

/** The item's answer before a change (did it count as answered?). SQLite only: PostgreSQL reads it in answerOnPostgres. */
const itemResult = preparedQuery<{ itemId: number; orderId: number }>()((db, param) =>
  db.selectFrom('service_order_checklist_items').select('result').where('id', '=', param('itemId')).where('service_order_id', '=', param('orderId')),
);

const editableStatuses = CHECKLIST_EDITABLE_STATUSES.map((status) => `'${status}'`).join(', ');
const writerCentre = `select centre_id from staff_assignments where user_id = $1 and ended_at is null`;
/** The item's photos as a JSON array, oldest first (the answer's response carries them). */
const photosJson = (dialect: 'sqlite' | 'postgres', item: string) =>
  dialect === 'postgres'
    ? `(select coalesce(json_agg(json_build_object('id', p.id, 'item_id', p.item_id, 'file', p.file, 'width', p.width, 'height', p.height) order by p.id), '[]') from checklist_photos p where p.item_id = ${item})`
    : `(select json_group_array(json_object('id', p.id, 'item_id', p.item_id, 'file', p.file, 'width', p.width, 'height', p.height)) from (select * from checklist_photos where item_id = ${item} order by id) p)`;
/**
 * The answer, written only while the order is the writer's centre's (their active assignment, read in the same
 * statement), assigned to the writer and IN_PROGRESS (orderWritableBy's condition). Parameters: $1 user, $2 item,
 * $3 order, $4 result, $5 note, $6 checked_by, $7 checked_at.
 */
const answerCondition = `id = $2 and service_order_id = $3 and exists (select 1 from service_orders where service_orders.id = $3
  and service_orders.status in (${editableStatuses}) and service_orders.technician_id = $1 and service_orders.centre_id = (${writerCentre}))`;
const answerSet = `set result = $4, note = $5, checked_by = $6, checked_at = $7`;
/**
 * PostgreSQL: the whole answer in one statement (one round trip: the writer's centre, the answer before, the write,
 * the photos); a statement's sub-statements see one snapshot, so `before` is the answer the update replaced.
 * It always returns one row: centre_id null (no active assignment) or id null (the write was refused).
 */
const answerOnPostgres = `with writer as (${writerCentre} limit 1),
before as (select result from service_order_checklist_items where id = $2 and service_order_id = $3),
updated as (update service_order_checklist_items ${answerSet} where ${answerCondition} returning *)
select (select centre_id from writer) as writer_centre_id, (select result from before) as before_result, updated.*, ${photosJson('postgres', 'updated.id')} as photos
from (select 1) as one left join updated on true`;
prepareOnPostgres(answerOnPostgres);
/** SQLite (no write in a WITH): the write with the writer's centre and the photos; the answer before is read first. */
const answerOnSqlite = `update service_order_checklist_items ${answerSet} where ${answerCondition}
returning *, (${writerCentre}) as writer_centre_id, ${photosJson('sqlite', 'service_order_checklist_items.id')} as photos`;
/** SQLite binds `?` in order: the text with `$n` replaced, and which parameter each `?` takes. */
const sqliteAnswer = { text: answerOnSqlite.replace(/\$\d/g, '?'), order: [...answerOnSqlite.matchAll(/\$(\d)/g)].map((match) => Number(match[1]) - 1) };

interface AnswerRow extends ServiceOrderChecklistItemRow {
  writer_centre_id: number | null;
  before_result?: string | null;
  /** JSON text on SQLite, parsed by pg on PostgreSQL. */
  photos: string | PhotoRow[];
}

export interface AnsweredItem {
  item: ServiceOrderChecklistItem;
  /** The writer's centre (whose floor streams are told). */
  centreId: number;
  /** The item became answered or unanswered: the order's answered count (shown on the board) moved. */
  progressChanged: boolean;
}

/** The writer's active centre, or 403 NO_CENTRE (what requireCentreRole answers for a technician without one). */
export async function writerCentreOf(db: Kysely<Database>, userId: number): Promise<number> {
  const centreId = await activeCentreOf(db, userId);
  if (centreId === null) throw noCentre();
  return centreId;
}

/**
 * Records a technician's answer to one item (autosaved per item, editable back to another value or to
 * unanswered while the order is IN_PROGRESS) in one conditional UPDATE that also checks the technician's active
 * centre (the route reads no assignment first); the item with its photos comes back. On PostgreSQL that is the
 * request's one statement; SQLite reads the answer before it too. A refused write is explained after (404, 403
 * NOT_ASSIGNED or NO_CENTRE, 409). The order's version is not bumped: answers are per item and do not conflict
 * with assignment edits.
 */
export async function answerChecklistItem(
  db: Kysely<Database>,
  orderId: number,
  itemId: number,
  userId: number,
  answer: ChecklistAnswer,
  at: Date,
): Promise<AnsweredItem> {
  const answered = answer.result !== null;
  const postgres = dialectOf(db) === 'postgres';
  const before = postgres ? undefined : await itemResult.first(db, { itemId, orderId });
  const parameters = [userId, itemId, orderId, answer.result, answer.note, answered ? userId : null, answered ? at.toISOString() : null];
  const query = postgres ? CompiledQuery.raw(answerOnPostgres, parameters) : CompiledQuery.raw(sqliteAnswer.text, sqliteAnswer.order.map((index) => parameters[index]));
  const { rows } = await db.executeQuery<AnswerRow>(query as CompiledQuery<AnswerRow>);
  const row = rows[0];
  if (!row || row.id === null || row.writer_centre_id === null) {
    const centreId = await writerCentreOf(db, userId);
    await assertChecklistWritable(db, orderId, itemId, { userId, centreId });
    // Allowed now but not a moment ago: the order changed in between.
    throw AppError.conflict(apiMessages.conflict);
  }
  const previous = postgres ? (row.before_result ?? null) : (before?.result ?? null);
  const progressChanged = previous === null ? answered : !answered;
  const photos = typeof row.photos === 'string' ? (JSON.parse(row.photos) as PhotoRow[]) : row.photos;
  return { item: toChecklistItem(row, photos), centreId: row.writer_centre_id, progressChanged };
}
