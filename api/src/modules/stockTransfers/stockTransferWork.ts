import type { Kysely, Transaction } from 'kysely';
import {
  STOCK_TRANSFER_STATUS_LABELS,
  STOCK_TRANSFER_TRANSITIONS,
  canCreateStockTransfer,
  canTakeStockTransferAction,
  type StockTransferAction,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import type { Clock } from '../../security/clock';
import { centreScopeMessages, type CentreScope } from '../../security/centreScope';
import { addOnHand, takeOnHand } from '../inventory/centreStockMoves';
import { StockTransferErrorCodes as Codes, stockTransferMessages as messages } from './stockTransferMessages';
import { readTransfers, transferRow, transferVisibleTo, type TransferRow } from './stockTransferQueries';

/**
 * The transfers' writes, each one transaction:
 *
 * - create: the transfer row (IN_TRANSIT), its lines, then the units taken at the source in ascending product id
 *   (takeOnHand: `on_hand −= q where on_hand − reserved >= q`, a TRANSFER_OUT movement with the transfer): a
 *   line the source cannot give rolls everything back (409 naming the product and what is available);
 * - receive / cancel: the status moves by ONE conditional UPDATE on (id, version, IN_TRANSIT), so of two racing
 *   callers exactly one moves it; only that one adds the units (TRANSFER_IN) at the destination (receive) or
 *   back at the source (cancel). The loser's UPDATE matches nothing: 409 with the transfer as it is now.
 */

type Db = Kysely<Database>;
export interface NewTransfer {
  fromLocationId: number;
  toLocationId: number;
  lines: { productId: number; quantity: number }[];
  note: string | null;
}

export interface TransferContext {
  db: Db;
  clock: Clock;
}

/** The two locations' rows; 422 on the field of an unknown one. */
async function locationsOf(db: Db | Transaction<Database>, fromId: number, toId: number) {
  const rows = await db.selectFrom('service_centres').select(['id', 'name']).where('id', 'in', [fromId, toId]).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [id, field] of [[fromId, 'fromLocationId'], [toId, 'toLocationId']] as const) {
    if (!byId.has(id)) throw new AppError(422, Codes.LOCATION_NOT_FOUND, messages.locationNotFound, [{ field, message: messages.locationNotFound }]);
  }
  return byId;
}

/** Creates a transfer and takes its units at the source; answers the new transfer's id. */
export async function createTransfer(ctx: TransferContext, scope: CentreScope, input: NewTransfer): Promise<number> {
  const { db, clock } = ctx;
  if (input.fromLocationId === input.toLocationId) {
    throw new AppError(422, Codes.SAME_LOCATION, messages.sameLocation, [{ field: 'toLocationId', message: messages.sameLocation }]);
  }
  const places = await locationsOf(db, input.fromLocationId, input.toLocationId);
  if (!canCreateStockTransfer(scope, input.fromLocationId, input.toLocationId)) {
    throw new AppError(403, Codes.TRANSFER_FORBIDDEN, messages.notYourCentre, [{ field: 'fromLocationId', message: messages.notYourCentre }]);
  }
  const ids = input.lines.map((line) => line.productId);
  const known = new Set((await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  input.lines.forEach((line, index) => {
    if (!known.has(line.productId)) {
      const field = `lines.${index}.productId`;
      throw new AppError(422, Codes.PRODUCT_NOT_FOUND, messages.productNotFound, [{ field, message: messages.productNotFound }]);
    }
  });
  const sourceName = places.get(input.fromLocationId)!.name;

  return inTransaction(db, async (trx) => {
    const now = clock.now().toISOString();
    const created = await trx
      .insertInto('stock_transfers')
      .values({
        from_location_id: input.fromLocationId,
        to_location_id: input.toLocationId,
        status: 'IN_TRANSIT',
        note: input.note,
        created_by: scope.userId,
        created_at: now,
        version: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const transferId = created.id;
    await trx
      .insertInto('stock_transfer_lines')
      .values(input.lines.map((line) => ({ transfer_id: transferId, product_id: line.productId, quantity: line.quantity })))
      .execute();
    // ascending product id, as checkout and receive lock them: no waiting in a cycle
    const sorted = [...input.lines].sort((a, b) => a.productId - b.productId);
    for (const line of sorted) {
      const taken = await takeOnHand(
        trx,
        { centreId: input.fromLocationId, productId: line.productId, quantity: line.quantity, kind: 'TRANSFER_OUT', transferId, actorId: scope.userId, reason: input.note },
        clock,
      );
      if (taken.taken) continue;
      const message = messages.insufficient(taken.productName, taken.available, sourceName);
      const field = `lines.${input.lines.indexOf(line)}.quantity`;
      throw new AppErrorWithData(409, Codes.TRANSFER_INSUFFICIENT_STOCK, message, { productId: line.productId, available: taken.available }, [{ field, message }]);
    }
    return transferId;
  });
}

/** 409 with the transfer as it is now (its status, version and the caller's actions). */
async function stale(db: Db, scope: CentreScope, id: number): Promise<AppErrorWithData> {
  const [current] = await readTransfers(db, scope, [id]);
  const label = current ? current.statusLabel : STOCK_TRANSFER_STATUS_LABELS.IN_TRANSIT;
  return new AppErrorWithData(409, Codes.TRANSFER_STALE, messages.stale(label), { transfer: current ?? null });
}

/** Receives (at the destination) or cancels (back at the source) a transfer in transit, from the version the caller read. */
export async function takeTransferAction(ctx: TransferContext, scope: CentreScope, id: number, action: StockTransferAction, version: number): Promise<TransferRow> {
  const { db, clock } = ctx;
  const row = await transferRow(db, id);
  if (!row || !transferVisibleTo(scope, row)) throw AppError.notFound(centreScopeMessages.notFound);
  const facts = { status: row.status, fromLocationId: row.from_location_id, toLocationId: row.to_location_id };
  const transition = STOCK_TRANSFER_TRANSITIONS[action];
  // who may, whatever the status (a staff member never cancels); then whether it still can be done
  if (!canTakeStockTransferAction(scope, { ...facts, status: 'IN_TRANSIT' }, action)) {
    throw new AppError(403, Codes.TRANSFER_FORBIDDEN, messages.notAllowed(transition.label));
  }
  if (row.status !== 'IN_TRANSIT' || row.version !== version) throw await stale(db, scope, id);

  const moved = await inTransaction(db, async (trx) => {
    const now = clock.now().toISOString();
    const updated = await trx
      .updateTable('stock_transfers')
      .set((eb) => ({ status: transition.to, received_by: scope.userId, received_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', '=', 'IN_TRANSIT')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const place = action === 'receive' ? row.to_location_id : row.from_location_id;
    const lines = await trx.selectFrom('stock_transfer_lines').select(['product_id', 'quantity']).where('transfer_id', '=', id).orderBy('product_id').execute();
    for (const line of lines) {
      await addOnHand(
        trx,
        { centreId: place, productId: line.product_id, quantity: toNumber(line.quantity), kind: 'TRANSFER_IN', transferId: id, actorId: scope.userId, reason: null },
        clock,
      );
    }
    return true;
  });
  if (!moved) throw await stale(db, scope, id);
  return row;
}
