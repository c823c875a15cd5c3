import type { Server } from 'node:http';
import type { Kysely } from 'kysely';
import { buildApp, type App } from './app';
import { describeDatabase, loadConfig, resolveJwtSecret, type Config } from './config';
import { createDatabase } from './db/createDatabase';
import { isLoopbackHost } from './http/loopback';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { announcePending } from './modules/notifications';
import { startScheduledJob, type ScheduledJob } from './jobs/scheduledJob';
import { sendDueReminders } from './modules/maintenance';
import { expireUnpaidOrders } from './modules/orders';
import { alertMissingInvoices } from './modules/eInvoices';
import { giveBirthdayBonuses, noticeExpiringPoints, reviewTiers } from './modules/loyalty';
import { startingClock, systemClock } from './security/clock';
import { parseMetricsPort, startMetricsServer } from './modules/metrics';
import { refuseDemoData } from './security/demoDataGuard';
import { recoverProductCsvImports } from './modules/catalogueAdmin';
import { checkProductionSafety, describeRefusal } from './productionSafety';
import { parseMemorySaverRssMb, startMemorySaver, type MemorySaver } from './runtime/memorySaver';
import { limitPasswordHashingMemory, passwordHashingMemoryMb } from './security/passwords';
import { bufferedStdout, exitOnUncaughtError } from './runtime/logDestination';
import { applyApiProcessSettings } from './runtime/processSettings';
import { LEAVING_MS, parseShutdownDrainMs } from './http/drain';

/** How long closing may take after the drain window before the process exits anyway. */
const FORCED_EXIT_MS = 10_000;

