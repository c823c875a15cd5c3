import { sql, type Kysely } from 'kysely';
import { vietnamDateOf, vietnamInstant, type VehicleType } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { estimateKmPerDay, type OdometerPoint } from '../vehicles';
import { checklistCodesOf, componentOfChecklistCode, componentInfo, addVehicleChecklistRow, InspectionReading, vehicleAgeMonths, forecastVehicle, latestWearModel, type WearModelVersion } from '../prediction';
import {
  computePartsDemand,
  DAYS_PER_MONTH,
  usageKey,
  type DemandForecast,
  type DemandResult,
  type DemandVehicle,
  type DemandVisit,
  type PastUsage,
  type ProductInfo,
  type StockFigures,
} from './partsDemandWork';

/**
 * What the parts demand reads (partsDemandWork.ts has the arithmetic). The work is bounded by the window's
 * appointments: at most MAX_APPOINTMENTS booked visits with a vehicle; their vehicles' forecasts are computed once
 * each, from reads made for all of them together (forecastsOf); the past usage is two grouped queries over the
 * closed orders' FAIL items of the components those visits check.
 *
 * Components are what the checklist items look at (checklistComponents): a booked service's item checks the
 * component it names its own way (the brake service's PADS check the BRAKE_PADS), and a failure is one per order
 * and component however many of its items looked at it — the reading of training and of the forecast.
 */

export const MAX_APPOINTMENTS = 500;
/** Rows per `in (...)` list (well under SQLite's and PostgreSQL's bound parameters). */
const CHUNK = 500;

const DAY_MS = 86_400_000;

export interface PartsDemandWindow {
  /** The start of today in Vietnam: appointments of today not yet checked in still count. */
  from: Date;
  to: Date;
}

export function demandWindow(now: Date, days: number): PartsDemandWindow {
  return { from: vietnamInstant(vietnamDateOf(now), '00:00'), to: new Date(now.getTime() + days * DAY_MS) };
}

export interface PartsDemandReading extends DemandResult {
  model: { id: number; trainedAt: string } | null;
  appointments: number;
  truncated: boolean;
}

async function inChunks<T, R>(values: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let index = 0; index < values.length; index += CHUNK) out.push(...(await read(values.slice(index, index + CHUNK))));
  return out;
}

/** The checklist codes of a service's template (services.checklist JSON); [] when unreadable. */
function checklistCodes(json: string): string[] {
  try {
    const items: unknown = JSON.parse(json);
    if (!Array.isArray(items)) return [];
    return items.flatMap((item) => (item && typeof item === 'object' && typeof (item as { code?: unknown }).code === 'string' ? [(item as { code: string }).code] : []));
  } catch {
    return [];
  }
}

