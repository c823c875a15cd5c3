import { ERROR_CODES, WARD_NOT_IN_PROVINCE_MESSAGE, type ProfileDeliveryAddress, type ProfileDeliveryAddressInput, type ProfileWardChoice, type Ward } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { findWard, resolveWard, type SavedAddressColumns, type StoredChoice } from '../../lib/wards';

/**
 * The profile's structured delivery address (users.address_province, address_ward_code, address_street) as the
 * profile shows and saves it, with the choice a split former ward leaves (users.address_ward_choice, JSON; the
 * one-off mapping of saved free text is lib/wards/savedAddressMapping.ts).
 */

/** The profile's saved delivery address (null when none), and the ward choice still to make (null when none). */
export function profileAddressOf(row: SavedAddressColumns): { deliveryAddress: ProfileDeliveryAddress | null; deliveryAddressChoice: ProfileWardChoice | null } {
  const ward = row.address_ward_code ? findWard(row.address_ward_code) : null;
  const deliveryAddress = ward && row.address_province === ward.province ? { province: ward.province, wardCode: ward.code, ward: ward.name, street: row.address_street } : null;
  let deliveryAddressChoice: ProfileWardChoice | null = null;
  if (!deliveryAddress && row.address_ward_choice) {
    const stored = JSON.parse(row.address_ward_choice) as StoredChoice;
    const candidates = stored.codes.map((code) => findWard(code)).filter((entry): entry is Ward => entry !== null).map((entry) => ({ ...entry, matchedFormer: stored.former }));
    if (candidates.length >= 2) deliveryAddressChoice = { former: stored.former, province: stored.province, street: stored.street, candidates };
  }
  return { deliveryAddress, deliveryAddressChoice };
}

/** The columns a profile update writes for a delivery address (null: cleared); 422 when the ward is not of the province. */
export function savedAddressColumns(input: ProfileDeliveryAddressInput | null): SavedAddressColumns {
  if (input === null) return { address_province: null, address_ward_code: null, address_street: null, address_ward_choice: null };
  const ward = resolveWard(input.province, { wardCode: input.wardCode });
  if (!ward || 'ambiguous' in ward) {
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, WARD_NOT_IN_PROVINCE_MESSAGE, [{ field: 'deliveryAddress.wardCode', message: WARD_NOT_IN_PROVINCE_MESSAGE }]);
  }
  return { address_province: input.province, address_ward_code: ward.code, address_street: input.street, address_ward_choice: null };
}
