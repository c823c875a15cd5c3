import { foldVietnamese, PROVINCES, type Ward } from 'shared-contracts/schemas';
import { matchFormerAddress } from './formerAddress';
import { wardsOfProvince } from './wardIndex';

/**
 * The one-off mapping of a saved free-text address (users.address) into the profile's structured columns
 * (migration 0065; the demo seed): users.address_province, address_ward_code, address_street, and
 * address_ward_choice (JSON) when a split former ward leaves a choice to the customer.
 */
export interface SavedAddressColumns {
  address_province: string | null;
  address_ward_code: string | null;
  address_street: string | null;
  address_ward_choice: string | null;
}

export interface StoredChoice {
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
