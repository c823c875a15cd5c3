import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vietnamDateOf } from 'shared-contracts/calendar';
import type { FloorChange, FloorEventsOptions } from '../src/floorEvents/floorEvents';
import type { ServiceInvoice, ServiceOrderBoard, ServiceOrderCard, ServiceOrderDetail, StaffAppointment, StaffDay } from 'shared-contracts/schemas';

/** Test data of the staff pages, shaped as the back-office contract says (shared-contracts/schemas/backoffice). */

const MINUTE = 60_000;
export const TODAY = vietnamDateOf(new Date());
const iso = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * MINUTE).toISOString().replace(/\.\d{3}Z$/, '.000Z');

export function appointment(overrides: Partial<StaffAppointment> = {}): StaffAppointment {
  return {
    id: 101,
    code: 'LH2611A7K3Q',
    start: iso(-30),
    end: iso(30),
    status: 'CONFIRMED',
    statusLabel: 'Đã xác nhận',
    licensePlate: '30A-123.45',
    vehicle: { id: 7, type: 'car', brand: 'VinFast', model: 'VF 8' },
    customer: { userId: 5, fullName: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' },
    services: ['Bảo dưỡng cơ bản'],
    note: null,
    serviceOrder: null,
    lastOdometerKm: 12_000,
    noShowAllowed: false,
    ...overrides,
  };
}

export function staffDay(appointments: StaffAppointment[]): StaffDay {
  return { centre: { id: 1, name: 'EV Service Hà Nội', serviceBays: 4 }, date: TODAY, appointments };
}

export function card(overrides: Partial<ServiceOrderCard> = {}): ServiceOrderCard {
  return {
    id: 501,
    code: 'PDV2611ABCD',
    appointmentId: 101,
    status: 'OPEN',
    statusLabel: 'Đã tiếp nhận',
    licensePlate: '30A-123.45',
    vehicleModel: 'VinFast VF 8',
    customerName: 'Nguyễn Văn An',
    technician: null,
    bayNo: null,
    openedAt: iso(-45),
    startedAt: null,
    workedMinutes: 0,
    clockRunning: false,
    waitingApproval: false,
    waitingParts: false,
    checklist: { answered: 0, total: 6 },
    version: 1,
    ...overrides,
  };
}

export function board(waiting: StaffAppointment[], orders: ServiceOrderCard[]): ServiceOrderBoard {
  return { centre: { id: 1, name: 'EV Service Hà Nội', serviceBays: 4 }, date: TODAY, waiting, orders };
}

export function detail(overrides: Partial<ServiceOrderDetail> = {}): ServiceOrderDetail {
  return {
    ...card(),
    customer: { userId: 5, fullName: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' },
    appointmentCode: 'LH2611A7K3Q',
    appointmentStart: iso(-60),
    odometerInKm: 12_500,
    customerConcern: 'Phanh kêu khi đi chậm',
    intakeNote: null,
    cancelReason: null,
    checklistItems: [
      { id: 1, code: 'brake', label: 'Kiểm tra phanh', result: 'FAIL', note: 'Má phanh mòn', checkedAt: iso(-10), photos: [{ id: 9, url: '/api/media/checklist-photos/9.webp', width: 800, height: 600 }] },
      { id: 2, code: 'tyre', label: 'Kiểm tra lốp', result: null, note: null, checkedAt: null, photos: [] },
    ],
    lines: [{ id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 450_000, lineTotal: 450_000, source: 'booked' }],
    invoice: null,
    timeline: [{ at: iso(-45), label: 'Đã tiếp nhận', by: 'Lê Thu Hà', note: null }],
    availableActions: ['cancel'],
    ...overrides,
  };
}

/** A service order's invoice of 480.000 ₫ of services, issued now and unpaid. */
export function serviceInvoice(overrides: Partial<ServiceInvoice> = {}): ServiceInvoice {
  return {
    id: 1,
    code: 'HD2611BBBB',
    subtotalServices: 480_000,
    subtotalParts: 0,
    packageDiscount: 0,
    total: 480_000,
    pointsUsed: 0,
    pointsValue: 0,
    paymentMethod: null,
    paymentStatus: 'UNPAID',
    issuedAt: new Date().toISOString(),
    paidAt: null,
    vietQr: null,
    ...overrides,
  };
}

export const TECHNICIANS = [
  { id: 11, fullName: 'Trần Minh Thợ', busy: false, clockRunning: false },
  { id: 12, fullName: 'Phạm Quốc Kỹ', busy: true, clockRunning: true },
];

/** Renders inside a router (the pages use links and the URL's query). */
export function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** The options the page gave the (mocked) live stream, to fire a floor-changed event at it. */
export function lastStreamOptions(subscribe: jest.Mock): FloorEventsOptions {
  const calls = subscribe.mock.calls;
  const options = calls[calls.length - 1]?.[0] as FloorEventsOptions | undefined;
  if (!options) throw new Error('the page did not open the live stream');
  return options;
}

export const floorChange = (overrides: Partial<FloorChange> = {}): FloorChange => ({
  centreId: 1,
  kind: 'appointment',
  appointmentId: 101,
  serviceOrderId: null,
  at: new Date().toISOString(),
  ...overrides,
});
