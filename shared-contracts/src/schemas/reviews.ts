import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { idInput, integerInput, textInput } from './primitives';
import { PRODUCT_REVIEW_PAGE_SIZE_DEFAULT, PRODUCT_REVIEW_PAGE_SIZE_MAX, PRODUCT_REVIEW_PHOTOS_MAX, PRODUCT_REVIEW_SORTS, PRODUCT_REVIEW_TEXT_MAX, REVIEW_REPORT_REASONS, REVIEW_MODERATION_REASON_MAX, REVIEW_REPLY_TEXT_MAX, REVIEW_QUEUES, SERVICE_RATING_COMMENT_MAX, FOLLOW_UP_STATUSES, FOLLOW_UP_NOTE_MAX } from '../reviews/reviewRules';

/**
 * What customers say (issue 48): product reviews from verified buyers, with the shop's public reply, "Hữu ích"
 * votes, reports and moderation; service ratings after a visit, with a manager's follow-up on a low one, and the
 * rating KPIs. Instants are ISO 8601 UTC; an average has one decimal (null with nothing to average); a share is a
 * percentage with one decimal (null with nothing to divide).
 */

// ---------------------------------------------------------------------------------------------------------
// Product reviews

// The limits, labels and the follow-up machine, without zod (the remotes read them through shared-contracts/reviews).
export {
  PRODUCT_REVIEW_TEXT_MAX,
  PRODUCT_REVIEW_PHOTOS_MAX,
  PRODUCT_REVIEW_EDIT_DAYS,
  REVIEW_REPLY_TEXT_MAX,
  REVIEW_MODERATION_REASON_MAX,
  PRODUCT_REVIEW_PAGE_SIZE_DEFAULT,
  PRODUCT_REVIEW_PAGE_SIZE_MAX,
  PRODUCT_REVIEW_SORTS,
  PRODUCT_REVIEW_SORT_LABELS,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_QUEUES,
  REVIEW_QUEUE_LABELS,
  SERVICE_RATING_EDIT_DAYS,
  SERVICE_RATING_FOLLOW_UP_MAX_STARS,
  SERVICE_RATING_OFFER_DAYS,
  SERVICE_RATING_COMMENT_MAX,
  FOLLOW_UP_NOTE_MAX,
  SERVICE_RATING_QUESTIONS,
  SERVICE_RATING_QUESTION_LABELS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_STATUS_LABELS,
  FOLLOW_UP_TRANSITIONS,
  canMoveFollowUp,
} from '../reviews/reviewRules';
export type { ProductReviewSort, ReviewReportReason, ReviewQueue, ServiceRatingQuestion, FollowUpStatus } from '../reviews/reviewRules';

const starsInput = integerInput({ message: 'Vui lòng chọn từ 1 đến 5 sao.', min: 1, max: 5 });
const count = z.number().int().nonnegative();
const stars = z.number().int().min(1).max(5);

/** A product's rating: average (one decimal), count and how many reviews gave 1..5 stars (index 0 = 1 sao). */
export const productRatingSummarySchema = z.object({
  average: z.number().min(1).max(5).nullable(),
  count,
  distribution: z.tuple([count, count, count, count, count]),
  /** Visible reviews with at least one photo. */
  withPhotos: count,
});
export type ProductRatingSummary = z.infer<typeof productRatingSummarySchema>;

export const reviewPhotoSchema = z.object({
  id: z.number().int().positive(),
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export const reviewReplySchema = z.object({ text: z.string().min(1), createdAt: isoInstantSchema, updatedAt: isoInstantSchema });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** One review as the public (and its author) sees it. Text is plain text: never rendered as HTML. */
export const productReviewSchema = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  rating: stars,
  text: z.string(),
  photos: z.array(reviewPhotoSchema).max(PRODUCT_REVIEW_PHOTOS_MAX),
  /** The author's name as shown publicly: given name and initials ("Minh N."). */
  authorName: z.string().min(1),
  /** Always true here (only buyers of a delivered line review): the "Đã mua hàng" badge. */
  verifiedPurchase: z.boolean(),
  createdAt: isoInstantSchema,
  /** Set when the author edited the review after writing it. */
  editedAt: isoInstantSchema.nullable(),
  helpfulCount: count,
  /** The signed-in viewer voted "Hữu ích" (false for a guest). */
  votedHelpful: z.boolean(),
  /** The signed-in viewer wrote it. */
  mine: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** GET /api/products/:productId/reviews */
export const productReviewListQuerySchema = z
  .object({
    sort: z.enum(PRODUCT_REVIEW_SORTS, { error: 'Cách sắp xếp không hợp lệ.' }).default('newest'),
    stars: starsInput.optional(),
    withPhotos: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'Giá trị phải là true hoặc false.' })])
      .transform((value) => value === true || value === 'true' || value === '1')
      .optional(),
    page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 1000 }).default(1),
    pageSize: integerInput({ message: 'Số đánh giá mỗi trang không hợp lệ.', min: 1, max: PRODUCT_REVIEW_PAGE_SIZE_MAX }).default(
      PRODUCT_REVIEW_PAGE_SIZE_DEFAULT,
    ),
  })
  .strict();
