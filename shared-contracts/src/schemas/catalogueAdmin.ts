import { z } from 'zod';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, VAT_RATES } from '../backoffice/productCatalogueRules';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

export * from '../backoffice/productCatalogueRules';

/**
 * The admin's product catalogue (issue 34, shop-operations.md §2, §7): /api/admin/catalogue/products. Every
 * refusal names its field in Vietnamese; the save carries the version it was edited from.
 */

const positiveId = z.number().int().positive();
const money = (label: string) =>
  integerInput({
    message: `${label} phải là số nguyên VND lớn hơn 0 và không quá 1.000.000.000 ₫.`,
    min: 1,
    max: PRODUCT_LIMITS.priceMax,
  });
/** A side of the parcel's box: whole cm, 1 to the carriers' bound; left out, a new product takes the default and a save keeps the product's. */
const parcelSide = (label: string) =>
  integerInput({ message: `${label} phải từ 1 đến ${PRODUCT_LIMITS.sideMaxCm} cm.`, min: 1, max: PRODUCT_LIMITS.sideMaxCm }).optional();
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} không hợp lệ (ngày giờ theo ISO 8601, ví dụ 2026-12-01T00:00:00+07:00).` });

/** A VAT rate: 0, 5, 8 or 10 (%), as a number or its digits. */
export const vatRateInput = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : value),
    z.union(VAT_RATES.map((rate) => z.literal(rate)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<5>, z.ZodLiteral<8>, z.ZodLiteral<10>], {
      error: 'Thuế GTGT phải là 0, 5, 8 hoặc 10 %.',
    }),
  );

export const productStatusSchema = z.enum(PRODUCT_STATUSES, { error: 'Trạng thái phải là bản nháp, đang bán hoặc ngừng kinh doanh.' });

export const productImageInputSchema = z.object({
  /** The stored image's key, as the upload answered it (or as the product already has it). */
  path: textInput({ trim: true, error: 'Ảnh không hợp lệ.' }).min(1, 'Ảnh không hợp lệ.').max(200, 'Ảnh không hợp lệ.'),
  alt: textInput({ trim: true, error: 'Mô tả ảnh (alt) là bắt buộc.' })
    .min(1, 'Vui lòng nhập mô tả ảnh (alt).')
    .max(PRODUCT_LIMITS.altMax, `Mô tả ảnh (alt) tối đa ${PRODUCT_LIMITS.altMax} ký tự.`),
});

export const productSpecificationInputSchema = z.object({
  label: textInput({ trim: true, error: 'Tên thông số là bắt buộc.' })
    .min(1, 'Vui lòng nhập tên thông số.')
    .max(PRODUCT_LIMITS.specificationLabelMax, `Tên thông số tối đa ${PRODUCT_LIMITS.specificationLabelMax} ký tự.`),
  value: textInput({ trim: true, error: 'Giá trị thông số là bắt buộc.' })
    .min(1, 'Vui lòng nhập giá trị thông số.')
    .max(PRODUCT_LIMITS.specificationValueMax, `Giá trị thông số tối đa ${PRODUCT_LIMITS.specificationValueMax} ký tự.`),
});

/** A product as the admin's form sends it (create and save). */
export const productAdminInputSchema = z
  .object({
    name: textInput({ trim: true, error: 'Tên sản phẩm là bắt buộc.' })
      .min(1, 'Vui lòng nhập tên sản phẩm.')
      .max(PRODUCT_LIMITS.nameMax, `Tên sản phẩm tối đa ${PRODUCT_LIMITS.nameMax} ký tự.`),
    sku: textInput({ trim: true, error: 'Mã SKU là bắt buộc.' }).regex(
      PRODUCT_LIMITS.skuPattern,
      'Mã SKU gồm 3–40 ký tự: chữ in hoa không dấu, chữ số và dấu gạch ngang.',
    ),
    categoryId: idInput('Vui lòng chọn danh mục.'),
    brandId: idInput('Vui lòng chọn thương hiệu.'),
    price: money('Giá bán'),
    compareAtPrice: money('Giá so sánh').nullable().default(null),
    salePrice: money('Giá khuyến mãi').nullable().default(null),
    saleStartsAt: instant('Thời điểm bắt đầu khuyến mãi').nullable().default(null),
    saleEndsAt: instant('Thời điểm kết thúc khuyến mãi').nullable().default(null),
    vatRate: vatRateInput(),
    unit: textInput({ trim: true, error: 'Đơn vị tính là bắt buộc.' })
      .min(1, 'Vui lòng nhập đơn vị tính.')
      .max(PRODUCT_LIMITS.unitMax, `Đơn vị tính tối đa ${PRODUCT_LIMITS.unitMax} ký tự.`),
    weightGrams: integerInput({ message: 'Khối lượng phải là số gam nguyên từ 1 đến 100.000.', min: 1, max: PRODUCT_LIMITS.weightMaxGrams })
      .nullable()
      .default(null),
    lengthCm: parcelSide('Chiều dài'),
    widthCm: parcelSide('Chiều rộng'),
    heightCm: parcelSide('Chiều cao'),
    warrantyMonths: integerInput({ message: 'Bảo hành phải là số tháng nguyên từ 0 đến 120.', min: 0, max: 120 }).default(0),
    compatibleModels: z
      .array(textInput({ trim: true, error: 'Dòng xe không hợp lệ.' }).min(1, 'Dòng xe không hợp lệ.').max(80, 'Dòng xe không hợp lệ.'), {
        error: 'Dòng xe tương thích không hợp lệ.',
      })
      .max(PRODUCT_LIMITS.compatibleModelsMax, `Tối đa ${PRODUCT_LIMITS.compatibleModelsMax} dòng xe tương thích.`)
      .default([]),
    specifications: z
      .array(productSpecificationInputSchema, { error: 'Thông số kỹ thuật không hợp lệ.' })
      .max(PRODUCT_LIMITS.specificationsMax, `Tối đa ${PRODUCT_LIMITS.specificationsMax} thông số.`)
      .default([]),
    description: textInput({ multiline: true, error: 'Mô tả không hợp lệ.' })
      .max(PRODUCT_LIMITS.descriptionMax, `Mô tả tối đa ${PRODUCT_LIMITS.descriptionMax.toLocaleString('vi-VN')} ký tự.`)
      .default(''),
    images: z
      .array(productImageInputSchema, { error: 'Hình ảnh không hợp lệ.' })
      .max(PRODUCT_LIMITS.imagesMax, `Tối đa ${PRODUCT_LIMITS.imagesMax} ảnh cho một sản phẩm.`)
      .default([]),
    status: productStatusSchema.default('draft'),
  })
  .superRefine((value, context) => {
    if (value.compareAtPrice !== null && value.compareAtPrice <= value.price) {
      context.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'Giá so sánh phải lớn hơn giá bán.' });
    }
    if (value.salePrice !== null) {
      if (value.salePrice >= value.price) context.addIssue({ code: 'custom', path: ['salePrice'], message: 'Giá khuyến mãi phải nhỏ hơn giá bán.' });
      if (value.saleStartsAt === null) context.addIssue({ code: 'custom', path: ['saleStartsAt'], message: 'Vui lòng nhập thời điểm bắt đầu khuyến mãi.' });
      if (value.saleEndsAt === null) context.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'Vui lòng nhập thời điểm kết thúc khuyến mãi.' });
    } else if (value.saleStartsAt !== null || value.saleEndsAt !== null) {
      context.addIssue({ code: 'custom', path: ['salePrice'], message: 'Vui lòng nhập giá khuyến mãi cho khoảng thời gian đã chọn.' });
    }
    if (value.saleStartsAt !== null && value.saleEndsAt !== null && Date.parse(value.saleEndsAt) <= Date.parse(value.saleStartsAt)) {
      context.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'Thời điểm kết thúc khuyến mãi phải sau thời điểm bắt đầu.' });
    }
    const labels = value.specifications.map((spec) => spec.label.toLowerCase());
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index) context.addIssue({ code: 'custom', path: ['specifications', index, 'label'], message: 'Tên thông số bị trùng.' });
    });
    const paths = value.images.map((image) => image.path);
    paths.forEach((path, index) => {
      if (paths.indexOf(path) !== index) context.addIssue({ code: 'custom', path: ['images', index, 'path'], message: 'Ảnh bị trùng.' });
    });
  });
export type ProductAdminInput = z.infer<typeof productAdminInputSchema>;

/** A save: the form's values and the version they were edited from. */
export const productAdminUpdateSchema = z.intersection(
  productAdminInputSchema,
  z.object({ version: integerInput({ message: 'Phiên bản không hợp lệ: vui lòng tải lại sản phẩm.', min: 1, max: DB_INTEGER_MAX }) }),
);
export type ProductAdminUpdate = z.infer<typeof productAdminUpdateSchema>;

export const productAdminImageSchema = z.object({
  path: z.string(),
  url: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  alt: z.string(),
});
export type ProductAdminImage = z.infer<typeof productAdminImageSchema>;

const named = z.object({ id: positiveId, name: z.string() });

/** A product as the admin's form shows it. */
export const productAdminSchema = z.object({
  id: positiveId,
  version: z.number().int().positive(),
  status: productStatusSchema,
  slug: z.string(),
  /** Earlier slugs, each answered with a permanent redirect to `slug`. */
  oldSlugs: z.array(z.string()),
  name: z.string(),
  sku: z.string(),
  category: named,
  brand: named,
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  salePrice: z.number().int().nullable(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  vatRate: z.number().int(),
  unit: z.string(),
  weightGrams: z.number().int().nullable(),
  lengthCm: z.number().int(),
  widthCm: z.number().int(),
  heightCm: z.number().int(),
  warrantyMonths: z.number().int(),
  compatibleModels: z.array(z.string()),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })),
  description: z.string(),
  /** The description's Markdown rendered safely (no raw HTML). */
  descriptionHtml: z.string(),
  images: z.array(productAdminImageSchema),
  stock: z.number().int(),
  updatedAt: z.string(),
});
export type ProductAdmin = z.infer<typeof productAdminSchema>;

export const productAdminListItemSchema = z.object({
  id: positiveId,
  version: z.number().int().positive(),
  status: productStatusSchema,
  name: z.string(),
  sku: z.string(),
  slug: z.string(),
  categoryName: z.string(),
  brandName: z.string(),
  price: z.number().int(),
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProductAdminListItem = z.infer<typeof productAdminListItemSchema>;

export const productAdminPageSchema = z.object({
  items: z.array(productAdminListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});
export type ProductAdminPage = z.infer<typeof productAdminPageSchema>;

export const productAdminListQuerySchema = z.object({
  q: textInput({ trim: true, error: 'Từ khóa không hợp lệ.' }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  status: productStatusSchema.optional(),
  categoryId: idInput('Danh mục không hợp lệ.').optional(),
  brandId: idInput('Thương hiệu không hợp lệ.').optional(),
  page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
  pageSize: integerInput({ message: 'Số dòng mỗi trang từ 1 đến 100.', min: 1, max: 100 }).default(25),
});
export type ProductAdminListQuery = z.infer<typeof productAdminListQuerySchema>;

export const productAdminParamsSchema = z.object({ id: idInput('Mã sản phẩm không hợp lệ.') });

/** One field of one change: who, when, before → after (JSON values as they were saved). */
export const catalogueChangeSchema = z.object({
  id: positiveId,
  version: z.number().int(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  actor: named.nullable(),
  changedAt: z.string(),
});
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;

export const catalogueChangeListSchema = z.array(catalogueChangeSchema);

/** What the form chooses from: categories, brands and the vehicle models list. */
export const productAdminOptionsSchema = z.object({
  categories: z.array(named),
  brands: z.array(named),
  vehicleModels: z.array(z.string()),
});
export type ProductAdminOptions = z.infer<typeof productAdminOptionsSchema>;

export const productAdminResponseSchema = envelopeSchema(productAdminSchema);
export const productAdminPageResponseSchema = envelopeSchema(productAdminPageSchema);
export const catalogueChangeListResponseSchema = envelopeSchema(catalogueChangeListSchema);
export const productAdminOptionsResponseSchema = envelopeSchema(productAdminOptionsSchema);
export const productImageUploadResponseSchema = envelopeSchema(productAdminImageSchema);

/** One refused row of a product CSV: its row number in the file (the header is row 1), the column and why. */
/** A bad row: its number, the field (the English column key), the column as the file's Vietnamese header names it, why. */
export const productCsvRowErrorSchema = z.object({ row: z.number().int().nonnegative(), field: z.string(), column: z.string(), message: z.string() });
export type ProductCsvRowError = z.infer<typeof productCsvRowErrorSchema>;

/**
 * What a product CSV import does (dry run) or did (apply): the counts, every bad row, and what the admin should
 * know of good rows before applying (`notices`, same shape: e.g. an empty "Xe tương thích" cell clears the rows).
 */
export const productCsvImportSchema = z.object({
  mode: z.enum(['dry-run', 'apply']),
  rows: z.number().int().nonnegative(),
  toCreate: z.number().int().nonnegative(),
  toUpdate: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  errors: z.array(productCsvRowErrorSchema),
  notices: z.array(productCsvRowErrorSchema),
});
export type ProductCsvImport = z.infer<typeof productCsvImportSchema>;
export const productCsvImportResponseSchema = envelopeSchema(productCsvImportSchema);
