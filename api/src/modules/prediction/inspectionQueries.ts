import type { Kysely } from 'kysely';
import { foldedWords } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { vehicleAgeMonths, type Inspection, type InspectionResult } from './inspectionSteps';
import type { ComponentInspections } from './trainWearModels';

/**
 * The inspections of our closed service orders (spec predictive.md §1), for training: every answered checklist
 * item of a CLOSED order of a registered vehicle, with the order's odometer and close date and the vehicle's
 * model and type. Orders of guests' vehicles (no vehicle row) are left out: their history cannot be followed.
 *
 * A FAIL counts as fixed at that visit when a part was issued for the item (a parts request linked to it with
 * more issued than returned) or its note says the part was replaced ('đã thay', 'replaced'). The items with a part
 * issued are read once, as a set (parts_requests has no index on checklist_item_id: a correlated EXISTS per item
 * scanned the table once per inspection — 9 s of the demo data's 11 s on SQLite).
 *
 * Read in keyset pages of PAGE_SIZE orders' items, so a million inspections never sit in one result.
 */

const PAGE_SIZE = 20_000;
/** Folded phrases of a note that say the part was replaced ('Đã thay má phanh'); 'cần thay', 'hẹn thay sau' are not. */
const REPLACED_PHRASES = ['da thay', 'replaced'];

export interface InspectionRow {
  item_id: number;
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

/** Every (vehicle, component) history of closed orders (closed before `before` when given), in a stable order. */
export async function loadComponentInspections(db: Kysely<Database>, options: { before?: Date } = {}): Promise<ComponentInspections[]> {
  const histories = new Map<string, ComponentInspections>();
  const partIssued = await itemsWithPartIssued(db);
  let after = 0;
  for (;;) {
    const rows = await inspectionPage(db, after, options.before ?? null);
    for (const row of rows) {
      const at = new Date(row.closed_at).getTime();
      const key = `${row.vehicle_id}|${row.code}`;
      let history = histories.get(key);
      if (!history) {
        history = { component: row.code, family: row.vehicle_model, vehicleType: row.vehicle_type, inspections: [] };
        histories.set(key, history);
      }
      const result = row.result as InspectionResult;
      const inspection: Inspection = {
        at,
        odometerKm: row.odometer_in_km,
        ageMonths: vehicleAgeMonths(row.year, at),
        result,
        repaired: result === 'FAIL' && (partIssued.has(row.item_id) || saysReplaced(row.note)),
      };
      history.inspections.push(inspection);
    }
    if (rows.length < PAGE_SIZE) break;
    after = rows[rows.length - 1]!.item_id;
  }
  return [...histories.keys()].sort().map((key) => histories.get(key)!);
}