export type ProductReviewListQuery = z.input<typeof productReviewListQuerySchema>;

export const productReviewPageSchema = z.object({
  summary: productRatingSummarySchema,
  items: z.array(productReviewSchema),
  /** Reviews matching the filters. */
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: count,
});
export type ProductReviewPage = z.infer<typeof productReviewPageSchema>;

/** A delivered (or handed-over) order line the customer may review, with their review if written. GET /api/reviews/reviewable */
export const reviewableLineSchema = z.object({
  orderLineId: z.number().int().positive(),
  orderId: z.number().int().positive(),
  orderCode: z.string().min(1),
  productId: z.number().int().positive(),
  productSlug: z.string().min(1),
  productName: z.string().min(1),
  image: z.string().nullable(),
  /** When the line was delivered or handed over. */
  receivedAt: isoInstantSchema,
  review: productReviewSchema.nullable(),
  /** Until when the review can be edited (null before it is written). */
  editableUntil: isoInstantSchema.nullable(),
});
export type ReviewableLine = z.infer<typeof reviewableLineSchema>;
export const reviewableLinesSchema = z.object({ items: z.array(reviewableLineSchema) });
export type ReviewableLines = z.infer<typeof reviewableLinesSchema>;

const reviewText = textInput({ multiline: true, trim: true, error: 'Nội dung đánh giá không hợp lệ.' }).max(
  PRODUCT_REVIEW_TEXT_MAX,
  `Nội dung đánh giá tối đa ${PRODUCT_REVIEW_TEXT_MAX} ký tự.`,
);

/** POST /api/reviews: photos are added after, one per POST /api/reviews/:id/photos (multipart field `photo`). */
export const productReviewCreateInputSchema = z
  .object({ orderLineId: idInput('Dòng đơn hàng không hợp lệ.'), rating: starsInput, text: reviewText.default('') })
  .strict();
export type ProductReviewCreateInput = z.input<typeof productReviewCreateInputSchema>;

/** PATCH /api/reviews/:id (within PRODUCT_REVIEW_EDIT_DAYS). */
export const productReviewUpdateInputSchema = z
  .object({ rating: starsInput.optional(), text: reviewText.optional() })
  .strict()
  .refine((input) => input.rating !== undefined || input.text !== undefined, { message: 'Không có thay đổi nào để lưu.' });
export type ProductReviewUpdateInput = z.input<typeof productReviewUpdateInputSchema>;

/** PUT/DELETE /api/reviews/:id/helpful answers the review's new count and the viewer's vote. */
export const reviewHelpfulSchema = z.object({ helpfulCount: count, votedHelpful: z.boolean() });
export type ReviewHelpful = z.infer<typeof reviewHelpfulSchema>;

/** POST /api/reviews/:id/reports (one per account and review; a repeat is accepted and changes nothing). */
export const reviewReportInputSchema = z
  .object({
    reason: z.enum(REVIEW_REPORT_REASONS, { error: 'Vui lòng chọn lý do báo cáo.' }),
    note: textInput({ multiline: true, trim: true, error: 'Ghi chú không hợp lệ.' })
      .max(REVIEW_MODERATION_REASON_MAX, `Ghi chú tối đa ${REVIEW_MODERATION_REASON_MAX} ký tự.`)
      .optional(),
  })
  .strict();
export type ReviewReportInput = z.input<typeof reviewReportInputSchema>;

/** Hiding a review or rating: the reason is kept, audited and told to the author. */
export const reviewHideInputSchema = z
  .object({
    reason: textInput({ multiline: true, trim: true, error: 'Vui lòng nhập lý do ẩn.' })
      .min(3, 'Vui lòng nhập lý do ẩn (ít nhất 3 ký tự).')
      .max(REVIEW_MODERATION_REASON_MAX, `Lý do tối đa ${REVIEW_MODERATION_REASON_MAX} ký tự.`),
  })
  .strict();
export type ReviewHideInput = z.input<typeof reviewHideInputSchema>;

/** PUT /api/admin/reviews/:id/reply: the shop's one public reply (created or edited). */
export const reviewReplyInputSchema = z
  .object({
    text: textInput({ multiline: true, trim: true, error: 'Vui lòng nhập nội dung trả lời.' })
      .min(1, 'Vui lòng nhập nội dung trả lời.')
      .max(REVIEW_REPLY_TEXT_MAX, `Trả lời tối đa ${REVIEW_REPLY_TEXT_MAX} ký tự.`),
  })
  .strict();
