import { findVehicleModel, licensePlateError, normaliseLicensePlate, normaliseVin, vehicleBrands, vehicleModelsOf, VEHICLE_YEAR_MIN, vinError, vinRequired } from 'shared-contracts/vehicle';
import type { Vehicle, VehicleType, VehicleUpdateInput } from 'shared-contracts/schemas';
import { collectErrors, type FieldErrors } from '../../forms/validation';
import { vehiclesText as t } from './vehiclesText';

/**
 * The vehicle form's rules, the same as the API's vehicle schemas (which check everything again): brand and model
 * from the shared catalogue, the shared plate and VIN rules, a year from 2010 to next year, an odometer that only
 * goes up unless a note explains the correction.
 */

export type VehicleField =
  | 'type'
  | 'brand'
  | 'model'
  | 'year'
  | 'licensePlate'
  | 'vin'
  | 'color'
  | 'odometerKm'
  | 'batteryCapacityKwh'
  | 'nickname'
  | 'odometerNote';
export type VehicleValues = Record<VehicleField, string>;

export const VEHICLE_TYPES: readonly VehicleType[] = ['scooter', 'motorbike', 'car'];
export const ODOMETER_MAX_KM = 2_000_000;
export const BATTERY_MAX_KWH = 300;

export function isVehicleType(value: string): value is VehicleType {
  return (VEHICLE_TYPES as readonly string[]).includes(value);
}

export const EMPTY_VEHICLE: VehicleValues = {
  type: '',
  brand: '',
  model: '',
  year: '',
  licensePlate: '',
  vin: '',
  color: '',
  odometerKm: '',
  batteryCapacityKwh: '',
  nickname: '',
  odometerNote: '',
};

export function valuesOf(vehicle: Vehicle): VehicleValues {
  return {
    type: vehicle.type,
    brand: vehicle.brand,
    model: vehicle.model,
    year: String(vehicle.year),
    licensePlate: vehicle.licensePlate,
    vin: vehicle.vin ?? '',
    color: vehicle.color ?? '',
    odometerKm: String(vehicle.odometerKm),
    batteryCapacityKwh: vehicle.batteryCapacityKwh === null ? '' : String(vehicle.batteryCapacityKwh),
    nickname: vehicle.nickname ?? '',
    odometerNote: '',
  };
}

function typeOf(values: VehicleValues): VehicleType | undefined {
  return isVehicleType(values.type) ? values.type : undefined;
}

/** '1.234,5' or '1234.5' → 1234.5; NaN for anything else. */
function readDecimal(text: string): number {
  const compact = text.trim().replace(/\s/g, '');
  if (!/^\d+([.,]\d+)?$/.test(compact)) return Number.NaN;
  return Number(compact.replace(',', '.'));
}

/** '12.500' or '12500' km → 12500; NaN for anything else. */
function readKm(text: string): number {
  const compact = text.trim().replace(/[\s.]/g, '');
  return /^\d+$/.test(compact) ? Number(compact) : Number.NaN;
}

/** The odometer went down compared with the saved value: a note is needed. */
export function odometerLowered(values: VehicleValues, previousKm: number | null): boolean {
  const km = readKm(values.odometerKm);
  return previousKm !== null && Number.isFinite(km) && km < previousKm;
}

/** The plate's message while typing (none while the field is empty: that is for submit). */
export function plateMessage(values: VehicleValues): string | undefined {
  if (!values.licensePlate.trim()) return undefined;
  return licensePlateError(values.licensePlate, typeOf(values)) ?? undefined;
}

/** The plate as it will be saved, when it is valid. */
export function platePreview(values: VehicleValues): string | null {
  return normaliseLicensePlate(values.licensePlate, typeOf(values));
}

export function yearRange(now: Date = new Date()): { min: number; max: number } {
  return { min: VEHICLE_YEAR_MIN, max: now.getFullYear() + 1 };
}

function checkYear(text: string, now: Date): string | undefined {
  const { min, max } = yearRange(now);
  const year = Number(text.trim());
  return /^\d{4}$/.test(text.trim()) && year >= min && year <= max ? undefined : t.messages.year(min, max);
}

