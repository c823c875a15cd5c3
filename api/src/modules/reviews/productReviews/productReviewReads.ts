import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  PRODUCT_REVIEW_EDIT_DAYS,
  type AdminProductReview,
  type AdminReviewQueue,
  type ProductReview,
  type ProductReviewPage,
  type ReviewableLines,
  type ReviewPhoto,
  type ReviewQueue,
  type ReviewReportReason,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/appError';
import { UPLOADED_IMAGE_KEY_PREFIX, uploadedImageUrl } from '../../media';
import { productReviewMessages as messages } from './productReviewMessages';
import { authorNameOf, RATING_COLUMNS, toRatingSummary } from './productReviewRating';

const DAY = 86_400_000;
/** Order statuses whose product lines were received: delivered (shipping) or completed (handed over, or after delivery). */
export const RECEIVED_ORDER_STATUSES = ['DELIVERED', 'COMPLETED'] as const;
export const ADMIN_QUEUE_PAGE_SIZE = 20;

const REVIEW_COLUMNS = [
  'product_reviews.id',
  'product_reviews.product_id',
  'product_reviews.user_id',
  'product_reviews.rating',
  'product_reviews.text',
  'product_reviews.photo_count',
  'product_reviews.helpful_count',
  'product_reviews.created_at',
  'product_reviews.edited_at',
  'product_reviews.reply_text',
  'product_reviews.reply_created_at',
  'product_reviews.reply_updated_at',
  'users.full_name',
] as const;

function reviewQuery(db: Kysely<Database>) {
  return db.selectFrom('product_reviews').innerJoin('users', 'users.id', 'product_reviews.user_id');
}

interface ReviewRow {
  id: number;
  product_id: number;
  user_id: number;
  rating: number;
  text: string;
  photo_count: number | string;
  helpful_count: number | string;
  created_at: Date | string;
  edited_at: Date | string | null;
  reply_text: string | null;
  reply_created_at: Date | string | null;
  reply_updated_at: Date | string | null;
  full_name: string;
}

/** What the viewer of a list is: their id (null for a guest) and the reviews of the page they voted "Hữu ích". */
interface Viewer {
  userId: number | null;
  voted: ReadonlySet<number>;
}

function toReview(row: ReviewRow, photos: ReadonlyMap<number, ReviewPhoto[]>, viewer: Viewer): ProductReview {
  return {
    id: row.id,
    productId: row.product_id,
    rating: toNumber(row.rating),
    text: row.text,
    photos: photos.get(row.id) ?? [],
    authorName: authorNameOf(row.full_name),
    verifiedPurchase: true,
    createdAt: toIsoUtc(row.created_at),
    editedAt: row.edited_at === null ? null : toIsoUtc(row.edited_at),
    helpfulCount: toNumber(row.helpful_count),
    votedHelpful: viewer.voted.has(row.id),
    mine: viewer.userId !== null && viewer.userId === row.user_id,
    reply:
      row.reply_text === null || row.reply_created_at === null
        ? null
        : { text: row.reply_text, createdAt: toIsoUtc(row.reply_created_at), updatedAt: toIsoUtc(row.reply_updated_at ?? row.reply_created_at) },
  };
}

/** The public URL of a stored review photo (kept with the uploaded product photos, served like them). */
export function reviewPhotoUrl(file: string): string {
  return uploadedImageUrl(`${UPLOADED_IMAGE_KEY_PREFIX}${file}`);
}

async function photosOf(db: Kysely<Database>, reviewIds: readonly number[]): Promise<Map<number, ReviewPhoto[]>> {
  const byReview = new Map<number, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .selectFrom('product_review_photos')
    .select(['id', 'review_id', 'file', 'width', 'height'])
    .where('review_id', 'in', [...reviewIds])
    .orderBy('review_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byReview.get(row.review_id) ?? [];
    list.push({ id: row.id, url: reviewPhotoUrl(row.file), width: toNumber(row.width), height: toNumber(row.height) });
    byReview.set(row.review_id, list);
  }
  return byReview;
}

async function votesOf(db: Kysely<Database>, userId: number | null, reviewIds: readonly number[]): Promise<Set<number>> {
  if (userId === null || reviewIds.length === 0) return new Set();
  const rows = await db.selectFrom('product_review_votes').select('review_id').where('user_id', '=', userId).where('review_id', 'in', [...reviewIds]).execute();
  return new Set(rows.map((row) => row.review_id));
}

async function toReviews(db: Kysely<Database>, rows: readonly ReviewRow[], viewerId: number | null): Promise<ProductReview[]> {
  const ids = rows.map((row) => row.id);
  const withPhotos = rows.filter((row) => toNumber(row.photo_count) > 0).map((row) => row.id);
  const [photos, voted] = await Promise.all([photosOf(db, withPhotos), votesOf(db, viewerId, ids)]);
  return rows.map((row) => toReview(row, photos, { userId: viewerId, voted }));
}

