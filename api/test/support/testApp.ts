import type { Kysely } from 'kysely';
import { buildApp, type App, type BuildAppOptions } from '../../src/app';
import type { Database } from '../../src/db/schema';

/** The API as tests use it: silent logs, not listening (requests go through app.inject). */
export function buildTestApp(db: Kysely<Database>, options: Partial<BuildAppOptions> = {}): App {
  return buildApp({ db, logger: false, ...options });
}
