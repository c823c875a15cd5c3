import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CHECKLIST_PHOTO_MAX_BYTES, CONVERSATION_PHOTO_PENDING_HOURS, ERROR_CODES, type ConversationPhoto } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { objectStoreAt } from '../../objectStorage';
import type { Clock } from '../../security/clock';
import {
  catalogueAssets,
  CHECKLIST_PHOTO_BOUNDS,
  CHECKLIST_PHOTO_FILE_PATTERN,
  checklistPhotosFolder,
  photoFieldUpload,
  removeChecklistPhoto,
  storeUploadedImage,
  type ImageEncoder,
} from '../media';
import { threadFor, type Viewer } from './conversationAccess';
import { conversationMessages as messages } from './conversationMessages';
import { conversationPhotoUrl } from './conversationReads';

export const CONVERSATION_PHOTO_MAX_BYTES = CHECKLIST_PHOTO_MAX_BYTES;
/** Photos one person may hold uploaded and unsent in a thread (each is stored work until sent or swept). */
export const PENDING_PHOTOS_MAX = 8;
/** The demo's photos (seed) are catalogue images, named so: there is no upload folder at seed time. */
const CATALOGUE_PHOTO_PREFIX = 'catalogue:';
export const DEMO_PHOTO_FILE = `${CATALOGUE_PHOTO_PREFIX}products/ma-phanh-truoc-bosch-cho-vinfast-vf-8.svg`;
/** Unsent photos deleted per sweep run. */
const SWEEP_BATCH = 500;

/**
 * An uploaded photo, not sent yet: a JPEG, PNG or WebP (sniffed, 415 otherwise) within the checklist photos' bounds
 * (422 before anything decodes it), re-encoded by the image encoder's process as a checklist photo (WebP ≤ 1600 px,
 * no EXIF). Its file name is never shown: the thread's people fetch it by id.
 */
export async function uploadPhoto(
  deps: { db: Kysely<Database>; clock: Clock; encoder: ImageEncoder; uploadDir: string },
  viewer: Viewer,
  id: number,
  request: FastifyRequest,
  beforeEncoding: () => Promise<void>,
): Promise<ConversationPhoto> {
  const { db, clock, encoder, uploadDir } = deps;
  await threadFor(db, viewer, id);
  const pending = await db
    .selectFrom('conversation_photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('conversation_id', '=', id)
    .where('uploader_id', '=', viewer.userId)
    .where('message_id', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(pending.count) >= PENDING_PHOTOS_MAX) throw new AppError(409, ERROR_CODES.TOO_MANY_PHOTOS, messages.pendingPhotosFull(PENDING_PHOTOS_MAX));
  await beforeEncoding();
  const folder = checklistPhotosFolder(uploadDir);
  const stored = await storeUploadedImage(
    request,
    encoder,
    photoFieldUpload(request, messages, { kind: 'checklist-photo', folder, bounds: CHECKLIST_PHOTO_BOUNDS, maxBytes: CONVERSATION_PHOTO_MAX_BYTES }),
  );
  try {
    const row = await db
      .insertInto('conversation_photos')
      .values({ conversation_id: id, uploader_id: viewer.userId, message_id: null, file: stored.file, width: stored.width, height: stored.height, created_at: clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, url: conversationPhotoUrl(id, row.id), width: stored.width, height: stored.height };
  } catch (error) {
    await removeChecklistPhoto(uploadDir, stored.file);
    throw error;
  }
}

/** Sends a photo to the thread's people: a sent one, or the viewer's own unsent upload; anything else 404. */
export async function sendPhoto(db: Kysely<Database>, uploadDir: string, viewer: Viewer, id: number, photoId: number, reply: FastifyReply): Promise<FastifyReply> {
  await threadFor(db, viewer, id);
  const photo = await db.selectFrom('conversation_photos').select(['file', 'message_id', 'uploader_id']).where('id', '=', photoId).where('conversation_id', '=', id).executeTakeFirst();
  if (!photo || (photo.message_id === null && photo.uploader_id !== viewer.userId)) throw AppError.notFound(messages.photoNotFound);
  const privately = reply
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'");
  if (photo.file.startsWith(CATALOGUE_PHOTO_PREFIX)) {
    const asset = catalogueAssets().get(photo.file.slice(CATALOGUE_PHOTO_PREFIX.length));
    if (!asset) throw AppError.notFound(messages.photoNotFound);
    return privately.type(asset.contentType).send(asset.body);
  }
  if (!CHECKLIST_PHOTO_FILE_PATTERN.test(photo.file)) throw AppError.notFound(messages.photoNotFound);
  const stored = await objectStoreAt(uploadDir).get(`checklist/${photo.file}`);
  if (!stored) throw AppError.notFound(messages.photoNotFound);
  return privately.header('content-length', String(stored.size)).type('image/webp').send(stored.body);
}

/** Deletes photos uploaded and never sent, older than CONVERSATION_PHOTO_PENDING_HOURS (rows, then files). */
export async function sweepPendingPhotos(db: Kysely<Database>, clock: Clock, uploadDir: string): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - CONVERSATION_PHOTO_PENDING_HOURS * 3_600_000).toISOString();
  const stale = await db
    .selectFrom('conversation_photos')
    .select('id')
    .where('message_id', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(SWEEP_BATCH)
    .execute();
  if (!stale.length) return 0;
  // Only those still unsent when deleted: one sent meanwhile keeps its file.
  const deleted = await db
    .deleteFrom('conversation_photos')
    .where('id', 'in', stale.map((photo) => photo.id))
    .where('message_id', 'is', null)
    .returning('file')
    .execute();
  await Promise.all(deleted.map((photo) => removeChecklistPhoto(uploadDir, photo.file)));
  return deleted.length;
}
