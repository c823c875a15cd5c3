import type { Kysely } from 'kysely';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';

/**
 * The ledger check (issue 14: "a check that replays the ledger equals the stock table"): replays
 * stock_movements per (centre, product) in id order and compares with centre_stock. It finds:
 *
 * - `on_hand`: Σ quantity of the movements ≠ centre_stock.on_hand (a change of on_hand without its movement);
 * - `on_hand_after`: a movement whose on_hand_after is not the running sum (a movement written out of order
 *   or with a wrong figure);
 * - `negative`: a running sum, on_hand, reserved or min_stock below zero, or reserved above on_hand;
 * - `orphan`: movements of a (centre, product) without a stock row.
 */

export interface LedgerMismatch {
  centreId: number;
  productId: number;
  problem: 'on_hand' | 'on_hand_after' | 'negative' | 'orphan';
  /** What the ledger says (the running sum at the movement, or in total). */
  ledger: number;
  /** What the table (or the movement's on_hand_after) says. */
  recorded: number;
  movementId: number | null;
}

export interface LedgerReplay {
  /** Stock rows compared. */
  rows: number;
  movements: number;
  mismatches: LedgerMismatch[];
}

/** Replays the ledger of one centre (or of every centre) against centre_stock. Read-only. */
export async function replayStockLedger(db: Kysely<Database>, centreId?: number): Promise<LedgerReplay> {
  let stockQuery = db.selectFrom('centre_stock').select(['centre_id', 'product_id', 'on_hand', 'reserved', 'min_stock']);
  let movementQuery = db.selectFrom('stock_movements').select(['id', 'centre_id', 'product_id', 'quantity', 'on_hand_after']);
  if (centreId !== undefined) {
    stockQuery = stockQuery.where('centre_id', '=', centreId);
    movementQuery = movementQuery.where('centre_id', '=', centreId);
  }
  const [stock, movements] = await Promise.all([stockQuery.execute(), movementQuery.orderBy('centre_id').orderBy('product_id').orderBy('id').execute()]);

  const key = (centre: number, product: number) => `${centre}:${product}`;
  const mismatches: LedgerMismatch[] = [];
  const sums = new Map<string, number>();
  for (const movement of movements) {
    const k = key(movement.centre_id, movement.product_id);
    const running = (sums.get(k) ?? 0) + toNumber(movement.quantity);
    sums.set(k, running);
    const recorded = toNumber(movement.on_hand_after);
    const base = { centreId: movement.centre_id, productId: movement.product_id, movementId: movement.id };
    if (running !== recorded) mismatches.push({ ...base, problem: 'on_hand_after', ledger: running, recorded });
    if (running < 0) mismatches.push({ ...base, problem: 'negative', ledger: running, recorded });
  }

  const stocked = new Set<string>();
  for (const row of stock) {
    const k = key(row.centre_id, row.product_id);
    stocked.add(k);
    const onHand = toNumber(row.on_hand);
    const reserved = toNumber(row.reserved);
    const ledger = sums.get(k) ?? 0;
    const base = { centreId: row.centre_id, productId: row.product_id, movementId: null };
    if (ledger !== onHand) mismatches.push({ ...base, problem: 'on_hand', ledger, recorded: onHand });
    if (onHand < 0 || reserved < 0 || reserved > onHand || toNumber(row.min_stock) < 0) {
      mismatches.push({ ...base, problem: 'negative', ledger, recorded: onHand });
    }
  }
  for (const [k, sum] of sums) {
    if (stocked.has(k)) continue;
    const [centre, product] = k.split(':').map(Number) as [number, number];
    mismatches.push({ centreId: centre, productId: product, problem: 'orphan', ledger: sum, recorded: 0, movementId: null });
  }
  return { rows: stock.length, movements: movements.length, mismatches };
}
