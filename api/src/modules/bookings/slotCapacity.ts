import type { Kysely, Transaction } from 'kysely';
import { toIsoUtc } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';

/**
 * The capacity of a centre's schedule, enforced by the database: one slot_occupancy row per (centre, 30-minute
 * step) counts the appointments on that step. Taking a step is the conditional
 *
 *   update slot_occupancy set booked = booked + 1 where centre_id = ? and slot_start = ? and booked < bays
 *
 * (the row is first inserted with booked = 0 if missing, `on conflict do nothing`). Every step of an
 * appointment is taken inside the caller's transaction; a step that is full makes the whole transaction roll
 * back. On PostgreSQL the update waits for a concurrent booking of the same step and re-checks `booked < bays`
 * against the committed value, so concurrent bookings never exceed the bays; steps are always changed in one
 * order (centre, then time) so two bookings never wait for each other in a cycle. On SQLite transactions
 * are serialised.
 */

export interface StepChange {
  centreId: number;
  /** UTC ISO instant of the step. */
  slotStart: string;
  /** +1 takes the step (fails when full), -1 gives it back. */
  delta: 1 | -1;
}

/** Thrown inside the booking transaction when a step has no free bay; the caller answers 409 SLOT_FULL. */
export class SlotFullError extends Error {
  constructor(readonly centreId: number, readonly slotStart: string) {
    super(`slot ${slotStart} of centre ${centreId} is full`);
    this.name = 'SlotFullError';
  }
}

/** Net changes per step (taking and giving back the same step cancel out), in lock order. */
export function netChanges(changes: readonly StepChange[]): StepChange[] {
  const byStep = new Map<string, { centreId: number; slotStart: string; delta: number }>();
  for (const change of changes) {
    const key = `${change.centreId}|${change.slotStart}`;
    const entry = byStep.get(key) ?? { centreId: change.centreId, slotStart: change.slotStart, delta: 0 };
    entry.delta += change.delta;
    byStep.set(key, entry);
  }
  return [...byStep.values()]
    .filter((entry) => entry.delta !== 0)
    .map((entry) => ({ centreId: entry.centreId, slotStart: entry.slotStart, delta: entry.delta > 0 ? (1 as const) : (-1 as const) }))
    .sort((a, b) => a.centreId - b.centreId || a.slotStart.localeCompare(b.slotStart));
}

/**
 * Applies step changes inside `trx`; throws SlotFullError when a step to take is full (roll the transaction
 * back). `capacityOf(centreId)` gives the bays of a centre.
 */
export async function changeSteps(trx: Transaction<Database>, changes: readonly StepChange[], capacityOf: (centreId: number) => number): Promise<void> {
  const ordered = netChanges(changes);
  const taken = ordered.filter((change) => change.delta === 1);
  if (taken.length > 0) {
    await trx
      .insertInto('slot_occupancy')
      .values(taken.map((change) => ({ centre_id: change.centreId, slot_start: change.slotStart, booked: 0 })))
      .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doNothing())
      .execute();
  }
  for (const change of ordered) {
    if (change.delta === 1) {
      const result = await trx
        .updateTable('slot_occupancy')
        .set((eb) => ({ booked: eb('booked', '+', 1) }))
        .where('centre_id', '=', change.centreId)
        .where('slot_start', '=', change.slotStart)
        .where('booked', '<', capacityOf(change.centreId))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new SlotFullError(change.centreId, change.slotStart);
    } else {
      await trx
        .updateTable('slot_occupancy')
        .set((eb) => ({ booked: eb('booked', '-', 1) }))
        .where('centre_id', '=', change.centreId)
        .where('slot_start', '=', change.slotStart)
        .where('booked', '>', 0)
        .execute();
    }
  }
}

/**
 * Takes every step of one appointment (all or nothing within the caller's transaction): the missing rows are
 * inserted, then one conditional update increments every step that still has a free bay; fewer rows updated
 * than steps means one is full (the caller's transaction rolls back, undoing the others). On PostgreSQL the
 * update locks the rows in index order (centre, time), the order changeSteps uses too.
 */
export async function takeSteps(trx: Transaction<Database>, centreId: number, steps: readonly string[], capacity: number): Promise<void> {
  if (steps.length === 0) return;
  await trx
    .insertInto('slot_occupancy')
    .values(steps.map((slotStart) => ({ centre_id: centreId, slot_start: slotStart, booked: 0 })))
    .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doNothing())
    .execute();
  const result = await trx
    .updateTable('slot_occupancy')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('centre_id', '=', centreId)
    .where('slot_start', 'in', [...steps])
    .where('booked', '<', capacity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== steps.length) throw new SlotFullError(centreId, steps[0]!);
}

/** Gives every step of one appointment back (one statement). */
export async function releaseSteps(trx: Transaction<Database>, centreId: number, steps: readonly string[]): Promise<void> {
  if (steps.length === 0) return;
  await trx
    .updateTable('slot_occupancy')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('centre_id', '=', centreId)
    .where('slot_start', 'in', [...steps])
    .where('booked', '>', 0)
    .execute();
}

/** Appointments on each step of a centre between two instants: UTC ISO step → booked. */
const occupiedStepsOfCentre = preparedQuery<{ centreId: number; from: string; to: string }>()((db, param) =>
  db
    .selectFrom('slot_occupancy')
    .select(['slot_start', 'booked'])
    .where('centre_id', '=', param('centreId'))
    .where('slot_start', '>=', param('from'))
    .where('slot_start', '<', param('to'))
    .where('booked', '>', 0),
);

export async function loadOccupancy(db: Kysely<Database>, centreId: number, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await occupiedStepsOfCentre.rows(db, { centreId, from: from.toISOString(), to: to.toISOString() });
  return new Map(rows.map((row) => [toIsoUtc(row.slot_start), row.booked]));
}
