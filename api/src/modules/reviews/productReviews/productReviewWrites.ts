import type { Kysely } from 'kysely';
import { ERROR_CODES, PRODUCT_REVIEW_PHOTOS_MAX, type ReviewReportReason } from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/appError';
import type { Clock } from '../../../security/clock';
import { invalidateCatalogue } from '../../catalogue';
import { enqueueEmail } from '../../notifications';
import { isUniqueViolation } from '../../orders';
import { reviewHiddenEmail } from './productReviewEmails';
import { productReviewMessages as messages } from './productReviewMessages';
import { lockProduct, refreshProductRating } from './productReviewRating';
import { editableUntil, RECEIVED_ORDER_STATUSES } from './productReviewReads';

/** A review as its writes check it. */
interface ReviewFacts {
  id: number;
  product_id: number;
  user_id: number;
  hidden: number;
  created_at: Date | string;
}

async function reviewFacts(db: Kysely<Database>, reviewId: number): Promise<ReviewFacts> {
  const row = await db.selectFrom('product_reviews').select(['id', 'product_id', 'user_id', 'hidden', 'created_at']).where('id', '=', reviewId).executeTakeFirst();
  if (!row) throw AppError.notFound(messages.reviewNotFound);
  return { ...row, hidden: toNumber(row.hidden) };
}

/** The author's review, still editable at `at` (403 for another's, 403 past the edit window). */
export async function authorsEditableReview(db: Kysely<Database>, reviewId: number, userId: number, at: Date): Promise<ReviewFacts> {
  const review = await reviewFacts(db, reviewId);
  if (review.user_id !== userId) throw AppError.forbidden(messages.notAuthor);
  if (editableUntil(review.created_at).getTime() <= at.getTime()) throw AppError.forbidden(messages.editExpired);
  return review;
}

/**
 * Runs a change of the product's reviews in one transaction that ends by counting its rating again (after its
 * row lock: changes of one product run one after another), then drops the catalogue's cached answers so the
 * cards show the new figures at once (other API instances within their cache's 30 s).
 */
async function changeReviews<T>(db: Kysely<Database>, productId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    const value = await work(trx);
    await refreshProductRating(trx, productId);
    return value;
  });
  invalidateCatalogue();
  return result;
}

/**
 * POST /api/reviews: the buyer of a received product line reviews it once. A line that does not exist is a 404;
 * another customer's, an undelivered one or a package's a 403; a second review of the line a 409 (the unique
 * order_line_id decides between concurrent posts).
 */
