import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../src/db/schema';
import { invalidateCatalogue } from '../src/modules/catalogue';
import { seedBackOffice, type BackOfficeSeedReport } from './backOffice';
import { seedCatalogue, type CatalogueSeedReport } from './catalogue';
import { seedCentreInventory, type CentreInventorySeedReport } from './centreInventory';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demoAccounts';
import { seedPartsApprovalDemo, type PartsApprovalDemoReport } from './partsApprovalDemo';
import { seedServiceCentres } from './serviceCentres';
import { seedServiceHistory, type ServiceHistorySeedReport } from './serviceHistory';
import { linkDemoVehicleModels } from './vehicleModelLinks';
import { seedDemoBatteryReports } from './demoBatteryReports';
import { seedDemoRecalls } from './demoRecalls';
import { seedDemoWarrantyClaims } from './demoWarrantyClaims';
import { seedDemoOrders } from './demoOrders';
import { backfillSalePayments } from '../src/db/salePaymentBackfill';
import { seedDemoCashCloses } from './demoCashCloses';
import { seedDemoEInvoices } from '../src/modules/eInvoices';
import { seedDemoMemberPrices, seedDemoPoints } from '../src/modules/loyalty';
import { DEVELOPMENT_PUBLIC_URL } from '../src/config';
import { seedDemoHistory, type DemoHistorySeedReport } from './demoHistory';
import { seedDemoShifts } from './demoShifts';
import { seedOrderStock } from './orderStock';
import { seedWebOrderDesk } from './webOrderDesk';
import { seedDemoRefunds } from './demoRefunds';
import { seedCatalogueHistory } from './catalogueHistory';
import { seedCatalogueServiceHistory } from './catalogueServiceHistory';
import { seedDemoStockTransfers } from './demoStockTransfers';
import { seedDemoPaymentExceptions } from './demoPaymentExceptions';
import { seedDemoVatInvoices } from './demoVatInvoices';
import { seedDemoWishlist } from './demoWishlist';
import { seedDemoReviews } from './demoReviews';
import { seedDemoServiceRatings } from './demoServiceRatings';
import { seedDemoConversations } from './demoConversations';
import { seedDemoNotifications } from './demoNotifications';
import { seedDemoParcels } from './demoParcels';

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
  /** The back office's people, their centres, and today's floor at the first centre. */
  backOffice: BackOfficeSeedReport;
  /** Every centre's stock of parts (opening balances), some of it below its minimum. */
  centreInventory: CentreInventorySeedReport;
  /** Today's parts requests: one waiting for the demo customer's yes, and work for the parts desk. */
  partsApprovalDemo: PartsApprovalDemoReport;
  /** With `demoHistory`: about three months of closed work and web orders, and technicians' shifts. */
  demoHistory?: DemoHistorySeedReport & { shifts: number; catalogueChanges: number };
  /** Today's parcels at Cầu Giấy's shipping desk (packed, waiting for the courier, in transit, delivered, failed, returned). */
  demoParcels: number;
  /** The demo customer's web orders at Cầu Giấy's desk, one per state (web-order desk). */
  webOrderDesk: number;
  /** Refunded orders, each with its refund record (payment_refunds). */
  demoRefunds: number;
  /** Web orders with a stock location (their units reserved or issued there). */
  orderStock: number;
  /** Transfers from the warehouse to Cầu Giấy: one received, one in transit. */
  demoStockTransfers: number;
  /** A bank transfer with a typo'd code waiting in the payments exceptions queue. */
  paymentExceptions: number;
  /** A company's VAT-invoice request on one of the demo customer's paid orders. */
  vatInvoiceRequests: number;
  /** The demo customer's wishlist: a price-drop watch and a sold-out part waiting for "báo khi có hàng". */
  demoWishlist: number;
  /** Product reviews of the demo history's delivered order lines, with the shop's replies. */
  demoReviews: number;
  /** Ratings of closed service orders (a few low ones with their follow-ups). */
  demoServiceRatings: number;
  /** Threads with the demo customer on the demo staff's floor (one waiting for staff, one with a technician's photo). */
  demoConversations: number;
  /** Every demo account's notifications (the bell), some unread. */
  demoNotifications: number;
}

/** Row counts after seeding the reference data only (seedReference). */
export interface ReferenceSeedReport {
  serviceCentres: number;
  /** Categories, brands, products (no stock, no sales), services, packages; no promotion. */
  catalogue: CatalogueSeedReport;
}

export interface SeedOptions {
  /**
   * Also the demo history (seedDemoHistory, seedDemoShifts), relative to `now`. `npm start` and `npm run seed`
   * turn it on (api/seed/cli.ts); the tests' seeded databases leave it off unless they ask.
   */
  demoHistory?: boolean;
  /** The instant the demo is laid around (its day, history and promotions' windows); the wall clock by default. */
  now?: Date;
  /** Products in the catalogue (SEED_PRODUCTS; default the demo's list): the rest are generated parts. */
  products?: number;
}

/**
 * Loads the reference data a shop needs and nothing else (what production seeds): the service centres and the
 * catalogue (categories, brands, products without stock or sales, services with their checklist templates,
 * packages). No people, vehicles, orders, appointments, stock at the centres, promotions or emails. Insert-only
 * and idempotent like seed(), in one transaction.
 */
