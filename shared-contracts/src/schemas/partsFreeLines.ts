import { z } from 'zod';
import {
  FREE_PART_DESCRIPTION_MAX,
  FREE_PART_LINE_STATUSES,
  PARTS_REASON_MAX,
  type FreePartLineAction,
} from '../backoffice/partsRequestMachine';
import { REASON_MIN_LENGTH } from '../backoffice/serviceOrderMachine';
import { isoInstantSchema } from './catalogue';
import { DB_INTEGER_MAX, idInput, textInput } from './primitives';
import { PARTS_REASON_REQUIRED_MESSAGE, partsQuantitySchema } from './partsRequests';
import { calendarDateSchema } from './service';

/**
 * Parts outside the catalogue (issue 36): the technician describes a part the catalogue does not have; the parts
 * desk links it to a product (it then becomes an ordinary parts request) or orders it specially from a supplier.
 * The statuses are in shared-contracts/backoffice (partsRequestMachine.ts).
 */

const idSchema = idInput('Mã không hợp lệ.');
const positiveId = z.number().int().positive();

const optionalText = (max: number) =>
  textInput({ trim: true, multiline: true })
    .max(max, `Tối đa ${max} ký tự.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const FREE_PART_DESCRIPTION_REQUIRED_MESSAGE = 'Vui lòng mô tả phụ tùng cần (ít nhất 3 ký tự).';
export const FREE_PART_DESCRIPTION_TOO_LONG_MESSAGE = `Mô tả phụ tùng tối đa ${FREE_PART_DESCRIPTION_MAX} ký tự.`;

/** POST /api/technician/service-orders/:id/parts-free-lines: a described part, its quantity, a note; the reason as for a request. */
export const freePartLineCreateInputSchema = z
  .object({
    description: textInput({ error: FREE_PART_DESCRIPTION_REQUIRED_MESSAGE, trim: true })
      .min(3, FREE_PART_DESCRIPTION_REQUIRED_MESSAGE)
      .max(FREE_PART_DESCRIPTION_MAX, FREE_PART_DESCRIPTION_TOO_LONG_MESSAGE),
    quantity: partsQuantitySchema,
    note: optionalText(PARTS_REASON_MAX),
    reason: optionalText(PARTS_REASON_MAX),
    checklistItemId: idSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, context) => {
    if (value.checklistItemId === null && (value.reason ?? '').length < REASON_MIN_LENGTH) {
      context.addIssue({ code: 'custom', message: PARTS_REASON_REQUIRED_MESSAGE, path: ['reason'] });
    }
  });
export type FreePartLineCreateInput = z.input<typeof freePartLineCreateInputSchema>;

const versionSchema = z
  .number({ error: 'Thiếu phiên bản của dòng phụ tùng, vui lòng tải lại.' })
  .int()
  .positive()
  .max(DB_INTEGER_MAX, 'Phiên bản của dòng phụ tùng không hợp lệ, vui lòng tải lại.');

/** POST /api/staff/parts-free-lines/:id/link: the catalogue product the described part is. */
export const freePartLineLinkInputSchema = z.object({ productId: idInput('Vui lòng chọn sản phẩm trong danh mục.'), version: versionSchema });
export type FreePartLineLinkInput = z.input<typeof freePartLineLinkInputSchema>;

/** POST /api/staff/parts-free-lines/:id/special-order: from which supplier, and when it is expected (yyyy-MM-dd, Vietnam). */
export const freePartLineSpecialOrderInputSchema = z.object({
  supplierNote: textInput({ error: 'Vui lòng ghi nhà cung cấp và thông tin đặt hàng.', trim: true, multiline: true })
    .min(REASON_MIN_LENGTH, `Vui lòng ghi rõ nhà cung cấp (ít nhất ${REASON_MIN_LENGTH} ký tự).`)
    .max(PARTS_REASON_MAX, `Tối đa ${PARTS_REASON_MAX} ký tự.`),
  expectedDate: calendarDateSchema,
  version: versionSchema,
});
export type FreePartLineSpecialOrderInput = z.input<typeof freePartLineSpecialOrderInputSchema>;

export const freePartLineParamsSchema = z.object({ id: idSchema });
export const freePartLinesQuerySchema = z.object({ centreId: idSchema.optional() });

export const freePartLineStatusSchema = z.enum(FREE_PART_LINE_STATUSES);

/** A free line as the desk and the technician see it. */
export const freePartLineSchema = z.object({
  id: positiveId,
  /** 'Ngoài danh mục'. */
  mark: z.string(),
  serviceOrder: z.object({ id: positiveId, code: z.string(), licensePlate: z.string(), vehicleModel: z.string() }),
  description: z.string(),
  quantity: z.number().int().positive(),
  note: z.string().nullable(),
  reason: z.string(),
  checklistItemId: positiveId.nullable(),
  status: freePartLineStatusSchema,
  statusLabel: z.string(),
  /** LINKED: the parts request made of it. */
  partsRequestId: positiveId.nullable(),
  /** SPECIAL_ORDER: the supplier and the expected date (yyyy-MM-dd). */
  supplierNote: z.string().nullable(),
  expectedDate: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: isoInstantSchema,
  resolvedBy: z.string().nullable(),
  resolvedAt: isoInstantSchema.nullable(),
  version: positiveId,
  availableActions: z.array(z.enum(['link', 'specialOrder'] satisfies FreePartLineAction[])),
});
export type FreePartLine = z.infer<typeof freePartLineSchema>;