export async function createReview(db: Kysely<Database>, clock: Clock, userId: number, input: { orderLineId: number; rating: number; text: string }): Promise<number> {
  const line = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.kind', 'order_lines.ref_id', 'orders.user_id', 'orders.status'])
    .where('order_lines.id', '=', input.orderLineId)
    .executeTakeFirst();
  if (!line) throw AppError.notFound(messages.lineNotFound);
  const received = (RECEIVED_ORDER_STATUSES as readonly string[]).includes(line.status);
  if (line.user_id !== userId || !received || line.kind !== 'product') throw AppError.forbidden(messages.notBuyer);
  const product = await db.selectFrom('products').select('id').where('id', '=', line.ref_id).executeTakeFirst();
  if (!product) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
  const now = clock.now().toISOString();
  try {
    return await changeReviews(db, product.id, async (trx) => {
      const existing = await trx.selectFrom('product_reviews').select('id').where('order_line_id', '=', input.orderLineId).executeTakeFirst();
      if (existing) throw AppError.conflict(messages.alreadyReviewed);
      const row = await trx
        .insertInto('product_reviews')
        .values({ order_line_id: input.orderLineId, product_id: product.id, user_id: userId, rating: input.rating, text: input.text, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(messages.alreadyReviewed);
    throw error;
  }
}

/** PATCH /api/reviews/:id: the author changes stars or text within the edit window. */
export async function updateReview(db: Kysely<Database>, clock: Clock, userId: number, reviewId: number, input: { rating?: number; text?: string }): Promise<void> {
  const at = clock.now();
  const review = await authorsEditableReview(db, reviewId, userId, at);
  await changeReviews(db, review.product_id, async (trx) => {
    await trx
      .updateTable('product_reviews')
      .set({ ...(input.rating === undefined ? {} : { rating: input.rating }), ...(input.text === undefined ? {} : { text: input.text }), updated_at: at.toISOString(), edited_at: at.toISOString() })
      .where('id', '=', reviewId)
      .execute();
  });
}

/** DELETE /api/reviews/:id: the author removes their review (any time); answers the stored photos' files to delete. */
export async function deleteReview(db: Kysely<Database>, userId: number, reviewId: number): Promise<string[]> {
  const review = await reviewFacts(db, reviewId);
  if (review.user_id !== userId) throw AppError.forbidden(messages.notAuthor);
  return changeReviews(db, review.product_id, async (trx) => {
    const photos = await trx.selectFrom('product_review_photos').select('file').where('review_id', '=', reviewId).execute();
    await trx.deleteFrom('product_reviews').where('id', '=', reviewId).execute();
    return photos.map((photo) => photo.file);
  });
}

/** Records a stored photo on the author's review (at most PRODUCT_REVIEW_PHOTOS_MAX, counted under the product's lock). */
export async function addReviewPhoto(db: Kysely<Database>, clock: Clock, review: ReviewFacts, photo: { file: string; width: number; height: number }): Promise<void> {
  const now = clock.now().toISOString();
  await changeReviews(db, review.product_id, async (trx) => {
    const row = await trx.selectFrom('product_reviews').select('photo_count').where('id', '=', review.id).executeTakeFirst();
    if (!row) throw AppError.notFound(messages.reviewNotFound);
    if (toNumber(row.photo_count) >= PRODUCT_REVIEW_PHOTOS_MAX) throw new AppError(409, ERROR_CODES.TOO_MANY_PHOTOS, messages.tooManyPhotos);
    await trx.insertInto('product_review_photos').values({ review_id: review.id, file: photo.file, width: photo.width, height: photo.height, created_at: now }).execute();
    await trx
      .updateTable('product_reviews')
      .set((eb) => ({ photo_count: eb('photo_count', '+', 1), updated_at: now }))
      .where('id', '=', review.id)
      .execute();
  });
}

/** Removes one photo of the author's review; answers the stored file to delete. */
export async function removeReviewPhoto(db: Kysely<Database>, clock: Clock, review: ReviewFacts, photoId: number): Promise<string> {
  const now = clock.now().toISOString();
  return changeReviews(db, review.product_id, async (trx) => {
    const photo = await trx.selectFrom('product_review_photos').select('file').where('id', '=', photoId).where('review_id', '=', review.id).executeTakeFirst();
    if (!photo) throw AppError.notFound(messages.photoNotFound, ERROR_CODES.MEDIA_NOT_FOUND);
    await trx.deleteFrom('product_review_photos').where('id', '=', photoId).execute();
    await trx
      .updateTable('product_reviews')
      .set((eb) => ({ photo_count: eb('photo_count', '-', 1), updated_at: now }))
      .where('id', '=', review.id)
      .execute();
    return photo.file;
  });
}

/** A visible review someone other than its author acts on (404 hidden or missing, 403 own). */
async function othersVisibleReview(db: Kysely<Database>, reviewId: number, userId: number, own: string): Promise<ReviewFacts> {
  const review = await reviewFacts(db, reviewId);
  if (review.hidden === 1) throw AppError.notFound(messages.reviewNotFound);
  if (review.user_id === userId) throw AppError.forbidden(own);
  return review;
}

/**
 * PUT/DELETE /api/reviews/:id/helpful: one vote per account (the primary key); the count moves only when a vote
 * row was added or removed, so repeats change nothing.
 */
export async function setHelpful(db: Kysely<Database>, clock: Clock, userId: number, reviewId: number, voted: boolean): Promise<{ helpfulCount: number; votedHelpful: boolean }> {
  await othersVisibleReview(db, reviewId, userId, messages.ownHelpful);
  return db.transaction().execute(async (trx) => {
    let changed: bigint;
    if (voted) {
      const result = await trx
        .insertInto('product_review_votes')
        .values({ review_id: reviewId, user_id: userId, created_at: clock.now().toISOString() })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .executeTakeFirst();
      changed = result.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const result = await trx.deleteFrom('product_review_votes').where('review_id', '=', reviewId).where('user_id', '=', userId).executeTakeFirst();
      changed = result.numDeletedRows;
    }
    if (changed > 0n) {
      await trx
        .updateTable('product_reviews')
        .set((eb) => ({ helpful_count: eb('helpful_count', voted ? '+' : '-', 1) }))
        .where('id', '=', reviewId)
        .execute();
    }
    const row = await trx.selectFrom('product_reviews').select('helpful_count').where('id', '=', reviewId).executeTakeFirstOrThrow();
    return { helpfulCount: toNumber(row.helpful_count), votedHelpful: voted };
  });
}

/** POST /api/reviews/:id/reports: one report per account and review; a repeat is accepted and changes nothing. */
export async function reportReview(db: Kysely<Database>, clock: Clock, userId: number, reviewId: number, input: { reason: ReviewReportReason; note?: string }): Promise<void> {
  await othersVisibleReview(db, reviewId, userId, messages.ownReport);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('product_review_reports')
      .values({ review_id: reviewId, user_id: userId, reason: input.reason, note: input.note ? input.note : null, created_at: clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if ((result.numInsertedOrUpdatedRows ?? 0n) > 0n) {
      await trx
        .updateTable('product_reviews')
        .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
        .where('id', '=', reviewId)
        .execute();
    }
  });
}

/** PUT /api/admin/reviews/:id/reply: the shop's one public reply, written or edited in place (audited). */
export async function replyToReview(db: Kysely<Database>, clock: Clock, adminId: number, reviewId: number, text: string): Promise<void> {
  const review = await reviewFacts(db, reviewId);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    // The first reply's time stays; an edit replaces the text and moves updated_at.
    await trx
      .updateTable('product_reviews')
      .set({ reply_text: text, reply_by: adminId, reply_updated_at: now })
      .where('id', '=', reviewId)
      .execute();
    await trx.updateTable('product_reviews').set({ reply_created_at: now }).where('id', '=', reviewId).where('reply_created_at', 'is', null).execute();
    await trx
      .insertInto('product_review_moderation_events')
      .values({ review_id: reviewId, product_id: review.product_id, action: 'reply', actor_user_id: adminId, reason: null, created_at: now })
      .execute();
  });
}

/**
 * POST /api/admin/reviews/:id/hide and /unhide: the review leaves (or comes back to) the product's page and its
 * rating, audited; hiding tells the author by email (the outbox, in the same transaction). 409 when already so.
 */
export async function setReviewHidden(
  db: Kysely<Database>,
  clock: Clock,
  adminId: number,
  reviewId: number,
  hide: { reason: string; publicUrl: string } | null,
): Promise<void> {
  const review = await reviewFacts(db, reviewId);
  const now = clock.now().toISOString();
  await changeReviews(db, review.product_id, async (trx) => {
    const updated = await trx
      .updateTable('product_reviews')
      .set(hide ? { hidden: 1, hidden_reason: hide.reason, hidden_by: adminId, hidden_at: now } : { hidden: 0, hidden_reason: null, hidden_by: null, hidden_at: null })
      .where('id', '=', reviewId)
      .where('hidden', '=', hide ? 0 : 1)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw AppError.conflict(hide ? messages.alreadyHidden : messages.notHidden);
    await trx
      .insertInto('product_review_moderation_events')
      .values({ review_id: reviewId, product_id: review.product_id, action: hide ? 'hide' : 'unhide', actor_user_id: adminId, reason: hide?.reason ?? null, created_at: now })
      .execute();
    if (hide) {
      const facts = await trx
        .selectFrom('product_reviews')
        .innerJoin('users', 'users.id', 'product_reviews.user_id')
        .innerJoin('products', 'products.id', 'product_reviews.product_id')
        .select(['users.email', 'users.full_name', 'products.name', 'products.slug'])
        .where('product_reviews.id', '=', reviewId)
        .executeTakeFirstOrThrow();
      const productLink = `${hide.publicUrl.replace(/\/$/, '')}/products/${encodeURIComponent(facts.slug)}`;
      await enqueueEmail(trx, clock, facts.email, reviewHiddenEmail({ fullName: facts.full_name, productName: facts.name, reason: hide.reason, productLink }));
    }
  });
}
