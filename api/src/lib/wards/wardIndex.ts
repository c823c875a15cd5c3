import { findProvince, foldVietnamese, type Ward } from 'shared-contracts/schemas';
import formerRows from './reference/formerWards.json';
import provinceRows from './reference/provinces.json';
import wardRows from './reference/wards.json';

/**
 * The wards since the 2025 reform and their former (district-era) names, indexed in memory once, on first use, from
 * the generated reference data (reference/SOURCE.md). Searching folds Vietnamese (no marks, đ → d, lower case).
 */

interface WardEntry {
  code: string;
  name: string;
  province: string;
  /** Folded full name ('phuong cau giay') and without its kind ('cau giay'). */
  folded: string;
  bare: string;
  formerly: string[];
  /** Its place among all wards by name (Vietnamese collation), so a search sorts without collating. */
  order: number;
}

interface FormerEntry {
  oldWard: string;
  oldDistrict: string;
  oldProvince: string;
  /** 'Phường Dịch Vọng Hậu, Quận Cầu Giấy' (+ ', Tỉnh Hải Dương' when the province changed). */
  label: string;
  folded: string;
  bare: string;
  code: string;
}

interface WardIndex {
  byCode: Map<string, WardEntry>;
  byProvince: Map<string, WardEntry[]>;
  former: FormerEntry[];
  provinceCodes: Map<string, string>;
}

/** The kinds a ward's (or a former district's) name starts with, folded, longest first. */
const KIND_PREFIXES = ['dac khu ', 'thi tran ', 'phuong ', 'xa '];
const DISTRICT_PREFIXES = ['thanh pho ', 'thi xa ', 'huyen ', 'quan '];

/** The folded name without its kind: 'phuong cau giay' → 'cau giay'. A bare number ('12') keeps its kind. */
export function bareName(folded: string, prefixes: readonly string[] = KIND_PREFIXES): string {
  for (const prefix of prefixes) {
    if (folded.startsWith(prefix)) {
      const rest = folded.slice(prefix.length);
      return /^\d+$/.test(rest) ? folded : rest;
    }
  }
  return folded;
}

let index: WardIndex | null = null;

function build(): WardIndex {
  const byCode = new Map<string, WardEntry>();
  const byProvince = new Map<string, WardEntry[]>();
  for (const [code, name, province] of wardRows as [string, string, string][]) {
    const folded = foldVietnamese(name);
    const entry: WardEntry = { code, name, province, folded, bare: bareName(folded), formerly: [], order: 0 };
    byCode.set(code, entry);
    const list = byProvince.get(province) ?? [];
    list.push(entry);
    byProvince.set(province, list);
  }
  const collator = new Intl.Collator('vi');
  [...byCode.values()].sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code)).forEach((entry, order) => {
    entry.order = order;
  });
  for (const list of byProvince.values()) list.sort((a, b) => a.order - b.order);

  const former: FormerEntry[] = [];
  for (const [oldWard, oldDistrict, oldProvince, code] of formerRows as [string, string, string, string][]) {
    const ward = byCode.get(code);
    if (!ward) continue;
    const sameProvince = findProvince(ward.province)?.fullName === oldProvince;
    const label = sameProvince ? `${oldWard}, ${oldDistrict}` : `${oldWard}, ${oldDistrict}, ${oldProvince}`;
    const folded = foldVietnamese(oldWard);
    former.push({ oldWard, oldDistrict, oldProvince, label, folded, bare: bareName(folded), code });
    if (!ward.formerly.includes(label)) ward.formerly.push(label);
  }
  const provinceCodes = new Map((provinceRows as [string, string][]).map(([code, name]) => [name, code]));
  return { byCode, byProvince, former, provinceCodes };
}

function wardIndex(): WardIndex {
  index ??= build();
  return index;
}

function toWard(entry: WardEntry, matchedFormer: string | null = null): Ward {
  return { code: entry.code, name: entry.name, province: entry.province, formerly: [...entry.formerly], matchedFormer };
}

/** The ward with this five-digit code, or null. */
export function findWard(code: string): Ward | null {
  const entry = wardIndex().byCode.get(code);
  return entry ? toWard(entry) : null;
}

