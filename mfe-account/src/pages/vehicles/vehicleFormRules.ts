import { foldVietnamese } from 'shared-contracts';
import { findVehicleModelByName, licensePlateError, normaliseLicensePlate, normaliseVin, VEHICLE_YEAR_MIN, vinError, vinRequired } from 'shared-contracts/vehicle';
import type { Vehicle, VehicleModelRecord, VehicleType, VehicleUpdateInput } from 'shared-contracts/schemas';
import { collectErrors, type FieldErrors } from '../../forms/validation';
import { vehiclesText as t } from './vehiclesText';

/**
 * The vehicle form's rules, the same as the API's (which checks everything again): brand and model from the
 * reference models (GET /api/vehicle-models?type=; a vehicle not linked to one yet keeps its typed brand and model
 * only when they name one of them, as the API matches them), the shared plate and VIN rules, a year from 2010 to next
 * year, an odometer that only goes up unless a note explains the correction.
 */

export type VehicleField =
  | 'type'
  | 'brand'
  | 'model'
  | 'modelId'
  | 'year'
  | 'licensePlate'
  | 'vin'
  | 'color'
  | 'odometerKm'
  | 'batteryCapacityKwh'
  | 'nickname'
  | 'odometerNote';
/** `modelId`: the reference model chosen ('' none yet); `model` is its name as the vehicle keeps it ('VF 8 Plus'). */
export type VehicleValues = Record<VehicleField, string>;

/** A reference model as the form offers it (GET /api/vehicle-models: active ones; variant null is the base model). */
export type ModelChoice = Pick<VehicleModelRecord, 'id' | 'brand' | 'model' | 'variant' | 'batteryKwh' | 'label'>;

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
  modelId: '',
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
    modelId: vehicle.modelId === null ? '' : String(vehicle.modelId),
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

/** `models`: the type's reference models loaded (none while they load). */
export function validateVehicle(values: VehicleValues, previousKm: number | null, models: readonly ModelChoice[], now: Date = new Date()): FieldErrors<VehicleField> {
  const type = typeOf(values);
  const km = readKm(values.odometerKm);
  const battery = values.batteryCapacityKwh.trim() ? readDecimal(values.batteryCapacityKwh) : null;
  return collectErrors<VehicleField>({
    type: type ? undefined : t.messages.type,
    brand: type && values.brand.trim() ? undefined : t.messages.brand,
    // a reference model chosen names the vehicle (the API checks it); without one, the typed names must match one
    model: type && (values.modelId !== '' || findVehicleModelByName(models, values.brand, values.model)) ? undefined : t.messages.model,
    modelId: undefined,
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
  // none chosen: left out, so the API matches the typed brand and model to a reference model when it can
  if (values.modelId !== '') input.modelId = Number(values.modelId);
  if (odometerLowered(values, previousKm)) input.odometerNote = values.odometerNote.trim();
  return input;
}

/** Another type has other models: the brand and model are chosen again. */
export function withType(values: VehicleValues, type: string): VehicleValues {
  return type === values.type ? values : { ...values, type, brand: '', model: '', modelId: '' };
}

export function withBrand(values: VehicleValues, brand: string): VehicleValues {
  return brand === values.brand ? values : { ...values, brand, model: '', modelId: '' };
}

/** 'VF 8 Plus': the model's name with its variant, as the vehicle keeps it (the API writes the same). */
export function modelTextOf(choice: Pick<ModelChoice, 'model' | 'variant'>): string {
  return choice.variant ? `${choice.model} ${choice.variant}` : choice.model;
}

const kwhText = (kwh: number | null | undefined): string => (kwh === null || kwh === undefined ? '' : String(kwh));

/**
 * A reference model chosen (by id, as the picker's value): its brand and name, and its battery in the battery field
 * when that is empty or still holds the battery of the model chosen before (what the customer typed stays).
 */
export function withModelChoice(values: VehicleValues, id: string, choices: readonly ModelChoice[]): VehicleValues {
  const choice = choices.find((entry) => String(entry.id) === id);
  if (!choice) return { ...values, modelId: '', model: '' };
  const previous = choices.find((entry) => String(entry.id) === values.modelId);
  const typed = values.batteryCapacityKwh.trim();
  const prefilled = typed === '' || (previous !== undefined && typed === kwhText(previous.batteryKwh));
  const battery = prefilled && choice.batteryKwh !== null ? kwhText(choice.batteryKwh) : values.batteryCapacityKwh;
  return { ...values, brand: choice.brand, model: modelTextOf(choice), modelId: String(choice.id), batteryCapacityKwh: battery };
}

/** The brands of the type's reference models (the vehicle's own too, when it is not among them). */
export function brandOptions(choices: readonly ModelChoice[], current = ''): Array<{ value: string; label: string }> {
  const brands = [...new Set(choices.map((choice) => choice.brand))];
  if (current && !brands.includes(current)) brands.push(current);
  return brands.map((brand) => ({ value: brand, label: brand }));
}

/**
 * The brand's reference models, by id ('VF 8' the base model, 'VF 8 Plus' a variant); the vehicle's own model
 * (`current`, perhaps deactivated since) is kept in the list so that it still shows.
 */
export function modelOptions(choices: readonly ModelChoice[], brand: string, current?: { id: number; label: string } | null): Array<{ value: string; label: string }> {
  if (!brand) return [];
  const options = choices.filter((choice) => choice.brand === brand).map((choice) => ({ value: String(choice.id), label: modelTextOf(choice) }));
  if (current && !options.some((option) => option.value === String(current.id))) {
    const prefix = `${brand} `;
    options.push({ value: String(current.id), label: current.label.startsWith(prefix) ? current.label.slice(prefix.length) : current.label });
  }
  return options;
}

/** Most models the quick search lists. */
export const MODEL_SEARCH_MAX = 8;

/**
 * The models whose label holds every word typed, accents and case ignored, each word the start of one of the
 * label's words or found in the label without its spaces ('feliz s', 'vf8', 'vinfast vf 8 plus').
 */
export function searchModels(choices: readonly ModelChoice[], query: string): ModelChoice[] {
  const words = foldVietnamese(query).split(' ').filter((word) => word !== '');
  if (words.length === 0) return [];
  return choices
    .filter((choice) => {
      const label = foldVietnamese(choice.label);
      const parts = label.split(' ');
      const joined = label.replace(/ /g, '');
      return words.every((word) => parts.some((part) => part.startsWith(word)) || joined.includes(word));
    })
    .slice(0, MODEL_SEARCH_MAX);
}

export function vinIsRequired(type: string): boolean {
  return isVehicleType(type) && vinRequired(type);
}
