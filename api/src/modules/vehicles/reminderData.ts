import type { Kysely } from 'kysely';
import { SERVICE_TIERS, type ServiceTier, type VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { computeReminder, TIER_ORDER, type ComputedReminder, type MaintenanceDone, type OdometerPoint } from './reminder';

type TierServices = Record<ServiceTier, { slug: string; name: string }>;

/** The maintenance services by tier, as the catalogue names them (fallback: the seeded names). */
const FALLBACK_TIER_SERVICES: TierServices = {
  'co-ban': { slug: 'bao-duong-co-ban', name: 'Bảo dưỡng cơ bản' },
  'nang-cao': { slug: 'bao-duong-nang-cao', name: 'Bảo dưỡng nâng cao' },
  'cao-cap': { slug: 'bao-duong-cao-cap', name: 'Bảo dưỡng cao cấp' },
};

export async function loadTierServices(db: Kysely<Database>): Promise<TierServices> {
  const rows = await db.selectFrom('services').select(['slug', 'name', 'tier']).where('tier', 'is not', null).where('kind', '=', 'maintenance').execute();
  const result: TierServices = { ...FALLBACK_TIER_SERVICES };
  for (const row of rows) {
    if ((SERVICE_TIERS as readonly string[]).includes(row.tier ?? '')) result[row.tier as ServiceTier] = { slug: row.slug, name: row.name };
  }
  return result;
}

function parseSlugs(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** The next maintenance of each vehicle (odometer history and maintenance records read in two queries). */
export async function remindersFor(db: Kysely<Database>, vehicles: readonly VehicleRow[], now: Date): Promise<Map<number, ComputedReminder>> {
  const result = new Map<number, ComputedReminder>();
  if (vehicles.length === 0) return result;
  const ids = vehicles.map((vehicle) => vehicle.id);
  const [tierServices, readings, records] = await Promise.all([
    loadTierServices(db),
    db.selectFrom('vehicle_odometer_readings').select(['vehicle_id', 'odometer_km', 'recorded_at']).where('vehicle_id', 'in', ids).execute(),
    db.selectFrom('maintenance_records').select(['vehicle_id', 'odometer_km', 'serviced_at', 'service_slugs']).where('vehicle_id', 'in', ids).execute(),
  ]);
  const tierOfSlug = new Map<string, ServiceTier>(TIER_ORDER.map((tier) => [tierServices[tier].slug, tier]));

  const readingsByVehicle = new Map<number, OdometerPoint[]>();
  for (const reading of readings) {
    const list = readingsByVehicle.get(reading.vehicle_id) ?? [];
    list.push({ at: new Date(reading.recorded_at), km: reading.odometer_km });
    readingsByVehicle.set(reading.vehicle_id, list);
  }
  const maintenanceByVehicle = new Map<number, MaintenanceDone[]>();
  for (const record of records) {
    const point = { at: new Date(record.serviced_at), km: record.odometer_km };
    const list = readingsByVehicle.get(record.vehicle_id) ?? [];
    list.push(point);
    readingsByVehicle.set(record.vehicle_id, list);
    const tiers = parseSlugs(record.service_slugs)
      .map((slug) => tierOfSlug.get(slug))
      .filter((tier): tier is ServiceTier => tier !== undefined);
    if (tiers.length === 0) continue;
    const highest = tiers.reduce((best, tier) => (TIER_ORDER.indexOf(tier) > TIER_ORDER.indexOf(best) ? tier : best));
    const done = maintenanceByVehicle.get(record.vehicle_id) ?? [];
    done.push({ ...point, tier: highest });
    maintenanceByVehicle.set(record.vehicle_id, done);
  }

  for (const vehicle of vehicles) {
    const history = readingsByVehicle.get(vehicle.id) ?? [];
    const created: OdometerPoint = { at: new Date(vehicle.created_at), km: vehicle.odometer_km };
    const since = history.reduce((earliest, point) => (point.at.getTime() < earliest.at.getTime() ? point : earliest), created);
    result.set(
      vehicle.id,
      computeReminder({
        vehicleId: vehicle.id,
        type: vehicle.type as VehicleType,
        currentKm: vehicle.odometer_km,
        since,
        readings: history,
        maintenance: maintenanceByVehicle.get(vehicle.id) ?? [],
        tierServices,
        now,
      }),
    );
  }
  return result;
}
