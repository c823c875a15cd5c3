import type { SymptomCode } from 'shared-contracts/diagnostics';
import type { VehicleType } from 'shared-contracts/schemas';
import { knownSymptoms, SYMPTOMS_MAX } from './bookingSymptoms';
import type { Appointment, NextSlot } from './bookingTypes';

/**
 * The booking wizard as a state machine: vehicle → services → centre → date and slot → note → confirm, then
 * (a guest) the emailed code, then done. Every step's answer lives here; the screens only dispatch. Changing an
 * answer clears what depended on it (a new centre, date or set of services means the chosen slot may no
 * longer exist), so the summary never shows a combination the customer did not pick.
 */

export const WIZARD_STEPS = ['vehicle', 'services', 'centre', 'slot', 'note', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export type BookingStep = WizardStep | 'verify' | 'done';

export interface VehicleDraft {
  type: VehicleType | '';
  brand: string;
  model: string;
  licensePlate: string;
}

export interface ContactDraft {
  fullName: string;
  phone: string;
  email: string;
}

/** A saved vehicle of the logged-in customer, or one described here (a guest's, or added inline). */
export type VehicleChoice = { kind: 'saved'; vehicleId: number } | { kind: 'new'; vehicle: VehicleDraft };

export interface SlotChoice {
  /** ISO UTC */
  start: string;
  /** 'HH:MM' in Asia/Ho_Chi_Minh */
  time: string;
}

/** The server said the slot filled up meanwhile: its message and the next free slots it offers. */
export interface SlotTaken {
  message: string;
  nextSlots: NextSlot[];
}

/** A recall remedy the customer books for their vehicle ("Đặt lịch khắc phục", issue 66 §4): free, its labour minutes. */
export interface RecallChoice {
  campaignId: number;
  code: string;
  title: string;
  labourMinutes: number;
}

export interface BookingState {
  step: BookingStep;
  vehicle: VehicleChoice | null;
  /** a guest's contact (a logged-in customer's comes from the account) */
  contact: ContactDraft;
  serviceIds: number[];
  packageCreditId: number | null;
  /** the saved vehicle's recall remedies booked with it, free (0 ₫) */
  recalls: RecallChoice[];
  centreId: number | null;
  /** YYYY-MM-DD, Vietnamese calendar day */
  date: string | null;
  slot: SlotChoice | null;
  note: string;
  /** what the customer noticed (optional), in the vocabulary's order, at most SYMPTOMS_MAX */
  symptoms: SymptomCode[];
  submitting: boolean;
  error: string | null;
  slotTaken: SlotTaken | null;
  appointment: Appointment | null;
}

export const EMPTY_VEHICLE: VehicleDraft = { type: '', brand: '', model: '', licensePlate: '' };
export const EMPTY_CONTACT: ContactDraft = { fullName: '', phone: '', email: '' };
export const NOTE_MAX_LENGTH = 500;

export const initialBookingState: BookingState = {
  step: 'vehicle',
  vehicle: null,
  contact: EMPTY_CONTACT,
  serviceIds: [],
  packageCreditId: null,
  recalls: [],
  centreId: null,
  date: null,
  slot: null,
  note: '',
  symptoms: [],
  submitting: false,
  error: null,
  slotTaken: null,
  appointment: null,
};

export type BookingAction =
  | { type: 'prefilled'; serviceIds?: number[]; centreId?: number | null; vehicleId?: number | null; symptoms?: string[] }
  | { type: 'vehicleChosen'; vehicle: VehicleChoice }
  | { type: 'contactChanged'; contact: ContactDraft }
  | { type: 'serviceToggled'; serviceId: number }
  | { type: 'servicesReplaced'; serviceIds: number[] }
  | { type: 'packageCreditChosen'; packageCreditId: number | null }
  | { type: 'recallToggled'; recall: RecallChoice }
  | { type: 'centreChosen'; centreId: number }
  | { type: 'dateChosen'; date: string }
  | { type: 'slotChosen'; slot: SlotChoice; date?: string }
  | { type: 'noteChanged'; note: string }
  | { type: 'symptomToggled'; code: SymptomCode }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'submitStarted' }
  | { type: 'submitFailed'; message: string }
  | { type: 'slotTaken'; taken: SlotTaken }
  | { type: 'booked'; appointment: Appointment }
  | { type: 'verified'; appointment: Appointment }
  | { type: 'restarted' };

function vehicleComplete(vehicle: VehicleChoice | null): boolean {
  if (!vehicle) return false;
  if (vehicle.kind === 'saved') return true;
  const draft = vehicle.vehicle;
  return draft.type !== '' && draft.brand.trim() !== '' && draft.model.trim() !== '' && draft.licensePlate.trim() !== '';
}

function contactComplete(contact: ContactDraft): boolean {
  return contact.fullName.trim() !== '' && contact.phone.trim() !== '' && contact.email.trim() !== '';
}

/**
 * Whether a step has its answer. A guest's vehicle step also needs the contact (`guest`); the screens check
 * the formats (plate, phone, email) before dispatching, the server checks everything again.
 */
export function isStepComplete(state: BookingState, step: WizardStep, guest: boolean): boolean {
  switch (step) {
    case 'vehicle':
      return vehicleComplete(state.vehicle) && (!guest || contactComplete(state.contact));
    case 'services':
      return state.serviceIds.length > 0 || state.packageCreditId !== null || state.recalls.length > 0;
    case 'centre':
      return state.centreId !== null;
    case 'slot':
      return state.date !== null && state.slot !== null;
    case 'note':
      return state.note.length <= NOTE_MAX_LENGTH;
    case 'confirm':
      return false;
  }
}

