import type { Kysely } from 'kysely';
import {
  STOCK_TRANSFER_PAGE_SIZE,
  STOCK_TRANSFER_STATUS_LABELS,
  stockTransferActions,
  type StockLocation,
  type StockTransfer,
  type StockTransferPage,
  type StockTransferStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { CentreScope } from '../../security/centreScope';

type Db = Kysely<Database>;

/** Every stock location (service centres and the warehouse), by name. */
export async function listStockLocations(db: Db): Promise<StockLocation[]> {
  const rows = await db.selectFrom('service_centres').select(['id', 'name', 'kind', 'ships_online', 'city']).orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind === 'WAREHOUSE' ? 'WAREHOUSE' : 'SERVICE_CENTRE',
    shipsOnline: toNumber(row.ships_online) === 1,
    city: row.city,
  }));
}

/** The stored row of a transfer (what the work functions check before they act). */
export interface TransferRow {
  id: number;
  from_location_id: number;
  to_location_id: number;
  status: StockTransferStatus;
  note: string | null;
  version: number;
}

export async function transferRow(db: Db, id: number): Promise<TransferRow | null> {
  const row = await db
    .selectFrom('stock_transfers')
    .select(['id', 'from_location_id', 'to_location_id', 'status', 'note', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, status: row.status as StockTransferStatus, version: toNumber(row.version) } : null;
}

/**
 * Whether the caller sees the transfer: an admin every one, the others those touching their centre (a request
 * addressed to their centre as the source included).
 */
export function transferVisibleTo(scope: CentreScope, row: Pick<TransferRow, 'from_location_id' | 'to_location_id'>): boolean {
  return scope.centreId === null || scope.centreId === row.from_location_id || scope.centreId === row.to_location_id;
}

/** The transfers of `ids` as the API answers them (lines, places, people, the caller's actions), in the order of `ids`. */
export async function readTransfers(db: Db, scope: CentreScope, ids: readonly number[]): Promise<StockTransfer[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db
      .selectFrom('stock_transfers as t')
      .innerJoin('service_centres as f', 'f.id', 't.from_location_id')
      .innerJoin('service_centres as d', 'd.id', 't.to_location_id')
      .leftJoin('users as c', 'c.id', 't.created_by')
      .leftJoin('users as r', 'r.id', 't.received_by')
      .leftJoin('users as k', 'k.id', 't.decided_by')
      .select([
        't.id',
        't.status',
        't.note',
        't.version',
        't.created_at',
        't.received_at',
        't.requested_at',
        't.decided_at',
        't.decline_reason',
        't.from_location_id',
        't.to_location_id',
        'f.name as from_name',
        'd.name as to_name',
        'c.id as creator_id',
        'c.full_name as creator_name',
        'r.id as closer_id',
        'r.full_name as closer_name',
        'k.id as decider_id',
        'k.full_name as decider_name',
      ])
      .where('t.id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('stock_transfer_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.transfer_id', 'l.product_id', 'l.quantity', 'p.sku', 'p.name'])
      .where('l.transfer_id', 'in', [...ids])
      .orderBy('l.transfer_id')
      .orderBy('p.name')
      .orderBy('l.product_id')
      .execute(),
  ]);
  const linesOf = new Map<number, StockTransfer['lines']>();
  for (const line of lines) {
    const list = linesOf.get(line.transfer_id) ?? [];
    list.push({ productId: line.product_id, sku: line.sku, name: line.name, quantity: toNumber(line.quantity) });
    linesOf.set(line.transfer_id, list);
  }
  const byId = new Map(
    rows.map((row) => {
      const status = row.status as StockTransferStatus;
      const facts = { status, fromLocationId: row.from_location_id, toLocationId: row.to_location_id };
      const transfer: StockTransfer = {
        id: row.id,
        status,
        statusLabel: STOCK_TRANSFER_STATUS_LABELS[status],
        from: { id: row.from_location_id, name: row.from_name },
        to: { id: row.to_location_id, name: row.to_name },
        note: row.note,
        lines: linesOf.get(row.id) ?? [],
        createdBy: row.creator_id === null ? null : { id: row.creator_id, fullName: row.creator_name ?? '' },
        createdAt: toIsoUtc(row.created_at),
        requested: row.requested_at !== null,
        decidedBy: row.decider_id === null ? null : { id: row.decider_id, fullName: row.decider_name ?? '' },
        decidedAt: row.decided_at === null ? null : toIsoUtc(row.decided_at),
        declineReason: row.decline_reason,
        closedBy: row.closer_id === null ? null : { id: row.closer_id, fullName: row.closer_name ?? '' },
        closedAt: row.received_at === null ? null : toIsoUtc(row.received_at),
        version: toNumber(row.version),
        actions: stockTransferActions(scope, facts),
      };
      return [row.id, transfer] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface TransferListFilters {
  /** Transfers from or to this location; undefined: every one (an admin without a choice). */
  centreId: number | undefined;
  status: StockTransferStatus | undefined;
  page: number;
}

/** A page of transfers, newest first. */
export async function listTransfers(db: Db, scope: CentreScope, filters: TransferListFilters): Promise<StockTransferPage> {
  let query = db.selectFrom('stock_transfers');
  const centreId = filters.centreId;
  if (centreId !== undefined) query = query.where((eb) => eb.or([eb('from_location_id', '=', centreId), eb('to_location_id', '=', centreId)]));
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  const pageSize = STOCK_TRANSFER_PAGE_SIZE;
  const [counted, idRows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    query
      .select('id')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize)
      .execute(),
  ]);
  const total = toNumber(counted.total);
  return {
    items: await readTransfers(db, scope, idRows.map((row) => row.id)),
    total,
    page: filters.page,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
  };
}
