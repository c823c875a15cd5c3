import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { App } from '../../api/src/app.ts';
import type { Database } from '../../api/src/db/schema.ts';

/**
 * The benchmarks' one door into the API's internals (api/src, api/seed): no other file of scripts/bench imports from
 * api/. This file imports the API's types only, so loading it loads none of the API: every module of the API is
 * imported on demand, by the functions below. A bench sets its environment first (BENCH_DATA_DIR, NODE_ENV, the
 * `ev-source` condition that catalogue.ts re-runs itself under…), and a bench's measuring process never loads the API.
 */

export type { Database } from '../../api/src/db/schema.ts';
/** The API's database (Kysely over its schema). */
export type BenchDatabase = Kysely<Database>;
/** The API's Fastify instance, as buildApp returns it. */
export type BenchApp = App;

/**
 * What a bench builds the API from: its configuration, database, migrations, app and seed, imported (in this order)
 * on the first call.
 */
export async function loadApi() {
  const { loadConfig } = await import('../../api/src/config.ts');
  const { createDatabase } = await import('../../api/src/db/createDatabase.ts');
  const { migrateToLatest } = await import('../../api/src/db/migrate.ts');
  const { buildApp } = await import('../../api/src/app.ts');
  const { seed } = await import('../../api/seed/index.ts');
  const { applyApiProcessSettings } = await import('../../api/src/runtime/processSettings.ts');
  return { loadConfig, createDatabase, migrateToLatest, buildApp, seed, applyApiProcessSettings };
}

/** The seed alone (api/seed/index.ts). */
export async function loadSeed() {
  const { seed } = await import('../../api/seed/index.ts');
  return { seed };
}

/** Gives every active product `units` available at the warehouse that ships online orders (a stock count: ADJUST in the ledger). */
export async function stockWarehouse(db: Kysely<Database>, units: number): Promise<void> {
  const { setWarehouseStock } = await import('../../api/src/modules/stockLocations/onlineStock.ts');
  const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).execute();
  for (const product of products) await setWarehouseStock(db, product.id, units);
}

