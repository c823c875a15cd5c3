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
