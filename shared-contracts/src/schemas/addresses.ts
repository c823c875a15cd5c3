import { z } from 'zod';
import { CHECKOUT_RULES as rules } from '../pricing/checkoutRules';
import { integerInput, textInput } from './primitives';
import { wardCodeSchema, wardSchema } from './shipping';
import { PROVINCE_NAMES } from '../address/provinces';

/**
 * Coded addresses on the wire (issue 65 §1): the ward search's query, the optional ward code of an order's address
 * and the profile's structured delivery address (with the choice a split district-era ward leaves to the customer).
 */

/** GET /api/addresses/wards: the bounds of a ward search (the picker's debounced query). */
export const WARD_QUERY_MAX_LENGTH = 60;
export const WARD_SEARCH_LIMIT_MAX = 50;
export const WARD_SEARCH_LIMIT_DEFAULT = 20;

export const wardSearchQuerySchema = z.object({
  province: z.enum(PROVINCE_NAMES, { error: 'Tỉnh/thành phố không hợp lệ.' }).optional(),
  q: textInput({ trim: true, error: 'Nội dung tìm kiếm không hợp lệ.' })
    .max(WARD_QUERY_MAX_LENGTH, `Tên phường/xã tìm kiếm tối đa ${WARD_QUERY_MAX_LENGTH} ký tự.`)
    .default(''),
  limit: integerInput({ message: `Số kết quả từ 1 đến ${WARD_SEARCH_LIMIT_MAX}.`, min: 1, max: WARD_SEARCH_LIMIT_MAX }).default(WARD_SEARCH_LIMIT_DEFAULT),
});
export type WardSearchQuery = z.infer<typeof wardSearchQuerySchema>;

/** An order address's ward code: optional (older clients send the ward's name only). */
export const optionalWardCodeSchema = wardCodeSchema.optional();

/** The message when a ward code is not a ward of the chosen province. */
export const WARD_NOT_IN_PROVINCE_MESSAGE = 'Phường/xã không thuộc tỉnh/thành đã chọn.';

/** PUT /Auth/profile `deliveryAddress`: the customer's saved delivery address (the ward by its code). */
export const profileDeliveryAddressInputSchema = z.object({
  province: z.enum(PROVINCE_NAMES, { error: 'Vui lòng chọn tỉnh/thành phố.' }),
  wardCode: wardCodeSchema,
  street: textInput({ error: rules.street.required, trim: true }).min(rules.street.min, rules.street.required).max(rules.street.max, rules.street.tooLong),
});
export type ProfileDeliveryAddressInput = z.infer<typeof profileDeliveryAddressInputSchema>;

/** The saved delivery address as the profile shows it. */
export const profileDeliveryAddressSchema = z.object({
  province: z.string().min(1),
  wardCode: wardCodeSchema,
  /** The ward's official name ('Phường Cầu Giấy'). */
  ward: z.string().min(1),
  street: z.string().nullable(),
});
export type ProfileDeliveryAddress = z.infer<typeof profileDeliveryAddressSchema>;

/** A district-era address whose former ward was split: the customer picks the new ward among `candidates`. */
export const profileWardChoiceSchema = z.object({
  /** 'Phường Dịch Vọng Hậu, Quận Cầu Giấy'. */
  former: z.string().min(1),
  province: z.string().min(1),
  street: z.string().nullable(),
  candidates: z.array(wardSchema).min(2),
});
export type ProfileWardChoice = z.infer<typeof profileWardChoiceSchema>;
