import type { Appointment, CustomerPackageCredit, MaintenanceRecordDetail, OrderSummary, Reminder, SavedPromotion, Vehicle } from 'shared-contracts/schemas';

/** Service-side data as the API answers it (shared-contracts/schemas/service and shop). */

export function reminder(overrides: Partial<Reminder> = {}): Reminder {
  return {
    dueDate: '2027-01-15',
    dueKm: 10_000,
    dueBy: 'time',
    overdue: false,
    daysLeft: 54,
    kmLeft: 1_800,
    estimatedKmPerDay: 25,
    serviceSlug: 'bao-duong-co-ban',
    serviceName: 'Bảo dưỡng cơ bản',
    bookingUrl: '/booking?vehicleId=3&service=bao-duong-co-ban',
    ...overrides,
  };
}

export function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 3,
    type: 'scooter',
    brand: 'VinFast',
    model: 'Klara S',
    year: 2023,
    licensePlate: '29MĐ1-234.56',
    vin: null,
    color: 'Trắng',
    odometerKm: 8_200,
    batteryCapacityKwh: 3.5,
    nickname: null,
    modelId: null,
    vehicleModel: null,
    nextMaintenance: reminder(),
    createdAt: '2026-01-10T03:00:00.000Z',
    ...overrides,
  };
}

export const car = (overrides: Partial<Vehicle> = {}) =>
  vehicle({
    id: 4,
    type: 'car',
    brand: 'VinFast',
    model: 'VF 8',
    year: 2024,
    licensePlate: '30A-123.45',
    vin: 'RLNV5JSM0PA123456',
    color: 'Xanh',
    odometerKm: 21_500,
    batteryCapacityKwh: 87.7,
    nextMaintenance: reminder({
      dueDate: '2026-11-01',
      dueKm: 20_000,
      dueBy: 'km',
      overdue: true,
      daysLeft: -21,
      kmLeft: -1_500,
      serviceSlug: 'bao-duong-nang-cao',
      serviceName: 'Bảo dưỡng nâng cao',
      bookingUrl: '/booking?vehicleId=4&service=bao-duong-nang-cao',
    }),
    ...overrides,
  });

export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 31,
    code: 'LH2611A7K3Q',
    status: 'PENDING',
    statusLabel: 'Chờ xác nhận',
    centre: { id: 2, name: 'EV Service Cầu Giấy', address: '88 Xuân Thủy, Cầu Giấy, Hà Nội', phone: '024 3756 7890' },
    vehicle: { id: 3, licensePlate: '29MĐ1-234.56', brand: 'VinFast', model: 'Klara S', type: 'scooter' },
    services: [{ id: 1, slug: 'bao-duong-co-ban', name: 'Bảo dưỡng cơ bản', price: 250_000, durationMinutes: 45 }],
    packageCredit: null,
    start: '2026-11-24T02:00:00.000Z',
    end: '2026-11-24T03:00:00.000Z',
    estimatedPrice: 250_000,
    estimatedDurationMinutes: 45,
    note: null,
    contact: { fullName: 'Nguyễn Minh Anh', phone: '0912345678', email: 'khachhang@evshop.vn' },
    canCancel: true,
    canReschedule: true,
    createdAt: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

export function record(overrides: Partial<MaintenanceRecordDetail> = {}): MaintenanceRecordDetail {
  return {
    id: 11,
    vehicle: { id: 3, licensePlate: '29MĐ1-234.56', brand: 'VinFast', model: 'Klara S' },
    servicedAt: '2026-07-04T17:30:00.000Z', // 05/07/2026 in Hà Nội
    centre: { id: 2, name: 'EV Service Cầu Giấy' },
    odometerKm: 6_150,
    services: ['Bảo dưỡng cơ bản', 'Kiểm tra pin & BMS'],
    parts: [{ name: 'Má phanh trước', quantity: 2, unitPrice: 180_000 }],
    cost: 960_000,
    technicianName: 'Lê Văn Kỹ',
    checklistSummary: { pass: 12, fail: 1, na: 2 },
    notes: 'Má phanh mòn, đã thay.',
    checklist: [
      { label: 'Kiểm tra phanh trước', result: 'FAIL', note: 'Má phanh mòn 80%' },
      { label: 'Kiểm tra đèn', result: 'PASS', note: null },
      { label: 'Kiểm tra gương', result: 'NA', note: null },
    ],
    ...overrides,
  };
}

export function order(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    code: 'EV2611220001',
    status: 'SHIPPING',
    statusLabel: 'Đang giao hàng',
    paymentMethod: 'COD',
    paymentStatus: 'UNPAID',
    total: 1_250_000,
    itemCount: 2,
    lineCount: 2,
    firstItemName: 'Cáp sạc Type 2',
    createdAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

export function credit(overrides: Partial<CustomerPackageCredit> = {}): CustomerPackageCredit {
  return {
    id: 9,
    packageId: 2,
    packageName: 'Gói tiêu chuẩn',
    serviceId: 2,
    serviceName: 'Bảo dưỡng nâng cao',
    remaining: 3,
    total: 4,
    expiresAt: '2027-06-30T16:59:59.000Z',
    ...overrides,
  };
}

export function savedPromotion(overrides: Partial<SavedPromotion> = {}): SavedPromotion {
  return {
    id: 1,
    code: 'NEWUSER20',
    title: 'Chào bạn mới',
    description: 'Ưu đãi cho đơn hàng đầu tiên.',
    type: 'percentage',
    value: 20,
    minOrder: 1_000_000,
    maxDiscount: 500_000,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2026-12-31T16:59:59.000Z',
    isActive: true,
    usageLimit: 999,
    usedCount: 12,
    image: '/api/media/catalogue/promotions/newuser20.svg',
    imageWidth: 1200,
    imageHeight: 400,
    kind: 'general',
    eligibility: 'new-customer',
    perCustomerLimit: 1,
    savedAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}
