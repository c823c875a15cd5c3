import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  STOCK_TRANSFER_STATUS_LABELS,
  STOCK_TRANSFER_TRANSITIONS,
  canCreateStockTransfer,
  canRequestStockTransfer,
  mayTakeStockTransferAction,
  type NewStockTransferFacts,
  type StockTransferAction,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import type { Clock } from '../../security/clock';
import { centreScopeMessages, type CentreScope } from '../../security/centreScope';
import { addOnHand, takeOnHand } from '../stockLocations';
import { stockTransferMessages as messages } from './stockTransferMessages';
import { readTransfers, transferRow, transferVisibleTo, type TransferRow } from './stockTransferQueries';

/**
 * The transfers' writes (stock_transfers and its lines are written here only), each one transaction:
 *
 * - received at once: the inventory's receive from the online warehouse (receiveTransferAtOnce, in its caller's
 *   transaction): created RECEIVED, the units taken at the source and added at the destination;
 *
 * - create: the transfer row (IN_TRANSIT), its lines, then the units taken at the source in ascending product id
 *   (takeOnHand: `on_hand −= q where on_hand − reserved >= q`, a TRANSFER_OUT movement with the transfer): a
 *   line the source cannot give rolls everything back (409 naming the product and what is available). Only an
 *   admin, the source's manager, or a manager pulling from a warehouse into their centre creates (the machine);
 * - request: the destination's manager who may not create it writes it REQUESTED with its lines; nothing moves;
 * - accept / decline / withdraw / receive / cancel: the status moves by ONE conditional UPDATE on (id, version, the
 *   status the action leaves), so of two racing callers exactly one moves it; only that one moves the units: accept
 *   takes them at the source as creation does (too little rolls the acceptance back: 409), receive adds them at
 *   the destination, cancel back at the source; decline and withdraw move none. The loser's UPDATE matches
 *   nothing: 409 with the transfer as it is now.
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
  const rows = await db.selectFrom('service_centres').select(['id', 'name', 'kind']).where('id', 'in', [fromId, toId]).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [id, field] of [[fromId, 'fromLocationId'], [toId, 'toLocationId']] as const) {
    if (!byId.has(id)) throw new AppError(422, ERROR_CODES.LOCATION_NOT_FOUND, messages.locationNotFound, [{ field, message: messages.locationNotFound }]);
  }
  return byId;
}

/** The checks creation and a request share: two places, both known, every product known. Answers the machine's facts and the source's name. */
async function checkedTransfer(db: Db, input: NewTransfer): Promise<{ facts: NewStockTransferFacts; sourceName: string }> {
  if (input.fromLocationId === input.toLocationId) {
    throw new AppError(422, ERROR_CODES.SAME_LOCATION, messages.sameLocation, [{ field: 'toLocationId', message: messages.sameLocation }]);
  }
  const places = await locationsOf(db, input.fromLocationId, input.toLocationId);
  const source = places.get(input.fromLocationId)!;
  const facts: NewStockTransferFacts = {
    fromLocationId: input.fromLocationId,
    toLocationId: input.toLocationId,
    fromKind: source.kind === 'WAREHOUSE' ? 'WAREHOUSE' : 'SERVICE_CENTRE',
  };
  return { facts, sourceName: source.name };
}

async function checkProducts(db: Db, input: NewTransfer): Promise<void> {
  const ids = input.lines.map((line) => line.productId);
  const known = new Set((await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  input.lines.forEach((line, index) => {
    if (!known.has(line.productId)) {
      const field = `lines.${index}.productId`;
      throw new AppError(422, ERROR_CODES.PRODUCT_NOT_FOUND, messages.productNotFound, [{ field, message: messages.productNotFound }]);
    }
  });
}

/**
 * Takes every line's units at the source (TRANSFER_OUT with the transfer), in ascending product id as checkout and
 * receive lock them: no waiting in a cycle. A line the source cannot give throws 409 (the caller's transaction rolls back).
 */
async function takeAtSource(
  trx: Transaction<Database>,
  clock: Clock,
  move: { transferId: number; sourceId: number; sourceName: string; actorId: number; reason: string | null },
  lines: readonly { productId: number; quantity: number }[],
  fieldOf: (productId: number) => string | null,
): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of sorted) {
    const taken = await takeOnHand(
      trx,
      { centreId: move.sourceId, productId: line.productId, quantity: line.quantity, kind: 'TRANSFER_OUT', transferId: move.transferId, actorId: move.actorId, reason: move.reason },
      clock,
    );
    if (taken.taken) continue;
    const message = messages.insufficient(taken.productName, taken.available, move.sourceName);
    const field = fieldOf(line.productId);
    throw new AppErrorWithData(409, ERROR_CODES.TRANSFER_INSUFFICIENT_STOCK, message, { productId: line.productId, available: taken.available }, field ? [{ field, message }] : undefined);
  }
}

