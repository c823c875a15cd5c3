/**
 * The addresses module's front door — coded addresses since the 2025 reform: the 34 provinces' wards (generated from a
 * public dataset), their former names, accent-insensitive ward search, an address's ward resolved. Nothing else of the
 * module is imported from outside.
 */
export { addressesRoutes } from './addressesRoutes';
export { findWard, provinceCodeOf, resolveWard, searchWards, wardsOfProvince, type AmbiguousWard, type WardSearch } from './wardIndex';
export { matchFormerAddress, type FormerAddressMatch } from './formerAddress';
export { mapSavedAddress, profileAddressOf, savedAddressColumns, type SavedAddressColumns } from './savedAddress';
export { codedDeliveryAddress, type CodedDeliveryAddress } from './deliveryAddress';
export { shipFromAddress, WAREHOUSE_WARD_CODE, type ShipFromAddress } from './shipFrom';
