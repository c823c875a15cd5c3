import type { Kysely } from 'kysely';
import type { VehicleForecastDto } from 'shared-contracts/diagnostics';
import type { VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { latestBatteryReading } from '../batteryHealth';
import { estimateKmPerDay } from '../vehicles';
import { componentInfo } from './componentLabels';
import { addVehicleChecklistRow, InspectionReading } from './inspectionQueries';
import { vehicleAgeMonths, type Inspection } from './inspectionSteps';
import { forecastVehicle } from './vehicleForecast';
import type { WearModelVersion } from './wearTraining';

const DAYS_PER_MONTH = 30.436875;

/**
 * The vehicle's inspections of closed orders, by component: the same reading as training's (InspectionReading:
 * keyed by the component an item looks at, one inspection per order and component).
 */
export async function vehicleInspections(db: Kysely<Database>, vehicle: VehicleRow): Promise<Map<string, Inspection[]>> {
  const rows = await db
    .selectFrom('service_order_checklist_items as item')
    .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
    .select(['item.id', 'item.service_order_id', 'item.code', 'item.result', 'item.note', 'so.odometer_in_km', 'so.closed_at'])
    .where('so.vehicle_id', '=', vehicle.id)
    .where('so.status', '=', 'CLOSED')
    .where('item.result', 'in', ['PASS', 'FAIL', 'NA'])
    .execute();
  // Whether a part was issued matters only for a FAIL: only their ids are asked about (a few, not every item's —
  // binding all of them cost SQLite a statement per list length; a correlated EXISTS made PostgreSQL hash every
  // issued request for each forecast).
  const failed = rows.filter((row) => row.result === 'FAIL').map((row) => row.id);
  const issued = new Set(
    failed.length === 0
      ? []
      : (
          await db
            .selectFrom('parts_requests')
            .select('checklist_item_id')
            .where('checklist_item_id', 'in', failed)
            .whereRef('issued_qty', '>', 'returned_qty')
            .execute()
        ).map((row) => row.checklist_item_id),
  );
  const reading = new InspectionReading();
  for (const row of rows) addVehicleChecklistRow(reading, vehicle, row, issued);
  return reading.ofVehicle(vehicle.id);
}

/** The vehicle's km a month from its odometer history (the reminders' estimate: its own, else its type's default). */
async function kmPerMonth(db: Kysely<Database>, vehicle: VehicleRow, now: Date): Promise<number> {
  const readings = await db.selectFrom('vehicle_odometer_readings').select(['odometer_km', 'recorded_at']).where('vehicle_id', '=', vehicle.id).execute();
  const points = readings.map((reading) => ({ at: new Date(reading.recorded_at), km: reading.odometer_km }));
  points.push({ at: new Date(vehicle.created_at), km: vehicle.odometer_km });
  return Math.round(estimateKmPerDay(points, vehicle.type as VehicleType, now) * DAYS_PER_MONTH);
}

export async function vehicleForecastOf(db: Kysely<Database>, vehicle: VehicleRow, version: WearModelVersion | null, now: Date): Promise<VehicleForecastDto> {
  const [inspections, rate, info, battery] = await Promise.all([vehicleInspections(db, vehicle), kmPerMonth(db, vehicle, now), componentInfo(db), latestBatteryReading(db, vehicle.id)]);
  const measuredAt = battery?.measuredAt.getTime() ?? 0;
  const forecasts = version
    ? forecastVehicle(version.components, {
        family: vehicle.model,
        odometerKm: vehicle.odometer_km,
        ageMonths: vehicleAgeMonths(vehicle.year, now.getTime()),
        kmPerMonth: rate,
        inspections,
        batteryReading: battery && {
          at: measuredAt,
          odometerKm: battery.odometerKm,
          ageMonths: vehicleAgeMonths(vehicle.year, measuredAt),
          result: battery.flag === 'OK' ? 'PASS' : 'FAIL',
          repaired: false,
        },
      })
    : [];
  return {
    vehicleId: vehicle.id,
    model: version ? { id: version.id, trainedAt: version.trainedAt } : null,
    kmPerMonth: rate,
    components: forecasts.map((forecast) => ({ ...forecast, ...info(forecast.component) })),
  };
}