/** One review as its author or the public sees it (hidden ones included: the author's own view). */
export async function readReview(db: Kysely<Database>, reviewId: number, viewerId: number | null): Promise<ProductReview> {
  const row = (await reviewQuery(db).select(REVIEW_COLUMNS).where('product_reviews.id', '=', reviewId).executeTakeFirst()) as ReviewRow | undefined;
  if (!row) throw AppError.notFound(messages.reviewNotFound);
  return (await toReviews(db, [row], viewerId))[0]!;
}

export interface ReviewPageQuery {
  sort: 'newest' | 'helpful' | 'highest' | 'lowest';
  stars?: number;
  withPhotos?: boolean;
  page: number;
  pageSize: number;
}

/** GET /api/products/:productId/reviews: the product's rating and a page of its visible reviews. */
export async function readReviewPage(db: Kysely<Database>, productId: number, query: ReviewPageQuery, viewerId: number | null): Promise<ProductReviewPage> {
  const product = await db.selectFrom('products').select(RATING_COLUMNS).where('id', '=', productId).where('is_active', '=', 1).executeTakeFirst();
  if (!product) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
  const summary = toRatingSummary(product);
  let filtered = reviewQuery(db).where('product_reviews.product_id', '=', productId).where('product_reviews.hidden', '=', 0);
  if (query.stars !== undefined) filtered = filtered.where('product_reviews.rating', '=', query.stars);
  if (query.withPhotos) filtered = filtered.where('product_reviews.photo_count', '>', 0);
  // The product's row already counts the visible reviews by stars and with photos: only both filters together need a count.
  let total: number;
  if (query.stars !== undefined && query.withPhotos) {
    const counted = await filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst();
    total = toNumber(counted?.count);
  } else if (query.stars !== undefined) total = summary.distribution[query.stars - 1]!;
  else if (query.withPhotos) total = summary.withPhotos;
  else total = summary.count;

  let ordered = filtered.select(REVIEW_COLUMNS);
  if (query.sort === 'helpful') ordered = ordered.orderBy('product_reviews.helpful_count', 'desc');
  if (query.sort === 'highest') ordered = ordered.orderBy('product_reviews.rating', 'desc');
  if (query.sort === 'lowest') ordered = ordered.orderBy('product_reviews.rating', 'asc');
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= total
      ? []
      : ((await ordered
          .orderBy('product_reviews.created_at', 'desc')
          .orderBy('product_reviews.id', 'desc')
          .limit(query.pageSize)
          .offset(offset)
          .execute()) as ReviewRow[]);
  return {
    summary,
    items: await toReviews(db, rows, viewerId),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/** Until when a review written at `createdAt` may be edited. */
export function editableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + PRODUCT_REVIEW_EDIT_DAYS * DAY);
}

/** GET /api/reviews/reviewable: the customer's received product lines, newest first, with their review if written. */
export async function readReviewableLines(db: Kysely<Database>, userId: number): Promise<ReviewableLines> {
  const lines = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.ref_id')
    .leftJoin('product_reviews', 'product_reviews.order_line_id', 'order_lines.id')
    .select((eb) => [
      'order_lines.id as line_id',
      'orders.id as order_id',
      'orders.code as order_code',
      'orders.updated_at as order_updated_at',
      'products.id as product_id',
      'products.slug as product_slug',
      'products.name as product_name',
      'order_lines.image',
      'product_reviews.id as review_id',
      'product_reviews.created_at as review_created_at',
      eb
        .selectFrom('order_status_history')
        .select((h) => h.fn.min('order_status_history.created_at').as('at'))
        .whereRef('order_status_history.order_id', '=', 'orders.id')
        .where('order_status_history.status', 'in', [...RECEIVED_ORDER_STATUSES])
        .as('received_at'),
    ])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', [...RECEIVED_ORDER_STATUSES])
    .where('order_lines.kind', '=', 'product')
    .orderBy('orders.created_at', 'desc')
    .orderBy('order_lines.id', 'asc')
    .limit(200)
    .execute();
  const reviewIds = lines.flatMap((line) => (line.review_id === null ? [] : [line.review_id]));
  const reviewRows =
    reviewIds.length === 0 ? [] : ((await reviewQuery(db).select(REVIEW_COLUMNS).where('product_reviews.id', 'in', reviewIds).execute()) as ReviewRow[]);
  const reviews = new Map((await toReviews(db, reviewRows, userId)).map((review) => [review.id, review]));
  return {
    items: lines.map((line) => ({
      orderLineId: line.line_id,
      orderId: line.order_id,
      orderCode: line.order_code,
      productId: line.product_id,
      productSlug: line.product_slug,
      productName: line.product_name,
      image: line.image,
      receivedAt: toIsoUtc((line.received_at as Date | string | null) ?? line.order_updated_at),
      review: line.review_id === null ? null : (reviews.get(line.review_id) ?? null),
      editableUntil: line.review_created_at === null ? null : editableUntil(line.review_created_at).toISOString(),
    })),
  };
}

