import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The technicians' clock (work_time_entries), the writes the service order's work makes: one running entry per
 * technician, enforced by the partial unique index (technician_id) WHERE ended_at IS NULL. A manager's corrections
 * are timeEntries.ts; productivity and efficiency are measured on these entries.
 */

/**
 * Starts the technician's clock on an order, inside the caller's transaction. A clock already running fails the
 * partial unique index: the caller explains that conflict once its transaction is rolled back.
 */
export async function startClockEntry(trx: Transaction<Database>, serviceOrderId: number, technicianId: number, at: string): Promise<number> {
  const row = await trx
    .insertInto('work_time_entries')
    .values({ service_order_id: serviceOrderId, technician_id: technicianId, started_at: at, ended_at: null, source: 'clock', edited_by: null, edit_reason: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stops the running clocks of an order or of a technician; returns how many stopped. An entry stopped at the
 * instant it started holds no time and is removed (the CHECK ended_at > started_at).
 */
export async function stopClocks(trx: Transaction<Database>, of: { serviceOrderId: number } | { technicianId: number }, at: string): Promise<number> {
  const [column, id] = 'serviceOrderId' in of ? (['service_order_id', of.serviceOrderId] as const) : (['technician_id', of.technicianId] as const);
  const stopped = await trx
    .updateTable('work_time_entries')
    .set({ ended_at: at })
    .where(column, '=', id)
    .where('ended_at', 'is', null)
    .where('started_at', '<', at)
    .executeTakeFirst();
  const empty = await trx.deleteFrom('work_time_entries').where(column, '=', id).where('ended_at', 'is', null).executeTakeFirst();
  return Number(stopped.numUpdatedRows) + Number(empty.numDeletedRows);
}
