// Types only: zod never ships in the storefront's chunks.
export type {
  Appointment,
  AppointmentCreateInput,
  Availability,
  CustomerPackageCredit,
  Service,
  ServiceCentre,
  Slot,
  SlotRef as NextSlot,
  Vehicle,
} from 'shared-contracts/schemas';
