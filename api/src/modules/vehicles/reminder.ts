import { addCalendarDays, bookingUrl, vietnamDateOf, type Reminder, type ServiceTier, type VehicleType } from 'shared-contracts/schemas';

/**
 * The next maintenance of a vehicle, pure. Each maintenance tier has an interval per vehicle type, in km and in
 * months; a tier is due at whichever comes first, counted from the last maintenance of that tier or a higher
 * one (a higher tier includes the lower ones), or from when the vehicle was added. The km threshold becomes
 * a date through the km/day the odometer history shows. The reminder gives the earliest due point and
 * recommends the highest tier due within a month of it (so that an advanced maintenance replaces a basic one
 * due at the same time).
 */

export interface MaintenanceInterval {
  km: number;
  months: number;
}

/**
 * Intervals by vehicle type and tier. Scooters: basic every 3 000 km or 3 months, advanced 6 000 km or
 * 6 months, premium 12 000 km or a year (what the services page says). Electric motorbikes ride further and
 * faster: 4 000 / 8 000 / 16 000 km. Cars follow the makers' yearly service (VinFast: 12 000 km or 12 months)
 * with a basic check half way and the premium service every two years.
 */
export const MAINTENANCE_INTERVALS: Record<VehicleType, Record<ServiceTier, MaintenanceInterval>> = {
  scooter: { 'co-ban': { km: 3_000, months: 3 }, 'nang-cao': { km: 6_000, months: 6 }, 'cao-cap': { km: 12_000, months: 12 } },
  motorbike: { 'co-ban': { km: 4_000, months: 4 }, 'nang-cao': { km: 8_000, months: 8 }, 'cao-cap': { km: 16_000, months: 12 } },
  car: { 'co-ban': { km: 6_000, months: 6 }, 'nang-cao': { km: 12_000, months: 12 }, 'cao-cap': { km: 24_000, months: 24 } },
};

/** km/day when the odometer history is too short (under 14 days): typical Vietnamese city use. */
export const DEFAULT_KM_PER_DAY: Record<VehicleType, number> = { scooter: 25, motorbike: 35, car: 45 };

/** A higher tier due within this many days of the earliest due point is recommended instead. */
export const TIER_MERGE_DAYS = 30;
const MIN_HISTORY_DAYS = 14;
const HISTORY_WINDOW_DAYS = 365;
const DAY_MS = 86_400_000;

export const TIER_ORDER: readonly ServiceTier[] = ['co-ban', 'nang-cao', 'cao-cap'];

export interface OdometerPoint {
  at: Date;
  km: number;
}

export interface MaintenanceDone extends OdometerPoint {
  /** The highest maintenance tier of the record. */
  tier: ServiceTier;
}

export interface ReminderInput {
  vehicleId: number;
  type: VehicleType;
  currentKm: number;
  /** When the vehicle was added, and its odometer then: the starting point before any maintenance. */
  since: OdometerPoint;
  /** Odometer history (any order), maintenance records' odometers included. */
  readings: readonly OdometerPoint[];
  maintenance: readonly MaintenanceDone[];
  /** The maintenance service of each tier (slug and name). */
  tierServices: Readonly<Record<ServiceTier, { slug: string; name: string }>>;
  now: Date;
}

export interface ComputedReminder extends Reminder {
  tier: ServiceTier;
  /** Identifies the due point (tier and what it is counted from): a reminder email is sent once per key. */
  dueKey: string;
}

/**
 * km/day from the odometer history: over the last year (from the last reading before it, if any), after the
 * last correction (a lower value starts the history again); the vehicle type's default when that covers
 * fewer than 14 days.
 */
export function estimateKmPerDay(readings: readonly OdometerPoint[], type: VehicleType, now: Date): number {
  const sorted = [...readings].filter((point) => point.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  let startIndex = 0;
  for (let index = 1; index < sorted.length; index += 1) {
    if (sorted[index]!.km < sorted[index - 1]!.km) startIndex = index;
  }
  const usable = sorted.slice(startIndex);
  if (usable.length < 2) return DEFAULT_KM_PER_DAY[type];
  const windowStart = now.getTime() - HISTORY_WINDOW_DAYS * DAY_MS;
  let first = usable[0]!;
  for (const point of usable) {
    if (point.at.getTime() <= windowStart) first = point;
  }
  const last = usable[usable.length - 1]!;
  const days = (last.at.getTime() - first.at.getTime()) / DAY_MS;
  if (days < MIN_HISTORY_DAYS) return DEFAULT_KM_PER_DAY[type];
  return Math.round(((last.km - first.km) / days) * 10) / 10;
}

/** 'YYYY-MM-DD' plus whole months, the day clamped to the month's end ('2026-01-31' + 1 → '2026-02-28'). */
export function addCalendarMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Whole days from one date to another ('2026-01-01' → '2026-01-31': 30). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

interface TierDue {
  tier: ServiceTier;
  base: OdometerPoint;
  dueKm: number;
  dueDate: string;
  dueBy: 'km' | 'time';
}

export function computeReminder(input: ReminderInput): ComputedReminder {
  const today = vietnamDateOf(input.now);
  const kmPerDay = estimateKmPerDay([...input.readings, input.since], input.type, input.now);
  const rank = (tier: ServiceTier) => TIER_ORDER.indexOf(tier);

  const dues: TierDue[] = TIER_ORDER.map((tier) => {
    const interval = MAINTENANCE_INTERVALS[input.type][tier];
    const covering = input.maintenance.filter((done) => rank(done.tier) >= rank(tier) && done.at.getTime() <= input.now.getTime());
    const base = covering.reduce<OdometerPoint>((latest, done) => (done.at.getTime() > latest.at.getTime() ? done : latest), input.since);
    const dueKm = base.km + interval.km;
    const byTime = addCalendarMonths(vietnamDateOf(base.at), interval.months);
    const byKm = kmPerDay > 0 ? addCalendarDays(today, Math.floor((dueKm - input.currentKm) / kmPerDay)) : null;
    const kmFirst = byKm !== null && byKm < byTime;
    return { tier, base, dueKm, dueDate: kmFirst ? byKm : byTime, dueBy: kmFirst ? 'km' : 'time' };
  });

  const earliest = dues.reduce((first, due) => (due.dueDate < first.dueDate ? due : first));
  const mergeUntil = addCalendarDays(earliest.dueDate, TIER_MERGE_DAYS);
  const recommended = [...dues].reverse().find((due) => due.dueDate <= mergeUntil) ?? earliest;
  const service = input.tierServices[recommended.tier];
  const daysLeft = daysBetween(today, earliest.dueDate);
  const kmLeft = earliest.dueKm - input.currentKm;

  return {
    dueDate: earliest.dueDate,
    dueKm: earliest.dueKm,
    dueBy: earliest.dueBy,
    overdue: daysLeft < 0 || kmLeft <= 0,
    daysLeft,
    kmLeft,
    estimatedKmPerDay: Math.max(0, kmPerDay),
    serviceSlug: service.slug,
    serviceName: service.name,
    bookingUrl: bookingUrl({ vehicleId: input.vehicleId, service: service.slug }),
    tier: recommended.tier,
    dueKey: `${earliest.tier}@${vietnamDateOf(earliest.base.at)}/${earliest.base.km}`,
  };
}
