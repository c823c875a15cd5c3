import { sql, type Kysely } from 'kysely';
import { APPOINTMENT_STATUS_TRANSITIONS, CHECK_IN_APPOINTMENT_STATUSES, type AppointmentStatus } from 'shared-contracts/schemas';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { writesSeveralTablesInOneStatement } from '../../db/sqlDialect';

/** The statuses the service order moves its appointment to (cancelling the order goes through cancelWithin). */
export type ServiceOrderAppointmentStatus = 'CHECKED_IN' | 'IN_PROGRESS' | 'COMPLETED';

/**
 * The statuses each move leaves, the serviceOrder moves of APPOINTMENT_STATUS_TRANSITIONS: PENDING|CONFIRMED →
 * CHECKED_IN (check-in), CHECKED_IN → IN_PROGRESS (the work starts). The invoice completes a CHECKED_IN appointment
 * too, as it always has (the table names IN_PROGRESS → COMPLETED only; an order is invoiced after its work started).
 */
const MOVES_FROM: Record<ServiceOrderAppointmentStatus, readonly AppointmentStatus[]> = {
  CHECKED_IN: CHECK_IN_APPOINTMENT_STATUSES,
  IN_PROGRESS: serviceOrderMovesTo('IN_PROGRESS'),
  COMPLETED: ['CHECKED_IN', ...serviceOrderMovesTo('COMPLETED')],
};

function serviceOrderMovesTo(to: AppointmentStatus): AppointmentStatus[] {
  return (Object.keys(APPOINTMENT_STATUS_TRANSITIONS) as AppointmentStatus[]).filter((from) => APPOINTMENT_STATUS_TRANSITIONS[from][to] === 'serviceOrder');
}

/** PENDING|CONFIRMED → CHECKED_IN, conditionally (a concurrent check-in finds no row to move). */
const checkInAppointmentRow = preparedQuery<{ appointmentId: number; at: string }>()((db, param) =>
  db
    .updateTable('appointments')
    .set({ status: 'CHECKED_IN', updated_at: param('at') })
    .where('id', '=', param('appointmentId'))
    .where('status', 'in', [...CHECK_IN_APPOINTMENT_STATUSES]),
);

const appointmentCheckedInHistory = preparedQuery<{ appointmentId: number; fromStatus: string; changedBy: number; at: string }>()((db, param) =>
  db
    .insertInto('appointment_status_history')
    .values({
      appointment_id: param('appointmentId'),
      from_status: param('fromStatus'),
      to_status: 'CHECKED_IN',
      changed_by: param('changedBy'),
      note: null,
      created_at: param('at'),
    })
    .returning('id'),
);

/**
 * Where one statement can write to several tables (writesSeveralTablesInOneStatement), the check-in's move and its
 * history row are one round trip. A moved appointment writes nothing and gives no row.
 */
const checkInAppointmentWithHistory = preparedQuery<{ appointmentId: number; fromStatus: string; changedBy: number; at: string }>()((db, param) =>
  db
    .with('moved', (cte) =>
      cte
        .updateTable('appointments')
        .set({ status: 'CHECKED_IN', updated_at: param('at') })
        .where('id', '=', param('appointmentId'))
        .where('status', 'in', [...CHECK_IN_APPOINTMENT_STATUSES])
        .returning('id'),
    )
    .insertInto('appointment_status_history')
    .columns(['appointment_id', 'from_status', 'to_status', 'changed_by', 'note', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('moved')
        .select([
          'moved.id',
          eb.cast<string>(eb.val(param('fromStatus')), 'text').as('from_status'),
          sql.lit('CHECKED_IN').as('to_status'),
          eb.cast<number>(eb.val(param('changedBy')), 'integer').as('changed_by'),
          sql<null>`null`.as('note'),
          eb.cast<string>(eb.val(param('at')), 'timestamptz').as('created_at'),
        ]),
    )
    .returning('id'),
);

export interface AppointmentMove {
  appointmentId: number;
  /** The status the caller read, for the history row (the move itself is conditional on MOVES_FROM). */
  from: AppointmentStatus;
  to: ServiceOrderAppointmentStatus;
  /** ISO instant of the move. */
  at: string;
  /** The history row's note (the invoice's). */
  note?: string | null;
}

/**
 * The service order moves its appointment along with it, in the order's transaction (`trx`): check-in, the work's
 * start, the invoice. Conditional on the statuses the move leaves, with its history row by `actorId`: the row's id,
 * or null when the appointment had moved already (nothing written; the caller answers 409 or carries on).
 */
export async function moveAppointmentWithServiceOrder(trx: Kysely<Database>, actorId: number, move: AppointmentMove): Promise<number | null> {
  if (move.to === 'CHECKED_IN' && !move.note) {
    const historyParams = { appointmentId: move.appointmentId, fromStatus: move.from, changedBy: actorId, at: move.at };
    if (writesSeveralTablesInOneStatement(trx)) return (await checkInAppointmentWithHistory.first(trx, historyParams))?.id ?? null;
    const moved = await checkInAppointmentRow.execute(trx, { appointmentId: move.appointmentId, at: move.at });
    if (Number(moved.numAffectedRows) !== 1) return null;
    return (await appointmentCheckedInHistory.first(trx, historyParams))?.id ?? null;
  }
  const moved = await trx
    .updateTable('appointments')
    .set({ status: move.to, updated_at: move.at })
    .where('id', '=', move.appointmentId)
    .where('status', 'in', [...MOVES_FROM[move.to]])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  const history = await trx
    .insertInto('appointment_status_history')
    .values({ appointment_id: move.appointmentId, from_status: move.from, to_status: move.to, changed_by: actorId, note: move.note ?? null, created_at: move.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return history.id;
}
