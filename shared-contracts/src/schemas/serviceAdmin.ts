import { z } from 'zod';
import { isChecklistComponentCode, PACKAGE_LIMITS, SERVICE_LIMITS } from '../backoffice/serviceCatalogueRules';
import { SERVICE_KINDS, SERVICE_TIERS, VEHICLE_TYPES } from '../catalogue/enumerations';
import { PACKAGE_TIERS } from './catalogue';
import { vatRateInput } from './catalogueAdmin';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

export * from '../backoffice/serviceCatalogueRules';

/**
 * The admin's services (with their checklist templates) and service packages (issue 34, shop-operations.md §2,
 * §7): /api/admin/catalogue/services, /packages. Every refusal names its field in Vietnamese; a save carries the
 * version it was edited from; archiving is a versioned change too.
 */

const money = (label: string) =>
  integerInput({ message: `${label} phải là số nguyên VND lớn hơn 0 và không quá 1.000.000.000 ₫.`, min: 1, max: SERVICE_LIMITS.priceMax });
const name = (label: string, max: number) =>
  textInput({ trim: true, error: `${label} là bắt buộc.` })
    .min(1, `Vui lòng nhập ${label.toLowerCase()}.`)
    .max(max, `${label} tối đa ${max} ký tự.`);
const longText = (max: number) =>
  textInput({ multiline: true, trim: true, error: 'Mô tả không hợp lệ.' }).max(max, `Mô tả tối đa ${max.toLocaleString('vi-VN')} ký tự.`);
const sortOrder = integerInput({ message: 'Thứ tự hiển thị phải là số nguyên từ 0 đến 10.000.', min: 0, max: SERVICE_LIMITS.sortOrderMax }).default(0);
const vehicleTypes = z
  .array(z.enum(VEHICLE_TYPES, { error: 'Loại xe phải là xe máy điện, mô tô điện hoặc ô tô điện.' }), { error: 'Loại xe không hợp lệ.' })
  .min(1, 'Vui lòng chọn ít nhất một loại xe.')
  .max(VEHICLE_TYPES.length, 'Loại xe bị trùng.');
const versionInput = integerInput({ message: 'Phiên bản không hợp lệ: vui lòng tải lại trang.', min: 1, max: DB_INTEGER_MAX });

/** Adds an issue at `path` for each repeated key of `keys` (its second and later occurrences). */
function refuseRepeats(context: z.RefinementCtx, keys: readonly unknown[], path: (index: number) => (string | number)[], message: string): void {
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index) context.addIssue({ code: 'custom', path: path(index), message });
  });
}

export const checklistTemplateItemInputSchema = z.object({
  code: textInput({ trim: true, error: 'Mã linh kiện là bắt buộc.' }).min(1, 'Vui lòng chọn linh kiện.').max(40, 'Mã linh kiện không hợp lệ.'),
  label: name('Nội dung kiểm tra', SERVICE_LIMITS.checklistLabelMax),
});

/** A service as the admin's form sends it (create and save). */
export const serviceAdminInputSchema = z
  .object({
    name: name('Tên dịch vụ', SERVICE_LIMITS.nameMax),
    kind: z.enum(SERVICE_KINDS, { error: 'Loại dịch vụ không hợp lệ.' }),
    tier: z.enum(SERVICE_TIERS, { error: 'Cấp bảo dưỡng phải là cơ bản, nâng cao hoặc cao cấp.' }).nullable().default(null),
    summary: name('Tóm tắt', SERVICE_LIMITS.summaryMax),
    description: longText(SERVICE_LIMITS.descriptionMax).default(''),
    price: money('Giá dịch vụ'),
    durationMinutes: integerInput({ message: 'Thời lượng phải là số phút nguyên từ 5 đến 1.440.', min: SERVICE_LIMITS.durationMin, max: SERVICE_LIMITS.durationMax }),
    vatRate: vatRateInput(),
    vehicleTypes,
    checklist: z
      .array(checklistTemplateItemInputSchema, { error: 'Danh mục kiểm tra không hợp lệ.' })
      .min(SERVICE_LIMITS.checklistMin, 'Danh mục kiểm tra cần ít nhất 1 hạng mục.')
      .max(SERVICE_LIMITS.checklistMax, `Danh mục kiểm tra tối đa ${SERVICE_LIMITS.checklistMax} hạng mục.`),
    sortOrder,
  })
  .superRefine((value, context) => {
    value.checklist.forEach((item, index) => {
      if (!isChecklistComponentCode(item.code)) {
        context.addIssue({ code: 'custom', path: ['checklist', index, 'code'], message: `Hạng mục ${index + 1}: mã linh kiện "${item.code}" không có trong danh sách linh kiện.` });
      }
    });
    refuseRepeats(context, value.checklist.map((item) => item.code), (index) => ['checklist', index, 'code'], 'Linh kiện này đã có trong danh mục kiểm tra.');
    refuseRepeats(context, value.vehicleTypes, (index) => ['vehicleTypes', index], 'Loại xe bị trùng.');
  });
export type ServiceAdminInput = z.infer<typeof serviceAdminInputSchema>;

export const serviceAdminUpdateSchema = z.intersection(serviceAdminInputSchema, z.object({ version: versionInput }));
export type ServiceAdminUpdate = z.infer<typeof serviceAdminUpdateSchema>;

/** Archive (active false: off the shop, kept in past orders) or restore (true), from the version shown. */
export const catalogueActiveInputSchema = z.object({
  isActive: z.boolean({ error: 'Trạng thái không hợp lệ.' }),
  version: versionInput,
});
export type CatalogueActiveInput = z.infer<typeof catalogueActiveInputSchema>;

