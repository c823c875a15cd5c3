import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { SERVICE_ORDER_STATUS_LABELS, type ServiceOrderCard, type ServiceOrderStatus } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The cards of the board, the technician's queue and the head of an order's detail, in four prepared queries
 * whatever the number of orders: the orders (with appointment and technician), their clock entries, their
 * checklist counts, their parts flags. Which orders is a subquery of ids over scalar parameters (a `selection`), so the SQL is
 * built and compiled once per dialect.
 */

/** The ids of the orders to show, from scalar parameters. */
export type CardSelection<Params> = (
  db: Kysely<Database>,
  param: <K extends keyof Params & string>(name: K) => Params[K],
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source tables: each caller selects ids from its own joins
) => SelectQueryBuilder<Database, any, { id: number }>;

/** The order of the cards: by opening (the board) or by appointment time (the technician's queue). */
export type CardOrder = 'opened' | 'appointment';

/** A card with what the detail adds from the same rows. */
export interface CardWithDetail {
  card: ServiceOrderCard;
  centreId: number;
  technicianId: number | null;
  customer: { userId: number | null; fullName: string; phone: string; email: string };
  appointmentCode: string;
  appointmentStart: string;
  appointmentStatus: string;
  odometerInKm: number;
  customerConcern: string | null;
  intakeNote: string | null;
  cancelReason: string | null;
}

/** Clocked minutes of entries (a running one counts up to `now`), clipped to [from, to) when given. */
export function clockedMinutes(entries: readonly { started_at: Date | string; ended_at: Date | string | null }[], now: Date, from?: Date, to?: Date): number {
  let ms = 0;
  for (const entry of entries) {
    let start = new Date(entry.started_at).getTime();
    let end = entry.ended_at === null ? now.getTime() : new Date(entry.ended_at).getTime();
    if (from) start = Math.max(start, from.getTime());
    if (to) end = Math.min(end, to.getTime());
    if (end > start) ms += end - start;
  }
  return Math.floor(ms / 60_000);
}
/** The cards of one selection, prepared once: `cards.load(db, now, params)`. */
export function cardQueries<Params extends Record<string, unknown>>(selection: CardSelection<Params>, order: CardOrder) {
  const orders = preparedQuery<Params>()((db, param) => {
    const query = db
      .selectFrom('service_orders')
      .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
      .leftJoin('users as technician', 'technician.id', 'service_orders.technician_id')
      .select([
        'service_orders.id',
        'service_orders.code',
        'service_orders.appointment_id',
        'service_orders.centre_id',
        'service_orders.status',
        'service_orders.license_plate',
        'service_orders.vehicle_brand',
        'service_orders.vehicle_model',
        'service_orders.technician_id',
        'service_orders.bay_no',
        'service_orders.opened_at',
        'service_orders.started_at',
        'service_orders.version',
        'service_orders.odometer_in_km',
        'service_orders.customer_concern',
        'service_orders.intake_note',
        'service_orders.cancel_reason',
        'appointments.user_id',
        'appointments.code as appointment_code',
        'appointments.starts_at',
        'appointments.status as appointment_status',
        'appointments.contact_name',
        'appointments.contact_phone',
        'appointments.contact_email',
        'technician.full_name as technician_name',
      ])
      .where('service_orders.id', 'in', selection(db, param));
    return order === 'opened'
      ? query.orderBy('service_orders.opened_at').orderBy('service_orders.id')
      : query.orderBy('appointments.starts_at').orderBy('service_orders.id');
  });
  const entries = preparedQuery<Params>()((db, param) =>
    db.selectFrom('work_time_entries').select(['service_order_id', 'started_at', 'ended_at']).where('service_order_id', 'in', selection(db, param)),
  );
  const counts = preparedQuery<Params>()((db, param) =>
    db
      .selectFrom('service_order_checklist_items')
      .select((eb) => ['service_order_id', eb.fn.countAll<number>().as('total'), eb.fn.count<number>('result').as('answered')])
      .where('service_order_id', 'in', selection(db, param))
      .groupBy('service_order_id'),
  );
  // The parts flags of every card in one grouped query (index parts_requests.service_order_id).
  const parts = preparedQuery<Params>()((db, param) =>
    db
      .selectFrom('parts_requests')
      .select(['service_order_id', 'status'])
      .where('service_order_id', 'in', selection(db, param))
      .where('status', 'in', ['AWAITING_CUSTOMER', 'APPROVED'])
      .groupBy(['service_order_id', 'status']),
  );
  return {
    async load(db: Db, now: Date, params: Params): Promise<CardWithDetail[]> {
      const rows = await orders.rows(db, params);
      if (rows.length === 0) return [];
      const [entryRows, countRows, partsRows] = await Promise.all([entries.rows(db, params), counts.rows(db, params), parts.rows(db, params)]);
      return toCards(rows, entryRows, countRows, partsRows, now);
    },
  };
}

