import { sql, type QueryCreator, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The odometer a service order's check-in reads (issue 41): a reading of source 'service', and the vehicle's odometer
 * raised to it (never lowered). The vehicles module writes both; the check-in calls these inside its transaction.
 */
export interface ServiceOdometerReading {
  vehicleId: number;
  odometerKm: number;
  note: string;
  /** ISO instant */
  at: string;
}

/**
 * Inside the check-in's one statement: the CTE `opened` holds the order just opened (no row when its code was taken).
 * The check-in's own statement has more CTEs; Kysely's builders are invariant in them, hence `asOpening`.
 */
export type AfterOpening = QueryCreator<Database & { opened: { id: number } }>;

/** The check-in's query creator, with `opened` and CTEs of its own, seen as what these writes read of it. */
export function asOpening<DB extends Database & { opened: { id: number } }>(cte: QueryCreator<DB>): AfterOpening {
  return cte as unknown as AfterOpening;
}

/** The reading, written only when the order was opened (one row per row of `opened`). */
export function insertServiceReadingIfOpened(cte: AfterOpening, reading: ServiceOdometerReading) {
  return cte
    .insertInto('vehicle_odometer_readings')
    .columns(['vehicle_id', 'odometer_km', 'source', 'note', 'recorded_at'])
    .expression((eb) =>
      eb
        .selectFrom('opened')
        .select([
          eb.cast<number>(eb.val(reading.vehicleId), 'integer').as('vehicle_id'),
          eb.cast<number>(eb.val(reading.odometerKm), 'integer').as('odometer_km'),
          sql.lit('service').as('source'),
          eb.cast<string>(eb.val(reading.note), 'text').as('note'),
          eb.cast<string>(eb.val(reading.at), 'timestamptz').as('recorded_at'),
        ]),
    )
    .returning('id');
}

/** The vehicle's odometer raised to the reading, only when the order was opened and the reading is higher. */
export function raiseOdometerIfOpened(cte: AfterOpening, reading: ServiceOdometerReading) {
  return cte
    .updateTable('vehicles')
    .set({ odometer_km: reading.odometerKm, updated_at: reading.at })
    .where('id', '=', reading.vehicleId)
    .where('odometer_km', '<', reading.odometerKm)
    .where((eb) => eb.exists(eb.selectFrom('opened').select('opened.id')))
    .returning('id');
}

/** The same two writes as statements of their own, where one statement cannot write several tables. */
export async function recordServiceOdometer(trx: Transaction<Database>, reading: ServiceOdometerReading): Promise<void> {
  await trx
    .insertInto('vehicle_odometer_readings')
    .values({ vehicle_id: reading.vehicleId, odometer_km: reading.odometerKm, source: 'service', note: reading.note, recorded_at: reading.at })
    .execute();
  await trx
    .updateTable('vehicles')
    .set({ odometer_km: reading.odometerKm, updated_at: reading.at })
    .where('id', '=', reading.vehicleId)
    .where('odometer_km', '<', reading.odometerKm)
    .execute();
}
