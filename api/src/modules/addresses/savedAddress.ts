import { ERROR_CODES, foldVietnamese, PROVINCES, WARD_NOT_IN_PROVINCE_MESSAGE, type ProfileDeliveryAddress, type ProfileDeliveryAddressInput, type ProfileWardChoice, type Ward } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { matchFormerAddress } from './formerAddress';
import { findWard, resolveWard, wardsOfProvince } from './wardIndex';

/**
 * The profile's structured delivery address (users.address_province, address_ward_code, address_street) and the
 * one-off mapping of the free-text `address` into it (migration 0065), with the choice a split former ward leaves
 * (users.address_ward_choice, JSON).
 */
export interface SavedAddressColumns {
  address_province: string | null;
  address_ward_code: string | null;
  address_street: string | null;
  address_ward_choice: string | null;
}

interface StoredChoice {
  former: string;
  province: string;
  street: string | null;
  codes: string[];
}

/** The current ward named in full ('phường Cửa Nam') in a text that also names its province, when exactly one. */
function currentWardNamed(text: string): { ward: Ward; street: string | null } | null {
  const haystack = ` ${foldVietnamese(text)} `;
  const found: Ward[] = [];
  for (const province of provincesNamed(haystack)) {
    for (const ward of wardsOfProvince(province)) {
      if (haystack.includes(` ${foldVietnamese(ward.name)} `)) found.push(ward);
    }
  }
  if (found.length !== 1) return null;
  const ward = found[0]!;
  const parts = text.split(',');
  const at = parts.findIndex((part) => foldVietnamese(part).includes(foldVietnamese(ward.name)));
  const street = (at > 0 ? parts.slice(0, at) : []).join(',').trim() || null;
  return { ward, street };
}

/** The provinces a folded, space-padded text names ('ha noi', 'thanh pho ho chi minh', 'tp ho chi minh'). */
function provincesNamed(haystack: string): string[] {
  return PROVINCES.filter((province) => {
    const spellings = [foldVietnamese(province.name), foldVietnamese(province.fullName)];
    if (province.code === 'ho-chi-minh') spellings.push('ho chi minh');
    return spellings.some((spelling) => haystack.includes(` ${spelling} `));
  }).map((province) => province.name);
}

/**
 * The structured columns for a free-text saved address: a district-era ward + district named → its new ward (one)
 * or the candidates to choose among (a split ward); else a current ward named with its province; else null.
 */
export function mapSavedAddress(text: string): SavedAddressColumns | null {
  const former = matchFormerAddress(text);
  if (former?.kind === 'unique') {
    return { address_province: former.province, address_ward_code: former.ward.code, address_street: former.street, address_ward_choice: null };
  }
  if (former?.kind === 'split') {
    const choice: StoredChoice = { former: former.former, province: former.province, street: former.street, codes: former.candidates.map((ward) => ward.code) };
    return { address_province: null, address_ward_code: null, address_street: null, address_ward_choice: JSON.stringify(choice) };
  }
  const current = currentWardNamed(text);
  if (!current) return null;
  return { address_province: current.ward.province, address_ward_code: current.ward.code, address_street: current.street, address_ward_choice: null };
}

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