export function validateVehicle(values: VehicleValues, previousKm: number | null, now: Date = new Date()): FieldErrors<VehicleField> {
  const type = typeOf(values);
  const km = readKm(values.odometerKm);
  const battery = values.batteryCapacityKwh.trim() ? readDecimal(values.batteryCapacityKwh) : null;
  return collectErrors<VehicleField>({
    type: type ? undefined : t.messages.type,
    brand: type && vehicleBrands(type).includes(values.brand) ? undefined : t.messages.brand,
    model: type && findVehicleModel(type, values.brand, values.model) ? undefined : t.messages.model,
    year: checkYear(values.year, now),
    licensePlate: licensePlateError(values.licensePlate, type) ?? undefined,
    vin: vinError(values.vin, type) ?? undefined,
    color: values.color.trim().length > 40 ? t.messages.color : undefined,
    odometerKm: Number.isFinite(km) && km >= 0 && km <= ODOMETER_MAX_KM ? undefined : t.messages.odometer,
    batteryCapacityKwh: battery === null || (Number.isFinite(battery) && battery > 0 && battery <= BATTERY_MAX_KWH) ? undefined : t.messages.battery,
    nickname: values.nickname.trim().length > 50 ? t.messages.nickname : undefined,
    odometerNote: odometerLowered(values, previousKm) && !values.odometerNote.trim() ? t.messages.odometerNote : undefined,
  });
}

/** The POST / PUT body from valid values: numbers read, plate and VIN normalised, empty → null. */
export function vehicleInput(values: VehicleValues, previousKm: number | null): VehicleUpdateInput {
  const type = typeOf(values) ?? 'scooter';
  const vin = normaliseVin(values.vin);
  const input: VehicleUpdateInput = {
    type,
    brand: values.brand,
    model: values.model,
    year: Number(values.year.trim()),
    licensePlate: normaliseLicensePlate(values.licensePlate, type) ?? values.licensePlate.trim(),
    vin: vin || null,
    color: values.color.trim() || null,
    odometerKm: readKm(values.odometerKm),
    batteryCapacityKwh: values.batteryCapacityKwh.trim() ? readDecimal(values.batteryCapacityKwh) : null,
    nickname: values.nickname.trim() || null,
  };
  if (odometerLowered(values, previousKm)) input.odometerNote = values.odometerNote.trim();
  return input;
}

/** A new type keeps the brand and model only when that type has them. */
export function withType(values: VehicleValues, type: string): VehicleValues {
  const next = isVehicleType(type) ? type : undefined;
  const brandFits = next !== undefined && vehicleBrands(next).includes(values.brand);
  const modelFits = brandFits && next !== undefined && findVehicleModel(next, values.brand, values.model) !== undefined;
  return { ...values, type, brand: brandFits ? values.brand : '', model: modelFits ? values.model : '' };
}

export function withBrand(values: VehicleValues, brand: string): VehicleValues {
  return { ...values, brand, model: brand === values.brand ? values.model : '' };
}

/** A model chosen: its usual battery fills an empty battery field. */
export function withModel(values: VehicleValues, model: string): VehicleValues {
  const type = typeOf(values);
  const entry = type ? findVehicleModel(type, values.brand, model) : undefined;
  const battery = values.batteryCapacityKwh.trim() === '' && entry?.batteryCapacityKwh !== undefined ? String(entry.batteryCapacityKwh) : values.batteryCapacityKwh;
  return { ...values, model, batteryCapacityKwh: battery };
}

export function brandOptions(type: string): Array<{ value: string; label: string }> {
  return isVehicleType(type) ? vehicleBrands(type).map((brand) => ({ value: brand, label: brand })) : [];
}

export function modelOptions(type: string, brand: string): Array<{ value: string; label: string }> {
  return isVehicleType(type) && brand ? vehicleModelsOf(type, brand).map((entry) => ({ value: entry.model, label: entry.model })) : [];
}

export function vinIsRequired(type: string): boolean {
  return isVehicleType(type) && vinRequired(type);
}
