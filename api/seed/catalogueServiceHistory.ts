import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { DEMO_ACCOUNTS } from './demoAccounts';

/**
 * The demo admin's history of a few services and packages (issue 34, shop-operations.md §9): the edits that brought
 * them to their seeded values (a price, a checklist template that gained an item, a package's validity), by the demo
 * admin, days before `now`. Insert-only: an item that already has a history is left as it is.
 */
interface DemoEdit {
  entity: 'service' | 'package';
  slug: string;
  daysAgo: number;
  /** Field → value before the edit, from the item's values now; the value after is the item's own. */
  before: (now: ItemValues) => Record<string, unknown>;
}

type ItemValues = Record<string, unknown>;

const DEMO_EDITS: readonly DemoEdit[] = [
  { entity: 'service', slug: 'bao-duong-co-ban', daysAgo: 45, before: (now) => ({ price: Number(now.price) - 30_000 }) },
  {
    entity: 'service',
    slug: 'bao-duong-co-ban',
    daysAgo: 14,
    // The template gained its last item (the bolts' check) two weeks ago.
    before: (now) => ({ checklist: (now.checklist as unknown[]).slice(0, -1) }),
  },
  { entity: 'service', slug: 'kiem-tra-pin-bms', daysAgo: 20, before: (now) => ({ durationMinutes: Number(now.durationMinutes) - 15 }) },
  { entity: 'package', slug: 'tieu-chuan', daysAgo: 30, before: (now) => ({ price: Number(now.price) + 100_000, validityMonths: 6 }) },
];

async function valuesOf(db: Kysely<Database>, entity: DemoEdit['entity'], slug: string): Promise<{ id: number; values: ItemValues } | null> {
  if (entity === 'service') {
    const row = await db.selectFrom('services').select(['id', 'price', 'duration_minutes', 'checklist']).where('slug', '=', slug).executeTakeFirst();
    return row ? { id: row.id, values: { price: Number(row.price), durationMinutes: Number(row.duration_minutes), checklist: JSON.parse(row.checklist) as unknown[] } } : null;
  }
  const row = await db.selectFrom('service_packages').select(['id', 'price', 'validity_months']).where('slug', '=', slug).executeTakeFirst();
  return row ? { id: row.id, values: { price: Number(row.price), validityMonths: Number(row.validity_months) } } : null;
}

export async function seedCatalogueServiceHistory(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const admin = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email).executeTakeFirst();
  if (!admin) return 0;
  let written = 0;
  const items = [...new Map(DEMO_EDITS.map((edit) => [`${edit.entity}:${edit.slug}`, edit])).values()];
  for (const { entity, slug } of items) {
    const item = await valuesOf(db, entity, slug);
    if (!item) continue;
    const recorded = await db.selectFrom('catalogue_changes').select('id').where('entity', '=', entity).where('entity_id', '=', item.id).executeTakeFirst();
    if (recorded) continue;
    const rows = DEMO_EDITS.filter((edit) => edit.entity === entity && edit.slug === slug).flatMap((edit) =>
      Object.entries(edit.before(item.values)).map(([field, before]) => ({
        entity,
        entity_id: item.id,
        version: 1,
        field,
        before_value: JSON.stringify(before),
        after_value: JSON.stringify(item.values[field]),
        actor_id: admin.id,
        changed_at: new Date(now.getTime() - edit.daysAgo * 86_400_000).toISOString(),
      })),
    );
    await db.insertInto('catalogue_changes').values(rows).execute();
    written += rows.length;
  }
  return written;
}
