import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES, type GoodsReceipt, type GoodsReceiptPage } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { addOnHand } from '../stockLocations';
import { inventoryMessages } from './inventoryMessages';

/**
 * Goods receipts from a supplier (issue 45 §1, decision 0055): goods arriving at one stock location (a centre or
 * the online warehouse), with the unit cost paid, in one transaction: the receipt and its lines, then per line in
 * ascending product id (as checkout and transfers lock rows: never waiting in a cycle) `on_hand += q` with a
 * RECEIPT movement pointing at the receipt (addOnHand: the row made if missing, the low-stock check). The lines
 * are the record of what was paid (products have no cost column): margin reports read goods_receipt_lines.
 */

type Db = Kysely<Database>;

export interface GoodsReceiptLineInput {
  productId: number;
  quantity: number;
  unitCost: number;
}

export interface GoodsReceiptRequest {
  centreId: number;
  supplier: string;
  reference: string | null;
  note: string | null;
  lines: readonly GoodsReceiptLineInput[];
  actorId: number;
}

/** The ledger's note of a RECEIPT (the column holds 300 characters). */
function movementReason(receiptId: number, supplier: string, reference: string | null): string {
  return `Phiếu nhập #${receiptId} – ${supplier}${reference ? ` (${reference})` : ''}`.slice(0, 300);
}

/**
 * Records a goods receipt inside `trx` (an error rolls every line back). 404 PRODUCT_NOT_FOUND on the line of an
 * unknown product. A product no longer sold may be received (stocked before it goes back on sale). Returns the
 * receipt's id and the product ids, ascending.
 */
export async function recordGoodsReceipt(trx: Transaction<Database>, clock: Clock, request: GoodsReceiptRequest): Promise<{ id: number; productIds: number[] }> {
  const now = clock.now().toISOString();
  const lines = [...request.lines].sort((a, b) => a.productId - b.productId);
  const productIds = lines.map((line) => line.productId);
  const known = new Set((await trx.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((row) => row.id));
  request.lines.forEach((line, index) => {
    if (!known.has(line.productId)) {
      const field = `lines.${index}.productId`;
      throw new AppError(404, ERROR_CODES.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound, [{ field, message: inventoryMessages.productNotFound }]);
    }
  });
  const receipt = await trx
    .insertInto('goods_receipts')
    .values({
      centre_id: request.centreId,
      supplier: request.supplier,
      reference: request.reference,
      note: request.note,
      received_by: request.actorId,
      received_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('goods_receipt_lines')
    .values(lines.map((line) => ({ receipt_id: receipt.id, product_id: line.productId, quantity: line.quantity, unit_cost: line.unitCost })))
    .execute();
  const reason = movementReason(receipt.id, request.supplier, request.reference);
  for (const line of lines) {
    await addOnHand(
      trx,
      { centreId: request.centreId, productId: line.productId, quantity: line.quantity, kind: 'RECEIPT', transferId: null, goodsReceiptId: receipt.id, actorId: request.actorId, reason },
      clock,
    );
  }
  return { id: receipt.id, productIds };
}

/** The receipts of `ids` in that order, with their lines (by product name) and who received them. */
export async function readGoodsReceipts(db: Db, ids: readonly number[]): Promise<GoodsReceipt[]> {
  if (ids.length === 0) return [];
  const heads = await db
    .selectFrom('goods_receipts')
    .innerJoin('service_centres', 'service_centres.id', 'goods_receipts.centre_id')
    .innerJoin('users', 'users.id', 'goods_receipts.received_by')
    .select([
      'goods_receipts.id',
      'goods_receipts.centre_id',
      'service_centres.name as centre_name',
      'goods_receipts.supplier',
      'goods_receipts.reference',
      'goods_receipts.note',
      'goods_receipts.received_at',
      'goods_receipts.received_by',
      'users.full_name as received_by_name',
    ])
    .where('goods_receipts.id', 'in', [...ids])
    .execute();
  const lines = await db
    .selectFrom('goods_receipt_lines')
    .innerJoin('products', 'products.id', 'goods_receipt_lines.product_id')
    .select(['goods_receipt_lines.receipt_id', 'goods_receipt_lines.product_id', 'products.sku', 'products.name', 'goods_receipt_lines.quantity', 'goods_receipt_lines.unit_cost'])
    .where('goods_receipt_lines.receipt_id', 'in', [...ids])
    .orderBy('goods_receipt_lines.receipt_id')
    .orderBy('products.name')
    .orderBy('goods_receipt_lines.product_id')
    .execute();
  const linesOf = new Map<number, GoodsReceipt['lines']>();
  for (const row of lines) {
    const quantity = toNumber(row.quantity);
    const unitCost = toNumber(row.unit_cost);
    const list = linesOf.get(row.receipt_id) ?? [];
    list.push({ productId: row.product_id, sku: row.sku, productName: row.name, quantity, unitCost, lineCost: quantity * unitCost });
    linesOf.set(row.receipt_id, list);
  }
  const byId = new Map(
    heads.map((head) => {
      const receiptLines = linesOf.get(head.id) ?? [];
      const receipt: GoodsReceipt = {
        id: head.id,
        centreId: head.centre_id,
        centreName: head.centre_name,
        supplier: head.supplier,
        reference: head.reference,
        note: head.note,
        receivedAt: toIsoUtc(head.received_at),
        receivedBy: { id: head.received_by, name: head.received_by_name },
        lines: receiptLines,
        totalQuantity: receiptLines.reduce((sum, line) => sum + line.quantity, 0),
        totalCost: receiptLines.reduce((sum, line) => sum + line.lineCost, 0),
      };
      return [head.id, receipt] as const;
    }),
  );
  return ids.flatMap((id) => {
    const receipt = byId.get(id);
    return receipt ? [receipt] : [];
  });
}

/** GET /api/inventory/goods-receipts/:id: one receipt, 404 unless the caller's centre (an admin: any location). */
export async function goodsReceiptFor(db: Db, callerCentreId: number | null, id: number): Promise<GoodsReceipt> {
  const row = await db.selectFrom('goods_receipts').select('centre_id').where('id', '=', id).executeTakeFirst();
  if (!row || (callerCentreId !== null && row.centre_id !== callerCentreId)) throw AppError.notFound(inventoryMessages.goodsReceiptNotFound);
  const [receipt] = await readGoodsReceipts(db, [id]);
  return receipt!;
}

/** GET /api/inventory/goods-receipts: newest first; `centreId` null is every location (an admin's list). */
export async function listGoodsReceipts(db: Db, centreId: number | null, page: number, pageSize: number): Promise<GoodsReceiptPage> {
  let ids = db.selectFrom('goods_receipts').select('id');
  let counting = db.selectFrom('goods_receipts').select((eb) => eb.fn.countAll<number | string>().as('total'));
  if (centreId !== null) {
    ids = ids.where('centre_id', '=', centreId);
    counting = counting.where('centre_id', '=', centreId);
  }
  const [rows, counted] = await Promise.all([
    ids.orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    counting.executeTakeFirst(),
  ]);
  return { items: await readGoodsReceipts(db, rows.map((row) => row.id)), page, pageSize, total: toNumber(counted?.total) };
}
