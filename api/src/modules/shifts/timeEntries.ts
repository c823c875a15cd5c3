import type { Kysely } from 'kysely';
import { ERROR_CODES, addCalendarDays, isCalendarDate, TIME_ENTRIES_LIMIT, vietnamDateOf, type TimeEntry, type TimeEntryList } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { lockForUpdate } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertInScope, type CentreScope } from '../../security/centreScope';
import type { Clock } from '../../security/clock';
import { inTransaction } from '../../db/inTransaction';
import { parseKpiRange } from '../kpis';
import { shiftsMessages } from './shiftsMessages';

export interface TimeEntryFilter {
  technicianId?: number;
  from?: string;
  to?: string;
}

export interface TimeEntryCorrection {
  startedAt: string;
  endedAt: string;
  reason: string;
}

const MINUTE_MS = 60_000;
/** No work is recorded before 2000 (and PostgreSQL refuses year 0, which ISO 8601 text allows). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);

function entryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('work_time_entries')
    .innerJoin('service_orders', 'service_orders.id', 'work_time_entries.service_order_id')
    .innerJoin('users as technician', 'technician.id', 'work_time_entries.technician_id')
    .leftJoin('users as editor', 'editor.id', 'work_time_entries.edited_by')
    .select([
      'work_time_entries.id',
      'work_time_entries.service_order_id',
      'work_time_entries.technician_id',
      'work_time_entries.started_at',
      'work_time_entries.ended_at',
      'work_time_entries.source',
      'work_time_entries.edited_by',
      'work_time_entries.edit_reason',
      'service_orders.code',
      'service_orders.license_plate',
      'service_orders.centre_id',
      'technician.full_name as technician_name',
      'editor.full_name as editor_name',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['executeTakeFirstOrThrow']>>;

function toTimeEntry(row: EntryRow): TimeEntry {
  const startedAt = toIsoUtc(row.started_at);
  const endedAt = row.ended_at === null ? null : toIsoUtc(row.ended_at);
  return {
    id: row.id,
    serviceOrderId: row.service_order_id,
    serviceOrderCode: row.code,
    licensePlate: row.license_plate,
    technicianId: row.technician_id,
    technicianName: row.technician_name,
    startedAt,
    endedAt,
    durationMinutes: endedAt === null ? null : Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / MINUTE_MS),
    source: row.source,
    editedBy: row.edited_by === null ? null : { id: row.edited_by, fullName: row.editor_name ?? '' },
    editReason: row.edit_reason,
  };
}

/**
 * GET /time-entries: the centre's time entries that started within the local dates [from, to] (default the last
 * 7 days up to today), newest first, at most TIME_ENTRIES_LIMIT (then `truncated`). A bad or reversed range
 * answers 422 DATE_RANGE_INVALID, as the reports do.
 */
export async function listTimeEntries(db: Kysely<Database>, clock: Clock, centreId: number, filter: TimeEntryFilter): Promise<TimeEntryList> {
  const today = vietnamDateOf(clock.now());
  const to = (filter.to ?? today).trim();
  const from = (filter.from ?? (isCalendarDate(to) ? addCalendarDays(to, -6) : to)).trim();
  const range = parseKpiRange(from, to);
  let query = entryQuery(db)
    .where('service_orders.centre_id', '=', centreId)
    .where('work_time_entries.started_at', '>=', range.fromUtc)
    .where('work_time_entries.started_at', '<', range.toUtc);
  if (filter.technicianId !== undefined) query = query.where('work_time_entries.technician_id', '=', filter.technicianId);
  const rows = await query.orderBy('work_time_entries.started_at', 'desc').orderBy('work_time_entries.id', 'desc').limit(TIME_ENTRIES_LIMIT + 1).execute();
  const entries = rows.slice(0, TIME_ENTRIES_LIMIT).map(toTimeEntry);
  return {
    centreId,
    from: range.from,
    to: range.to,
    entries,
    totalMinutes: entries.reduce((sum, entry) => sum + (entry.durationMinutes ?? 0), 0),
    truncated: rows.length > TIME_ENTRIES_LIMIT,
  };
}