export type ReviewReplyInput = z.input<typeof reviewReplyInputSchema>;

export const adminReviewQueueQuerySchema = z
  .object({
    queue: z.enum(REVIEW_QUEUES, { error: 'Hàng đợi không hợp lệ.' }).default('reported'),
    productId: idInput('Mã sản phẩm không hợp lệ.').optional(),
    stars: starsInput.optional(),
    page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 1000 }).default(1),
  })
  .strict();
export type AdminReviewQueueQuery = z.input<typeof adminReviewQueueQuerySchema>;

export const reviewReportSummarySchema = z.object({ reason: z.enum(REVIEW_REPORT_REASONS), note: z.string().nullable(), createdAt: isoInstantSchema });

export const adminProductReviewSchema = productReviewSchema.extend({
  productName: z.string().min(1),
  productSlug: z.string().min(1),
  orderCode: z.string().min(1),
  authorEmail: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: isoInstantSchema.nullable(),
  reportCount: count,
  reports: z.array(reviewReportSummarySchema),
});
export type AdminProductReview = z.infer<typeof adminProductReviewSchema>;

export const adminReviewQueueSchema = z.object({
  items: z.array(adminProductReviewSchema),
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: count,
  /** Counts for the queue tabs. */
  counts: z.object({ reported: count, unanswered: count, hidden: count }),
});
export type AdminReviewQueue = z.infer<typeof adminReviewQueueSchema>;

// ---------------------------------------------------------------------------------------------------------
// Service ratings

/** GET /api/service-ratings/pending: closed visits of the customer (last SERVICE_RATING_OFFER_DAYS) not rated yet. */
export const pendingServiceRatingSchema = z.object({
  serviceOrderId: z.number().int().positive(),
  serviceOrderCode: z.string().min(1),
  centreName: z.string().min(1),
  vehicleLabel: z.string(),
  licensePlate: z.string().nullable(),
  technicianName: z.string().nullable(),
  closedAt: isoInstantSchema,
  /** The visit's maintenance record (the history page marks it "Đánh giá"); null when none was written. */
  maintenanceRecordId: z.number().int().positive().nullable(),
});
export type PendingServiceRating = z.infer<typeof pendingServiceRatingSchema>;
export const pendingServiceRatingsSchema = z.object({ items: z.array(pendingServiceRatingSchema) });
export type PendingServiceRatings = z.infer<typeof pendingServiceRatingsSchema>;

export const serviceRatingSchema = z.object({
  id: z.number().int().positive(),
  serviceOrderId: z.number().int().positive(),
  serviceOrderCode: z.string().min(1),
  centre: z.object({ id: z.number().int().positive(), name: z.string().min(1) }),
  technician: z.object({ id: z.number().int().positive(), fullName: z.string().min(1) }).nullable(),
  stars,
  onTime: z.boolean().nullable(),
  explainedClearly: z.boolean().nullable(),
  carClean: z.boolean().nullable(),
  technicianStars: stars.nullable(),
  comment: z.string(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  /** Until when the customer may change it. */
  editableUntil: isoInstantSchema,
  hidden: z.boolean(),
  /** The visit's maintenance record (the history page shows the stars on it); null when none was written. */
  maintenanceRecordId: z.number().int().positive().nullable(),
});
export type ServiceRating = z.infer<typeof serviceRatingSchema>;
/** GET /api/service-ratings/mine: the customer's ratings, newest first (the maintenance history marks its visits). */
export const myServiceRatingsSchema = z.object({ items: z.array(serviceRatingSchema) });
export type MyServiceRatings = z.infer<typeof myServiceRatingsSchema>;

const yesNo = z.boolean({ error: 'Vui lòng chọn Có hoặc Không.' }).nullable().optional();

/** PUT /api/service-orders/:id/rating: gives or (within SERVICE_RATING_EDIT_DAYS) changes the visit's rating. */
export const serviceRatingInputSchema = z
  .object({
    stars: starsInput,
    onTime: yesNo,
    explainedClearly: yesNo,
    carClean: yesNo,
    technicianStars: starsInput.nullable().optional(),
    comment: textInput({ multiline: true, trim: true, error: 'Nhận xét không hợp lệ.' })
      .max(SERVICE_RATING_COMMENT_MAX, `Nhận xét tối đa ${SERVICE_RATING_COMMENT_MAX} ký tự.`)
      .default(''),
  })
  .strict();
export type ServiceRatingInput = z.input<typeof serviceRatingInputSchema>;

/** A centre's view of a rating (manager, admin): with the customer to call back. */
export const staffServiceRatingSchema = serviceRatingSchema.extend({
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  followUpId: z.number().int().positive().nullable(),
});
export type StaffServiceRating = z.infer<typeof staffServiceRatingSchema>;

/** GET /api/service-ratings: centreId omitted = the manager's own centre, or all centres for an admin. */
export const staffServiceRatingsQuerySchema = z
  .object({
    centreId: idInput('Trung tâm không hợp lệ.').optional(),
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
    maxStars: starsInput.optional(),
    technicianId: idInput('Kỹ thuật viên không hợp lệ.').optional(),
    page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 1000 }).default(1),
  })
  .strict();
