import type { ChecklistPhoto, ServiceOrderCard, ServiceOrderChecklistItem, ServiceOrderDetail, TechnicianQueue } from 'shared-contracts/schemas';

/** Technician-side data as the API answers it (shared-contracts/schemas/backoffice). */

export function card(overrides: Partial<ServiceOrderCard> = {}): ServiceOrderCard {
  return {
    id: 7,
    code: 'PDV261122K7QZ',
    appointmentId: 31,
    status: 'IN_PROGRESS',
    statusLabel: 'Đang làm',
    licensePlate: '30A-123.45',
    vehicleModel: 'VinFast VF 8',
    customerName: 'Nguyễn Văn An',
    technician: { id: 5, fullName: 'Trần Kỹ Thuật' },
    bayNo: 2,
    openedAt: '2026-11-22T01:30:00.000Z',
    startedAt: '2026-11-22T02:00:00.000Z',
    workedMinutes: 75,
    clockRunning: false,
    waitingApproval: false,
    waitingParts: false,
    checklist: { answered: 1, total: 2 },
    version: 3,
    ...overrides,
  };
}

export function checklistItem(overrides: Partial<ServiceOrderChecklistItem> = {}): ServiceOrderChecklistItem {
  return { id: 11, code: 'brake-pads', label: 'Kiểm tra má phanh', result: null, note: null, checkedAt: null, photos: [], ...overrides };
}

export function photo(id: number): ChecklistPhoto {
  return { id, url: `/api/media/checklist/${id}.webp`, width: 1600, height: 1200 };
}

export function detail(overrides: Partial<ServiceOrderDetail> = {}): ServiceOrderDetail {
  return {
    ...card(),
    customer: { userId: 9, fullName: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' },
    appointmentCode: 'LH2611A7K3Q',
    appointmentStart: '2026-11-22T02:00:00.000Z',
    odometerInKm: 21_500,
    customerConcern: null,
    intakeNote: null,
    cancelReason: null,
    checklistItems: [
      checklistItem(),
      checklistItem({ id: 12, code: 'tyre-pressure', label: 'Áp suất lốp', result: 'PASS', checkedAt: '2026-11-22T02:10:00.000Z' }),
    ],
    lines: [],
    invoice: null,
    timeline: [],
    availableActions: ['finish'],
    ...overrides,
  };
}

export function queue(overrides: Partial<TechnicianQueue> = {}): TechnicianQueue {
  return {
    centre: { id: 2, name: 'EV Service Cầu Giấy' },
    mine: [],
    unassigned: [],
    clock: { running: null },
    kpis: { today: { clockedMinutes: 135, ordersDone: 2 }, week: { clockedMinutes: 1_230, ordersDone: 9 } },
    ...overrides,
  };
}
