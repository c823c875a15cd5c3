import { normalizeVietnamesePhone } from 'shared-contracts';
import { licensePlateError, normaliseLicensePlate, vehicleBrands, vehicleModelsOf } from 'shared-contracts/vehicle';
import type { VehicleType } from 'shared-contracts/schemas';
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

export function brandOptions(type: VehicleType | ''): Array<{ value: string; label: string }> {
  return type ? vehicleBrands(type).map((brand) => ({ value: brand, label: brand })) : [];
}

export function modelOptions(type: VehicleType | '', brand: string): Array<{ value: string; label: string }> {
  return type && brand ? vehicleModelsOf(type, brand).map((entry) => ({ value: entry.model, label: entry.model })) : [];
}

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

export function validateVehicle(draft: VehicleDraft): VehicleErrors {
  const errors: VehicleErrors = {};
  if (!draft.type) errors.type = t.required.type;
  if (!draft.brand) errors.brand = t.required.brand;
  else if (draft.type && !vehicleBrands(draft.type).includes(draft.brand)) errors.brand = t.required.brand;
  if (!draft.model) errors.model = t.required.model;
  else if (draft.type && !vehicleModelsOf(draft.type, draft.brand).some((entry) => entry.model === draft.model)) errors.model = t.required.model;
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
export function withType(draft: VehicleDraft, type: VehicleType | ''): VehicleDraft {
  const brandFits = type !== '' && vehicleBrands(type).includes(draft.brand);
  const modelFits = brandFits && vehicleModelsOf(type, draft.brand).some((entry) => entry.model === draft.model);
  return { ...draft, type, brand: brandFits ? draft.brand : '', model: modelFits ? draft.model : '' };
}

export function withBrand(draft: VehicleDraft, brand: string): VehicleDraft {
  return { ...draft, brand, model: brand === draft.brand ? draft.model : '' };
}
