import { normalizeVietnamesePhone } from 'shared-contracts';
import { licensePlateError, normaliseLicensePlate, vehicleModelBrands, vehicleModelName } from 'shared-contracts/vehicle';
import type { VehicleType } from 'shared-contracts/schemas';
import type { ModelOption } from '../../vehicleFit';
import { VEHICLE_TYPE_LABELS } from '../../i18n/catalogueLabels';
import type { ContactDraft, VehicleDraft } from './bookingReducer';
import { bookingText as t } from './bookingText';

/** The same rules as the API's booking schemas (checked again on the server). */

export type VehicleErrors = Partial<Record<keyof VehicleDraft, string>>;
export type ContactErrors = Partial<Record<keyof ContactDraft, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const TYPES: readonly VehicleType[] = ['scooter', 'motorbike', 'car'];

export const VEHICLE_TYPE_OPTIONS = TYPES.map((type) => ({ value: type, label: VEHICLE_TYPE_LABELS[type] }));

export function isVehicleType(value: string): value is VehicleType {
  return (TYPES as readonly string[]).includes(value);
}

/** The reference models (GET /api/vehicle-models) the form offers for a type: active ones, in the API's order. */
export function modelsOfType(models: readonly ModelOption[], type: VehicleType | ''): ModelOption[] {
  return type ? models.filter((entry) => entry.active && entry.type === type) : [];
}

export function brandOptions(models: readonly ModelOption[], type: VehicleType | ''): Array<{ value: string; label: string }> {
  return vehicleModelBrands(modelsOfType(models, type)).map((brand) => ({ value: brand, label: brand }));
}

/** The brand's models by name with variant ('VF 8', 'VF 8 Plus'): what the booking sends as the model, and the API matches. */
export function modelOptions(models: readonly ModelOption[], type: VehicleType | '', brand: string): Array<{ value: string; label: string }> {
  if (!brand) return [];
  return modelsOfType(models, type)
    .filter((entry) => entry.brand === brand)
    .map((entry) => ({ value: vehicleModelName(entry), label: vehicleModelName(entry) }));
}

const offersBrand = (models: readonly ModelOption[], type: VehicleType | '', brand: string) => brandOptions(models, type).some((option) => option.value === brand);
const offersModel = (models: readonly ModelOption[], type: VehicleType | '', brand: string, model: string) => modelOptions(models, type, brand).some((option) => option.value === model);

/** The plate's message as the customer types (none while the field is empty: that is for submit). */
export function plateMessage(draft: VehicleDraft): string | undefined {
  if (!draft.licensePlate.trim()) return undefined;
  return licensePlateError(draft.licensePlate, draft.type || undefined) ?? undefined;
}

/** '29md1 23456' → 'Biển số sẽ được lưu là 29MĐ1-234.56' when valid. */
export function platePreview(draft: VehicleDraft): string | null {
  const normalised = normaliseLicensePlate(draft.licensePlate, draft.type || undefined);
  return normalised ? t.platePreview(normalised) : null;
}

/** `models`: the reference models loaded (none while they load: the brand and model cannot be chosen yet). */
export function validateVehicle(draft: VehicleDraft, models: readonly ModelOption[]): VehicleErrors {
  const errors: VehicleErrors = {};
  if (!draft.type) errors.type = t.required.type;
  if (!draft.brand) errors.brand = t.required.brand;
  else if (draft.type && !offersBrand(models, draft.type, draft.brand)) errors.brand = t.required.brand;
  if (!draft.model) errors.model = t.required.model;
  else if (draft.type && !offersModel(models, draft.type, draft.brand, draft.model)) errors.model = t.required.model;
  const plate = licensePlateError(draft.licensePlate, draft.type || undefined);
  if (plate) errors.licensePlate = plate;
  return errors;
}

export function validateContact(contact: ContactDraft): ContactErrors {
  const errors: ContactErrors = {};
  const name = contact.fullName.trim();
  if (!name) errors.fullName = t.required.fullName;
  else if (name.length < 2 || name.length > 100) errors.fullName = t.fullNameLength;
  if (!contact.phone.trim()) errors.phone = t.required.phone;
  else if (!normalizeVietnamesePhone(contact.phone)) errors.phone = t.phoneInvalid;
  const email = contact.email.trim();
  if (!email) errors.email = t.required.email;
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = t.emailInvalid;
  return errors;
}

/** A new type keeps the brand and model only when that type has them. */
export function withType(draft: VehicleDraft, type: VehicleType | '', models: readonly ModelOption[]): VehicleDraft {
  const brandFits = offersBrand(models, type, draft.brand);
  const modelFits = brandFits && offersModel(models, type, draft.brand, draft.model);
  return { ...draft, type, brand: brandFits ? draft.brand : '', model: modelFits ? draft.model : '' };
}

export function withBrand(draft: VehicleDraft, brand: string): VehicleDraft {
  return { ...draft, brand, model: brand === draft.brand ? draft.model : '' };
}
