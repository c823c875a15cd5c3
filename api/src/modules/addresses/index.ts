/**
 * The addresses module's front door — coded addresses since the 2025 reform: the 34 provinces' wards (generated from a
 * public dataset), their former names, accent-insensitive ward search, an address's ward resolved. Nothing else of the
 * module is imported from outside.
 */
export { addressesRoutes } from './addressesRoutes';
export {
  findWard,
  mapSavedAddress,
  matchFormerAddress,
  provinceCodeOf,
  resolveWard,
  searchWards,
  WAREHOUSE_WARD_CODE,
  wardsOfProvince,
  type AmbiguousWard,
  type FormerAddressMatch,
  type SavedAddressColumns,
  type WardSearch,
} from '../../lib/wards';
export { profileAddressOf, savedAddressColumns } from './savedAddress';
export { codedDeliveryAddress, type CodedDeliveryAddress } from './deliveryAddress';
export { shipFromAddress, type ShipFromAddress } from './shipFrom';