/** The centre's booked visits with a vehicle in the window (earliest first), at most MAX_APPOINTMENTS + 1. */
async function windowVisits(db: Kysely<Database>, centreId: number, window: PartsDemandWindow) {
  return db
    .selectFrom('appointments')
    .select(['id', 'vehicle_id', 'starts_at'])
    .where('centre_id', '=', centreId)
    .where('status', 'in', ['PENDING', 'CONFIRMED'])
    .where('vehicle_id', 'is not', null)
    .where('starts_at', '>=', window.from.toISOString())
    .where('starts_at', '<', window.to.toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .limit(MAX_APPOINTMENTS + 1)
    .execute();
}

/** The checklist codes that look at `components` (each component's own code and the other templates' names for it). */
function codesLookingAt(components: readonly string[]): string[] {
  return [...new Set(components.flatMap((component) => checklistCodesOf(component)))];
}

/**
 * Past usage of `components` over every centre's closed orders (parts fit the vehicle, not the centre): the
 * failures (orders with a FAIL item of the component, however many of its items look at it) and the parts issued
 * against those items, by family and by type.
 */
async function pastUsage(db: Kysely<Database>, components: readonly string[]): Promise<PastUsage> {
  const failures = new Map<string, number>();
  const parts = new Map<string, Map<number, number>>();
  if (components.length === 0) return { failures, parts };
  const [failureRows, usedRows] = await Promise.all([
    inChunks(components, (chunk) => {
      const codes = codesLookingAt(chunk);
      const aliases = codes.filter((code) => componentOfChecklistCode(code) !== code);
      // Each FAIL item with its component (the CASE maps the other templates' codes), then one failure per order.
      const failed = db
        .selectFrom('service_order_checklist_items as item')
        .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
        .select([
          'so.id as order_id',
          'so.vehicle_model',
          'so.vehicle_type',
          (aliases.length === 0
            ? sql<string>`${sql.ref('item.code')}`
            : sql<string>`case ${sql.join(
                aliases.map((code) => sql`when ${sql.ref('item.code')} = ${code} then ${componentOfChecklistCode(code)}`),
                sql` `,
              )} else ${sql.ref('item.code')} end`
          ).as('component'),
        ])
        .where('so.status', '=', 'CLOSED')
        .where('item.result', '=', 'FAIL')
        .where('item.code', 'in', codes)
        .as('failed');
      return db
        .selectFrom(failed)
        .select((eb) => ['failed.component', 'failed.vehicle_model', 'failed.vehicle_type', eb.fn.count<number | string>('failed.order_id').distinct().as('failures')])
        .groupBy(['failed.component', 'failed.vehicle_model', 'failed.vehicle_type'])
        .execute();
    }),
    // Driven from parts_requests (a few rows with an item), joined by primary keys; each request counts once.
    inChunks(components, (chunk) =>
      db
        .selectFrom('parts_requests as pr')
        .innerJoin('service_order_checklist_items as item', 'item.id', 'pr.checklist_item_id')
        .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
        .select((eb) => [
          'item.code',
          'so.vehicle_model',
          'so.vehicle_type',
          'pr.product_id',
          eb.fn.sum<number | string>(eb('pr.issued_qty', '-', eb.ref('pr.returned_qty'))).as('units'),
        ])
        .where('pr.status', '=', 'ISSUED')
        .where('pr.checklist_item_id', 'is not', null)
        .where('so.status', '=', 'CLOSED')
        .where('item.result', '=', 'FAIL')
        .where('item.code', 'in', codesLookingAt(chunk))
        .groupBy(['item.code', 'so.vehicle_model', 'so.vehicle_type', 'pr.product_id'])
        .execute(),
    ),
  ]);
  const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
  for (const row of failureRows) {
    const count = toNumber(row.failures);
    add(failures, usageKey(row.component, 'family', row.vehicle_model), count);
    add(failures, usageKey(row.component, 'type', row.vehicle_type), count);
  }
  const addPart = (key: string, productId: number, units: number) => {
    const byProduct = parts.get(key) ?? new Map<number, number>();
    byProduct.set(productId, (byProduct.get(productId) ?? 0) + units);
    parts.set(key, byProduct);
  };
  for (const row of usedRows) {
    const units = toNumber(row.units);
    if (units <= 0) continue;
    const component = componentOfChecklistCode(row.code);
    addPart(usageKey(component, 'family', row.vehicle_model), row.product_id, units);
    addPart(usageKey(component, 'type', row.vehicle_type), row.product_id, units);
  }
  return { failures, parts };
}

/**
 * Each vehicle's forecast (status and 3-month probability per component) and when each of its components was
 * last inspected (PASS or FAIL of a closed order). The same reading and the same pure forecastVehicle as the
 * customer's 'Dự đoán bảo dưỡng' (prediction/vehicleForecastQueries.vehicleForecastOf, which a test holds these
 * numbers to), but read for all the vehicles at once: vehicleForecastOf makes four queries a vehicle, so a
 * centre's hundreds of vehicles one by one would take seconds.
 */
export async function forecastsOf(
  db: Kysely<Database>,
  vehicles: readonly VehicleRow[],
  version: WearModelVersion,
  now: Date,
  only?: ReadonlySet<string>,
): Promise<{ forecasts: Map<number, DemandForecast[]>; lastInspected: Map<string, number> }> {
  // Only the probabilities are used here: the models without their covariance skip the intervals' delta method
  // (8× less work; the probability is the same), and only the components some visit checks are forecast.
  const components = version.components
    .filter((training) => !only || only.has(training.component))
    .map((training) => ({ ...training, models: training.models.map((model) => ({ ...model, covariance: null })) }));
  const codes = codesLookingAt(components.map((training) => training.component));
  const ids = vehicles.map((vehicle) => vehicle.id);
  if (codes.length === 0 || ids.length === 0) return { forecasts: new Map(ids.map((id) => [id, []])), lastInspected: new Map() };
  const [inspectionRows, issuedRows, readingRows] = await Promise.all([
    inChunks(ids, (chunk) =>
      db
        .selectFrom('service_order_checklist_items as item')
        .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
        .select(['item.id', 'item.service_order_id', 'so.vehicle_id', 'item.code', 'item.result', 'item.note', 'so.odometer_in_km', 'so.closed_at'])
        .where('so.vehicle_id', 'in', chunk)
        .where('so.status', '=', 'CLOSED')
        .where('item.result', 'in', ['PASS', 'FAIL', 'NA'])
        .where('item.code', 'in', codes)
        .execute(),
    ),
    // The items a part was issued for (more issued than returned): a FAIL fixed at that visit.
    inChunks(ids, (chunk) =>
      db
        .selectFrom('parts_requests as pr')
        .innerJoin('service_order_checklist_items as item', 'item.id', 'pr.checklist_item_id')
        .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
        .select('pr.checklist_item_id')
        .where('so.vehicle_id', 'in', chunk)
        .whereRef('pr.issued_qty', '>', 'pr.returned_qty')
        .execute(),
    ),
    inChunks(ids, (chunk) => db.selectFrom('vehicle_odometer_readings').select(['vehicle_id', 'odometer_km', 'recorded_at']).where('vehicle_id', 'in', chunk).execute()),
  ]);
  const issued = new Set(issuedRows.map((row) => row.checklist_item_id));
  const years = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.year]));
  // The forecast's reading (InspectionReading): by component, one inspection per order and component.
  const reading = new InspectionReading();
  for (const row of inspectionRows) {
    if (row.vehicle_id === null || row.closed_at === null) continue;
    addVehicleChecklistRow(reading, { id: row.vehicle_id, year: years.get(row.vehicle_id)! }, row, issued);
  }
  const inspections = new Map(vehicles.map((vehicle) => [vehicle.id, reading.ofVehicle(vehicle.id)]));
  const lastInspected = new Map<string, number>();
  for (const [vehicleId, byComponent] of inspections) {
    for (const [component, list] of byComponent) {
      const answered = list.filter((inspection) => inspection.result !== 'NA');
      if (answered.length > 0) lastInspected.set(`${vehicleId}|${component}`, Math.max(...answered.map((inspection) => inspection.at)));
    }
  }
  const readings = new Map<number, OdometerPoint[]>();
  for (const row of readingRows) {
    const points = readings.get(row.vehicle_id) ?? [];
    points.push({ at: new Date(row.recorded_at), km: row.odometer_km });
    readings.set(row.vehicle_id, points);
  }
  const forecasts = new Map<number, DemandForecast[]>();
  for (const vehicle of vehicles) {
    // The reminders' km a month: the vehicle's own readings, else its type's default (as vehicleForecastOf).
    const points = [...(readings.get(vehicle.id) ?? []), { at: new Date(vehicle.created_at), km: vehicle.odometer_km }];
    const kmPerMonth = Math.round(estimateKmPerDay(points, vehicle.type as VehicleType, now) * DAYS_PER_MONTH);
    const forecast = forecastVehicle(components, {
      family: vehicle.model,
      odometerKm: vehicle.odometer_km,
      ageMonths: vehicleAgeMonths(vehicle.year, now.getTime()),
      kmPerMonth,
      inspections: inspections.get(vehicle.id)!,
    });
    forecasts.set(
      vehicle.id,
      forecast.map((entry) => ({ component: entry.component, status: entry.status, within3Months: entry.within3Months?.probability ?? null })),
    );
  }
  return { forecasts, lastInspected };
}