export interface AdminQueueQuery {
  queue: ReviewQueue;
  productId?: number;
  stars?: number;
  page: number;
}

function queueBase(db: Kysely<Database>, query: Omit<AdminQueueQuery, 'queue' | 'page'>) {
  let q = db.selectFrom('product_reviews');
  if (query.productId !== undefined) q = q.where('product_reviews.product_id', '=', query.productId);
  if (query.stars !== undefined) q = q.where('product_reviews.rating', '=', query.stars);
  return q;
}

function inQueue<Q extends ReturnType<typeof queueBase>>(q: Q, queue: ReviewQueue): Q {
  switch (queue) {
    case 'reported':
      return q.where('product_reviews.hidden', '=', 0).where('product_reviews.report_count', '>', 0) as Q;
    case 'unanswered':
      return q.where('product_reviews.hidden', '=', 0).where('product_reviews.reply_text', 'is', null) as Q;
    case 'hidden':
      return q.where('product_reviews.hidden', '=', 1) as Q;
    case 'all':
      return q;
  }
}

async function countQueue(db: Kysely<Database>, query: Omit<AdminQueueQuery, 'page'>): Promise<number> {
  const row = await inQueue(queueBase(db, query), query.queue)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return toNumber(row?.count);
}

const ADMIN_COLUMNS = [
  ...REVIEW_COLUMNS,
  'users.email',
  'products.name as product_name',
  'products.slug as product_slug',
  'orders.code as order_code',
  'product_reviews.hidden',
  'product_reviews.hidden_reason',
  'product_reviews.hidden_at',
  'product_reviews.report_count',
] as const;

/** Reviews as the admin's queue shows them (ids in the order given). */
export async function readAdminReviews(db: Kysely<Database>, ids: readonly number[]): Promise<AdminProductReview[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('product_reviews')
    .innerJoin('users', 'users.id', 'product_reviews.user_id')
    .innerJoin('products', 'products.id', 'product_reviews.product_id')
    .innerJoin('order_lines', 'order_lines.id', 'product_reviews.order_line_id')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(ADMIN_COLUMNS)
    .where('product_reviews.id', 'in', [...ids])
    .execute();
  const reports = await db
    .selectFrom('product_review_reports')
    .select(['review_id', 'reason', 'note', 'created_at'])
    .where('review_id', 'in', [...ids])
    .orderBy('created_at', 'desc')
    .execute();
  const reviews = new Map((await toReviews(db, rows as unknown as ReviewRow[], null)).map((review) => [review.id, review]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const review = reviews.get(id);
    if (!row || !review) return [];
    return [
      {
        ...review,
        productName: row.product_name,
        productSlug: row.product_slug,
        orderCode: row.order_code,
        authorEmail: row.email,
        hidden: toNumber(row.hidden) === 1,
        hiddenReason: row.hidden_reason,
        hiddenAt: row.hidden_at === null ? null : toIsoUtc(row.hidden_at),
        reportCount: toNumber(row.report_count),
        reports: reports
          .filter((report) => report.review_id === id)
          .map((report) => ({ reason: report.reason as ReviewReportReason, note: report.note, createdAt: toIsoUtc(report.created_at) })),
      },
    ];
  });
}

/** GET /api/admin/reviews: a queue's page (reported: most reported first; the others newest first) and the tabs' counts. */
export async function readAdminQueue(db: Kysely<Database>, query: AdminQueueQuery): Promise<AdminReviewQueue> {
  const filters = { productId: query.productId, stars: query.stars };
  const [total, reported, unanswered, hidden] = await Promise.all([
    countQueue(db, { ...filters, queue: query.queue }),
    countQueue(db, { ...filters, queue: 'reported' }),
    countQueue(db, { ...filters, queue: 'unanswered' }),
    countQueue(db, { ...filters, queue: 'hidden' }),
  ]);
  let ordered = inQueue(queueBase(db, filters), query.queue).select('product_reviews.id');
  if (query.queue === 'reported') ordered = ordered.orderBy('product_reviews.report_count', 'desc');
  const ids = await ordered
    .orderBy('product_reviews.created_at', 'desc')
    .orderBy('product_reviews.id', 'desc')
    .limit(ADMIN_QUEUE_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_QUEUE_PAGE_SIZE)
    .execute();
  return {
    items: await readAdminReviews(
      db,
      ids.map((row) => row.id),
    ),
    total,
    page: query.page,
    pageSize: ADMIN_QUEUE_PAGE_SIZE,
    totalPages: Math.ceil(total / ADMIN_QUEUE_PAGE_SIZE),
    counts: { reported, unanswered, hidden },
  };
}
