import type { VehicleType } from 'shared-contracts/schemas';
import {
  addCalendarMonths,
  computeReminder,
  daysBetween,
  estimateKmPerDay,
  MAINTENANCE_INTERVALS,
  type MaintenanceDone,
  type OdometerPoint,
} from '../../../src/modules/vehicles/reminder';

const NOW = new Date('2026-11-19T01:00:00.000Z'); // 08:00 on 19/11/2026 in Vietnam
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const point = (days: number, km: number): OdometerPoint => ({ at: ago(days), km });
const TIER_SERVICES = {
  'co-ban': { slug: 'bao-duong-co-ban', name: 'Bảo dưỡng cơ bản' },
  'nang-cao': { slug: 'bao-duong-nang-cao', name: 'Bảo dưỡng nâng cao' },
  'cao-cap': { slug: 'bao-duong-cao-cap', name: 'Bảo dưỡng cao cấp' },
} as const;

describe('km per day from the odometer history', () => {
  it.each<[string, VehicleType, OdometerPoint[], number]>([
    ['one reading: the default of a scooter', 'scooter', [point(0, 500)], 25],
    ['one reading: the default of a motorbike', 'motorbike', [point(3, 500)], 35],
    ['one reading: the default of a car', 'car', [point(0, 500)], 45],
    ['under 14 days of history: the default', 'scooter', [point(10, 0), point(0, 900)], 25],
    ['100 days, 2 200 km', 'scooter', [point(100, 0), point(0, 2_200)], 22],
    ['any order', 'car', [point(0, 9_000), point(200, 1_000), point(100, 5_000)], 40],
    ['a lower value (correction) starts the history again', 'scooter', [point(200, 0), point(100, 5_000), point(50, 1_000), point(0, 2_000)], 20],
    ['over the last year, from the last reading before it', 'car', [point(730, 0), point(400, 8_000), point(200, 10_000), point(0, 12_000)], 10],
    ['readings in the future are ignored', 'scooter', [point(100, 0), point(0, 3_000), point(-10, 9_999)], 30],
  ])('%s', (_label, type, readings, expected) => {
    expect(estimateKmPerDay(readings, type, NOW)).toBe(expected);
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2027-11-30', 3, '2028-02-29'],
    ['2026-12-15', 12, '2027-12-15'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-11-19', 24, '2028-11-19'],
  ] as const)('%s + %i months = %s', (date, months, expected) => {
    expect(addCalendarMonths(date, months)).toBe(expected);
  });

  it('counts days between dates across months and years', () => {
    expect(daysBetween('2026-11-19', '2027-02-19')).toBe(92);
    expect(daysBetween('2026-11-19', '2026-11-15')).toBe(-4);
  });

  it('has intervals for every vehicle type and tier, longer for higher tiers', () => {
    for (const type of ['scooter', 'motorbike', 'car'] as const) {
      const tiers = MAINTENANCE_INTERVALS[type];
      expect(tiers['co-ban'].km).toBeLessThan(tiers['nang-cao'].km);
      expect(tiers['nang-cao'].km).toBeLessThan(tiers['cao-cap'].km);
      expect(tiers['co-ban'].months).toBeLessThanOrEqual(tiers['nang-cao'].months);
    }
    expect(MAINTENANCE_INTERVALS.scooter['co-ban']).toEqual({ km: 3_000, months: 3 });
    expect(MAINTENANCE_INTERVALS.car['nang-cao']).toEqual({ km: 12_000, months: 12 });
  });
});

describe('next maintenance: by km or by months, whichever comes first', () => {
  interface Case {
    label: string;
    type: VehicleType;
    currentKm: number;
    since: OdometerPoint;
    readings: OdometerPoint[];
    maintenance: MaintenanceDone[];
    expected: Record<string, unknown>;
  }
  const cases: Case[] = [
    {
      label: 'a new scooter at 25 km/day: the basic check after 3 months comes before 3 000 km',
      type: 'scooter',
      currentKm: 0,
      since: point(0, 0),
      readings: [],
      maintenance: [],
      expected: { dueDate: '2027-02-19', dueKm: 3_000, dueBy: 'time', daysLeft: 92, kmLeft: 3_000, overdue: false, serviceSlug: 'bao-duong-co-ban', estimatedKmPerDay: 25 },
    },
    {
      label: 'a scooter riding 60 km/day: 3 000 km come first (10 days left)',
      type: 'scooter',
      currentKm: 2_400,
      since: point(40, 0),
      readings: [point(40, 0), point(0, 2_400)],
      maintenance: [],
      expected: { dueDate: '2026-11-29', dueKm: 3_000, dueBy: 'km', daysLeft: 10, kmLeft: 600, overdue: false, serviceSlug: 'bao-duong-co-ban', estimatedKmPerDay: 60 },
    },
    {
      label: 'a new motorbike at the default 35 km/day: 4 000 km in 114 days, before 4 months',
      type: 'motorbike',
      currentKm: 500,
      since: point(0, 500),
      readings: [],
      maintenance: [],
      expected: { dueDate: '2027-03-13', dueKm: 4_500, dueBy: 'km', daysLeft: 114, kmLeft: 4_000, overdue: false, serviceSlug: 'bao-duong-co-ban' },
    },
    {
      label: 'past the km of the basic check, with the advanced one due at the same km: overdue, advanced recommended',
      type: 'scooter',
      currentKm: 11_200,
      since: point(100, 5_000),
      readings: [point(100, 5_000), point(40, 8_000), point(0, 11_200)],
      maintenance: [
        { ...point(100, 5_000), tier: 'cao-cap' },
        { ...point(40, 8_000), tier: 'co-ban' },
      ],
      expected: { dueDate: '2026-11-15', dueKm: 11_000, dueBy: 'km', daysLeft: -4, kmLeft: -200, overdue: true, serviceSlug: 'bao-duong-nang-cao', estimatedKmPerDay: 62 },
    },
    {
      label: 'a car used little: the yearly advanced service is due today and the two-yearly premium with it',
      type: 'car',
      currentKm: 7_300,
      since: point(730, 0),
      readings: [point(730, 0), point(365, 3_650), point(183, 5_480), point(0, 7_300)],
      maintenance: [
        { ...point(365, 3_650), tier: 'nang-cao' },
        { ...point(183, 5_480), tier: 'co-ban' },
      ],
      expected: { dueDate: '2026-11-19', dueKm: 15_650, dueBy: 'time', daysLeft: 0, kmLeft: 8_350, overdue: false, serviceSlug: 'bao-duong-cao-cap', estimatedKmPerDay: 10 },
    },
  ];

  it.each(cases)('$label', ({ type, currentKm, since, readings, maintenance, expected }) => {
    const reminder = computeReminder({ vehicleId: 7, type, currentKm, since, readings, maintenance, tierServices: TIER_SERVICES, now: NOW });
    expect(reminder).toMatchObject(expected);
    expect(reminder.bookingUrl).toBe(`/booking?vehicleId=7&service=${reminder.serviceSlug}`);
    expect(reminder.serviceName).toBe(Object.values(TIER_SERVICES).find((service) => service.slug === reminder.serviceSlug)!.name);
  });

  it('keeps the same due key until a maintenance is done, then changes it', () => {
    const input = { vehicleId: 7, type: 'scooter' as const, currentKm: 2_000, since: point(80, 0), readings: [point(80, 0), point(0, 2_000)], maintenance: [], tierServices: TIER_SERVICES };
    const before = computeReminder({ ...input, now: NOW });
    const later = computeReminder({ ...input, now: new Date(NOW.getTime() + 3 * 86_400_000) });
    expect(later.dueKey).toBe(before.dueKey);
    const serviced = computeReminder({ ...input, maintenance: [{ ...point(0, 2_000), tier: 'co-ban' }], now: NOW });
    expect(serviced.dueKey).not.toBe(before.dueKey);
    expect(serviced.daysLeft).toBeGreaterThan(before.daysLeft);
  });
});
