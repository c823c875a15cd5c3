import type { Appointment, Availability, CustomerPackageCredit, Slot, Vehicle } from 'shared-contracts/schemas';

/** Booking data as the API answers it (shared-contracts/schemas/service). */

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
    symptoms: [],
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
    nextMaintenance: null,
    createdAt: '2026-01-10T03:00:00.000Z',
    ...overrides,
  };
}

/** A day of 30-minute slots from 08:00 (Vietnamese time) on `date`; `full` lists the times without a free bay. */
export function availability(date: string, times: string[], full: string[] = [], centreId = 2): Availability {
  const slots: Slot[] = times.map((time) => {
    const start = new Date(Date.parse(`${date}T${time}:00.000Z`) - 7 * 3_600_000).toISOString();
    const isFull = full.includes(time);
    return { start, time, capacity: 4, booked: isFull ? 4 : 1, available: !isFull };
  });
  return { centreId, date, slots };
}

export function packageCredit(overrides: Partial<CustomerPackageCredit> = {}): CustomerPackageCredit {
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
