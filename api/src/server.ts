import type { Kysely } from 'kysely';
import { buildApp, type App } from './app';
import { describeDatabase, loadConfig } from './config';
import { createDatabase } from './db/createDatabase';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';

const FORCED_EXIT_MS = 10_000;

/** Starts the API: config from the environment, database, pending migrations, listen. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const db: Kysely<Database> = createDatabase(config);
  let app: App | null = null;

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

  app = buildApp({ db, logger: { level: config.logLevel } });
  try {
    const { applied } = await migrateToLatest(db);
    app.log.info({ database: describeDatabase(config), applied }, applied.length ? 'migrations applied' : 'database schema up to date');
    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    app.log.info({ url: `http://${shownHost}:${config.port}/api`, docs: `http://${shownHost}:${config.port}/api/docs` }, 'API listening');
  } catch (error) {
    app.log.fatal({ err: error }, 'API failed to start');
    await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }
}

if (require.main === module) {
  void main();
}
