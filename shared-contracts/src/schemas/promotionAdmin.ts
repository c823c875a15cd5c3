import { z } from 'zod';
import { PROMOTION_ADMIN_STATUSES } from '../backoffice/promotionStatus';

export { PROMOTION_ADMIN_STATUSES, promotionAdminStatus, type PromotionAdminStatus } from '../backoffice/promotionStatus';
import { PROMOTION_CATEGORIES, PROMOTION_ELIGIBILITIES, PROMOTION_KINDS, PROMOTION_TYPES } from '../catalogue/enumerations';
import { foldVietnamese } from '../text/foldVietnamese';
import { LOYALTY_RANKED_TIERS } from '../pricing/loyaltyTiers';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

/**
 * The admin's promotions (issue 34, shop-operations.md §2, §7): /api/admin/catalogue/promotions. Every field of
 * the product spec's Promotion; every refusal names its field in Vietnamese; a save carries its version.
 */

export const PROMOTION_ADMIN_LIMITS = {
  titleMax: 200,
  descriptionMax: 2_000,
  amountMax: 1_000_000_000,
  perCustomerMax: 1_000,
  sortOrderMax: 10_000,
  altMax: 200,
} as const;

/** The code as stored and compared: no diacritics, no spaces or signs, upper case ("giảm 10" → "GIAM10"). */
export function foldPromotionCode(code: string): string {
  return foldVietnamese(code).replace(/ /g, '').toUpperCase();
}

