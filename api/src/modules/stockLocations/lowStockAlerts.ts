import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { emailLayout, emailParagraph, escapeHtml, EMAIL_SIGNATURE, type EmailContent, enqueueEmail } from '../notifications';

/**
 * Low stock (spec M1, M2): a (centre, product) is low when min_stock > 0 and available (on_hand − reserved)
 * ≤ min_stock. Every change of on_hand or reserved ends with `checkLowStock` in its transaction:
 *
 * - low, and no open crossing: one low_stock_alerts row is inserted and ONE email per manager of the centre
 *   is queued in the outbox (same transaction: the email exists if and only if the crossing was committed);
 * - not low: the open crossing, if any, is cleared (the next drop is a new crossing, with a new email). A crossing
 *   is only ever opened under a minimum, and setting a minimum (setMinStock, `minimumChanged`) clears it when the
 *   new one makes it fine: so a movement under no minimum (the warehouse's rows, most shelves) has none to clear.
 *
 * The insert is `on conflict do nothing` against the partial unique index (centre_id, product_id) where
 * cleared_at is null: two transactions crossing at the same moment insert one row between them (on
 * PostgreSQL the second waits for the first to commit, then does nothing), so the email goes out once.
 */

export interface StockFigures {
  onHand: number;
  reserved: number;
  minStock: number;
}

export function isLowStock(figures: StockFigures): boolean {
  return figures.minStock > 0 && figures.onHand - figures.reserved <= figures.minStock;
}

export const LOW_STOCK_EMAIL_KIND = 'low_stock';

const openCrossing = preparedQuery<{ centreId: number; productId: number; available: number; minStock: number; now: string }>()((db, param) =>
  db
    .insertInto('low_stock_alerts')
    .values({
      centre_id: param('centreId'),
      product_id: param('productId'),
      available_at_crossing: param('available'),
      min_stock_at_crossing: param('minStock'),
      crossed_at: param('now'),
      cleared_at: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id'),
);

const clearCrossing = preparedQuery<{ centreId: number; productId: number; now: string }>()((db, param) =>
  db
    .updateTable('low_stock_alerts')
    .set({ cleared_at: param('now') })
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where('cleared_at', 'is', null),
);

const crossingContext = preparedQuery<{ centreId: number; productId: number }>()((db, param) =>
  db
    .selectFrom(['products', 'service_centres'])
    .select(['products.name as product_name', 'products.sku', 'service_centres.name as centre_name'])
    .where('products.id', '=', param('productId'))
    .where('service_centres.id', '=', param('centreId')),
);

/** The centre's managers now (active assignment, account not disabled). */
export async function centreManagers(db: Kysely<Database>, centreId: number): Promise<Array<{ email: string; fullName: string }>> {
  const rows = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select(['users.email', 'users.full_name'])
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'manager')
    .where('users.disabled_at', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ email: row.email, fullName: row.full_name }));
}

export interface LowStockEmailFacts {
  managerName: string;
  centreName: string;
  productName: string;
  sku: string;
  available: number;
  minStock: number;
}

/** The managers' low-stock email (Vietnamese). */
export function lowStockEmail(facts: LowStockEmailFacts): EmailContent {
  const subject = `Sắp hết hàng: ${facts.productName} tại ${facts.centreName}`;
  const lines = [
    `Tồn kho khả dụng của "${facts.productName}" (mã ${facts.sku}) tại ${facts.centreName} còn ${facts.available}, bằng hoặc dưới mức tối thiểu ${facts.minStock}.`,
    'Vui lòng nhập thêm hàng từ kho online tại trang Quản lý, mục Kho trung tâm.',
    'Email này chỉ gửi một lần cho mỗi lần tồn kho xuống dưới mức tối thiểu.',
  ];
  const text = [`Xin chào ${facts.managerName},`, '', ...lines, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [`Xin chào ${escapeHtml(facts.managerName)},`, ...lines.map(escapeHtml)].map(emailParagraph));
  return { kind: LOW_STOCK_EMAIL_KIND, subject, text, html };
}

/**
 * Opens or clears the low-stock crossing of (centre, product) after a change inside `trx`, from the figures
 * the change left (its `returning` row). Returns 'crossed' when this call opened a crossing (emails queued).
 */
export async function checkLowStock(
  trx: Kysely<Database>,
  clock: Clock,
  centreId: number,
  productId: number,
  figures: StockFigures,
  minimumChanged = false,
): Promise<'crossed' | 'low' | 'cleared-or-fine'> {
  const now = clock.now().toISOString();
  if (!isLowStock(figures)) {
    if (figures.minStock > 0 || minimumChanged) await clearCrossing.execute(trx, { centreId, productId, now });
    return 'cleared-or-fine';
  }
  const available = figures.onHand - figures.reserved;
  const opened = await openCrossing.first(trx, { centreId, productId, available, minStock: figures.minStock, now });
  if (!opened) return 'low';
  const context = await crossingContext.first(trx, { centreId, productId });
  if (!context) return 'crossed';
  for (const manager of await centreManagers(trx, centreId)) {
    await enqueueEmail(
      trx,
      clock,
      manager.email,
      lowStockEmail({
        managerName: manager.fullName,
        centreName: context.centre_name,
        productName: context.product_name,
        sku: context.sku,
        available,
        minStock: figures.minStock,
      }),
    );
  }
  return 'crossed';
}
