import type { Kysely, Transaction } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { addOnHand, takeOnHand, warehouseId } from '../src/modules/stockLocations';
import { DEMO_ACCOUNTS } from './demoAccounts';

/** The demo transfers' notes: how the seed knows it wrote them already. */
export const DEMO_TRANSFER_NOTES = {
  received: 'Bổ sung phụ tùng bảo dưỡng định kỳ đầu tuần',
  inTransit: 'Bổ sung má phanh và lọc gió cho cuối tuần',
} as const;

const CAU_GIAY = 'ha-noi-cau-giay';
const HOUR_MS = 3_600_000;

/**
 * Two stock transfers from the online warehouse to Cầu Giấy (issue 34 §3), so `quanly@`'s "Chuyển kho" has work:
 * one RECEIVED yesterday by the demo manager, one IN_TRANSIT since two hours ago (its "Đã nhận hàng" waits for
 * them). Each moves what the warehouse has of three parts through the ledger (TRANSFER_OUT at the warehouse,
 * TRANSFER_IN at the centre on receipt), so the ledger replays balanced. Idempotent: a demo transfer already
 * there (by its note) is not written again. Run after the warehouse has its stock (orderStock.ts). Answers how
 * many demo transfers there are (the same on every run).
 */
export async function seedDemoStockTransfers(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const warehouse = await warehouseId(db);
  const centre = await db.selectFrom('service_centres').select('id').where('slug', '=', CAU_GIAY).executeTakeFirst();
  const email = (role: 'admin' | 'manager') => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
  const people = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', [email('admin'), email('manager')]).execute();
  const admin = people.find((person) => person.email === email('admin'))?.id ?? null;
  const manager = people.find((person) => person.email === email('manager'))?.id ?? null;
  if (warehouse === null || !centre || admin === null || manager === null) return 0;

  const existing = new Set(
    (await db.selectFrom('stock_transfers').select('note').where('note', 'in', Object.values(DEMO_TRANSFER_NOTES)).execute()).map((row) => row.note),
  );
  // parts the warehouse has plenty of, lowest ids first
  const parts = await db
    .selectFrom('centre_stock')
    .innerJoin('products', 'products.id', 'centre_stock.product_id')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .select(['centre_stock.product_id', 'centre_stock.on_hand', 'centre_stock.reserved'])
    .where('centre_stock.centre_id', '=', warehouse)
    .where('catalogue_categories.promo_group', '=', 'parts')
    .where('products.is_active', '=', 1)
    .orderBy('centre_stock.product_id')
    .execute();
  const plentiful = parts.filter((row) => toNumber(row.on_hand) - toNumber(row.reserved) >= 20).map((row) => row.product_id);
  if (plentiful.length < 6) return 0;

  const trx = db as Transaction<Database>;
  const plans = [
    { note: DEMO_TRANSFER_NOTES.received, products: plentiful.slice(0, 3), quantity: 4, createdAt: new Date(now.getTime() - 26 * HOUR_MS), receivedAt: new Date(now.getTime() - 20 * HOUR_MS) },
    { note: DEMO_TRANSFER_NOTES.inTransit, products: plentiful.slice(3, 6), quantity: 3, createdAt: new Date(now.getTime() - 2 * HOUR_MS), receivedAt: null },
  ];
  let written = 0;
  for (const plan of plans) {
    if (existing.has(plan.note)) continue;
    const transfer = await trx
      .insertInto('stock_transfers')
      .values({
        from_location_id: warehouse,
        to_location_id: centre.id,
        status: plan.receivedAt ? 'RECEIVED' : 'IN_TRANSIT',
        note: plan.note,
        created_by: admin,
        created_at: plan.createdAt.toISOString(),
        received_by: plan.receivedAt ? manager : null,
        received_at: plan.receivedAt ? plan.receivedAt.toISOString() : null,
        version: plan.receivedAt ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('stock_transfer_lines').values(plan.products.map((productId) => ({ transfer_id: transfer.id, product_id: productId, quantity: plan.quantity }))).execute();
    for (const productId of plan.products) {
      const out = { centreId: warehouse, productId, quantity: plan.quantity, kind: 'TRANSFER_OUT' as const, transferId: transfer.id, actorId: admin, reason: plan.note };
      const taken = await takeOnHand(trx, out, { now: () => plan.createdAt });
      if (!taken.taken) throw new Error(`demo transfer: the warehouse lacks product ${productId}`);
      if (plan.receivedAt) {
        const receivedAt = plan.receivedAt;
        await addOnHand(trx, { centreId: centre.id, productId, quantity: plan.quantity, kind: 'TRANSFER_IN', transferId: transfer.id, actorId: manager, reason: null }, { now: () => receivedAt });
      }
    }
    written += 1;
  }
  return written + existing.size;
}