const PROMOTION_CODE = /^[A-Z0-9]{3,30}$/;
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} không hợp lệ (ngày giờ theo ISO 8601, ví dụ 2026-12-01T00:00:00+07:00).` });
const wholeVnd = (label: string, min: number) =>
  integerInput({ message: `${label} phải là số nguyên VND từ ${min.toLocaleString('vi-VN')} đến 1.000.000.000 ₫.`, min, max: PROMOTION_ADMIN_LIMITS.amountMax });

export const promotionAdminInputSchema = z
  .object({
    code: textInput({ trim: true, error: 'Mã khuyến mãi là bắt buộc.' })
      .transform(foldPromotionCode)
      .pipe(z.string().regex(PROMOTION_CODE, 'Mã khuyến mãi gồm 3–30 chữ cái không dấu hoặc chữ số.')),
    title: textInput({ trim: true, error: 'Tiêu đề là bắt buộc.' })
      .min(1, 'Vui lòng nhập tiêu đề khuyến mãi.')
      .max(PROMOTION_ADMIN_LIMITS.titleMax, `Tiêu đề tối đa ${PROMOTION_ADMIN_LIMITS.titleMax} ký tự.`),
    description: textInput({ multiline: true, trim: true, error: 'Mô tả không hợp lệ.' })
      .max(PROMOTION_ADMIN_LIMITS.descriptionMax, `Mô tả tối đa ${PROMOTION_ADMIN_LIMITS.descriptionMax.toLocaleString('vi-VN')} ký tự.`)
      .default(''),
    type: z.enum(PROMOTION_TYPES, { error: 'Loại khuyến mãi phải là phần trăm, miễn phí vận chuyển hoặc số tiền cố định.' }),
    /** A percent (1–100) for 'percentage', whole VND otherwise. */
    value: integerInput({ message: 'Giá trị khuyến mãi phải là số nguyên.', min: 1, max: PROMOTION_ADMIN_LIMITS.amountMax }),
    minOrder: wholeVnd('Đơn tối thiểu', 0).default(0),
    maxDiscount: wholeVnd('Giảm tối đa', 1).nullable().default(null),
    validFrom: instant('Thời điểm bắt đầu'),
    validTo: instant('Thời điểm kết thúc'),
    isActive: z.boolean({ error: 'Trạng thái hoạt động không hợp lệ.' }).default(true),
    usageLimit: integerInput({ message: 'Giới hạn lượt dùng phải là số nguyên từ 1.', min: 1, max: DB_INTEGER_MAX }),
    perCustomerLimit: integerInput({ message: 'Lượt dùng mỗi khách phải là số nguyên từ 1 đến 1.000.', min: 1, max: PROMOTION_ADMIN_LIMITS.perCustomerMax }).default(1),
    categories: z
      .array(z.enum(PROMOTION_CATEGORIES, { error: 'Nhóm sản phẩm phải là phụ tùng, phụ kiện hoặc thiết bị & dụng cụ.' }), { error: 'Nhóm sản phẩm không hợp lệ.' })
      .max(PROMOTION_CATEGORIES.length, 'Nhóm sản phẩm bị trùng.')
      .default([]),
    kind: z.enum(PROMOTION_KINDS, { error: 'Nhóm ưu đãi phải là chung, flash sale, VIP hoặc theo mùa.' }).default('general'),
    eligibility: z.enum(PROMOTION_ELIGIBILITIES, { error: 'Đối tượng áp dụng không hợp lệ.' }).default('everyone'),
    /** The lowest members' tier that may use it (null: none required). */
    minTier: z.enum(LOYALTY_RANKED_TIERS, { error: 'Hạng thành viên tối thiểu phải là Bạc, Vàng hoặc Kim cương.' }).nullable().default(null),
    image: z.object(
      {
        /** The stored image's key, as the photo upload answered it (or the promotion's own). */
        path: textInput({ trim: true, error: 'Ảnh không hợp lệ.' }).min(1, 'Vui lòng chọn ảnh khuyến mãi.').max(200, 'Ảnh không hợp lệ.'),
        alt: textInput({ trim: true, error: 'Mô tả ảnh (alt) là bắt buộc.' })
          .min(1, 'Vui lòng nhập mô tả ảnh (alt).')
          .max(PROMOTION_ADMIN_LIMITS.altMax, `Mô tả ảnh (alt) tối đa ${PROMOTION_ADMIN_LIMITS.altMax} ký tự.`),
      },
      { error: 'Vui lòng chọn ảnh khuyến mãi.' },
    ),
    sortOrder: integerInput({ message: 'Thứ tự hiển thị phải là số nguyên từ 0 đến 10.000.', min: 0, max: PROMOTION_ADMIN_LIMITS.sortOrderMax }).default(0),
  })
  .superRefine((value, context) => {
    if (value.type === 'percentage' && value.value > 100) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Phần trăm giảm phải từ 1 đến 100.' });
    }
    if (Date.parse(value.validTo) <= Date.parse(value.validFrom)) {
      context.addIssue({ code: 'custom', path: ['validTo'], message: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.' });
    }
    value.categories.forEach((category, index) => {
      if (value.categories.indexOf(category) !== index) context.addIssue({ code: 'custom', path: ['categories', index], message: 'Nhóm sản phẩm bị trùng.' });
    });
  });
export type PromotionAdminInput = z.infer<typeof promotionAdminInputSchema>;

const versionInput = integerInput({ message: 'Phiên bản không hợp lệ: vui lòng tải lại trang.', min: 1, max: DB_INTEGER_MAX });

export const promotionAdminUpdateSchema = z.intersection(promotionAdminInputSchema, z.object({ version: versionInput }));
export type PromotionAdminUpdate = z.infer<typeof promotionAdminUpdateSchema>;

/** Pause (active false) or resume (true), from the version shown. */
export const promotionActiveInputSchema = z.object({
  isActive: z.boolean({ error: 'Trạng thái hoạt động không hợp lệ.' }),
  version: versionInput,
});
export type PromotionActiveInput = z.infer<typeof promotionActiveInputSchema>;

export const promotionAdminParamsSchema = z.object({ id: idInput('Mã khuyến mãi không hợp lệ.') });

/** GET /api/admin/catalogue/promotions?q=&status=: q matches the code or the title, without diacritics. */
export const promotionAdminListQuerySchema = z.object({
  q: textInput({ trim: true, error: 'Từ khóa không hợp lệ.' }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  status: z.enum(PROMOTION_ADMIN_STATUSES, { error: 'Trạng thái khuyến mãi không hợp lệ.' }).optional(),
});
export type PromotionAdminListQuery = z.infer<typeof promotionAdminListQuerySchema>;

/** A promotion as the admin's form shows it (the used count is read-only). */
export const promotionAdminSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PROMOTION_TYPES),
  value: z.number().int(),
  minOrder: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  isActive: z.boolean(),
  usageLimit: z.number().int(),
  usedCount: z.number().int(),
  perCustomerLimit: z.number().int(),
  categories: z.array(z.enum(PROMOTION_CATEGORIES)),
  kind: z.enum(PROMOTION_KINDS),
  eligibility: z.enum(PROMOTION_ELIGIBILITIES),
  minTier: z.enum(LOYALTY_RANKED_TIERS).nullable(),
  image: z.object({ path: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() }),
  sortOrder: z.number().int(),
});
export type PromotionAdmin = z.infer<typeof promotionAdminSchema>;

export const promotionAdminListSchema = z.array(promotionAdminSchema);
export const promotionAdminResponseSchema = envelopeSchema(promotionAdminSchema);
export const promotionAdminListResponseSchema = envelopeSchema(promotionAdminListSchema);
