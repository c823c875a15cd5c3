import { findProvince } from '../address/provinces';

/**
 * Shipping fees (integer VND). Pick-up at a centre is free. Delivery costs 30.000 ₫ to a province where we
 * have a service centre (same-city couriers) and 50.000 ₫ anywhere else. An order of service packages only
 * ships nothing, so it costs nothing whatever the method.
 */
export const SHIPPING_FEE_CENTRE_PROVINCE = 30_000;
export const SHIPPING_FEE_OTHER_PROVINCE = 50_000;

/** Provinces with one of our service centres (names of address/provinces.ts). */
export const CENTRE_PROVINCES: readonly string[] = ['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng', 'Hải Phòng', 'Cần Thơ'];

export type ShippingChoice = { method: 'pickup' } | { method: 'delivery'; province: string };

/**
 * The fee of a fulfilment choice. `hasShippableItems` false (packages only) → 0. An unknown province is
 * charged the 'other province' fee (the API refuses unknown provinces before pricing anyway).
 */
export function shippingFeeFor(fulfilment: ShippingChoice, hasShippableItems = true): number {
  if (!hasShippableItems || fulfilment.method === 'pickup') return 0;
  const province = findProvince(fulfilment.province);
  return province && CENTRE_PROVINCES.includes(province.name) ? SHIPPING_FEE_CENTRE_PROVINCE : SHIPPING_FEE_OTHER_PROVINCE;
}
