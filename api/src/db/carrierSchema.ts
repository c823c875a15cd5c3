import type { InstantDefaultNow } from './instants';

/** Each official ward's code at a carrier (migration 0067), written by the carriers module only (syncCarrierWardCodes). */
export interface CarrierWardCodesTable {
  carrier: 'GHN';
  /** The official five-digit ward code. */
  ward_code: string;
  /** GHN's ProvinceID, DistrictID and WardCode (its districts outlived the reform in its data). */
  carrier_province_id: string;
  carrier_district_id: string;
  carrier_ward_code: string;
  synced_at: InstantDefaultNow;
}

export interface CarrierTables {
  carrier_ward_codes: CarrierWardCodesTable;
}