/** A row of the cards' query. */
interface CardRow {
  id: number;
  code: string;
  appointment_id: number;
  centre_id: number;
  status: string;
  license_plate: string;
  vehicle_brand: string;
  vehicle_model: string;
  technician_id: number | null;
  bay_no: number | null;
  opened_at: Date | string;
  started_at: Date | string | null;
  version: number;
  odometer_in_km: number;
  customer_concern: string | null;
  intake_note: string | null;
  cancel_reason: string | null;
  user_id: number | null;
  appointment_code: string;
  starts_at: Date | string;
  appointment_status: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  technician_name: string | null;
}

function toCards(
  rows: readonly CardRow[],
  entries: readonly { service_order_id: number; started_at: Date | string; ended_at: Date | string | null }[],
  counts: readonly { service_order_id: number; total: number | string | bigint; answered: number | string | bigint }[],
  parts: readonly { service_order_id: number; status: string }[],
  now: Date,
): CardWithDetail[] {
  const waitingApproval = new Set(parts.filter((row) => row.status === 'AWAITING_CUSTOMER').map((row) => row.service_order_id));
  const waitingParts = new Set(parts.filter((row) => row.status === 'APPROVED').map((row) => row.service_order_id));
  const entriesOf = new Map<number, (typeof entries)[number][]>();
  for (const entry of entries) {
    const list = entriesOf.get(entry.service_order_id) ?? [];
    list.push(entry);
    entriesOf.set(entry.service_order_id, list);
  }
  const countsOf = new Map(counts.map((count) => [count.service_order_id, { total: Number(count.total), answered: Number(count.answered) }]));
  return rows.map((row) => {
    const status = row.status as ServiceOrderStatus;
    const orderEntries = entriesOf.get(row.id) ?? [];
    return {
      card: {
        id: row.id,
        code: row.code,
        appointmentId: row.appointment_id,
        status,
        statusLabel: SERVICE_ORDER_STATUS_LABELS[status],
        licensePlate: row.license_plate,
        vehicleModel: `${row.vehicle_brand} ${row.vehicle_model}`.trim(),
        customerName: row.contact_name,
        technician: row.technician_id !== null && row.technician_name !== null ? { id: row.technician_id, fullName: row.technician_name } : null,
        bayNo: row.bay_no,
        openedAt: toIsoUtc(row.opened_at),
        startedAt: row.started_at === null ? null : toIsoUtc(row.started_at),
        workedMinutes: clockedMinutes(orderEntries, now),
        clockRunning: orderEntries.some((entry) => entry.ended_at === null),
        // A parts request waiting for the customer; one approved and not reserved yet.
        waitingApproval: waitingApproval.has(row.id),
        waitingParts: waitingParts.has(row.id),
        checklist: countsOf.get(row.id) ?? { total: 0, answered: 0 },
        version: row.version,
      },
      centreId: row.centre_id,
      technicianId: row.technician_id,
      customer: { userId: row.user_id, fullName: row.contact_name, phone: row.contact_phone, email: row.contact_email },
      appointmentCode: row.appointment_code,
      appointmentStart: toIsoUtc(row.starts_at),
      appointmentStatus: row.appointment_status,
      odometerInKm: row.odometer_in_km,
      customerConcern: row.customer_concern,
      intakeNote: row.intake_note,
      cancelReason: row.cancel_reason,
    };
  });
}
