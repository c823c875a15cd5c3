import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { bookingUrl } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { startScheduledJob, type ScheduledJob, type SchedulerOptions } from '../../jobs/scheduledJob';
import type { Clock } from '../../security/clock';
import { forecastReminderEmail, tellForecastCrossing } from '../notifications';
import { vehicleForecastOf } from './vehicleForecastQueries';
import type { WearTrainer } from './wearTrainer';
import { latestWearModel } from './wearTraining';

/**
 * The customer's reminder of failure prediction (spec predictive.md §4 "Customer": "a reminder email when
 * a component crosses a threshold (once per crossing, through the outbox, opt-out on the profile)"), told through
 * the notification centre: one notification under the bell and one message on the channel the owner chose for
 * bookings (the forecast email, with its figures and booking link, when that is email; nothing by email to an
 * unverified address).
 *
 * A component of a vehicle CROSSES when its forecast (vehicleForecastOf, from the served model version) is
 *   - NEEDS_ATTENTION_NOW (found FAIL at the last inspection and not fixed), or
 *   - PREDICTED with P(needs attention within 3 months) ≥ FORECAST_REMINDER_THRESHOLD = 0.5.
 * 0.5 is where the forecast's words read "Khả năng cao (50%)" (shared-contracts likelihoodWords; the words turn on
 * the rounded percent, so 0.495–0.4999 already reads so but is not mailed): the component is more likely than not to need
 * attention within 3 months — the one boundary a customer reads without explanation, and a reason to book
 * that an email may interrupt them for (a "vừa" 20–49 % stays on /my-vehicles and /dashboard).
 *
 * A crossing is CLEARED when a later forecast is PREDICTED with a probability below FORECAST_REMINDER_CLEAR_BELOW
 * = 0.4 (after a repair the clock restarts and the probability falls near 0). The 0.1 band between the two is
 * hysteresis: a probability hovering about 0.5 (a retrained model, a new odometer reading moving the km a month)
 * must not clear and cross again every few days, mailing each time. A component whose forecast has no number
 * (INSUFFICIENT_DATA, NOT_BETTER_THAN_BASELINE after a retraining) or that is gone from the model leaves its
 * crossing as it is: nothing says it went back below.
 *
 * Once per crossing: the crossing is a forecast_reminders row, inserted in the same transaction as the
 * notification (and its email, when email is the channel); the partial unique index (vehicle_id, component) WHERE
 * cleared_at IS NULL makes a second insert — a second run, another API instance running at the same moment — a
 * no-op (ON CONFLICT DO NOTHING, nothing told), and the notification's event key names the crossing. One message
 * per (vehicle, component, crossing), as the spec's "once per crossing" reads.
 *
 * Who: live vehicles of enabled users who have not opted out (users.forecast_emails_opt_out; the profile's
 * `forecastEmails`). An opted-out user’s vehicles are not even forecast: no row, no reminder; after opting in again
 * the next run tells what is over the threshold then. No model version yet: nothing at all (no clearing either).
 *
 * Bounded work: vehicles are read in pages of PAGE_SIZE by id (keyset), each page's open crossings in one query,
 * each vehicle forecast on its own (a handful of indexed queries); the transaction per reminder is short.
 */

export const FORECAST_REMINDER_THRESHOLD = 0.5;
export const FORECAST_REMINDER_CLEAR_BELOW = 0.4;
const PAGE_SIZE = 100;
/** The daily run: 08:00 in Vietnam (01:00 UTC), a reasonable hour for a customer's email. */
export const FORECAST_REMINDER_SCHEDULE = '0 8 * * *';

export interface ForecastReminderOptions {
  /** The site's origin for the links (PUBLIC_URL). */
  publicUrl?: string;
  threshold?: number;
  clearBelow?: number;
  pageSize?: number;
  /** After each reminder's commit: tells its owner's open pages (announcePending); never throws. */
  announce?: (userId: number) => Promise<void>;
}

