import type { Kysely } from 'kysely';
import { foldedWords } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { componentOfChecklistCode } from './checklistComponents';
import { vehicleAgeMonths, type Inspection, type InspectionResult } from './inspectionSteps';
import type { ComponentInspections } from './trainWearModels';

/**
 * The inspections of our closed service orders (spec predictive.md §1), for training: every answered checklist
 * item of a CLOSED order of a registered vehicle, with the order's odometer and close date and the vehicle's
 * model and type. Orders of guests' vehicles (no vehicle row) are left out: their history cannot be followed.
 *
 * A finding is keyed by the component its item looks at (checklistComponents.componentOfChecklistCode: the brake
 * service's PADS are the BRAKE_PADS), and the items of one order that look at the same component are one
 * inspection at that visit (InspectionReading): training, the customer's forecast and the parts demand all read
 * through it, so they read the same.
 *
 * A FAIL counts as fixed at that visit when a part was issued for the item (a parts request linked to it with
 * more issued than returned) or its note says the part was replaced ('đã thay', 'replaced'). The items with a part
 * issued are read once, as a set, rather than by a correlated EXISTS per item (a read of parts_requests per
 * inspection, most of a training's database time).
 *
 * Read in keyset pages of PAGE_SIZE orders' items, so a million inspections never sit in one result.
 */

const PAGE_SIZE = 20_000;
/** Folded phrases of a note that say the part was replaced ('Đã thay má phanh'); 'cần thay', 'hẹn thay sau' are not. */
const REPLACED_PHRASES = ['da thay', 'replaced'];

export interface InspectionRow {
  item_id: number;
  service_order_id: number;
  vehicle_id: number;
  vehicle_type: string;
  vehicle_model: string;
  year: number;
  odometer_in_km: number;
  closed_at: Date | string;
  code: string;
  result: string;
  note: string | null;
}

/** A FAIL's note that says the part was replaced ('Đã thay má phanh'). */
export function saysReplaced(note: string | null): boolean {
  if (!note) return false;
  const folded = ` ${foldedWords(note).join(' ')} `;
  return REPLACED_PHRASES.some((phrase) => folded.includes(` ${phrase} `));
}

async function inspectionPage(db: Kysely<Database>, afterItemId: number, before: Date | null): Promise<InspectionRow[]> {
  let query = db
    .selectFrom('service_order_checklist_items as item')
    .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
    .innerJoin('vehicles as v', 'v.id', 'so.vehicle_id')
    .select([
      'item.id as item_id',
      'item.service_order_id',
      'v.id as vehicle_id',
      'so.vehicle_type',
      'so.vehicle_model',
      'v.year',
      'so.odometer_in_km',
      'so.closed_at',
      'item.code',
      'item.result',
      'item.note',
    ])
    .where('so.status', '=', 'CLOSED')
    .where('item.result', 'in', ['PASS', 'FAIL', 'NA'])
    .where('item.id', '>', afterItemId)
    .orderBy('item.id')
    .limit(PAGE_SIZE);
  if (before) query = query.where('so.closed_at', '<', before.toISOString());
  return (await query.execute()) as InspectionRow[];
}

/** The checklist items a part was issued for (more issued than returned). */
async function itemsWithPartIssued(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db.selectFrom('parts_requests').select('checklist_item_id').where('checklist_item_id', 'is not', null).whereRef('issued_qty', '>', 'returned_qty').execute();
  return new Set(rows.map((row) => row.checklist_item_id!));
}

/** One answered checklist item of a closed order of a registered vehicle, as the readings take it. */
export interface AnsweredItem {
  vehicleId: number;
  orderId: number;
  code: string;
  result: InspectionResult;
  note: string | null;
  /** A part was issued for the item (a parts request linked to it with more issued than returned). */
  partIssued: boolean;
  odometerKm: number;
  /** The order's close, epoch ms. */
  at: number;
  /** The vehicle's model year (its age is counted from 1 July of it). */
  modelYear: number;
}

/**
 * Two answers at the same visit about the same component (a maintenance + tyre service order answering
 * TYRE_PRESSURE and PRESSURE): one inspection, FAIL if either failed, else PASS if either passed, else NA; fixed
 * if either FAIL was.
 */
export function sameVisitInspection(a: Inspection, b: Inspection): Inspection {
  const result: InspectionResult = a.result === 'FAIL' || b.result === 'FAIL' ? 'FAIL' : a.result === 'PASS' || b.result === 'PASS' ? 'PASS' : 'NA';
  return { ...a, result, repaired: (a.result === 'FAIL' && a.repaired) || (b.result === 'FAIL' && b.repaired) };
}

interface ReadHistory {
  vehicleId: number;
  component: string;
  inspections: Inspection[];
  /** The order of each inspection (same index). */
  orderIds: number[];
  /** Whether orderIds ascend. */
  ascending: boolean;
}