/** `count` customers without a password (bench.<prefix>.<n>@example.vn), for tokens the bench issues itself; their ids. */
export async function insertBenchCustomers(db: Kysely<Database>, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = await db
      .insertInto('users')
      .values({ email: `bench.${prefix}.${index}@example.vn`, password_hash: null, full_name: `Khách ${index + 1}`, role: 'customer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(user.id);
  }
  return ids;
}

/** compose's nginx balancer in front of loopback API processes, as the fault test runs it. */
export async function loadNginxBalancer() {
  const { startBalancer } = await import('../../api/test/support/nginxBalancer.ts');
  return { startBalancer };
}

export type { Balancer } from '../../api/test/support/nginxBalancer.ts';

/** The demo accounts (api/seed/demoAccounts.ts) alone: their password, their list, their seed. */
export async function loadDemoAccounts() {
  const { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } = await import('../../api/seed/demoAccounts.ts');
  return { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts };
}

/**
 * What a bench needs to hand the production-started API its users (productionApi.ts): production's access tokens over
 * the key it gives the API, and production's guard's demo accounts (the published password), which it renames.
 */
export async function loadProductionKit() {
  const { createAccessTokens } = await import('../../api/src/security/accessTokens.ts');
  const { systemClock } = await import('../../api/src/security/clock.ts');
  const { isDemoAccount } = await import('../../api/src/security/demoDataGuard.ts');
  return { createAccessTokens, systemClock, isDemoAccount };
}

/**
 * Renames the seed's demo accounts (production's guard's definition): the production-started API refuses to start
 * beside the published demo password. Their rows (orders, vehicles…) stay as the seed made them.
 */
export async function renameDemoAccounts(db: Kysely<Database>): Promise<void> {
  const { sql } = await import('kysely');
  const { isDemoAccount } = await import('../../api/src/security/demoDataGuard.ts');
  await db
    .updateTable('users')
    .set({ email: sql<string>`email || '.bench'` })
    .where(isDemoAccount)
    .execute();
}

/** Production's password hashing (argon2id at its parameters), for a bench account that signs in. */
export async function loadPasswordHashing() {
  const { hashPassword } = await import('../../api/src/security/passwords.ts');
  return { hashPassword };
}

/**
 * The key the bench's tokens are signed with: BENCH_JWT_SECRET, which startBenchApi generates and gives the
 * production-started API too; a fixed one when the bench runs its API from source without it.
 */
export function benchJwtSecret(): string {
  return process.env.BENCH_JWT_SECRET || 'bench-secret-bench-secret-bench-secret-0123';
}

/** An operator's production settings (api/test/support/operatorSettings.ts): a site, a bank account and a seller the production guard lets pass. */
export async function loadOperatorSettings() {
  const { OPERATOR_SETTINGS } = await import('../../api/test/support/operatorSettings.ts');
  return OPERATOR_SETTINGS;
}

/** The product reviews' rating count (bench:reviews writes its reviews straight into the tables). */
export async function loadProductRating() {
  const { refreshProductRating } = await import('../../api/src/modules/reviews/index.ts');
  return { refreshProductRating };
}

/** The search relevance set (queries and the title each must put first) alone. */
export async function loadSearchRelevanceSet() {
  const { RELEVANCE_SET } = await import('../../api/test/modules/search/relevanceSet.ts');
  return { RELEVANCE_SET };
}

/** The prediction's knowledge base (symptom → component links) alone. */
export async function loadKnowledgeBase() {
  const { SYMPTOM_LINKS } = await import('../../api/src/modules/prediction/knowledgeBase.ts');
  return { SYMPTOM_LINKS };
}

/**
 * The benchmark's scratch database, migrated, with the configuration the API runs with there: production mode, no
 * Redis. SQLite in BENCH_DATA_DIR, or the PostgreSQL database of BENCH_DATABASE_URL when a bench sets it.
 */
export async function openBenchDatabase() {
  const folder = process.env.BENCH_DATA_DIR!;
  const { loadConfig } = await import('../../api/src/config.ts');
  const { createDatabase } = await import('../../api/src/db/createDatabase.ts');
  const { migrateToLatest } = await import('../../api/src/db/migrate.ts');
  const config = {
    ...loadConfig({}),
    nodeEnv: 'production',
    sqliteFile: path.join(folder, 'bench.sqlite'),
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    uploadDir: path.join(folder, 'uploads'),
    jwtSecret: benchJwtSecret(),
    redisUrl: null,
  };
  const db: BenchDatabase = createDatabase(config, { walCheckpointer: true });
  await migrateToLatest(db);
  return { db, config };
}

/**
 * The API as a benchmark's server process runs it: openBenchDatabase's database, filled by `load` (the seed, only
 * what the benchmark needs, or nothing when prepareInOwnProcess filled it). Not listening yet.
 */
export async function buildBenchApi(load: (db: BenchDatabase) => Promise<unknown>): Promise<{ app: BenchApp; db: BenchDatabase }> {
  const { buildApp } = await import('../../api/src/app.ts');
  const { db, config } = await openBenchDatabase();
  await load(db);
  return { app: buildApp({ db, logger: false, context: { config } }), db };
}

/** bench:notifications: the app builder (the bench sets the channels' providers itself) and what notify() calls to queue deliveries. */
export async function loadNotificationsKit() {
  const { buildApp } = await import('../../api/src/app.ts');
  const { deliveriesWaiting, scheduleDeliveries } = await import('../../api/src/modules/notifications/index.ts');
  return { buildApp, deliveriesWaiting, scheduleDeliveries };
}

/**
 * The object-storage bench: a real S3-compatible server on loopback (api/test/support/s3Server.ts), the S3_* settings
 * reader and the bucket driver.
 */
export async function loadObjectStorageKit() {
  const { loadS3Settings } = await import('../../api/src/config.ts');
  const { createS3Store } = await import('../../api/src/objectStorage/index.ts');
  return { startS3ServerProcess, loadS3Settings, createS3Store };
}

/** The test S3 server (api/test/support/s3Server.ts) as a process of its own, as a bucket's server is: its S3_* settings and a stop. */
async function startS3ServerProcess(): Promise<{ endpoint: string; bucket: string; env: Record<string, string>; close(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'test', 'support', 's3Server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited (code ${code}) before listening`)));
  });
  const started = JSON.parse(line) as { endpoint: string; bucket: string; env: Record<string, string> };
  return {
    ...started,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the payments bench needs of the API: the demo SePay key (the config's default) and the order codes. */
export async function loadPaymentKit() {
  const { DEMO_PAYMENT_KEYS } = await import('../../api/src/config.ts');
  const { orderCodeFor, provisionalOrderCode } = await import('../../api/src/modules/orders/orderCode.ts');
  return { sepayWebhookKey: DEMO_PAYMENT_KEYS.sepayWebhookKey, orderCodeFor, provisionalOrderCode };
}

/** bench:einvoices: the owner's daily check "Bán hàng chưa có hóa đơn" (the e-invoices module's desk). */
export async function loadEInvoiceCheck() {
  const { uncoveredSales } = await import('../../api/src/modules/eInvoices/eInvoiceDesk.ts');
  return { uncoveredSales };
}

/** bench:loyalty: the members' points nightly run (the tier review, the scheduled job's; the lots' expiry, the worker's). */
export async function loadLoyaltyNightly() {
  const { reviewTiers } = await import('../../api/src/modules/loyalty/index.ts');
  const { expireLots } = await import('../../api/src/modules/loyalty/pointExpiry.ts');
  return { reviewTiers, expireLots };
}

/** bench:labels: the shipment labels' PDF renderer (one page per label, the fonts loaded once). */
export async function loadLabelRenderer() {
  const { renderShipmentLabels } = await import('../../api/src/modules/shipments/labels/labelPdf.ts');
  return { renderShipmentLabels };
}

/** bench:shipping: the carriers' live quote and their stand-ins, the coded wards, a scratch database's pieces. */
export async function loadShippingQuoteKit() {
  const { loadConfig } = await import('../../api/src/config.ts');
  const { createDatabase } = await import('../../api/src/db/createDatabase.ts');
  const { migrateToLatest } = await import('../../api/src/db/migrate.ts');
  const carriers = await import('../../api/src/modules/carriers/index.ts');
  const { wardsOfProvince } = await import('../../api/src/modules/addresses/index.ts');
  const { systemClock } = await import('../../api/src/security/clock.ts');
  return { loadConfig, createDatabase, migrateToLatest, carriers, wardsOfProvince, systemClock };
}

/** bench:battery-certificate: the battery health certificate's PDF renderer (the fonts loaded once). */
export async function loadBatteryCertificateRenderer() {
  const { renderBatteryCertificatePdf } = await import('../../api/src/modules/batteryHealth/batteryCertificatePdf.ts');
  return { renderBatteryCertificatePdf };
}

/** The recalls module's front door (issue 66 §4): a campaign's create (insert + set-based match) and the owners' notices. */
export async function loadRecalls() {
  const { createRecallCampaign, parseRecallCampaignInput, sendRecallNotices, matchRecallVehicles } = await import('../../api/src/modules/recalls/index.ts');
  return { createRecallCampaign, parseRecallCampaignInput, sendRecallNotices, matchRecallVehicles };
}