/** The wards of a province (its shared-contracts name, 'Hà Nội'), by name; [] for an unknown province. */
export function wardsOfProvince(province: string): Ward[] {
  return (wardIndex().byProvince.get(province) ?? []).map((entry) => toWard(entry));
}

/** The dataset's two-digit province code ('Hà Nội' → '01'; carriers key provinces by it), or null. */
export function provinceCodeOf(province: string): string | null {
  return wardIndex().provinceCodes.get(province) ?? null;
}

/** How well a folded name matches a folded query: 0 exact, 1 prefix, 2 a word's prefix, 3 contains; null none. */
function tier(name: string, query: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  const at = name.indexOf(query);
  if (at < 0) return null;
  return name.includes(` ${query}`) ? 2 : 3;
}

function bestTier(folded: string, bare: string, query: string): number | null {
  const full = tier(folded, query);
  const short = tier(bare, query);
  if (full === null) return short;
  if (short === null) return full;
  return Math.min(full, short);
}

export interface WardSearch {
  /** Shared-contracts' province name; all provinces when absent. */
  province?: string | undefined;
  q: string;
  limit: number;
}

/**
 * Wards whose current or former name matches `q` (accent-insensitive), best first: exact, prefix, a word's prefix,
 * contains; within a rank current names before former ones, then by name. A blank `q` lists the wards by name.
 */
export function searchWards({ province, q, limit }: WardSearch): Ward[] {
  const { byProvince, byCode, former } = wardIndex();
  const query = foldVietnamese(q);
  const scope = province === undefined ? null : (byProvince.get(province) ?? []);
  if (!query) return (scope ?? [...byCode.values()]).slice(0, limit).map((entry) => toWard(entry));

  const best = new Map<string, { rank: number; entry: WardEntry; former: string | null }>();
  const consider = (entry: WardEntry, rank: number, formerLabel: string | null): void => {
    const known = best.get(entry.code);
    if (!known || rank < known.rank) best.set(entry.code, { rank, entry, former: formerLabel });
  };
  for (const entry of scope ?? byCode.values()) {
    const found = bestTier(entry.folded, entry.bare, query);
    if (found !== null) consider(entry, found * 2, null);
  }
  for (const entry of former) {
    const ward = byCode.get(entry.code)!;
    if (province !== undefined && ward.province !== province) continue;
    const found = bestTier(entry.folded, entry.bare, query);
    if (found !== null) consider(ward, found * 2 + 1, entry.label);
  }
  return [...best.values()]
    .sort((a, b) => a.rank - b.rank || a.entry.order - b.entry.order)
    .slice(0, limit)
    .map(({ entry, former: label }) => toWard(entry, label));
}

/** resolveWard's answer when the text names several wards of the province. */
export interface AmbiguousWard {
  ambiguous: Ward[];
}

/**
 * The ward of an address: by its code (null unless it is a ward of `province`), else by its text when that names
 * exactly one current ward of the province ('Phường Cầu Giấy' or 'cầu giấy'), `{ ambiguous }` when several, or null.
 */
export function resolveWard(province: string, address: { wardCode?: string | null | undefined; ward?: string | null | undefined }): Ward | AmbiguousWard | null {
  const { byCode, byProvince } = wardIndex();
  if (address.wardCode) {
    const entry = byCode.get(address.wardCode);
    return entry && entry.province === province ? toWard(entry) : null;
  }
  const text = foldVietnamese(address.ward ?? '');
  if (!text) return null;
  const wards = byProvince.get(province) ?? [];
  const exact = wards.filter((entry) => entry.folded === text);
  const matches = exact.length > 0 ? exact : wards.filter((entry) => entry.bare === text);
  if (matches.length === 1) return toWard(matches[0]!);
  return matches.length > 1 ? { ambiguous: matches.map((entry) => toWard(entry)) } : null;
}

/** The former wards (for the profile's one-off mapping of district-era addresses). */
export function formerWardEntries(): readonly FormerEntry[] {
  return wardIndex().former;
}

export type { FormerEntry };
export { DISTRICT_PREFIXES };
