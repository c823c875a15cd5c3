import {
  addCalendarDays,
  APPOINTMENT_STATUS_LABELS,
  appointmentCreateInputSchema,
  bookingDateWindow,
  bookingUrl,
  vehicleInputSchema,
  vehicleUpdateInputSchema,
  vietnamClockOf,
  vietnamDateOf,
  vietnamInstant,
} from '../src/schemas';
import { findVehicleModelByName, vehicleModelBrands, vehicleModelName } from '../src/vehicle';

const scooter = { type: 'scooter', brand: 'VinFast', model: 'Klara S', year: 2023, licensePlate: '29md1 234 56', odometerKm: 1200 };

function fieldMessages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('vehicle input', () => {
  it('normalises the plate and the VIN, a scooter needs no VIN', () => {
    const parsed = vehicleInputSchema.parse(scooter);
    expect(parsed).toMatchObject({ licensePlate: '29MĐ1-234.56', vin: null, color: null, nickname: null, batteryCapacityKwh: null });
    const car = vehicleInputSchema.parse({ type: 'car', brand: 'VinFast', model: 'VF 5', year: 2024, licensePlate: '30a12345', vin: 'rllv-5jsm0pa123456', odometerKm: 0 });
    expect(car).toMatchObject({ licensePlate: '30A-123.45', vin: 'RLLV5JSM0PA123456' });
  });

  it('refuses a car without VIN, a motorbike plate on a car, a bad year; the model is left to the API (the reference table)', () => {
    const result = vehicleInputSchema.safeParse({ type: 'car', brand: 'VinFast', model: 'Klara S', year: 1999, licensePlate: '29B1-123.45', odometerKm: -1 });
    expect(result.success).toBe(false);
    // every problem at once, field by field
    expect(fieldMessages(result)).toEqual({
      licensePlate: 'Biển số ô tô không hợp lệ (ví dụ: 30A-123.45).',
      vin: 'Vui lòng nhập số VIN (17 ký tự).',
      year: 'Năm sản xuất từ 2010 trở đi.',
      odometerKm: 'Số km không được âm.',
    });
    // a model an admin added under "Dòng xe" passes the schema: only the API knows the table
    expect(vehicleInputSchema.safeParse({ ...scooter, brand: 'VinFast', model: 'Evo Grand' }).success).toBe(true);
  });

  it('takes an odometer note on update', () => {
    expect(vehicleUpdateInputSchema.parse({ ...scooter, odometerNote: ' Thay đồng hồ ' })).toMatchObject({ odometerNote: 'Thay đồng hồ', licensePlate: '29MĐ1-234.56' });
    expect(vehicleUpdateInputSchema.parse(scooter)).toMatchObject({ odometerNote: null });
  });

  it('matches a typed brand and model to a reference model as the API does: accents, case, spaces and punctuation aside', () => {
    const models = [
      { id: 1, brand: 'VinFast', model: 'Evo200', variant: null },
      { id: 2, brand: 'VinFast', model: 'VF 8', variant: null },
      { id: 3, brand: 'VinFast', model: 'VF 8', variant: 'Plus' },
      { id: 4, brand: 'Dat Bike', model: 'Weaver++', variant: '' },
    ];
    expect(findVehicleModelByName(models, 'vinfast', 'Evo 200')?.id).toBe(1);
    expect(findVehicleModelByName(models, 'VinFast', 'VF 8')?.id).toBe(2);
    expect(findVehicleModelByName(models, 'VinFast', 'vf8 plus')?.id).toBe(3);
    expect(findVehicleModelByName(models, 'Dat Bike', 'Weaver++')?.id).toBe(4);
    expect(findVehicleModelByName(models, 'Dat Bike', 'Weaver')).toBeUndefined();
    expect(findVehicleModelByName(models, 'Yadea', 'VF 8')).toBeUndefined();
    expect(models.map(vehicleModelName)).toEqual(['Evo200', 'VF 8', 'VF 8 Plus', 'Weaver++']);
    expect(vehicleModelBrands(models)).toEqual(['VinFast', 'Dat Bike']);
  });
});

