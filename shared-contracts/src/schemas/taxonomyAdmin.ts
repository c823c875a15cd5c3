import { z } from 'zod';
import { PROMOTION_CATEGORIES } from '../catalogue/enumerations';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

/**
 * The admin's categories (two levels) and brands (issue 34, shop-operations.md §2): /api/admin/catalogue/categories
 * and /brands. Create, rename, deactivate; versioned saves; a category with products is never deleted.
 */

const NAME_MAX = 200;
const name = (label: string) =>
  textInput({ trim: true, error: `${label} là bắt buộc.` })
    .min(1, `Vui lòng nhập ${label.toLowerCase()}.`)
    .max(NAME_MAX, `${label} tối đa ${NAME_MAX} ký tự.`);
const versionInput = integerInput({ message: 'Phiên bản không hợp lệ: vui lòng tải lại trang.', min: 1, max: DB_INTEGER_MAX });

export const categoryAdminInputSchema = z.object({
  name: name('Tên danh mục'),
  /** The parent (a top-level category), or null for a top-level one. */
  parentId: idInput('Danh mục cha không hợp lệ.').nullable().default(null),
  description: textInput({ multiline: true, trim: true, error: 'Mô tả không hợp lệ.' }).max(2_000, 'Mô tả tối đa 2.000 ký tự.').default(''),
  /** What the category's products count as for promotions. */
  promoGroup: z.enum(PROMOTION_CATEGORIES, { error: 'Nhóm khuyến mãi phải là phụ tùng, phụ kiện hoặc thiết bị & dụng cụ.' }),
  sortOrder: integerInput({ message: 'Thứ tự hiển thị phải là số nguyên từ 0 đến 10.000.', min: 0, max: 10_000 }).default(0),
  isActive: z.boolean({ error: 'Trạng thái hoạt động không hợp lệ.' }).default(true),
});
export type CategoryAdminInput = z.infer<typeof categoryAdminInputSchema>;
export const categoryAdminUpdateSchema = z.intersection(categoryAdminInputSchema, z.object({ version: versionInput }));
export type CategoryAdminUpdate = z.infer<typeof categoryAdminUpdateSchema>;

export const brandAdminInputSchema = z.object({
  name: name('Tên thương hiệu'),
  country: textInput({ trim: true, error: 'Quốc gia không hợp lệ.' }).max(100, 'Quốc gia tối đa 100 ký tự.').default(''),
  isActive: z.boolean({ error: 'Trạng thái hoạt động không hợp lệ.' }).default(true),
});
export type BrandAdminInput = z.infer<typeof brandAdminInputSchema>;
export const brandAdminUpdateSchema = z.intersection(brandAdminInputSchema, z.object({ version: versionInput }));
export type BrandAdminUpdate = z.infer<typeof brandAdminUpdateSchema>;

export const taxonomyParamsSchema = z.object({ id: idInput('Mã không hợp lệ.') });

export const categoryAdminSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  parentId: z.number().int().positive().nullable(),
  description: z.string(),
  promoGroup: z.enum(PROMOTION_CATEGORIES),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  productCount: z.number().int().nonnegative(),
});
export type CategoryAdmin = z.infer<typeof categoryAdminSchema>;

export const brandAdminSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  isActive: z.boolean(),
  productCount: z.number().int().nonnegative(),
});
export type BrandAdmin = z.infer<typeof brandAdminSchema>;

export const categoryAdminResponseSchema = envelopeSchema(categoryAdminSchema);
export const categoryAdminListResponseSchema = envelopeSchema(z.array(categoryAdminSchema));
export const brandAdminResponseSchema = envelopeSchema(brandAdminSchema);
export const brandAdminListResponseSchema = envelopeSchema(z.array(brandAdminSchema));
