import type { Kysely } from 'kysely';
import { foldVietnamese, PROVINCES } from 'shared-contracts/schemas';
import { createOutboundClient } from '../../outbound';
import type { Database } from '../../db/schema';
import { wardsOfProvince } from '../addresses';
import type { GhnWardCode } from './adapters/ghnAdapter';
import { jsonOf, refusal, type Json } from './carrierHttp';

/** What a sync found: wards matched, GHN's wards matching none of ours, our wards GHN has none for (a few named). */
export interface WardCodeSync {
  matched: number;
  unmatchedCarrierWards: number;
  wardsWithoutCode: number;
  examples: string[];
}

/** 'Phường Cầu Giấy' → 'cau giay'; 'Thành phố Hà Nội' → 'ha noi' (the kind words dropped, accents folded). */
export function nameKey(name: string): string {
  return foldVietnamese(name)
    .replace(/^(thanh pho|tinh|phuong|xa|thi tran|dac khu|tp)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Fills carrier_ward_codes for GHN from its master data (provinces, districts, wards) matched to the official wards
 * by province and ward name, accents and kind words folded ('Phường Dịch Vọng' = 'P. Dich Vong'); the carriers
 * module is this table's one writer. Replaces GHN's rows in one transaction, so a quote never sees half a sync.
 */
export async function syncCarrierWardCodes(db: Kysely<Database>, ghn: { baseUrl: string; token: string }, { concurrency = 8 }: { concurrency?: number } = {}): Promise<WardCodeSync> {
  const client = createOutboundClient({ provider: 'ghn', baseUrl: ghn.baseUrl, timeoutMs: 20_000 });
  async function get(path: string): Promise<Json[]> {
    const response = await client.request({ method: 'GET', path: `/shiip/public-api/master-data/${path}`, headers: { Token: ghn.token } });
    const json = await jsonOf(client, response);
    if (response.status >= 400 || Number(json.code) !== 200) throw refusal('GHN', json.message);
    return Array.isArray(json.data) ? (json.data as Json[]) : [];
  }
  const provinceByKey = new Map(PROVINCES.flatMap((province) => [[nameKey(province.name), province.name] as const, [nameKey(province.fullName), province.name] as const]));
  const rows: Array<{ carrier: 'GHN'; ward_code: string; carrier_province_id: string; carrier_district_id: string; carrier_ward_code: string }> = [];
  const seen = new Set<string>();
  let unmatchedCarrierWards = 0;
  const examples: string[] = [];
  for (const ghnProvince of await get('province')) {
    const names = [ghnProvince.ProvinceName, ...(Array.isArray(ghnProvince.NameExtension) ? ghnProvince.NameExtension : [])].map((name) => nameKey(String(name)));
    const province = names.map((key) => provinceByKey.get(key)).find(Boolean);
    if (!province) continue; // GHN's test or retired provinces
    // The exact name first ('Xã Cẩm Giang' and 'Xã Cẩm Giàng' are two wards), then accents folded, then without its
    // kind ('P. Cẩm Giàng'): the first that names exactly one ward.
    const keys = [(name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim(), foldVietnamese, nameKey];
    const indexes = keys.map(() => new Map<string, string[]>());
    for (const ward of wardsOfProvince(province)) {
      keys.forEach((key, i) => indexes[i]!.set(key(ward.name), [...(indexes[i]!.get(key(ward.name)) ?? []), ward.code]));
    }
    const matchOf = (name: string) => keys.map((key, i) => indexes[i]!.get(key(name))).find((codes) => codes?.length === 1);
    const districts = await get(`district?province_id=${encodeURIComponent(String(ghnProvince.ProvinceID))}`);
    for (let start = 0; start < districts.length; start += concurrency) {
      const batches = await Promise.all(districts.slice(start, start + concurrency).map((district) => get(`ward?district_id=${encodeURIComponent(String(district.DistrictID))}`)));
      for (const wards of batches) {
        for (const ward of wards) {
          const codes = matchOf(String(ward.WardName));
          if (!codes || codes.length !== 1 || seen.has(codes[0]!)) {
            unmatchedCarrierWards += 1;
            if (examples.length < 10) examples.push(`GHN ${String(ward.WardName)} (${province})`);
            continue;
          }
          seen.add(codes[0]!);
          rows.push({ carrier: 'GHN', ward_code: codes[0]!, carrier_province_id: String(ghnProvince.ProvinceID), carrier_district_id: String(ward.DistrictID), carrier_ward_code: String(ward.WardCode) });
        }
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('carrier_ward_codes').where('carrier', '=', 'GHN').execute();
    for (let start = 0; start < rows.length; start += 500) await trx.insertInto('carrier_ward_codes').values(rows.slice(start, start + 500)).execute();
  });
  wardCodeCache.clear();
  const allWards = PROVINCES.reduce((sum, province) => sum + wardsOfProvince(province.name).length, 0);
  return { matched: rows.length, unmatchedCarrierWards, wardsWithoutCode: allWards - rows.length, examples };
}

/** Official ward code → GHN's codes, read once per ward per process (the table changes only with a sync). */
const wardCodeCache = new Map<string, GhnWardCode | null>();

export function ghnWardCodeReader(db: Kysely<Database>): (officialWardCode: string) => Promise<GhnWardCode | null> {
  return async (officialWardCode) => {
    if (wardCodeCache.has(officialWardCode)) return wardCodeCache.get(officialWardCode)!;
    const row = await db.selectFrom('carrier_ward_codes').select(['carrier_district_id', 'carrier_ward_code']).where('carrier', '=', 'GHN').where('ward_code', '=', officialWardCode).executeTakeFirst();
    const codes = row ? { districtId: Number(row.carrier_district_id), wardCode: row.carrier_ward_code } : null;
    // An unknown ward is not remembered: a sync may add it.
    if (codes) wardCodeCache.set(officialWardCode, codes);
    return codes;
  };
}

/** Whether GHN's codes were synced at all (the stand-in mode syncs at first use when not). */
export async function hasGhnWardCodes(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('carrier_ward_codes').select('ward_code').where('carrier', '=', 'GHN').limit(1).executeTakeFirst()) !== undefined;
}
