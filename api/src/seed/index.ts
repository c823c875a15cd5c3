import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedServiceCentres } from './serviceCentres';

/** Row counts after seeding, by data set. */
export interface SeedReport {
  serviceCentres: number;
}

/**
 * Loads the Vietnamese demo data. Idempotent: every seeder upserts by a natural key (slug, code, email...),
 * so running it again updates the rows instead of duplicating them. Runs in one transaction.
 * Expects the schema to be migrated (see migrateToLatest).
 */
export async function seed(db: Kysely<Database>): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => ({
    serviceCentres: await seedServiceCentres(trx),
  }));
}

export { SERVICE_CENTRES } from './serviceCentres';
