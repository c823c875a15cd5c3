import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { countRows } from '../../src/db/portable';
import { DEMO_ACCOUNTS, SERVICE_CENTRES, seed, seedReference } from '../../seed';
import { SERVICES } from '../../seed/catalogue';
import { DEMO_ACCOUNT_EMAILS, DemoDataInProductionError, findDemoAccounts, refuseDemoData } from '../../src/security/demoDataGuard';
import { onlineStock } from '../../src/modules/stockLocations/onlineStock';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** The tables that hold people, their vehicles and what they did: none has a row after the reference seed. */
const DEMO_TABLES = [
  'users',
  'vehicles',
  'orders',
  'appointments',
  'service_orders',
  'maintenance_records',
  'notification_deliveries',
  'stock_movements',
  'centre_stock',
  'low_stock_alerts',
  'parts_requests',
  'technician_shifts',
  'staff_assignments',
  'promotions',
] as const satisfies ReadonlyArray<keyof Database>;

/** A bare account (no password, no phone) with this email and role. */
async function insertUser(db: Kysely<Database>, email: string, role: 'customer' | 'admin'): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('users')
    .values({ email, password_hash: null, full_name: 'Người dùng thử', phone_number: null, address: null, date_of_birth: null, gender: null, avatar_url: null, role, google_sub: null, email_verified_at: at, created_at: at, updated_at: at })
    .execute();
}

async function counts(db: Kysely<Database>): Promise<Record<string, number>> {
  const entries = await Promise.all(DEMO_TABLES.map(async (table) => [table, await countRows(db, table)] as const));
  return Object.fromEntries(entries);
}

describe.each(testDatabases())('production seed (seedReference) on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('writes the centres and the catalogue, and no person, vehicle, order, appointment, email, stock or promotion', async () => {
    const report = await seedReference(scratch.db);
    expect(report.serviceCentres).toBe(SERVICE_CENTRES.length);
    expect(report.catalogue.services).toBe(SERVICES.length);
    expect(report.catalogue.products).toBeGreaterThan(0);
    expect(report.catalogue.categories).toBeGreaterThan(0);
    expect(report.catalogue.servicePackages).toBeGreaterThan(0);
    expect(report.catalogue.promotions).toBe(0);

    expect(await counts(scratch.db)).toEqual(Object.fromEntries(DEMO_TABLES.map((table) => [table, 0])));
    // Products are reference data, their web stock and sales are not (the warehouse is empty).
    const stocked = await scratch.db.selectFrom('products').select('sku').where((eb) => eb.or([eb(onlineStock('products.id'), '>', 0), eb('sales_count', '>', 0)])).execute();
    expect(stocked).toEqual([]);
    expect(await scratch.db.selectFrom('stock_movements').select('id').execute()).toEqual([]);
    // Every service comes with its checklist template.
    const services = await scratch.db.selectFrom('services').select(['slug', 'checklist']).execute();
    expect(services).toHaveLength(SERVICES.length);
    for (const service of services) expect(JSON.parse(service.checklist).length).toBeGreaterThan(0);
  });

  it('gives the same rows when run again, and the database passes the production start check', async () => {
    const before = await seedReference(scratch.db);
    expect(await seedReference(scratch.db)).toEqual(before);
    expect(await countRows(scratch.db, 'users')).toBe(0);
    expect(await findDemoAccounts(scratch.db)).toEqual([]);
    await expect(refuseDemoData(scratch.db)).resolves.toBeUndefined();
  });

  it('lets an operator\'s own account on a demo-looking domain through (only the demo logins are refused)', async () => {
    await insertUser(scratch.db, 'quantri2@evshop.vn', 'admin');
    await expect(refuseDemoData(scratch.db)).resolves.toBeUndefined();
    await scratch.db.deleteFrom('users').execute();
  });
});

describe.each(testDatabases())('the API\'s production start check on a demo database ($label)', (target) => {
  const scratch = useScratchDatabase(target);

  it('finds the demo accounts after seed() and refuses, naming them', async () => {
    await seed(scratch.db);
    const found = await findDemoAccounts(scratch.db);
    expect(found).toEqual(expect.arrayContaining([DEMO_ACCOUNT_EMAILS.admin, DEMO_ACCOUNT_EMAILS.customer]));
    const refusal = await refuseDemoData(scratch.db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DemoDataInProductionError);
    expect((refusal as Error).message).toContain(DEMO_ACCOUNT_EMAILS.admin);
    expect((refusal as Error).message).toContain('NODE_ENV=production');
  });

  it('still refuses when only a demo fleet owner is left', async () => {
    // The demo logins renamed (they have orders, vehicles...: renamed rather than deleted).
    const logins = await scratch.db.selectFrom('users').select('id').where('email', 'in', Object.values(DEMO_ACCOUNT_EMAILS)).execute();
    for (const { id } of logins) await scratch.db.updateTable('users').set({ email: `nhanvien${id}@cuahang.vn` }).where('id', '=', id).execute();
    expect(await findDemoAccounts(scratch.db)).toEqual([]);
    await insertUser(scratch.db, '0900000001@khach.example.vn', 'customer');
    expect(await findDemoAccounts(scratch.db)).toContain('0900000001@khach.example.vn');
    await expect(refuseDemoData(scratch.db)).rejects.toBeInstanceOf(DemoDataInProductionError);
  });
});

describe('the demo accounts', () => {
  it('takes its login emails from the product-side list the API checks', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.email).sort()).toEqual(Object.values(DEMO_ACCOUNT_EMAILS).sort());
  });
});