export interface ForecastReminderRun {
  /** Reminders told (new crossings). */
  sent: number;
  /** Crossings cleared (back below). */
  cleared: number;
  /** Vehicles forecast. */
  vehicles: number;
}

type OwnedVehicle = VehicleRow & { owner_name: string };

/** One run over every vehicle (see above). */
export async function sendForecastReminders(db: Kysely<Database>, clock: Clock, options: ForecastReminderOptions = {}): Promise<ForecastReminderRun> {
  const result: ForecastReminderRun = { sent: 0, cleared: 0, vehicles: 0 };
  const version = await latestWearModel(db);
  if (!version) return result;
  const threshold = options.threshold ?? FORECAST_REMINDER_THRESHOLD;
  const clearBelow = Math.min(threshold, options.clearBelow ?? FORECAST_REMINDER_CLEAR_BELOW);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const origin = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');

  for (let afterId = 0; ; ) {
    const vehicles: OwnedVehicle[] = await db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .selectAll('vehicles')
      .select('users.full_name as owner_name')
      .where('vehicles.deleted_at', 'is', null)
      .where('users.disabled_at', 'is', null)
      .where('users.forecast_emails_opt_out', '=', 0)
      .where('vehicles.id', '>', afterId)
      .orderBy('vehicles.id')
      .limit(pageSize)
      .execute();
    if (vehicles.length === 0) break;
    afterId = vehicles[vehicles.length - 1]!.id;

    const openRows = await db
      .selectFrom('forecast_reminders')
      .select(['id', 'vehicle_id', 'component'])
      .where('vehicle_id', 'in', vehicles.map((vehicle) => vehicle.id))
      .where('cleared_at', 'is', null)
      .execute();
    const open = new Map(openRows.map((row) => [`${row.vehicle_id}/${row.component}`, row.id]));

    for (const vehicle of vehicles) {
      // SQLite answers synchronously: without a turn of the event loop between vehicles, a run over thousands of
      // vehicles would hold the API's loop for minutes. Each vehicle waits for the loop to serve what came in
      // meanwhile (bench:predict measures the run; docs/performance.md).
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The clock is read per vehicle: a long run's rows and emails carry when they happened.
      const now = clock.now();
      const forecast = await vehicleForecastOf(db, vehicle, version, now);
      result.vehicles += 1;
      for (const component of forecast.components) {
        const openId = open.get(`${vehicle.id}/${component.component}`);
        const probability = component.status === 'PREDICTED' ? (component.within3Months?.probability ?? null) : null;
        const crosses = component.status === 'NEEDS_ATTENTION_NOW' || (probability !== null && probability >= threshold);
        if (crosses && openId === undefined) {
          const sent = await db.transaction().execute(async (trx) => {
            const claimed = await trx
              .insertInto('forecast_reminders')
              .values({
                vehicle_id: vehicle.id,
                component: component.component,
                status: component.status === 'NEEDS_ATTENTION_NOW' ? 'NEEDS_ATTENTION_NOW' : 'PREDICTED',
                probability,
                model_id: version.id,
                crossed_at: now.toISOString(),
              })
              .onConflict((conflict) => conflict.columns(['vehicle_id', 'component']).where('cleared_at', 'is', null).doNothing())
              .returning('id')
              .executeTakeFirst();
            if (!claimed) return false;
            const link = bookingUrl({ vehicleId: vehicle.id, ...(component.serviceSlug ? { service: component.serviceSlug } : {}) });
            const needsAttentionNow = component.status === 'NEEDS_ATTENTION_NOW';
            const email = forecastReminderEmail({
              fullName: vehicle.owner_name,
              vehicle: { brand: vehicle.brand, model: vehicle.model, licensePlate: vehicle.license_plate },
              component: component.label,
              status: needsAttentionNow ? 'NEEDS_ATTENTION_NOW' : 'PREDICTED',
              within3Months: component.within3Months,
              evidence: component.evidence,
              bookingLink: `${origin}${link}`,
              profileLink: `${origin}/profile`,
            });
            const subject = { vehicleId: vehicle.id, plate: vehicle.license_plate, component: component.component, componentLabel: component.label, crossingId: claimed.id, needsAttentionNow, bookingUrl: link };
            await tellForecastCrossing(trx, now, vehicle.user_id, subject, email);
            return true;
          });
          if (sent) {
            result.sent += 1;
            await options.announce?.(vehicle.user_id);
          }
        } else if (openId !== undefined && probability !== null && probability < clearBelow) {
          const cleared = await db
            .updateTable('forecast_reminders')
            .set({ cleared_at: now.toISOString() })
            .where('id', '=', openId)
            .where('cleared_at', 'is', null)
            .executeTakeFirst();
          result.cleared += Number(cleared.numUpdatedRows);
        }
      }
    }
    if (vehicles.length < pageSize) break;
  }
  return result;
}

