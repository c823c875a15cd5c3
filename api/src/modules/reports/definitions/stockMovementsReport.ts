import { STOCK_MOVEMENT_KIND_LABELS, type StockMovementKind } from 'shared-contracts/schemas';
import { afterKeyset, pageLimit, type Keyset, countOf, inRange, isoOrNull, isoText, keysetText, nextKeyset, withCentre, type ReportDefinition, type ReportScope } from '../reportDefinition';
import { readRows } from '../../../db/directRead';

/** The ledger's rows of the range (only ISSUE and RETURN for the parts used), with what they point at. */
export function movementsOf(scope: ReportScope, kinds: readonly StockMovementKind[] | null) {
  return scope.db
    .selectFrom('stock_movements as m')
    .where(inRange(scope, 'm.created_at'))
    .$if(kinds !== null, (q) => q.where('m.kind', 'in', kinds!))
    .$if(scope.centreId !== null, (q) => q.where('m.centre_id', '=', scope.centreId!));
}

export async function countMovements(scope: ReportScope, kinds: readonly StockMovementKind[] | null): Promise<number> {
  return countOf(await movementsOf(scope, kinds).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
}

/** One page of movements with their product, order, technician and actor, in (created_at, id) order. */
export function movementPage(scope: ReportScope, kinds: readonly StockMovementKind[] | null, after: Keyset | null, limit: number) {
  // The page's own rows first (read in index order, at most `limit` of them), then what they point at.
  const page = movementsOf(scope, kinds)
    .where(afterKeyset(scope, 'm.created_at', 'm.id', after))
    .select([
      'm.id',
      keysetText(scope, 'm.created_at').as('keyset_at'),
      isoText(scope, 'm.created_at').as('created_iso'),
      'm.centre_id',
      'm.product_id',
      'm.parts_request_id',
      'm.actor_id',
      'm.created_at',
      'm.kind',
      'm.quantity',
      'm.on_hand_after',
      'm.reason',
    ])
    .orderBy('m.created_at')
    .$call(pageLimit(scope, 'm.id', limit));
  const query = scope.db
    .selectFrom(page.as('m'))
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .innerJoin('service_centres as c', 'c.id', 'm.centre_id')
    .leftJoin('parts_requests as pr', 'pr.id', 'm.parts_request_id')
    .leftJoin('service_orders as so', 'so.id', 'pr.service_order_id')
    .leftJoin('users as t', 't.id', 'so.technician_id')
    .leftJoin('users as actor', 'actor.id', 'm.actor_id')
    .select([
      'm.id',
      'm.keyset_at',
      'c.name as centre',
      'm.created_iso',
      'm.kind',
      'm.quantity',
      'm.on_hand_after',
      'm.reason',
      'p.sku',
      'p.name as product',
      'p.price',
      'pr.unit_price',
      'so.code as order_code',
      'so.license_plate',
      't.full_name as technician',
      'actor.full_name as actor',
    ])
    .orderBy('m.created_at')
    .orderBy('m.id');
  return readRows(scope.db, query);
}

export const kindLabel = (kind: string) => STOCK_MOVEMENT_KIND_LABELS[kind as StockMovementKind] ?? kind;

/** Nhập – xuất kho: every movement of the centre's ledger in the range, signed as the ledger has it. */
export const stockMovementsReport: ReportDefinition = {
  name: 'stock-movements',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'at', label: 'Thời điểm', kind: 'datetime' },
      { key: 'kind', label: 'Loại', kind: 'text' },
      { key: 'sku', label: 'Mã phụ tùng', kind: 'text' },
      { key: 'product', label: 'Tên phụ tùng', kind: 'text' },
      { key: 'quantity', label: 'Số lượng (+ nhập / − xuất)', kind: 'number' },
      { key: 'onHandAfter', label: 'Tồn sau', kind: 'number' },
      { key: 'serviceOrderCode', label: 'Mã phiếu', kind: 'text' },
      { key: 'actor', label: 'Người thực hiện', kind: 'text' },
      { key: 'reason', label: 'Ghi chú', kind: 'text' },
    ]),
  count: (scope) => countMovements(scope, null),
  async page(scope, after, limit) {
    const rows = await movementPage(scope, null, after, limit);
    return {
      rows: rows.map((r) => ({
        centre: r.centre,
        at: isoOrNull(r.created_iso),
        kind: kindLabel(r.kind),
        sku: r.sku,
        product: r.product,
        quantity: r.quantity,
        onHandAfter: r.on_hand_after,
        serviceOrderCode: r.order_code,
        actor: r.actor,
        reason: r.reason,
      })),
      next: nextKeyset(rows, limit),
    };
  },
};