/** A step can be opened when every step before it is answered. */
export function canOpenStep(state: BookingState, step: WizardStep, guest: boolean): boolean {
  const index = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS.slice(0, index).every((before) => isStepComplete(state, before, guest));
}

function stepAfter(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)]!;
}

function stepBefore(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.max(WIZARD_STEPS.indexOf(step) - 1, 0)]!;
}

function isWizardStep(step: BookingStep): step is WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(step);
}

/** The slot no longer fits: another centre, day or duration. */
function withoutSlot(state: BookingState): BookingState {
  return { ...state, slot: null, slotTaken: null, error: null };
}

/** `guest` is fixed per wizard: the reducer is made for a guest or for a logged-in customer. */
export function createBookingReducer(guest: boolean) {
  return function bookingReducer(state: BookingState, action: BookingAction): BookingState {
    // once booked, only the code (guest) and the restart change anything
    const locked = state.step === 'verify' || state.step === 'done';
    if (locked && action.type !== 'verified' && action.type !== 'restarted' && action.type !== 'submitStarted' && action.type !== 'submitFailed') return state;

    switch (action.type) {
      case 'prefilled':
        return {
          ...state,
          serviceIds: action.serviceIds && action.serviceIds.length > 0 ? [...new Set(action.serviceIds)] : state.serviceIds,
          centreId: action.centreId ?? state.centreId,
          vehicle: action.vehicleId != null && !guest ? { kind: 'saved', vehicleId: action.vehicleId } : state.vehicle,
          symptoms: action.symptoms && action.symptoms.length > 0 ? knownSymptoms(action.symptoms) : state.symptoms,
        };
      case 'vehicleChosen':
        if (guest && action.vehicle.kind === 'saved') return state;
        {
          // a recall belongs to its vehicle: another vehicle drops the remedies chosen
          const same = state.vehicle?.kind === 'saved' && action.vehicle.kind === 'saved' && state.vehicle.vehicleId === action.vehicle.vehicleId;
          return { ...state, vehicle: action.vehicle, recalls: same ? state.recalls : [], error: null };
        }
      case 'contactChanged':
        return { ...state, contact: action.contact, error: null };
      case 'serviceToggled': {
        const chosen = state.serviceIds.includes(action.serviceId);
        const serviceIds = chosen ? state.serviceIds.filter((id) => id !== action.serviceId) : [...state.serviceIds, action.serviceId];
        return withoutSlot({ ...state, serviceIds });
      }
      case 'servicesReplaced': {
        const serviceIds = [...new Set(action.serviceIds)];
        const same = serviceIds.length === state.serviceIds.length && serviceIds.every((id) => state.serviceIds.includes(id));
        return same ? state : withoutSlot({ ...state, serviceIds });
      }
      case 'recallToggled': {
        const chosen = state.recalls.some((recall) => recall.campaignId === action.recall.campaignId);
        const recalls = chosen ? state.recalls.filter((recall) => recall.campaignId !== action.recall.campaignId) : [...state.recalls, action.recall];
        return withoutSlot({ ...state, recalls });
      }
      case 'packageCreditChosen':
        if (guest) return state;
        return action.packageCreditId === state.packageCreditId ? state : withoutSlot({ ...state, packageCreditId: action.packageCreditId });
      case 'centreChosen':
        return action.centreId === state.centreId ? state : withoutSlot({ ...state, centreId: action.centreId });
      case 'dateChosen':
        return action.date === state.date ? state : withoutSlot({ ...state, date: action.date });
      case 'slotChosen':
        return { ...state, slot: action.slot, date: action.date ?? state.date, slotTaken: null, error: null };
      case 'noteChanged':
        return { ...state, note: action.note.slice(0, NOTE_MAX_LENGTH) };
      case 'symptomToggled': {
        if (state.symptoms.includes(action.code)) return { ...state, symptoms: state.symptoms.filter((code) => code !== action.code) };
        // one more than the API takes is not ticked (the screen disables the others at the maximum)
        return state.symptoms.length >= SYMPTOMS_MAX ? state : { ...state, symptoms: knownSymptoms([...state.symptoms, action.code]) };
      }
      case 'next':
        if (!isWizardStep(state.step) || !isStepComplete(state, state.step, guest)) return state;
        return { ...state, step: stepAfter(state.step), error: null };
      case 'back':
        if (!isWizardStep(state.step)) return state;
        return { ...state, step: stepBefore(state.step), error: null };
      case 'goTo':
        return canOpenStep(state, action.step, guest) ? { ...state, step: action.step, error: null } : state;
      case 'submitStarted':
        return state.submitting ? state : { ...state, submitting: true, error: null };
      case 'submitFailed':
        return { ...state, submitting: false, error: action.message };
      case 'slotTaken':
        // back to the slot step with the server's message and its offer of the next free slots
        return { ...state, submitting: false, step: 'slot', slot: null, slotTaken: action.taken, error: null };
      case 'booked':
        return {
          ...state,
          submitting: false,
          error: null,
          appointment: action.appointment,
          step: action.appointment.status === 'AWAITING_VERIFICATION' ? 'verify' : 'done',
        };
      case 'verified':
        return { ...state, submitting: false, error: null, appointment: action.appointment, step: 'done' };
      case 'restarted':
        return { ...initialBookingState };
    }
  };
}
