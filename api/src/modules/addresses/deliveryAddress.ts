import { ERROR_CODES, WARD_NOT_IN_PROVINCE_MESSAGE, type ShippingAddress } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { resolveWard } from '../../lib/wards';

/** A delivery address with its ward coded when it can be: no `wardCode` when the text names no single ward. */
export interface CodedDeliveryAddress {
  province: string;
  ward: string;
  street: string;
  wardCode?: string;
}

/**
 * An order's delivery address checked against the wards: a given ward code must be a ward of the province (422 on
 * `address.wardCode`) and the ward's official name replaces the text; without a code the text is resolved when it
 * names exactly one current ward of the province, else kept as typed (older clients; the desk picks a ward before a
 * waybill).
 */
export function codedDeliveryAddress(address: ShippingAddress): CodedDeliveryAddress {
  if (address.wardCode) {
    const ward = resolveWard(address.province, { wardCode: address.wardCode });
    if (!ward || 'ambiguous' in ward) {
      throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, WARD_NOT_IN_PROVINCE_MESSAGE, [{ field: 'address.wardCode', message: WARD_NOT_IN_PROVINCE_MESSAGE }]);
    }
    return { province: address.province, ward: ward.name, street: address.street, wardCode: ward.code };
  }
  const found = resolveWard(address.province, { ward: address.ward });
  if (found && !('ambiguous' in found)) return { province: address.province, ward: found.name, street: address.street, wardCode: found.code };
  return { province: address.province, ward: address.ward, street: address.street };
}