/** Starts the API: config from the environment, database, pending migrations, listen. */
export async function main(): Promise<void> {
  // Before the app's modules allocate: the Buffer pool and V8's heap growth (runtime/processSettings.ts).
  applyApiProcessSettings();
  const loaded = loadSafeConfig();
  const drainMs = parseSafely(() => parseShutdownDrainMs(process.env.SHUTDOWN_DRAIN_MS, loaded.nodeEnv));
  // In development without JWT_SECRET: a generated key kept in the data folder (sessions survive restarts).
  const config = { ...loaded, jwtSecret: resolveJwtSecret(loaded) };
  const db: Kysely<Database> = createDatabase(config, { walCheckpointer: true });
  // The log lines go out in 4 KiB writes, not one write(2) a line (runtime/logDestination.ts).
  const stdout = bufferedStdout();
  let app: App | null = null;
  let metricsServer: Server | null = null;
  let memorySaver: MemorySaver | null = null;
  const jobs: ScheduledJob[] = [];

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Readiness turns 503 at once; requests keep being served (with Connection: close) for the drain window, so a
    // balancer stops sending here before the port closes and no request in flight or on its way is refused.
    app?.drain.begin();
    app?.log.info({ signal, drainMs }, 'shutting down: draining');
    const forced = setTimeout(() => {
      app?.log.error(`graceful shutdown took more than ${FORCED_EXIT_MS / 1000} s after the drain: forcing exit`);
      stdout.exitWhenWritten(1);
    }, drainMs + LEAVING_MS + FORCED_EXIT_MS);
    forced.unref();
    void (async () => {
      let code = 0;
      if (app && drainMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, drainMs));
        // A balancer without health checks is told in-band to stop choosing this instance (http/drain.ts).
        app.drain.leave();
        await new Promise((resolve) => setTimeout(resolve, LEAVING_MS));
      }
      app?.log.info('drain over: closing');
      memorySaver?.stop();
      try {
        await Promise.all(jobs.map((job) => job.stop()));
      } catch (error) {
        app?.log.error({ err: error }, 'error while stopping the scheduled jobs');
        code = 1;
      }
      try {
        metricsServer?.close();
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
      const droppedLogLines = stdout.dropped();
      app?.log.info(droppedLogLines > 0 ? { droppedLogLines } : {}, 'stopped');
      stdout.exitWhenWritten(code);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;
  app = buildApp({ db, logger: { level: config.logLevel, stream: stdout.stream }, context: { config, clock } });
  // An error nothing caught: logged as fatal, and the process ends once its log lines are out, in order.
  exitOnUncaughtError(app.log, stdout);
  // Production settings that work but should not be left so (SQLite, the mail catcher, no Redis): said once.
  for (const warning of checkProductionSafety(loaded).warnings) app.log.warn(warning);
  try {
    const { applied } = await migrateToLatest(db);
    app.log.info({ database: describeDatabase(config), applied }, applied.length ? 'migrations applied' : 'database schema up to date');
    // Production never serves the development demo data (published passwords, fake customers to email).
    if (config.nodeEnv === 'production') await refuseDemoData(db);
    // Before serving: a product CSV apply a crash cut short is undone (decision 0053).
    await recoverProductCsvImports({ config, db, log: app.log });
    await app.listen({ port: config.port, host: config.host });
    // METRICS_PORT: the Prometheus text without sign-in, on the API's host (the admin route needs a token).
    const metricsPort = parseMetricsPort(process.env.METRICS_PORT);
    if (metricsPort !== null) {
      metricsServer = await startMetricsServer({ metrics: app.metrics, host: config.host, port: metricsPort });
      app.log.info({ port: metricsPort, host: config.host }, 'metrics listening on /metrics');
    }
    // MEMORY_SAVER_RSS_MB: past this RSS, V8 favours memory until it is back well below (runtime/memorySaver.ts).
    const memoryLog = app.log.child({ module: 'memory' });
    const thresholdMb = parseMemorySaverRssMb(process.env.MEMORY_SAVER_RSS_MB);
    // A second password hash at once only while its 19 MiB fit under that threshold (security/passwords.ts).
    limitPasswordHashingMemory(thresholdMb);
    memorySaver = startMemorySaver({
      thresholdMb,
      // The password hashes' memory is theirs until each ends: no collection gives it back.
      transientMb: passwordHashingMemoryMb,
      onChange: (saving, rssMb) =>
        saving
          ? memoryLog.warn({ rssMb: Math.round(rssMb), thresholdMb }, 'memory saver on: V8 favours memory over speed')
          : memoryLog.info({ rssMb: Math.round(rssMb), thresholdMb }, 'memory saver off'),
    });
    startJobs(app);
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    app.log.info({ url: `http://${shownHost}:${config.port}/api`, docs: `http://${shownHost}:${config.port}/api/docs` }, 'API listening');
    reportDevOutbox(app);
  } catch (error) {
    app.log.fatal({ err: error }, 'API failed to start');
    await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    stdout.exitWhenWritten(1);
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

  /** After a job's commit: the user's open pages learn of the notifications it wrote; a failure is logged, never the job's. */
  async function announceTo(running: App, userId: number, module: string): Promise<void> {
    await announcePending({ db, events: running.events, now: clock.now() }, userId).catch((error: unknown) => running.log.child({ module }).error({ err: error }, 'notification not announced'));
  }

  /** The API's scheduled jobs, on Vietnam's wall clock and once per occurrence across instances (stopped on shutdown before the app and its outbox worker). */
  function startJobs(running: App): void {
    // Maintenance reminders due soon → the notification centre, once on the owner's channel (hourly at :00; once per due point, see reminderWorker.ts).
    // Also 10 s after start when nobody ran this hour's yet: a first start fills the dev outbox at once (README).
    jobs.push(
      startScheduledJob({
        name: 'maintenance reminders',
        pattern: '0 * * * *',
        catchUpAfterMs: 10_000,
        run: () => sendDueReminders(db, clock, { publicUrl: config.publicUrl, announce: (userId) => announceTo(running, userId, 'reminders') }),
        log: running.log.child({ module: 'reminders' }),
        db,
        clock,
      }),
    );
    // The daily check "Bán hàng chưa có hóa đơn": sales past the grace period without their e-invoice → the admins told (08:00).
    jobs.push(
      startScheduledJob({
        name: 'e-invoices missing',
        pattern: '0 8 * * *',
        run: () => alertMissingInvoices({ db, events: running.events, now: clock.now() }),
        log: running.log.child({ module: 'e-invoices' }),
        db,
        clock,
      }),
    );
    // Customers whose birthday is today get the birthday bonus once a year, and are told (every morning at 08:00).
    jobs.push(
      startScheduledJob({
        name: 'birthday bonuses',
        pattern: '0 8 * * *',
        run: () => giveBirthdayBonuses({ db, events: running.events, now: clock.now() }),
        log: running.log.child({ module: 'loyalty' }),
        db,
        clock,
      }),
    );
    // Members' tiers from their spending over the last 12 months, changes recorded (every night at 01:30).
    jobs.push(
      startScheduledJob({
        name: 'member tiers review',
        pattern: '30 1 * * *',
        run: async () => (await reviewTiers(db, clock.now())).changed,
        log: running.log.child({ module: 'loyalty' }),
        db,
        clock,
      }),
    );
    // Members whose points expire within 30 days are told once per expiry day (every morning at 09:00).
    jobs.push(
      startScheduledJob({
        name: 'points expiring',
        pattern: '0 9 * * *',
        run: () => noticeExpiringPoints({ db, events: running.events, now: clock.now() }),
        log: running.log.child({ module: 'loyalty' }),
        db,
        clock,
      }),
    );
    // VietQR orders past their payment window → cancelled, stock and promotion use given back (every 5 minutes).
    jobs.push(
      startScheduledJob({
        name: 'unpaid VietQR orders expired',
        pattern: '*/5 * * * *',
        run: () => expireUnpaidOrders({ db, clock, config, events: running.events }, clock.now()),
        log: running.log.child({ module: 'orders' }),
        db,
        clock,
      }),
    );
  }
}

/** A setting read outside loadConfig, or the process ends (exit 1) saying what is wrong with it. */
function parseSafely<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** The configuration, or the process ends (exit 1) with what is wrong: an invalid value, or an unsafe one in production. */
function loadSafeConfig(): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { errors } = checkProductionSafety(config);
  if (errors.length > 0) {
    console.error(describeRefusal(errors));
    process.exit(1);
  }
  return config;
}

if (require.main === module) {
  void main();
}
