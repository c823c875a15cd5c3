import { normalizeVietnamesePhone } from 'shared-contracts';
import { normaliseLicensePlate } from 'shared-contracts/vehicle';
import type { VehicleType } from 'shared-contracts/schemas';
import type { BookingState } from './bookingReducer';
import type { AppointmentCreateInput, CustomerPackageCredit, Service, ServiceCentre, Vehicle } from './bookingTypes';

/** What the wizard loaded: the choices each step offers. */
export interface BookingCatalogue {
  services: Service[];
  centres: ServiceCentre[];
  /** the logged-in customer's vehicles (none for a guest) */
  vehicles: Vehicle[];
  /** the logged-in customer's package credits (none for a guest) */
  credits: CustomerPackageCredit[];
}

export function chosenCredit(state: BookingState, catalogue: BookingCatalogue): CustomerPackageCredit | null {
  return catalogue.credits.find((credit) => credit.id === state.packageCreditId) ?? null;
}

/** The services paid one by one: the chosen ones, except the one the package credit covers. */
export function chosenServices(state: BookingState, catalogue: BookingCatalogue): Service[] {
  const credit = chosenCredit(state, catalogue);
  return catalogue.services.filter((service) => state.serviceIds.includes(service.id) && service.id !== credit?.serviceId);
}

export function chosenCentre(state: BookingState, catalogue: BookingCatalogue): ServiceCentre | null {
  return catalogue.centres.find((centre) => centre.id === state.centreId) ?? null;
}

export function chosenVehicle(state: BookingState, catalogue: BookingCatalogue): Vehicle | null {
  const choice = state.vehicle;
  return choice?.kind === 'saved' ? (catalogue.vehicles.find((vehicle) => vehicle.id === choice.vehicleId) ?? null) : null;
}

export function vehicleTypeOf(state: BookingState, catalogue: BookingCatalogue): VehicleType | null {
  if (state.vehicle?.kind === 'new') return state.vehicle.vehicle.type || null;
  return chosenVehicle(state, catalogue)?.type ?? null;
}

/** The services a vehicle type can have (every service while the type is not known). */
export function servicesFor(type: VehicleType | null, services: readonly Service[]): Service[] {
  return type ? services.filter((service) => service.vehicleTypes.includes(type)) : [...services];
}

/**
 * The estimate shown before booking: the price of the services paid one by one (a package credit is prepaid)
 * and the time of everything done, the credit's service included. The server computes its own.
 */
export function estimate(state: BookingState, catalogue: BookingCatalogue): { price: number; durationMinutes: number } {
  const paid = chosenServices(state, catalogue);
  const credit = chosenCredit(state, catalogue);
  const creditService = credit ? catalogue.services.find((service) => service.id === credit.serviceId) : undefined;
  return {
    price: paid.reduce((sum, service) => sum + service.price, 0),
    durationMinutes: paid.reduce((sum, service) => sum + service.durationMinutes, 0) + (creditService?.durationMinutes ?? 0) + recallMinutes(state),
  };
}

/** The free recall line's time, as the server counts it: the campaigns' labour minutes, at least 30 (none: 0). */
export function recallMinutes(state: Pick<BookingState, 'recalls'>): number {
  return state.recalls.length === 0 ? 0 : Math.max(30, state.recalls.reduce((sum, recall) => sum + recall.labourMinutes, 0));
}

/** The POST /appointments body of a complete wizard. */
export function appointmentInput(state: BookingState, catalogue: BookingCatalogue, guest: boolean): AppointmentCreateInput {
  if (!state.vehicle || state.centreId === null || !state.slot) throw new Error('the booking is not complete');
  const credit = chosenCredit(state, catalogue);
  const input: AppointmentCreateInput = {
    serviceIds: chosenServices(state, catalogue).map((service) => service.id),
    centreId: state.centreId,
    start: state.slot.start,
  };
  if (state.vehicle.kind === 'saved') input.vehicleId = state.vehicle.vehicleId;
  else {
    const draft = state.vehicle.vehicle;
    const type = draft.type || 'scooter';
    input.vehicle = { type, brand: draft.brand, model: draft.model, licensePlate: normaliseLicensePlate(draft.licensePlate, type) ?? draft.licensePlate.trim() };
  }
  if (credit) input.packageCreditId = credit.id;
  if (state.vehicle.kind === 'saved' && state.recalls.length > 0) input.recallCampaignIds = state.recalls.map((recall) => recall.campaignId);
  if (guest) {
    const { fullName, phone, email } = state.contact;
    input.contact = { fullName: fullName.trim().replace(/\s+/g, ' '), phone: normalizeVietnamesePhone(phone) ?? phone.trim(), email: email.trim() };
  }
  const note = state.note.trim();
  if (note) input.note = note;
  // sent only when some are ticked: the body of a booking without symptoms stays what it was
  if (state.symptoms.length > 0) input.symptoms = [...state.symptoms];
  return input;
}