/**
 * The centre's parts demand for the window: `days` from `now`. With no accepted model yet, no forecast exists
 * and every figure is 0 (the route says why).
 */
export async function readPartsDemand(db: Kysely<Database>, centreId: number, days: number, now: Date): Promise<PartsDemandReading> {
  const window = demandWindow(now, days);
  const [version, label, appointmentRows] = await Promise.all([latestWearModel(db), componentInfo(db), windowVisits(db, centreId, window)]);
  const truncated = appointmentRows.length > MAX_APPOINTMENTS;
  const booked = appointmentRows.slice(0, MAX_APPOINTMENTS);
  const model = version ? { id: version.id, trainedAt: version.trainedAt } : null;
  const empty: PartsDemandReading = { model, appointments: booked.length, truncated, items: [], vehicles: 0, expectedFailures: 0, componentsWithoutUsage: [] };
  if (booked.length === 0) return empty;

  const appointmentIds = booked.map((row) => row.id);
  const vehicleIds = [...new Set(booked.map((row) => row.vehicle_id!))];
  const [serviceRows, vehicleRows] = await Promise.all([
    inChunks(appointmentIds, (chunk) =>
      db
        .selectFrom('appointment_services as line')
        .innerJoin('services', 'services.id', 'line.service_id')
        .select(['line.appointment_id', 'services.checklist'])
        .where('line.appointment_id', 'in', chunk)
        .execute(),
    ),
    inChunks(vehicleIds, (chunk) => db.selectFrom('vehicles').selectAll().where('id', 'in', chunk).execute()),
  ]);
  const checked = new Map<number, Set<string>>();
  for (const row of serviceRows) {
    const codes = checked.get(row.appointment_id) ?? new Set<string>();
    // The components the booked services' checklists look at (the brake service's PADS: the BRAKE_PADS).
    for (const code of checklistCodes(row.checklist)) codes.add(componentOfChecklistCode(code));
    checked.set(row.appointment_id, codes);
  }
  const visits: DemandVisit[] = booked.map((row) => ({
    appointmentId: row.id,
    vehicleId: row.vehicle_id!,
    startsAt: new Date(row.starts_at).getTime(),
    components: checked.get(row.id) ?? new Set<string>(),
  }));
  const vehicles = new Map<number, DemandVehicle>(
    vehicleRows.map((row) => [row.id, { id: row.id, family: row.model, type: row.type, ageMonths: vehicleAgeMonths(row.year, now.getTime()) }]),
  );
  if (!version) return { ...empty, vehicles: vehicles.size };

  // Each vehicle's forecast once (the customer's own 'Dự đoán bảo dưỡng', the same numbers), of what the visits
  // check; meanwhile the past usage of those components.
  const checkedAtAll = [...new Set(visits.flatMap((visit) => [...visit.components]))].sort();
  const [{ forecasts, lastInspected }, usage] = await Promise.all([forecastsOf(db, vehicleRows, version, now, new Set(checkedAtAll)), pastUsage(db, checkedAtAll)]);

  const productIds = [...new Set([...usage.parts.values()].flatMap((byProduct) => [...byProduct.keys()]))];
  const [productRows, stockRows] = await Promise.all([
    inChunks(productIds, (chunk) => db.selectFrom('products').select(['id', 'sku', 'name']).where('id', 'in', chunk).where('is_active', '=', 1).execute()),
    inChunks(productIds, (chunk) =>
      db.selectFrom('centre_stock').select(['product_id', 'on_hand', 'reserved', 'min_stock']).where('centre_id', '=', centreId).where('product_id', 'in', chunk).execute(),
    ),
  ]);
  const products = new Map<number, ProductInfo>(productRows.map((row) => [row.id, { sku: row.sku, name: row.name }]));
  const stock = new Map<number, StockFigures>(
    stockRows.map((row) => [row.product_id, { onHand: toNumber(row.on_hand), reserved: toNumber(row.reserved), minStock: toNumber(row.min_stock) }]),
  );

  const result = computePartsDemand({
    now: now.getTime(),
    visits,
    vehicles,
    forecasts,
    lastInspected,
    usage,
    products,
    stock,
    label: (code) => label(code).label,
  });
  return { ...result, model, appointments: booked.length, truncated };
}