/**
 * The one reading of answered checklist items into inspections, shared by training (loadComponentInspections), the
 * customer's forecast (vehicleForecastQueries) and the parts demand (partsDemandQueries.forecastsOf): each item is
 * keyed by its vehicle and the component it looks at, and the items of one order about the same component are one
 * inspection (sameVisitInspection). A FAIL counts as fixed at that visit when a part was issued for the item or its
 * note says the part was replaced.
 */
export class InspectionReading {
  private readonly vehicles = new Map<number, Map<string, ReadHistory>>();

  /** Adds an item; returns true when it started a new (vehicle, component) history. */
  add(item: AnsweredItem): boolean {
    const component = componentOfChecklistCode(item.code);
    let byComponent = this.vehicles.get(item.vehicleId);
    if (!byComponent) {
      byComponent = new Map();
      this.vehicles.set(item.vehicleId, byComponent);
    }
    const inspection: Inspection = {
      at: item.at,
      odometerKm: item.odometerKm,
      ageMonths: vehicleAgeMonths(item.modelYear, item.at),
      result: item.result,
      repaired: item.result === 'FAIL' && (item.partIssued || saysReplaced(item.note)),
    };
    const history = byComponent.get(component);
    if (!history) {
      byComponent.set(component, { vehicleId: item.vehicleId, component, inspections: [inspection], orderIds: [item.orderId], ascending: true });
      return true;
    }
    // The same order's other item of this component, if any: looked for, unless the orders seen so far ascend and
    // this one comes after them (training reads in item order: the usual case); a history holds a few dozen visits.
    const last = history.orderIds[history.orderIds.length - 1]!;
    const later = history.ascending && item.orderId > last;
    for (let index = later ? -1 : history.orderIds.length - 1; index >= 0; index -= 1) {
      if (history.orderIds[index] === item.orderId) {
        history.inspections[index] = sameVisitInspection(history.inspections[index]!, inspection);
        return false;
      }
    }
    history.inspections.push(inspection);
    history.orderIds.push(item.orderId);
    history.ascending = later;
    return false;
  }

  /** The vehicle's inspections by component (empty when it has none). */
  ofVehicle(vehicleId: number): Map<string, Inspection[]> {
    return new Map([...(this.vehicles.get(vehicleId) ?? new Map<string, ReadHistory>()).values()].map((history) => [history.component, history.inspections]));
  }

  /** Every (vehicle, component) history, in a stable order (by `${vehicleId}|${component}`). */
  histories(): Array<{ vehicleId: number; component: string; inspections: Inspection[] }> {
    const all: ReadHistory[] = [];
    for (const byComponent of this.vehicles.values()) all.push(...byComponent.values());
    const key = (history: ReadHistory) => `${history.vehicleId}|${history.component}`;
    return all
      .map((history) => ({ key: key(history), history }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ history }) => ({ vehicleId: history.vehicleId, component: history.component, inspections: history.inspections }));
  }
}

/** A checklist item of a vehicle's closed order as the forecast's queries select it. */
export interface VehicleChecklistRow {
  id: number;
  service_order_id: number;
  code: string;
  /** PASS, FAIL or NA: the queries select answered items only. */
  result: string | null;
  note: string | null;
  odometer_in_km: number;
  closed_at: Date | string | null;
}

/** One vehicle's checklist row into the reading (`issued`: the items a part was issued for). */
export function addVehicleChecklistRow(reading: InspectionReading, vehicle: { id: number; year: number }, row: VehicleChecklistRow, issued: ReadonlySet<number | null>): void {
  reading.add({
    vehicleId: vehicle.id,
    orderId: row.service_order_id,
    code: row.code,
    result: row.result as InspectionResult,
    note: row.note,
    partIssued: issued.has(row.id),
    odometerKm: row.odometer_in_km,
    at: new Date(row.closed_at!).getTime(),
    modelYear: vehicle.year,
  });
}


/** Every (vehicle, component) history of closed orders (closed before `before` when given), in a stable order. */
export async function loadComponentInspections(db: Kysely<Database>, options: { before?: Date } = {}): Promise<ComponentInspections[]> {
  const reading = new InspectionReading();
  /** The family and type of each history, from its first item's order. */
  const vehicleOf = new Map<string, { family: string; vehicleType: string }>();
  const partIssued = await itemsWithPartIssued(db);
  let after = 0;
  for (;;) {
    const rows = await inspectionPage(db, after, options.before ?? null);
    for (const row of rows) {
      const started = reading.add({
        vehicleId: row.vehicle_id,
        orderId: row.service_order_id,
        code: row.code,
        result: row.result as InspectionResult,
        note: row.note,
        partIssued: partIssued.has(row.item_id),
        odometerKm: row.odometer_in_km,
        at: new Date(row.closed_at).getTime(),
        modelYear: row.year,
      });
      if (started) vehicleOf.set(`${row.vehicle_id}|${componentOfChecklistCode(row.code)}`, { family: row.vehicle_model, vehicleType: row.vehicle_type });
    }
    if (rows.length < PAGE_SIZE) break;
    after = rows[rows.length - 1]!.item_id;
  }
  return reading.histories().map(({ vehicleId, component, inspections }) => ({ component, ...vehicleOf.get(`${vehicleId}|${component}`)!, inspections }));
}