/**
 * PATCH /time-entries/:id: a manager (own centre) or admin corrects a finished entry. The new times must be in
 * order, not in the future, and not overlap another entry of the same technician (a running one counts from
 * its start). The source is kept; edited_by and edit_reason are set, and the times before and after are logged
 * in work_time_entry_edits. A running entry answers 409 TIME_ENTRY_RUNNING. Corrections of one technician are
 * serialised (their user row is locked on PostgreSQL; SQLite runs one transaction at a time) so two concurrent
 * corrections cannot both pass the overlap check.
 */
export async function correctTimeEntry(db: Kysely<Database>, clock: Clock, scope: CentreScope, entryId: number, input: TimeEntryCorrection): Promise<TimeEntry> {
  const entry = await entryQuery(db).where('work_time_entries.id', '=', entryId).executeTakeFirst();
  if (!entry) throw AppError.notFound(shiftsMessages.entryNotFound);
  assertInScope(scope, entry.centre_id);
  if (entry.ended_at === null) throw new AppError(409, ERROR_CODES.TIME_ENTRY_RUNNING, shiftsMessages.entryRunning);
  const started = new Date(input.startedAt);
  const ended = new Date(input.endedAt);
  if (Number.isNaN(started.getTime()) || started.getTime() < EARLIEST_MS) throw new AppError(422, ERROR_CODES.TIME_ENTRY_INVALID, shiftsMessages.entryTooEarly, [{ field: 'startedAt', message: shiftsMessages.entryTooEarly }]);
  if (Number.isNaN(ended.getTime()) || ended.getTime() <= started.getTime()) throw new AppError(422, ERROR_CODES.TIME_ENTRY_INVALID, shiftsMessages.entryOrder, [{ field: 'endedAt', message: shiftsMessages.entryOrder }]);
  if (ended.getTime() > clock.now().getTime()) throw new AppError(422, ERROR_CODES.TIME_ENTRY_IN_FUTURE, shiftsMessages.entryFuture, [{ field: 'endedAt', message: shiftsMessages.entryFuture }]);
  const startedIso = started.toISOString();
  const endedIso = ended.toISOString();
  await inTransaction(db, async (trx) => {
    let technician = trx.selectFrom('users').select('id').where('id', '=', entry.technician_id);
    technician = lockForUpdate(trx, technician);
    await technician.execute();
    const overlap = await trx
      .selectFrom('work_time_entries')
      .innerJoin('service_orders', 'service_orders.id', 'work_time_entries.service_order_id')
      .select('service_orders.code')
      .where('work_time_entries.technician_id', '=', entry.technician_id)
      .where('work_time_entries.id', '!=', entry.id)
      .where('work_time_entries.started_at', '<', endedIso)
      .where((eb) => eb.or([eb('work_time_entries.ended_at', 'is', null), eb('work_time_entries.ended_at', '>', startedIso)]))
      .orderBy('work_time_entries.started_at')
      .executeTakeFirst();
    if (overlap) throw new AppError(409, ERROR_CODES.TIME_ENTRY_OVERLAP, shiftsMessages.entryOverlap(overlap.code));
    const current = await trx.selectFrom('work_time_entries').select(['started_at', 'ended_at']).where('id', '=', entry.id).executeTakeFirst();
    if (!current || current.ended_at === null) throw new AppError(409, ERROR_CODES.TIME_ENTRY_CHANGED, shiftsMessages.entryChanged);
    const updated = await trx
      .updateTable('work_time_entries')
      .set({ started_at: startedIso, ended_at: endedIso, edited_by: scope.userId, edit_reason: input.reason })
      .where('id', '=', entry.id)
      .where('ended_at', 'is not', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, ERROR_CODES.TIME_ENTRY_CHANGED, shiftsMessages.entryChanged);
    await trx
      .insertInto('work_time_entry_edits')
      .values({
        entry_id: entry.id,
        edited_by: scope.userId,
        reason: input.reason,
        old_started_at: toIsoUtc(current.started_at),
        old_ended_at: toIsoUtc(current.ended_at),
        new_started_at: startedIso,
        new_ended_at: endedIso,
        created_at: clock.now().toISOString(),
      })
      .execute();
  });
  return toTimeEntry(await entryQuery(db).where('work_time_entries.id', '=', entry.id).executeTakeFirstOrThrow());
}
