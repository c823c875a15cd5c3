import type { Kysely } from 'kysely';
import { buildApp, type App } from './app';
import { describeDatabase, loadConfig, resolveJwtSecret } from './config';
import { createDatabase } from './db/createDatabase';
import { isLoopbackHost } from './http/loopback';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { devOutboxMailer, smtpMailer, type Mailer } from './modules/notifications/mailer';
import { createOutboxWorker, type OutboxWorker } from './modules/notifications/outboxWorker';
import { startPeriodicJob, type PeriodicJob } from './jobs/periodicJob';
import { sendDueReminders } from './modules/maintenance/reminderWorker';
import { expireUnpaidOrders } from './modules/orders/orderLifecycle';
import { startingClock, systemClock } from './security/clock';

const FORCED_EXIT_MS = 10_000;

/** Starts the API: config from the environment, database, pending migrations, listen. */
export async function main(): Promise<void> {
  const loaded = loadConfig();
  // In development without JWT_SECRET: a generated key kept in the data folder (sessions survive restarts).
  const config = { ...loaded, jwtSecret: resolveJwtSecret(loaded) };
  const db: Kysely<Database> = createDatabase(config, { walCheckpointer: true });
  let app: App | null = null;
  let mailer: Mailer | null = null;
  let outbox: OutboxWorker | null = null;
  const jobs: PeriodicJob[] = [];

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app?.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app?.log.error('graceful shutdown took more than 10 s: forcing exit');
      process.exit(1);
    }, FORCED_EXIT_MS);
    forced.unref();
    void (async () => {
      let code = 0;
      try {
        await Promise.all(jobs.map((job) => job.stop()));
        await outbox?.stop();
        await mailer?.close();
      } catch (error) {
        app?.log.error({ err: error }, 'error while stopping the email outbox');
        code = 1;
      }
      try {
        await app?.close();
      } catch (error) {
        app?.log.error({ err: error }, 'error while closing the HTTP server');
        code = 1;
      }
      try {
        await db.destroy();
      } catch (error) {
        app?.log.error({ err: error }, 'error while closing the database');
        code = 1;
      }
      app?.log.info('stopped');
      process.exit(code);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;
  app = buildApp({ db, logger: { level: config.logLevel }, accounts: { config, clock } });
  try {
    const { applied } = await migrateToLatest(db);
    app.log.info({ database: describeDatabase(config), applied }, applied.length ? 'migrations applied' : 'database schema up to date');
    await app.listen({ port: config.port, host: config.host });
    startOutbox(app);
    startJobs(app);
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    app.log.info({ url: `http://${shownHost}:${config.port}/api`, docs: `http://${shownHost}:${config.port}/api/docs` }, 'API listening');
    reportDevOutbox(app);
  } catch (error) {
    app.log.fatal({ err: error }, 'API failed to start');
    await (outbox as OutboxWorker | null)?.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }

  /** Says loudly when the listen address decided about the dev outbox (GET /api/dev/outbox, see Config.devOutbox). */
  function reportDevOutbox(running: App): void {
    if (config.nodeEnv === 'production' || isLoopbackHost(config.host)) return;
    if (config.devOutbox) {
      running.log.warn({ host: config.host }, 'DEV_OUTBOX=on while the API listens beyond this machine: /api/dev/outbox still answers callers on this machine only');
    } else {
      running.log.warn({ host: config.host }, 'the dev outbox (/api/dev/outbox) is OFF: the API listens beyond this machine; set DEV_OUTBOX=on to read it from this machine');
    }
  }

  /** The API's timed jobs (stopped on shutdown before the outbox). */
  function startJobs(running: App): void {
    // Maintenance reminders due soon → outbox emails (hourly; once per due point, see reminderWorker.ts).
    jobs.push(
      startPeriodicJob({
        name: 'maintenance reminders',
        run: () => sendDueReminders(db, clock, { publicUrl: config.publicUrl }),
        log: running.log.child({ module: 'reminders' }),
        intervalMs: 60 * 60_000,
      }),
    );
    // VietQR orders past their payment window → cancelled, stock and promotion use given back (every 5 minutes).
    jobs.push(
      startPeriodicJob({
        name: 'unpaid VietQR orders expired',
        run: () => expireUnpaidOrders({ db, clock, config }, clock.now()),
        log: running.log.child({ module: 'orders' }),
        intervalMs: 5 * 60_000,
      }),
    );
  }

  /** The email outbox worker: SMTP when SMTP_URL is set; else the dev outbox (development) or nothing (production). */
  function startOutbox(running: App): void {
    const log = running.log.child({ module: 'outbox' });
    if (config.smtpUrl) {
      mailer = smtpMailer(config.smtpUrl, config.mailFrom);
    } else if (config.nodeEnv === 'production') {
      log.warn('SMTP_URL is not set: emails (verification and reset codes) stay in the outbox until it is');
      return;
    } else {
      mailer = devOutboxMailer(log);
    }
    outbox = createOutboxWorker({ db, mailer, log });
    outbox.start();
    log.info({ mailer: mailer.description }, 'email outbox worker started');
  }
}

if (require.main === module) {
  void main();
}
