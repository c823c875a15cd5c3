import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { DEMO_ACCOUNTS } from './demoAccounts';

/**
 * The demo admin's catalogue history (issue 34): a few products with the edits that brought them to their seeded
 * values (price moves, a unit, a VAT rate, a status), by the demo admin, days before `now`. Insert-only: a product
 * that already has a history (the demo's, or an operator's) is left as it is.
 */
interface DemoEdit {
  sku: string;
  daysAgo: number;
  /** Field → value before the edit; the value after is the product's own. */
  before: Record<string, unknown>;
}

const DEMO_EDITS: readonly DemoEdit[] = [
  { sku: 'BAT-LFP-4820', daysAgo: 40, before: { price: 4_890_000 } },
  { sku: 'BAT-LFP-4820', daysAgo: 12, before: { vatRate: 8, unit: 'cái' } },
  { sku: 'BAT-LI-6030', daysAgo: 25, before: { price: 8_990_000 } },
  { sku: 'BAT-LI-6030', daysAgo: 6, before: { status: 'draft' } },
];

const AFTER_COLUMNS = { price: 'price', vatRate: 'vat_rate', unit: 'unit', status: 'status' } as const;

export async function seedCatalogueHistory(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const admin = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email).executeTakeFirst();
  if (!admin) return 0;
  let written = 0;
  for (const sku of [...new Set(DEMO_EDITS.map((edit) => edit.sku))]) {
    const product = await db.selectFrom('products').select(['id', 'price', 'vat_rate', 'unit', 'status']).where('sku', '=', sku).executeTakeFirst();
    if (!product) continue;
    const recorded = await db.selectFrom('catalogue_changes').select('id').where('entity', '=', 'product').where('entity_id', '=', product.id).executeTakeFirst();
    if (recorded) continue;
    const rows = DEMO_EDITS.filter((edit) => edit.sku === sku).flatMap((edit) =>
      Object.entries(edit.before).map(([field, before]) => ({
        entity: 'product',
        entity_id: product.id,
        version: 1,
        field,
        before_value: JSON.stringify(before),
        after_value: JSON.stringify(product[AFTER_COLUMNS[field as keyof typeof AFTER_COLUMNS]]),
        actor_id: admin.id,
        changed_at: new Date(now.getTime() - edit.daysAgo * 86_400_000).toISOString(),
      })),
    );
    await db.insertInto('catalogue_changes').values(rows).execute();
    written += rows.length;
  }
  return written;
}
