import type { Kysely } from 'kysely';
import type { ChecklistResult, VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { SERVICES } from './catalogue/services';
import { DEMO_ACCOUNTS } from './demoAccounts';

/**
 * The demo customer's vehicles and their service history: a VinFast Klara S scooter (electric 'MĐ' plate,
 * 4 maintenances) and a VinFast VF 5 (2 maintenances), bought about 18 months before the first seed, with
 * the odometer readings of a Hà Nội commute (≈22 km/day for the scooter, ≈30 km/day for the car). The dates
 * count back from when the vehicle was seeded. A vehicle and its history are inserted together, only when
 * the demo customer has no vehicle with that plate (not even a removed one): a later seed (every start)
 * leaves the vehicle, its readings and records as they are, and does not bring back one the customer removed.
 * The next maintenance of both falls about a month after the first seed (a basic check).
 */

const DAY_MS = 86_400_000;

interface RecordSeed {
  /** Days before the vehicle was first seeded. */
  daysAgo: number;
  odometerKm: number;
  centreSlug: string;
  services: string[];
  parts: { name: string; quantity: number; unitPrice: number }[];
  /** Checklist results differing from PASS, by item code. */
  findings: Record<string, { result: ChecklistResult; note: string }>;
  notes: string;
}

interface VehicleSeed {
  type: VehicleType;
  brand: string;
  model: string;
  licensePlate: string;
  vin: string | null;
  color: string;
  batteryCapacityWh: number;
  nickname: string;
  /** Bought this many days before the first seed (its first reading, 0 km). */
  boughtDaysAgo: number;
  odometerKm: number;
  /** Odometer readings besides the records' (days ago, km). */
  readings: [number, number][];
  records: RecordSeed[];
}

export const DEMO_VEHICLES: readonly VehicleSeed[] = [
  {
    type: 'scooter',
    brand: 'VinFast',
    model: 'Klara S',
    licensePlate: '29MĐ1-234.56',
    vin: null,
    color: 'Đỏ đô',
    batteryCapacityWh: 3_500,
    nickname: 'Xe đi làm',
    boughtDaysAgo: 560,
    odometerKm: 12_320,
    readings: [
      [300, 5_720],
      [30, 11_650],
    ],
    records: [
      {
        daysAgo: 470,
        odometerKm: 1_980,
        centreSlug: 'ha-noi-cau-giay',
        services: ['bao-duong-co-ban'],
        parts: [],
        findings: { TYRE_PRESSURE: { result: 'FAIL', note: 'Lốp sau non hơi, đã bơm lại 2,25 bar' } },
        notes: 'Bảo dưỡng lần đầu sau 3 tháng. Xe vận hành tốt.',
      },
      {
        daysAgo: 380,
        odometerKm: 3_960,
        centreSlug: 'ha-noi-cau-giay',
        services: ['bao-duong-nang-cao'],
        parts: [{ name: 'Má phanh đĩa trước Klara S', quantity: 1, unitPrice: 185_000 }],
        findings: { BRAKE_PADS: { result: 'FAIL', note: 'Má phanh trước mòn còn 1,5 mm, đã thay mới' } },
        notes: 'Pin SOH 98%, chênh lệch cell 12 mV. Đã thay má phanh trước.',
      },
      {
        daysAgo: 200,
        odometerKm: 7_920,
        centreSlug: 'ha-noi-long-bien',
        services: ['bao-duong-cao-cap', 'kiem-tra-pin-bms'],
        parts: [
          { name: 'Lốp sau không săm 90/90-14', quantity: 1, unitPrice: 520_000 },
          { name: 'Má phanh sau Klara S', quantity: 1, unitPrice: 160_000 },
        ],
        findings: {
          TYRE_WEAR: { result: 'FAIL', note: 'Gai lốp sau còn 0,8 mm, đã thay lốp mới' },
          SOFTWARE: { result: 'NA', note: 'Đang ở phiên bản mới nhất' },
        },
        notes: 'Bảo dưỡng cao cấp 12 tháng. Pin SOH 96%. Thay lốp sau và má phanh sau.',
      },
      {
        daysAgo: 60,
        odometerKm: 11_000,
        centreSlug: 'ha-noi-cau-giay',
        services: ['bao-duong-nang-cao'],
        parts: [{ name: 'Gioăng chống nước cổng sạc', quantity: 1, unitPrice: 45_000 }],
        findings: { CHARGE_PORT: { result: 'FAIL', note: 'Gioăng cổng sạc nứt, đã thay' } },
        notes: 'Pin SOH 95%. Khuyến nghị kiểm tra lốp trước ở lần sau.',
      },
    ],
  },
  {
    type: 'car',
    brand: 'VinFast',
    model: 'VF 5',
    licensePlate: '30K-567.89',
    vin: 'RLLVFPNT5RH123456',
    color: 'Xanh dương',
    batteryCapacityWh: 37_230,
    nickname: 'Xe gia đình',
    boughtDaysAgo: 540,
    odometerKm: 16_200,
    readings: [
      [450, 2_700],
      [240, 9_000],
      [20, 15_600],
    ],
    records: [
      {
        daysAgo: 360,
        odometerKm: 5_400,
        centreSlug: 'ha-noi-cau-giay',
        services: ['bao-duong-co-ban'],
        parts: [{ name: 'Nước rửa kính 2 L', quantity: 1, unitPrice: 65_000 }],
        findings: {},
        notes: 'Bảo dưỡng 6 tháng. Áp suất lốp, phanh, đèn đều đạt.',
      },
      {
        daysAgo: 150,
        odometerKm: 11_700,
        centreSlug: 'ha-noi-cau-giay',
        services: ['bao-duong-nang-cao', 'cap-nhat-phan-mem'],
        parts: [
          { name: 'Lọc gió điều hòa VF 5', quantity: 1, unitPrice: 350_000 },
          { name: 'Lưỡi gạt mưa (cặp)', quantity: 1, unitPrice: 290_000 },
        ],
        findings: { BMS_LOG: { result: 'NA', note: 'Không có lỗi ghi nhận' } },
        notes: 'Cập nhật phần mềm xe lên bản mới. Pin SOH 99%.',
      },
    ],
  },
];

const serviceBySlug = new Map(SERVICES.map((service) => [service.slug, service]));

export interface ServiceHistorySeedReport {
  vehicles: number;
  maintenanceRecords: number;
}

/**
 * Inserts the demo customer's vehicles that are missing, each with its history. Returns the demo vehicles the
 * customer has (not removed) and their maintenance records.
 */
export async function seedServiceHistory(db: Kysely<Database>): Promise<ServiceHistorySeedReport> {
  const customerEmail = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
  const technicianEmail = DEMO_ACCOUNTS.find((account) => account.role === 'technician')!.email;
  const customer = await db.selectFrom('users').select('id').where('email', '=', customerEmail).executeTakeFirst();
  const technician = await db.selectFrom('users').select(['id', 'full_name']).where('email', '=', technicianEmail).executeTakeFirst();
  if (!customer) return { vehicles: 0, maintenanceRecords: 0 };
  const centres = new Map((await db.selectFrom('service_centres').select(['id', 'slug']).execute()).map((centre) => [centre.slug, centre.id]));

  for (const seedVehicle of DEMO_VEHICLES) {
    const known = await db
      .selectFrom('vehicles')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('license_plate', '=', seedVehicle.licensePlate)
      .executeTakeFirst();
    if (known) continue;

    const anchor = Date.now();
    const at = (daysAgo: number) => new Date(anchor - daysAgo * DAY_MS).toISOString();
    const vehicleId = (
      await db
        .insertInto('vehicles')
        .values({
          type: seedVehicle.type,
          brand: seedVehicle.brand,
          model: seedVehicle.model,
          year: new Date(anchor - seedVehicle.boughtDaysAgo * DAY_MS).getUTCFullYear(),
          vin: seedVehicle.vin,
          color: seedVehicle.color,
          battery_capacity_wh: seedVehicle.batteryCapacityWh,
          nickname: seedVehicle.nickname,
          user_id: customer.id,
          license_plate: seedVehicle.licensePlate,
          odometer_km: seedVehicle.odometerKm,
          created_at: at(0),
          updated_at: at(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const readings: [number, number][] = [[seedVehicle.boughtDaysAgo, 0], ...seedVehicle.readings, [0, seedVehicle.odometerKm]];
    await db
      .insertInto('vehicle_odometer_readings')
      .values(readings.map(([daysAgo, km]) => ({ vehicle_id: vehicleId, odometer_km: km, source: 'seed' as const, note: null, recorded_at: at(daysAgo) })))
      .execute();

    for (const seedRecord of seedVehicle.records) {
      const services = seedRecord.services.map((slug) => serviceBySlug.get(slug)!);
      const cost = services.reduce((sum, service) => sum + service.price, 0) + seedRecord.parts.reduce((sum, part) => sum + part.quantity * part.unitPrice, 0);
      const servicedAt = at(seedRecord.daysAgo);
      const recordId = (
        await db
          .insertInto('maintenance_records')
          .values({
            vehicle_id: vehicleId,
            appointment_id: null,
            centre_id: centres.get(seedRecord.centreSlug)!,
            odometer_km: seedRecord.odometerKm,
            service_names: JSON.stringify(services.map((service) => service.name)),
            service_slugs: JSON.stringify(services.map((service) => service.slug)),
            cost,
            technician_id: technician?.id ?? null,
            technician_name: technician?.full_name ?? null,
            notes: seedRecord.notes,
            serviced_at: servicedAt,
            created_at: servicedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      if (seedRecord.parts.length > 0) {
        await db
          .insertInto('maintenance_record_parts')
          .values(seedRecord.parts.map((part) => ({ record_id: recordId, product_id: null, name: part.name, quantity: part.quantity, unit_price: part.unitPrice })))
          .execute();
      }
      // The checklist of the services done, each item once (the premium tier includes the basic items).
      const items = new Map<string, string>();
      for (const service of services) for (const item of service.checklist) if (!items.has(item.code)) items.set(item.code, item.label);
      await db
        .insertInto('maintenance_checklist_items')
        .values(
          [...items].map(([code, label], index) => ({
            record_id: recordId,
            label,
            result: seedRecord.findings[code]?.result ?? 'PASS',
            note: seedRecord.findings[code]?.note ?? null,
            sort_order: index,
          })),
        )
        .execute();
    }
  }
  return demoHistoryCounts(db, customer.id);
}

/** The demo vehicles the customer has (not removed), and their maintenance records. */
async function demoHistoryCounts(db: Kysely<Database>, customerId: number): Promise<ServiceHistorySeedReport> {
  const vehicleIds = (
    await db
      .selectFrom('vehicles')
      .select('id')
      .where('user_id', '=', customerId)
      .where(
        'license_plate',
        'in',
        DEMO_VEHICLES.map((vehicle) => vehicle.licensePlate),
      )
      .where('deleted_at', 'is', null)
      .execute()
  ).map((row) => row.id);
  if (vehicleIds.length === 0) return { vehicles: 0, maintenanceRecords: 0 };
  const { count } = await db
    .selectFrom('maintenance_records')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('vehicle_id', 'in', vehicleIds)
    .executeTakeFirstOrThrow();
  return { vehicles: vehicleIds.length, maintenanceRecords: Number(count) };
}