export const serviceAdminParamsSchema = z.object({ id: idInput('Mã dịch vụ không hợp lệ.') });
export const packageAdminParamsSchema = z.object({ id: idInput('Mã gói dịch vụ không hợp lệ.') });

const checklistTemplateItemSchema = z.object({ code: z.string(), label: z.string() });

/** A service as the admin's form shows it. */
export const serviceAdminSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(SERVICE_KINDS),
  tier: z.enum(SERVICE_TIERS).nullable(),
  summary: z.string(),
  description: z.string(),
  price: z.number().int(),
  durationMinutes: z.number().int(),
  vatRate: z.number().int(),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
  checklist: z.array(checklistTemplateItemSchema),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
export type ServiceAdmin = z.infer<typeof serviceAdminSchema>;

export const serviceAdminListItemSchema = serviceAdminSchema.pick({ id: true, version: true, slug: true, name: true, kind: true, tier: true, price: true, durationMinutes: true, isActive: true }).extend({
  checklistCount: z.number().int().nonnegative(),
});
export type ServiceAdminListItem = z.infer<typeof serviceAdminListItemSchema>;

export const SERVICE_ADMIN_STATUSES = ['active', 'archived'] as const;

export const serviceAdminListQuerySchema = z.object({
  q: textInput({ trim: true, error: 'Từ khóa không hợp lệ.' }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  status: z.enum(SERVICE_ADMIN_STATUSES, { error: 'Trạng thái phải là đang cung cấp hoặc đã lưu trữ.' }).optional(),
  page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
  pageSize: integerInput({ message: 'Số dòng mỗi trang từ 1 đến 100.', min: 1, max: 100 }).default(25),
});
export type ServiceAdminListQuery = z.infer<typeof serviceAdminListQuerySchema>;

export const serviceAdminPageSchema = z.object({
  items: z.array(serviceAdminListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});
export type ServiceAdminPage = z.infer<typeof serviceAdminPageSchema>;

/** A package as the admin's form sends it (create and save). */
export const packageAdminInputSchema = z
  .object({
    name: name('Tên gói', PACKAGE_LIMITS.nameMax),
    tier: z.enum(PACKAGE_TIERS, { error: 'Hạng gói phải là cơ bản, tiêu chuẩn hoặc cao cấp.' }),
    description: longText(PACKAGE_LIMITS.descriptionMax).min(1, 'Vui lòng nhập mô tả gói.'),
    price: money('Giá gói'),
    originalPrice: money('Giá gốc').nullable().default(null),
    validityMonths: integerInput({ message: 'Thời hạn phải là số tháng nguyên từ 1 đến 60.', min: PACKAGE_LIMITS.validityMin, max: PACKAGE_LIMITS.validityMax }),
    vehicleTypes,
    credits: z
      .array(
        z.object({
          serviceId: idInput('Vui lòng chọn dịch vụ.'),
          quantity: integerInput({ message: 'Số lượt phải là số nguyên từ 1 đến 100.', min: 1, max: PACKAGE_LIMITS.quantityMax }),
        }),
        { error: 'Lượt dịch vụ không hợp lệ.' },
      )
      .min(PACKAGE_LIMITS.creditsMin, 'Gói cần ít nhất 1 dịch vụ.')
      .max(PACKAGE_LIMITS.creditsMax, `Gói tối đa ${PACKAGE_LIMITS.creditsMax} dịch vụ.`),
    perks: z
      .array(name('Ưu đãi', PACKAGE_LIMITS.perkMax), { error: 'Ưu đãi kèm theo không hợp lệ.' })
      .max(PACKAGE_LIMITS.perksMax, `Tối đa ${PACKAGE_LIMITS.perksMax} ưu đãi kèm theo.`)
      .default([]),
    highlighted: z.boolean({ error: 'Nổi bật phải là có hoặc không.' }).default(false),
    sortOrder,
  })
  .superRefine((value, context) => {
    if (value.originalPrice !== null && value.originalPrice <= value.price) {
      context.addIssue({ code: 'custom', path: ['originalPrice'], message: 'Giá gốc phải lớn hơn giá gói.' });
    }
    refuseRepeats(context, value.credits.map((credit) => credit.serviceId), (index) => ['credits', index, 'serviceId'], 'Dịch vụ này đã có trong gói.');
    refuseRepeats(context, value.vehicleTypes, (index) => ['vehicleTypes', index], 'Loại xe bị trùng.');
  });
export type PackageAdminInput = z.infer<typeof packageAdminInputSchema>;

export const packageAdminUpdateSchema = z.intersection(packageAdminInputSchema, z.object({ version: versionInput }));
export type PackageAdminUpdate = z.infer<typeof packageAdminUpdateSchema>;

/** A package as the admin's form shows it. */
export const packageAdminSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  tier: z.enum(PACKAGE_TIERS),
  description: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  validityMonths: z.number().int(),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
  credits: z.array(z.object({ serviceId: z.number().int().positive(), serviceName: z.string(), quantity: z.number().int() })),
  perks: z.array(z.string()),
  highlighted: z.boolean(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
export type PackageAdmin = z.infer<typeof packageAdminSchema>;

export const serviceAdminResponseSchema = envelopeSchema(serviceAdminSchema);
export const serviceAdminPageResponseSchema = envelopeSchema(serviceAdminPageSchema);
export const packageAdminResponseSchema = envelopeSchema(packageAdminSchema);
export const packageAdminListResponseSchema = envelopeSchema(z.array(packageAdminSchema));
