import type { VehicleType } from '../catalogue/enumerations';

/**
 * Vehicle identification number (số VIN / số khung): 17 characters, digits and capital letters except I, O and Q.
 * The ISO 3779 check digit (position 9) is NOT verified: it is mandatory in North America only, and the VINs
 * of the Vietnamese market (VinFast among them) do not use it. Spaces and dashes are ignored and letters are
 * upper-cased. Optional for scooters (many carry only a frame number), required for motorbikes and cars.
 */

export const VIN_LENGTH = 17;
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export const VIN_REQUIRED_MESSAGE = 'Vui lòng nhập số VIN (17 ký tự).';
export const VIN_LENGTH_MESSAGE = 'Số VIN phải gồm đúng 17 ký tự.';
export const VIN_CHARACTERS_MESSAGE = 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.';

/** Upper case, spaces and dashes dropped ('rlnv 5jsm0pa 123456' → 'RLNV5JSM0PA123456'). */
export function normaliseVin(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function isValidVin(input: string): boolean {
  return VIN_PATTERN.test(normaliseVin(input));
}

/** Whether the vehicle type must have a VIN (every type but scooters). */
export function vinRequired(vehicleType: VehicleType): boolean {
  return vehicleType !== 'scooter';
}

/**
 * The Vietnamese message for a VIN field (null when fine). An empty value is fine for a scooter, or when the
 * vehicle type is not known yet.
 */
export function vinError(input: string | null | undefined, vehicleType?: VehicleType): string | null {
  const value = normaliseVin(input ?? '');
  if (value === '') return vehicleType && vinRequired(vehicleType) ? VIN_REQUIRED_MESSAGE : null;
  if (value.length !== VIN_LENGTH) return VIN_LENGTH_MESSAGE;
  if (!VIN_PATTERN.test(value)) return VIN_CHARACTERS_MESSAGE;
  return null;
}