export async function seedReference(db: Kysely<Database>): Promise<ReferenceSeedReport> {
  const report = await db.transaction().execute(async (trx) => ({
    serviceCentres: await seedServiceCentres(trx),
    catalogue: await seedCatalogue(trx, new Date(), { demo: false }),
  }));
  invalidateCatalogue();
  return report;
}

/**
 * Loads the Vietnamese demo data (development only: the seed CLI runs it with SEED_DEMO=1, which `npm start`
 * sets, and refuses it in production): the reference data with the demo's stock, sales and promotions, then the
 * demo people, vehicles, orders, floor, stock and history. `npm start` runs it on every start, so it only
 * inserts what is missing: each seeder inserts a row when none has its natural key (slug, SKU, code, email, the
 * customer's plate...) and never writes over an existing one, so what an operator or a customer changed since (prices, stock,
 * promotion limits and usage, a centre's hours, an account's name or password...) survives a restart, and a
 * seed row deleted since comes back. Running it twice gives the same rows as running it once. Runs in one
 * transaction. Expects the schema to be migrated (see migrateToLatest).
 */
export async function seed(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const report = await db.transaction().execute(async (trx) => {
    const seeded = await seedAll(trx, options);
    // A few paid orders' parts replaced under warranty and their claims in every state, one open (issue 66 §5).
    await seedDemoWarrantyClaims(trx, DEMO_ACCOUNTS.find((account) => account.role === 'manager')!.email);
    // The seed writes its paid orders as history: each gets its ledger record as a paid sale would.
    await backfillSalePayments(trx);
    // The counters' closes of the last evenings, from those payment records.
    await seedDemoCashCloses(trx, options.now);
    // Each paid sale's e-invoice from the stand-in, one refused and waiting for the owner.
    await seedDemoEInvoices(trx, { publicUrl: process.env.PUBLIC_URL?.trim() || DEVELOPMENT_PUBLIC_URL, now: options.now ?? new Date() });
    // Each member's complete paid sales earn their points; the demo customer's welcome gift expires within the month.
    await seedDemoPoints(trx, { now: options.now ?? new Date(), customerEmail: DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email });
    // A few products' member prices (a charger for Vàng, which the demo customer is).
    await seedDemoMemberPrices(trx, { now: options.now ?? new Date() });
    // Every demo vehicle names its reference model (issue 66), as the migration matched the existing ones.
    await linkDemoVehicleModels(trx);
    // The demo customer's battery checks in the history (issue 66 §3), one of them "Pin suy giảm".
    await seedDemoBatteryReports(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email);
    // One active recall campaign holding the demo customer's VF 5, its owner told (issue 66 §4).
    await seedDemoRecalls(trx, DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email, options.now ?? new Date());
    return seeded;
  });
  // The writes invalidated the catalogue caches before the commit: an answer cached in between (from the
  // committed data, without the new rows) is dropped too.
  invalidateCatalogue();
  return report;
}

async function seedAll(trx: Transaction<Database>, options: SeedOptions): Promise<SeedReport> {
  return {
    serviceCentres: await seedServiceCentres(trx),
    demoAccounts: await seedDemoAccounts(trx),
    catalogue: await seedCatalogue(trx, options.now ?? new Date(), { products: options.products }),
    serviceHistory: await seedServiceHistory(trx),
    demoOrders: await seedDemoOrders(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email, options.now),
    backOffice: await seedBackOffice(trx),
    centreInventory: await seedCentreInventory(trx),
    partsApprovalDemo: await seedPartsApprovalDemo(trx),
    ...(options.demoHistory
      ? {
          demoHistory: {
            ...(await seedDemoHistory(trx, options.now)),
            shifts: await seedDemoShifts(trx, options.now),
            // The demo admin's edits of a few products (catalogue history).
            catalogueChanges: (await seedCatalogueHistory(trx, options.now)) + (await seedCatalogueServiceHistory(trx, options.now)),
          },
        }
      : {}),
    // Last: the desk's columns of every order written above, and Cầu Giấy's web orders in every state.
    webOrderDesk: await seedWebOrderDesk(trx, options.now),
    // Today's shipping desk: packed orders to ship, waybills in transit, delivered, failed and returned.
    demoParcels: await seedDemoParcels(trx, options.now),
    // The refund record of each refunded order above, as the desk's refund action writes it.
    demoRefunds: await seedDemoRefunds(trx),
    // Then their stock: reserved at their location, or issued (orderStock.ts).
    orderStock: await seedOrderStock(trx, options.now),
    demoStockTransfers: await seedDemoStockTransfers(trx, options.now),
    // The cashier's work on those orders: a mistyped transfer to match, a company's VAT-invoice request.
    paymentExceptions: await seedDemoPaymentExceptions(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email, options.now),
    vatInvoiceRequests: await seedDemoVatInvoices(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email),
    // Last, after every order took its units: the sold-out part's stock is counted to 0 on top of them.
    demoWishlist: await seedDemoWishlist(trx, DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email, options.now),
    demoReviews: await seedDemoReviews(trx, options.now),
    demoServiceRatings: await seedDemoServiceRatings(trx, options.now),
    demoConversations: await seedDemoConversations(trx, options.now),
    demoNotifications: await seedDemoNotifications(trx, options.now),
  };
}

export { SERVICE_CENTRES } from './serviceCentres';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoAccounts';
export { BACK_OFFICE_ACCOUNTS } from './backOffice';