export interface ForecastReminderJob {
  /**
   * A run as soon as the one in progress (if any) ends: after a newly accepted model version. Resolves with the
   * reminders it told (0 when it failed: logged, or when the job stopped before it began).
   */
  runSoon(): Promise<number>;
  /** Stops the timer and waits for the run in progress; runs queued but not begun do not start. */
  stop(): Promise<void>;
}

export interface ForecastReminderJobOptions extends ForecastReminderOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The scheduler's hook and timer (metrics, tests). */
  scheduling?: Pick<SchedulerOptions, 'onRun' | 'timer' | 'instanceId'>;
}

/** The daily run (08:00 in Vietnam) and the runs after an accepted training, one at a time in this process. */
export function startForecastReminders({ db, clock, log, scheduling, ...options }: ForecastReminderJobOptions): ForecastReminderJob {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const runQueued = (): Promise<number> => {
    const next = queue.then(async () => {
      if (stopped) return 0;
      const run = await sendForecastReminders(db, clock, options);
      if (run.cleared > 0) log.info({ cleared: run.cleared }, 'forecast reminders: crossings cleared');
      return run.sent;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const daily: ScheduledJob = startScheduledJob({
    ...scheduling,
    name: 'forecast reminders',
    pattern: FORECAST_REMINDER_SCHEDULE,
    log,
    db,
    clock,
    run: runQueued,
  });
  return {
    runSoon() {
      if (stopped) return Promise.resolve(0);
      return runQueued().then(
        (sent) => {
          if (sent > 0) log.info({ count: sent }, 'forecast reminders after training: done');
          return sent;
        },
        (error: unknown) => {
          log.error({ err: error }, 'forecast reminders after training failed');
          return 0;
        },
      );
    },
    async stop() {
      stopped = true;
      await daily.stop();
      await queue;
    },
  };
}

/**
 * The trainer, with `onAccepted(runId)` called when a run it started ends ACCEPTED (the nightly run and an
 * admin's "train now" alike). idle() also waits for that check; after close() nothing is called.
 */
export function onAcceptedTraining(trainer: WearTrainer, db: Kysely<Database>, onAccepted: (runId: number) => void, log: Pick<FastifyBaseLogger, 'error'>): WearTrainer {
  let followUp: Promise<void> = Promise.resolve();
  let closing = false;
  return {
    get pid() {
      return trainer.pid;
    },
    async start(requestedBy) {
      const runId = await trainer.start(requestedBy);
      followUp = trainer
        .idle()
        .then(async () => {
          if (closing) return;
          const row = await db.selectFrom('prediction_models').select('status').where('id', '=', runId).executeTakeFirst();
          if (!closing && row?.status === 'ACCEPTED') onAccepted(runId);
        })
        .catch((error: unknown) => log.error({ err: error, runId }, 'wear training: could not read the run’s outcome'));
      return runId;
    },
    async idle() {
      await trainer.idle();
      await followUp;
    },
    async close() {
      closing = true;
      await trainer.close();
      await followUp;
    },
  };
}
