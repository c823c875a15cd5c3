import { findProvince, foldVietnamese, type Ward } from 'shared-contracts/schemas';
import { bareName, DISTRICT_PREFIXES, findWard, formerWardEntries, type FormerEntry } from './wardIndex';

/**
 * A district-era free-text address ('Số 5 ngõ 12, Phường Dịch Vọng Hậu, Quận Cầu Giấy, Hà Nội') mapped to the ward
 * it belongs to since the 2025 reform: the former ward and its district must both be named in the text; a former
 * ward split between several new wards gives candidates for the customer to choose among.
 */
export type FormerAddressMatch =
  | { kind: 'unique'; province: string; ward: Ward; street: string | null; former: string }
  | { kind: 'split'; province: string; candidates: Ward[]; street: string | null; former: string };

/** Is `needle` (folded) in `haystack` (folded, space-padded) as whole words? */
function hasWords(haystack: string, needle: string): boolean {
  return needle.length > 0 && haystack.includes(` ${needle} `);
}

function named(haystack: string, folded: string, bare: string): boolean {
  return hasWords(haystack, folded) || (bare !== folded && hasWords(haystack, bare));
}

/** The text before the part naming the former ward, as the street ('Số 5 ngõ 12'), or null. */
function streetBefore(text: string, entry: FormerEntry): string | null {
  const parts = text.split(',');
  const at = parts.findIndex((part) => named(` ${foldVietnamese(part)} `, entry.folded, entry.bare));
  const street = (at > 0 ? parts.slice(0, at) : []).join(',').trim();
  return street || null;
}

export function matchFormerAddress(text: string): FormerAddressMatch | null {
  const haystack = ` ${foldVietnamese(text)} `;
  if (haystack.trim() === '') return null;
  const matches = formerWardEntries().filter((entry) => {
    if (!named(haystack, entry.folded, entry.bare)) return false;
    const district = foldVietnamese(entry.oldDistrict);
    return named(haystack, district, bareName(district, DISTRICT_PREFIXES));
  });
  if (matches.length === 0) return null;

  // Several former wards may match ('Lý Thái Tổ' a street and a ward; 'Phường 1' of two districts): prefer the
  // ward named with its kind ('Phường Tràng Tiền'), then those whose province is named, then the longest names.
  const withKind = matches.filter((entry) => hasWords(haystack, entry.folded));
  const named1 = withKind.length > 0 ? withKind : matches;
  const provinceNamed = named1.filter((entry) => {
    const folded = foldVietnamese(entry.oldProvince);
    return named(haystack, folded, bareName(folded, ['thanh pho ', 'tinh ']));
  });
  const pool = provinceNamed.length > 0 ? provinceNamed : named1;
  const longest = Math.max(...pool.map((entry) => entry.folded.length + entry.oldDistrict.length));
  const chosen = pool.filter((entry) => entry.folded.length + entry.oldDistrict.length === longest);

  const codes = [...new Set(chosen.map((entry) => entry.code))];
  const wards = codes.map((code) => findWard(code)).filter((ward): ward is Ward => ward !== null);
  const first = chosen[0]!;
  const province = wards[0]?.province;
  if (!province || wards.some((ward) => ward.province !== province) || !findProvince(province)) return null;
  const street = streetBefore(text, first);
  const former = `${first.oldWard}, ${first.oldDistrict}`;
  if (wards.length === 1) return { kind: 'unique', province, ward: wards[0]!, street, former };
  return { kind: 'split', province, candidates: wards.map((ward) => ({ ...ward, matchedFormer: former })), street, former };
}
