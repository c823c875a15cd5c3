import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedCatalogue, type CatalogueSeedReport } from './catalogue';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demoAccounts';
import { seedServiceCentres } from './serviceCentres';
import { seedServiceHistory, type ServiceHistorySeedReport } from './serviceHistory';
import { seedDemoOrders } from '../modules/orders/demoOrders';

/** Row counts after seeding, by data set. */
export interface SeedReport {
  serviceCentres: number;
  /** Demo accounts (one per role, verified, password DEMO_PASSWORD). */
  demoAccounts: number;
  /** Categories, brands, products, services, packages, promotions. */
  catalogue: CatalogueSeedReport;
  /** The demo customer's vehicles and maintenance records. */
  serviceHistory: ServiceHistorySeedReport;
  /** The demo customer's past shop orders. */
  demoOrders: number;
}

/**
 * Loads the Vietnamese demo data. Idempotent: every seeder upserts by a natural key (slug, code, email...),
 * so running it again updates the rows instead of duplicating them. Runs in one transaction.
 * Expects the schema to be migrated (see migrateToLatest).
 */
export async function seed(db: Kysely<Database>): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => ({
    serviceCentres: await seedServiceCentres(trx),
    demoAccounts: await seedDemoAccounts(trx),
    catalogue: await seedCatalogue(trx),
    serviceHistory: await seedServiceHistory(trx),
    demoOrders: await seedDemoOrders(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email),
  }));
}

export { SERVICE_CENTRES } from './serviceCentres';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoAccounts';
