import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, CHECKLIST_PHOTO_MAX_BYTES, CHECKLIST_PHOTOS_MAX, type ChecklistPhoto, type ErrorCode } from 'shared-contracts/schemas';
import { instantParameter, runsOneTransactionAtATime } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { CHECKLIST_PHOTO_BOUNDS, checklistPhotosFolder, removeChecklistPhoto, storeUploadedImage, type ImageEncoder, type StoredPhoto } from '../media';
import { assertChecklistWritable, checklistMessages, orderWritableBy, type ChecklistWriter } from './checklistAccess';
import { toChecklistPhoto } from './checklistItems';

export const checklistPhotoMessages = {
  missing: 'Vui lòng chọn một ảnh (trường file).',
  notMultipart: 'Vui lòng gửi ảnh dưới dạng multipart/form-data.',
  tooLarge: `Ảnh không được lớn hơn ${CHECKLIST_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Ảnh phải là tệp JPEG, PNG hoặc WebP.',
  unreadable: 'Không đọc được ảnh. Vui lòng chụp hoặc chọn một ảnh JPEG, PNG hoặc WebP khác.',
  tooMany: `Mỗi mục kiểm tra có tối đa ${CHECKLIST_PHOTOS_MAX} ảnh.`,
  busy: 'Máy chủ chưa xử lý được ảnh lúc này. Vui lòng thử lại sau ít phút.',
  added: 'Đã thêm ảnh.',
  deleted: 'Đã xoá ảnh.',
} as const;

function tooManyPhotos(): AppError {
  return new AppError(409, ERROR_CODES.TOO_MANY_PHOTOS, checklistPhotoMessages.tooMany);
}

/**
 * Checks that item `itemId` of order `orderId` takes a photo from `writer` now (404 / 403 NOT_ASSIGNED / 409
 * CHECKLIST_LOCKED / 409 TOO_MANY_PHOTOS), before the upload is decoded: cheap refusals first. The insert
 * checks it all again.
 */
export async function assertPhotoAccepted(db: Kysely<Database>, orderId: number, itemId: number, writer: ChecklistWriter): Promise<void> {
  await assertChecklistWritable(db, orderId, itemId, writer);
  const { count } = await db
    .selectFrom('checklist_photos')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= CHECKLIST_PHOTOS_MAX) throw tooManyPhotos();
}

/**
 * The form's first file → a stored WebP (its file, not yet any row's), re-encoded and written by the image encoder's
 * process: 413 over 8 MB, 422 without a file (400 for a malformed form), 415 UNSUPPORTED_MEDIA for anything but a
 * readable JPEG/PNG/WebP, 422 IMAGE_TOO_LARGE / IMAGE_EXTREME_SHAPE for a canvas out of CHECKLIST_PHOTO_BOUNDS (read
 * from the header, before any decoding), 503 PHOTO_ENCODER_UNAVAILABLE when the encoder died or hung on it (nothing
 * was stored: the technician sends it again).
 */
export function storeChecklistUpload(request: FastifyRequest, encoder: ImageEncoder, uploadDir: string): Promise<StoredPhoto> {
  const fileError = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message, [{ field: 'file', message }]);
  return storeUploadedImage(request, encoder, {
    kind: 'checklist-photo',
    folder: checklistPhotosFolder(uploadDir),
    bounds: CHECKLIST_PHOTO_BOUNDS,
    maxBytes: CHECKLIST_PHOTO_MAX_BYTES,
    tooLarge: () => new AppError(413, ERROR_CODES.FILE_TOO_LARGE, checklistPhotoMessages.tooLarge),
    missing: () => fileError(422, ERROR_CODES.VALIDATION_ERROR, checklistPhotoMessages.missing),
    malformed: () => AppError.badRequest(checklistPhotoMessages.missing),
    wrongType: () => fileError(415, ERROR_CODES.UNSUPPORTED_MEDIA, checklistPhotoMessages.wrongType),
    unreadable: () => fileError(415, ERROR_CODES.UNSUPPORTED_MEDIA, checklistPhotoMessages.unreadable),
    busy: () => new AppError(503, ERROR_CODES.PHOTO_ENCODER_UNAVAILABLE, checklistPhotoMessages.busy),
  });
}

/**
 * Records a checklist photo whose file is already stored (storeUpload, under a random name): its row is
 * inserted by one conditional INSERT … SELECT that lands only while the item has fewer than 5 photos and the
 * order is still the writer's and IN_PROGRESS. On PostgreSQL the item row is locked first (SELECT … FOR UPDATE)
 * so that parallel uploads to one item count one after the other (READ COMMITTED gives the INSERT a snapshot
 * taken after the lock); SQLite runs one write transaction at a time. When the row does not land — refused or
 * failed — the file is removed: a refused upload leaves nothing behind.
 */
export async function addChecklistPhoto(
  db: Kysely<Database>,
  uploadDir: string,
  target: { orderId: number; itemId: number; writer: ChecklistWriter; at: Date },
  stored: StoredPhoto,
): Promise<ChecklistPhoto> {
  const { orderId, itemId, writer, at } = target;
  const { file } = stored;
  try {
    const createdAt = instantParameter(db, at.toISOString());
    const row = await db.transaction().execute(async (trx) => {
      if (!runsOneTransactionAtATime(db)) {
        await trx.selectFrom('service_order_checklist_items').select('id').where('id', '=', itemId).forUpdate().execute();
      }
      return trx
        .insertInto('checklist_photos')
        .columns(['item_id', 'file', 'width', 'height', 'uploaded_by', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('service_order_checklist_items')
            .select([
              'service_order_checklist_items.id',
              sql<string>`cast(${file} as varchar(80))`.as('file'),
              sql<number>`cast(${stored.width} as integer)`.as('width'),
              sql<number>`cast(${stored.height} as integer)`.as('height'),
              sql<number>`cast(${writer.userId} as integer)`.as('uploaded_by'),
              createdAt.as('created_at'),
            ])
            .where('service_order_checklist_items.id', '=', itemId)
            .where('service_order_checklist_items.service_order_id', '=', orderId)
            .where(orderWritableBy(orderId, writer))
            .where((inner) =>
              inner(
                inner.selectFrom('checklist_photos').select((count) => count.fn.countAll().as('n')).where('checklist_photos.item_id', '=', itemId),
                '<',
                CHECKLIST_PHOTOS_MAX,
              ),
            ),
        )
        .returning(['id', 'item_id', 'file', 'width', 'height'])
        .executeTakeFirst();
    });
    if (!row) {
      await assertChecklistWritable(db, orderId, itemId, writer);
      throw tooManyPhotos();
    }
    return toChecklistPhoto(row);
  } catch (error) {
    await removeChecklistPhoto(uploadDir, file);
    throw error;
  }
}

/**
 * Deletes a photo of an item (same rule as adding one: the assigned technician while IN_PROGRESS), row first,
 * then the file.
 */
export async function deleteChecklistPhoto(
  db: Kysely<Database>,
  uploadDir: string,
  target: { orderId: number; itemId: number; photoId: number; writer: ChecklistWriter },
): Promise<void> {
  const { orderId, itemId, photoId, writer } = target;
  const row = await db
    .deleteFrom('checklist_photos')
    .where('id', '=', photoId)
    .where('item_id', '=', itemId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('service_order_checklist_items')
          .select('service_order_checklist_items.id')
          .where('service_order_checklist_items.id', '=', itemId)
          .where('service_order_checklist_items.service_order_id', '=', orderId),
      ),
    )
    .where(orderWritableBy(orderId, writer))
    .returning('file')
    .executeTakeFirst();
  if (!row) {
    await assertChecklistWritable(db, orderId, itemId, writer);
    throw AppError.notFound(checklistMessages.photoNotFound);
  }
  await removeChecklistPhoto(uploadDir, row.file);
}