export type StaffServiceRatingsQuery = z.input<typeof staffServiceRatingsQuerySchema>;
export const staffServiceRatingPageSchema = z.object({
  items: z.array(staffServiceRatingSchema),
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: count,
});
export type StaffServiceRatingPage = z.infer<typeof staffServiceRatingPageSchema>;

export const followUpNoteSchema = z.object({ text: z.string(), authorName: z.string(), createdAt: isoInstantSchema });
export const serviceRatingFollowUpSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(FOLLOW_UP_STATUSES),
  statusLabel: z.string().min(1),
  rating: staffServiceRatingSchema,
  notes: z.array(followUpNoteSchema),
  outcome: z.string().nullable(),
  openedAt: isoInstantSchema,
  closedAt: isoInstantSchema.nullable(),
  closedByName: z.string().nullable(),
});
export type ServiceRatingFollowUp = z.infer<typeof serviceRatingFollowUpSchema>;

/** GET /api/service-rating-follow-ups: open ones first (oldest first), then the closed ones of the last 30 days. */
export const followUpsQuerySchema = z
  .object({
    centreId: idInput('Trung tâm không hợp lệ.').optional(),
    status: z.enum(FOLLOW_UP_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional(),
  })
  .strict();
export type FollowUpsQuery = z.input<typeof followUpsQuerySchema>;
export const followUpListSchema = z.object({ items: z.array(serviceRatingFollowUpSchema), openCount: count });
export type FollowUpList = z.infer<typeof followUpListSchema>;

const followUpText = (error: string) =>
  textInput({ multiline: true, trim: true, error }).min(1, error).max(FOLLOW_UP_NOTE_MAX, `Tối đa ${FOLLOW_UP_NOTE_MAX} ký tự.`);
/** POST /api/service-rating-follow-ups/:id/notes */
export const followUpNoteInputSchema = z.object({ text: followUpText('Vui lòng nhập ghi chú cuộc gọi.') }).strict();
export type FollowUpNoteInput = z.input<typeof followUpNoteInputSchema>;
/** POST /api/service-rating-follow-ups/:id/close */
export const followUpCloseInputSchema = z.object({ outcome: followUpText('Vui lòng nhập kết quả xử lý.') }).strict();
export type FollowUpCloseInput = z.input<typeof followUpCloseInputSchema>;

/** Rating figures of one centre or technician over a range, with the previous period of the same length. */
export const ratingFiguresSchema = z.object({
  count,
  average: z.number().nullable(),
  /** Share of ratings with 4–5 stars, %. */
  positivePct: z.number().nullable(),
});
export type RatingFigures = z.infer<typeof ratingFiguresSchema>;

export const centreRatingKpiSchema = ratingFiguresSchema.extend({
  centreId: z.number().int().positive(),
  centreName: z.string().min(1),
  openFollowUps: count,
  previous: ratingFiguresSchema,
});
export type CentreRatingKpi = z.infer<typeof centreRatingKpiSchema>;
export const technicianRatingKpiSchema = ratingFiguresSchema.extend({
  technicianId: z.number().int().positive(),
  fullName: z.string().min(1),
  centreId: z.number().int().positive(),
  previous: ratingFiguresSchema,
});
export type TechnicianRatingKpi = z.infer<typeof technicianRatingKpiSchema>;

/**
 * GET /api/service-ratings/kpis?centreId&from&to (and `.csv`): a manager sees their centre; an admin all centres
 * (the reports' comparison) or one. Ranges as the KPIs' (local dates, inclusive, ≤ 366 days; 422 otherwise).
 */
export const ratingKpiQuerySchema = z
  .object({
    centreId: idInput('Trung tâm không hợp lệ.').optional(),
    from: z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.'),
    to: z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.'),
  })
  .strict();
export type RatingKpiQuery = z.input<typeof ratingKpiQuerySchema>;
export const ratingKpisSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  centres: z.array(centreRatingKpiSchema),
  technicians: z.array(technicianRatingKpiSchema),
});
export type RatingKpis = z.infer<typeof ratingKpisSchema>;
