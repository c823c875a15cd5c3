import {
  canOpenStep,
  createBookingReducer,
  initialBookingState,
  isStepComplete,
  NOTE_MAX_LENGTH,
  type BookingAction,
  type BookingState,
} from '../../../src/pages/booking/bookingReducer';
import { addCalendarDays, bookingDateWindow, isBookableDate, vietnamDateOf } from 'shared-contracts/calendar';
import { formatBookingDate, formatDuration } from '../../../src/pages/booking/bookingCalendar';
import { appointment } from '../../support/bookingFixtures';

const customer = createBookingReducer(false);
const guest = createBookingReducer(true);

function run(reducer: typeof customer, actions: BookingAction[], from: BookingState = initialBookingState): BookingState {
  return actions.reduce(reducer, from);
}

const SLOT = { start: '2026-11-24T02:00:00.000Z', time: '09:00' };
const GUEST_VEHICLE = { type: 'scooter' as const, brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-234.56' };
const CONTACT = { fullName: 'Trần Thị Bình', phone: '0912345678', email: 'binh@example.vn' };

/** A customer's wizard answered up to the confirm step. */
function readyToConfirm(): BookingState {
  return run(customer, [
    { type: 'vehicleChosen', vehicle: { kind: 'saved', vehicleId: 3 } },
    { type: 'next' },
    { type: 'serviceToggled', serviceId: 1 },
    { type: 'next' },
    { type: 'centreChosen', centreId: 2 },
    { type: 'next' },
    { type: 'dateChosen', date: '2026-11-24' },
    { type: 'slotChosen', slot: SLOT },
    { type: 'next' },
    { type: 'noteChanged', note: 'Xe kêu ở bánh sau' },
    { type: 'next' },
  ]);
}

describe('the booking wizard reducer', () => {
  it('walks vehicle → services → centre → slot → note → confirm, one step at a time', () => {
    const state = readyToConfirm();
    expect(state).toMatchObject({
      step: 'confirm',
      vehicle: { kind: 'saved', vehicleId: 3 },
      serviceIds: [1],
      centreId: 2,
      date: '2026-11-24',
      slot: SLOT,
      note: 'Xe kêu ở bánh sau',
    });
  });

  it('does not move on from a step without its answer', () => {
    expect(customer(initialBookingState, { type: 'next' }).step).toBe('vehicle');
    const atServices = run(customer, [{ type: 'vehicleChosen', vehicle: { kind: 'saved', vehicleId: 3 } }, { type: 'next' }]);
    expect(customer(atServices, { type: 'next' }).step).toBe('services');
    const atSlot = run(customer, [{ type: 'serviceToggled', serviceId: 1 }, { type: 'next' }, { type: 'centreChosen', centreId: 2 }, { type: 'next' }, { type: 'dateChosen', date: '2026-11-24' }], atServices);
    expect(atSlot.step).toBe('slot');
    expect(customer(atSlot, { type: 'next' }).step).toBe('slot'); // a date but no slot
  });

  it("needs a guest's name, phone and email with the vehicle, and never a saved vehicle", () => {
    let state = guest(initialBookingState, { type: 'vehicleChosen', vehicle: { kind: 'saved', vehicleId: 3 } });
    expect(state.vehicle).toBeNull();
    state = run(guest, [{ type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: GUEST_VEHICLE } }, { type: 'next' }]);
    expect(state.step).toBe('vehicle');
    state = run(guest, [{ type: 'contactChanged', contact: CONTACT }, { type: 'next' }], state);
    expect(state.step).toBe('services');
    expect(guest(state, { type: 'packageCreditChosen', packageCreditId: 9 }).packageCreditId).toBeNull();
  });

  it('takes an inline vehicle only when type, brand, model and plate are all given', () => {
    const partial = { ...GUEST_VEHICLE, model: ' ' };
    expect(isStepComplete(customer(initialBookingState, { type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: partial } }), 'vehicle', false)).toBe(false);
    expect(isStepComplete(customer(initialBookingState, { type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: GUEST_VEHICLE } }), 'vehicle', false)).toBe(true);
  });

  it('counts a package credit alone as a choice of service', () => {
    const state = run(customer, [{ type: 'packageCreditChosen', packageCreditId: 9 }]);
    expect(isStepComplete(state, 'services', false)).toBe(true);
    expect(isStepComplete(customer(state, { type: 'packageCreditChosen', packageCreditId: null }), 'services', false)).toBe(false);
  });

  it('toggles services on and off', () => {
    const state = run(customer, [
      { type: 'serviceToggled', serviceId: 1 },
      { type: 'serviceToggled', serviceId: 4 },
      { type: 'serviceToggled', serviceId: 1 },
    ]);
    expect(state.serviceIds).toEqual([4]);
  });

  it.each<[string, BookingAction]>([
    ['another service (the duration changes)', { type: 'serviceToggled', serviceId: 7 }],
    ['a package credit', { type: 'packageCreditChosen', packageCreditId: 9 }],
    ['another centre', { type: 'centreChosen', centreId: 5 }],
    ['another day', { type: 'dateChosen', date: '2026-11-25' }],
  ])('forgets the chosen slot when the customer picks %s', (_, action) => {
    const state = customer(readyToConfirm(), action);
    expect(state.slot).toBeNull();
    expect(isStepComplete(state, 'slot', false)).toBe(false);
    expect(canOpenStep(state, 'confirm', false)).toBe(false);
  });

  it('keeps the slot when the same centre or day is picked again', () => {
    const ready = readyToConfirm();
    expect(customer(ready, { type: 'centreChosen', centreId: 2 }).slot).toEqual(SLOT);
    expect(customer(ready, { type: 'dateChosen', date: '2026-11-24' }).slot).toEqual(SLOT);
    expect(customer(ready, { type: 'servicesReplaced', serviceIds: [1] }).slot).toEqual(SLOT);
  });

  it('goes back, and jumps only to steps whose earlier steps are answered', () => {
    const ready = readyToConfirm();
    expect(customer(ready, { type: 'back' }).step).toBe('note');
    expect(customer(ready, { type: 'goTo', step: 'services' }).step).toBe('services');
    expect(customer(initialBookingState, { type: 'goTo', step: 'centre' }).step).toBe('vehicle');
    expect(customer(initialBookingState, { type: 'back' }).step).toBe('vehicle');
  });

  it('prefills the services, the centre and (for a customer) the vehicle from the link', () => {
    const prefill: BookingAction = { type: 'prefilled', serviceIds: [2, 2], centreId: 4, vehicleId: 8 };
    expect(customer(initialBookingState, prefill)).toMatchObject({ serviceIds: [2], centreId: 4, vehicle: { kind: 'saved', vehicleId: 8 }, step: 'vehicle' });
    expect(guest(initialBookingState, prefill).vehicle).toBeNull();
  });

  it(`cuts the note at ${NOTE_MAX_LENGTH} characters`, () => {
    expect(customer(initialBookingState, { type: 'noteChanged', note: 'a'.repeat(NOTE_MAX_LENGTH + 20) }).note).toHaveLength(NOTE_MAX_LENGTH);
  });

  it('submits once at a time and shows a failure', () => {
    const submitting = customer(readyToConfirm(), { type: 'submitStarted' });
    expect(submitting.submitting).toBe(true);
    expect(customer(submitting, { type: 'submitStarted' })).toBe(submitting);
    const failed = customer(submitting, { type: 'submitFailed', message: 'Không thể kết nối tới máy chủ.' });
    expect(failed).toMatchObject({ submitting: false, error: 'Không thể kết nối tới máy chủ.', step: 'confirm' });
  });

  it('on SLOT_FULL goes back to the slot step with the message and the next free slots, then books one of them', () => {
    const nextSlots = [
      { start: '2026-11-24T02:30:00.000Z', time: '09:30' },
      { start: '2026-11-24T03:00:00.000Z', time: '10:00' },
    ];
    let state = run(customer, [{ type: 'submitStarted' }, { type: 'slotTaken', taken: { message: 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác', nextSlots } }], readyToConfirm());
    expect(state).toMatchObject({ step: 'slot', slot: null, submitting: false, slotTaken: { nextSlots } });
    state = run(customer, [{ type: 'slotChosen', slot: nextSlots[1]!, date: '2026-11-24' }, { type: 'next' }, { type: 'next' }], state);
    expect(state).toMatchObject({ step: 'confirm', slot: nextSlots[1], slotTaken: null });
  });

  it("ends a customer's booking at done, a guest's at the code step, then done", () => {
    expect(customer(readyToConfirm(), { type: 'booked', appointment: appointment({ status: 'PENDING' }) }).step).toBe('done');
    const waiting = guest(readyToConfirm(), { type: 'booked', appointment: appointment({ status: 'AWAITING_VERIFICATION' }) });
    expect(waiting.step).toBe('verify');
    // nothing of the booking changes any more
    expect(guest(waiting, { type: 'centreChosen', centreId: 9 })).toBe(waiting);
    expect(guest(waiting, { type: 'back' })).toBe(waiting);
    const done = guest(waiting, { type: 'verified', appointment: appointment({ status: 'PENDING' }) });
    expect(done).toMatchObject({ step: 'done', appointment: { status: 'PENDING' } });
    expect(guest(done, { type: 'restarted' })).toEqual(initialBookingState);
  });
});

describe('booking days in Vietnamese time', () => {
  it('is the Vietnamese date whatever the UTC date', () => {
    expect(vietnamDateOf('2026-12-31T16:59:59.000Z')).toBe('2026-12-31');
    expect(vietnamDateOf('2026-12-31T17:00:00.000Z')).toBe('2027-01-01');
  });

  it('books today to 30 days ahead, across a month and a year end', () => {
    const lateEvening = new Date('2026-12-15T18:30:00.000Z'); // 01:30 on 16/12 in Hà Nội
    expect(bookingDateWindow(lateEvening)).toEqual({ from: '2026-12-16', to: '2027-01-15' });
    expect(isBookableDate('2026-12-15', lateEvening)).toBe(false);
    expect(isBookableDate('2026-12-16', lateEvening)).toBe(true);
    expect(isBookableDate('2027-01-15', lateEvening)).toBe(true);
    expect(isBookableDate('2027-01-16', lateEvening)).toBe(false);
    expect(isBookableDate('2027-02-30', lateEvening)).toBe(false);
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('writes days and durations in Vietnamese', () => {
    expect(formatBookingDate('2026-11-23')).toBe('Thứ hai, 23/11/2026');
    expect(formatBookingDate('2026-11-29')).toBe('Chủ nhật, 29/11/2026');
    expect(formatDuration(45)).toBe('45 phút');
    expect(formatDuration(120)).toBe('2 giờ');
    expect(formatDuration(150)).toBe('2 giờ 30 phút');
  });
});