describe('appointment input', () => {
  it('needs a vehicle and a service (or a package credit) and reads the start as UTC', () => {
    const parsed = appointmentCreateInputSchema.parse({ vehicleId: '3', serviceIds: [1, 2], centreId: 1, start: '2026-05-04T09:00:00+07:00' });
    expect(parsed).toMatchObject({ vehicleId: 3, start: '2026-05-04T02:00:00.000Z', note: null });
    expect(appointmentCreateInputSchema.safeParse({ packageCreditId: 4, vehicleId: 3, centreId: 1, start: '2026-05-04T02:00:00Z' }).success).toBe(true);
    const bad = appointmentCreateInputSchema.safeParse({ centreId: 1, start: 'tomorrow 9am', serviceIds: [] });
    expect(fieldMessages(bad)).toEqual({
      start: 'Thời điểm không hợp lệ.',
      vehicleId: 'Vui lòng chọn xe hoặc nhập thông tin xe.',
      serviceIds: 'Vui lòng chọn ít nhất một dịch vụ.',
    });
    const noVehicle = appointmentCreateInputSchema.safeParse({ centreId: 1, start: '2026-05-04T02:00:00Z', serviceIds: [] });
    expect(fieldMessages(noVehicle)).toEqual({ vehicleId: 'Vui lòng chọn xe hoặc nhập thông tin xe.', serviceIds: 'Vui lòng chọn ít nhất một dịch vụ.' });
  });

  it('validates a guest vehicle and contact', () => {
    const parsed = appointmentCreateInputSchema.parse({
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S', licensePlate: '59-x3 123.45' },
      contact: { fullName: 'Lê Văn Khách', phone: '+84 912 345 678', email: 'Khach@Example.com' },
      serviceIds: [1],
      centreId: 2,
      start: '2026-05-04T02:00:00Z',
    });
    expect(parsed.vehicle?.licensePlate).toBe('59X3-123.45');
    expect(parsed.contact).toEqual({ fullName: 'Lê Văn Khách', phone: '0912345678', email: 'khach@example.com' });
  });

  it('labels every status in Vietnamese', () => {
    expect(APPOINTMENT_STATUS_LABELS).toMatchObject({ PENDING: 'Chờ xác nhận', CONFIRMED: 'Đã xác nhận', CHECKED_IN: 'Đã tiếp nhận', IN_PROGRESS: 'Đang thực hiện', COMPLETED: 'Hoàn thành', CANCELLED: 'Đã hủy' });
  });
});

describe('Vietnamese time', () => {
  it('converts dates and clock times across midnight UTC', () => {
    expect(vietnamDateOf('2026-12-31T17:30:00Z')).toBe('2027-01-01');
    expect(vietnamDateOf('2026-12-31T16:59:59Z')).toBe('2026-12-31');
    expect(vietnamClockOf('2026-12-31T17:30:00Z')).toBe('00:30');
    expect(vietnamInstant('2027-01-01', '00:30').toISOString()).toBe('2026-12-31T17:30:00.000Z');
    expect(vietnamInstant('2026-03-01', '08:00').toISOString()).toBe('2026-03-01T01:00:00.000Z');
  });

  it('opens bookings from today to 30 days ahead, month and year ends included', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    // 20:00 UTC on 31/01 is already 01/02 in Vietnam
    expect(bookingDateWindow(new Date('2026-01-31T20:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-03-03' });
    expect(bookingDateWindow(new Date('2026-12-15T03:00:00Z'))).toEqual({ from: '2026-12-15', to: '2027-01-14' });
  });

  it('builds the booking link', () => {
    expect(bookingUrl({ vehicleId: 3, service: 'bao-duong-co-ban' })).toBe('/booking?vehicleId=3&service=bao-duong-co-ban');
    expect(bookingUrl({})).toBe('/booking');
  });
});