/** Writes the transfer row and its lines; answers its id. */
async function insertTransfer(
  trx: Transaction<Database>,
  actorId: number,
  input: Omit<NewTransfer, 'lines'> & { lines: readonly { productId: number; quantity: number }[] },
  status: 'IN_TRANSIT' | 'REQUESTED' | 'RECEIVED',
  now: string,
): Promise<number> {
  const created = await trx
    .insertInto('stock_transfers')
    .values({
      from_location_id: input.fromLocationId,
      to_location_id: input.toLocationId,
      status,
      note: input.note,
      created_by: actorId,
      created_at: now,
      requested_at: status === 'REQUESTED' ? now : null,
      received_by: status === 'RECEIVED' ? actorId : null,
      received_at: status === 'RECEIVED' ? now : null,
      version: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('stock_transfer_lines')
    .values(input.lines.map((line) => ({ transfer_id: created.id, product_id: line.productId, quantity: line.quantity })))
    .execute();
  return created.id;
}

/**
 * A transfer received at once, inside the caller's transaction (the inventory's receive from the online warehouse):
 * the transfer RECEIVED with its lines, the units taken at the source in ascending product id as creation takes them
 * (a line the source cannot give throws the one 409 TRANSFER_INSUFFICIENT_STOCK, on `fieldOf` its field), then
 * added at the destination (TRANSFER_IN). The caller checked who may and which products; answers the transfer's id.
 */
export async function receiveTransferAtOnce(
  trx: Transaction<Database>,
  clock: Clock,
  input: NewTransfer & { actorId: number },
  fieldOf: (productId: number) => string | null,
): Promise<number> {
  const now = clock.now().toISOString();
  const lines = [...input.lines].sort((a, b) => a.productId - b.productId);
  const transferId = await insertTransfer(trx, input.actorId, { ...input, lines }, 'RECEIVED', now);
  const source = await trx.selectFrom('service_centres').select('name').where('id', '=', input.fromLocationId).executeTakeFirstOrThrow();
  await takeAtSource(trx, clock, { transferId, sourceId: input.fromLocationId, sourceName: source.name, actorId: input.actorId, reason: input.note }, lines, fieldOf);
  for (const line of lines) {
    await addOnHand(trx, { centreId: input.toLocationId, ...line, kind: 'TRANSFER_IN', transferId, actorId: input.actorId, reason: input.note }, clock);
  }
  return transferId;
}

/**
 * Creates a transfer and takes its units at the source; answers the new transfer's id. A destination's manager who
 * may not take the source's units gets 403 TRANSFER_REQUEST_REQUIRED (they send a request instead); anyone else the
 * machine refuses 403 TRANSFER_FORBIDDEN. Nothing is written then.
 */
export async function createTransfer(ctx: TransferContext, scope: CentreScope, input: NewTransfer): Promise<number> {
  const { db, clock } = ctx;
  const { facts, sourceName } = await checkedTransfer(db, input);
  if (!canCreateStockTransfer(scope, facts)) {
    if (canRequestStockTransfer(scope, facts)) {
      const message = messages.requestRequired(sourceName);
      throw new AppError(403, ERROR_CODES.TRANSFER_REQUEST_REQUIRED, message, [{ field: 'fromLocationId', message }]);
    }
    throw new AppError(403, ERROR_CODES.TRANSFER_FORBIDDEN, messages.notYourCentre, [{ field: 'fromLocationId', message: messages.notYourCentre }]);
  }
  await checkProducts(db, input);

  return inTransaction(db, async (trx) => {
    const transferId = await insertTransfer(trx, scope.userId, input, 'IN_TRANSIT', clock.now().toISOString());
    const move = { transferId, sourceId: input.fromLocationId, sourceName, actorId: scope.userId, reason: input.note };
    await takeAtSource(trx, clock, move, input.lines, (productId) => `lines.${input.lines.findIndex((line) => line.productId === productId)}.quantity`);
    return transferId;
  });
}

/**
 * The destination's manager asks the source for the units: a REQUESTED transfer with its lines, nothing moves
 * until the source accepts. 403 when the caller is not the destination's manager, or may create it directly.
 */
export async function requestTransfer(ctx: TransferContext, scope: CentreScope, input: NewTransfer): Promise<number> {
  const { db, clock } = ctx;
  const { facts } = await checkedTransfer(db, input);
  if (!canRequestStockTransfer(scope, facts)) {
    const message = canCreateStockTransfer(scope, facts) ? messages.requestNotNeeded : messages.requestNotYours;
    throw new AppError(403, ERROR_CODES.TRANSFER_FORBIDDEN, message, [{ field: 'toLocationId', message }]);
  }
  await checkProducts(db, input);
  return inTransaction(db, (trx) => insertTransfer(trx, scope.userId, input, 'REQUESTED', clock.now().toISOString()));
}

/** 409 with the transfer as it is now (its status, version and the caller's actions). */
async function stale(db: Db, scope: CentreScope, id: number): Promise<AppErrorWithData> {
  const [current] = await readTransfers(db, scope, [id]);
  const label = current ? current.statusLabel : STOCK_TRANSFER_STATUS_LABELS.IN_TRANSIT;
  return new AppErrorWithData(409, ERROR_CODES.TRANSFER_STALE, messages.stale(label), { transfer: current ?? null });
}

/** What an action writes besides the status and version: who closed it (a final status), who decided a request. */
function changesOf(action: StockTransferAction, actorId: number, now: string, reason: string | null) {
  const closed = { received_by: actorId, received_at: now };
  const decided = { decided_by: actorId, decided_at: now };
  switch (action) {
    case 'accept':
      return decided;
    case 'decline':
      return { ...decided, ...closed, decline_reason: reason };
    case 'withdraw':
    case 'receive':
    case 'cancel':
      return closed;
  }
}

/**
 * Takes `action` on a transfer from the version the caller read: accepts (the units leave the source), declines or
 * withdraws a request, receives (at the destination) or cancels (back at the source) a transfer in transit.
 */
export async function takeTransferAction(
  ctx: TransferContext,
  scope: CentreScope,
  id: number,
  action: StockTransferAction,
  version: number,
  reason: string | null = null,
): Promise<TransferRow> {
  const { db, clock } = ctx;
  const row = await transferRow(db, id);
  if (!row || !transferVisibleTo(scope, row)) throw AppError.notFound(centreScopeMessages.notFound);
  const places = { fromLocationId: row.from_location_id, toLocationId: row.to_location_id };
  const transition = STOCK_TRANSFER_TRANSITIONS[action];
  // who may, whatever the status (a staff member never cancels); then whether it still can be done
  if (!mayTakeStockTransferAction(scope, places, action)) {
    throw new AppError(403, ERROR_CODES.TRANSFER_FORBIDDEN, messages.notAllowed(transition.label));
  }
  if (!transition.from.includes(row.status) || row.version !== version) throw await stale(db, scope, id);
  const sourceName =
    action === 'accept' ? (await db.selectFrom('service_centres').select('name').where('id', '=', row.from_location_id).executeTakeFirstOrThrow()).name : '';

  const moved = await inTransaction(db, async (trx) => {
    const now = clock.now().toISOString();
    const updated = await trx
      .updateTable('stock_transfers')
      .set((eb) => ({ ...changesOf(action, scope.userId, now, reason), status: transition.to, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', 'in', [...transition.from])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (action === 'decline' || action === 'withdraw') return true;
    const lines = (await trx.selectFrom('stock_transfer_lines').select(['product_id', 'quantity']).where('transfer_id', '=', id).orderBy('product_id').execute()).map(
      (line) => ({ productId: line.product_id, quantity: toNumber(line.quantity) }),
    );
    if (action === 'accept') {
      const move = { transferId: id, sourceId: row.from_location_id, sourceName, actorId: scope.userId, reason: row.note };
      await takeAtSource(trx, clock, move, lines, () => null);
      return true;
    }
    const place = action === 'receive' ? row.to_location_id : row.from_location_id;
    for (const line of lines) {
      await addOnHand(trx, { centreId: place, ...line, kind: 'TRANSFER_IN', transferId: id, actorId: scope.userId, reason: null }, clock);
    }
    return true;
  });
  if (!moved) throw await stale(db, scope, id);
  return row;
}
