import type { Kysely } from 'kysely';
import { paddedInList } from '../../db/chunks';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';

type Db = Kysely<Database>;

/**
 * The points ledger's writes (issue 67). Every write runs in the caller's transaction holding the member's row, so a
 * member's entries are written one at a time. The invariant: the lots' `remaining` add up to the balance when it is
 * positive, and to 0 when it is negative (a debt later earnings pay first).
 */

/** Holds member `userId`'s row for the transaction: their points are written one at a time. */
export async function holdMember(trx: Db, userId: number): Promise<void> {
  await holdMembers(trx, [userId]);
}

/** Holds the members' rows for the transaction in one statement, in id order (two holders queue, never deadlock). */
export async function holdMembers(trx: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await lockForUpdate(trx, trx.selectFrom('users').select('id').where('id', 'in', paddedInList(userIds)).orderBy('id')).execute();
}

/** The query of the member's balance (one row, `balance`: null without entries), to read alone or beside another read. */
export function balanceQuery(db: Db, userId: number) {
  return db.selectFrom('loyalty_entries').select((eb) => eb.fn.sum<number | string | null>('points').as('balance')).where('user_id', '=', userId);
}

/** The member's balance: the sum of their entries. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const row = await balanceQuery(db, userId).executeTakeFirstOrThrow();
  return toNumber(row.balance ?? 0);
}

/** A lot to credit: its points, its once-only key, why, and when it was earned and expires. */
export interface Lot {
  userId: number;
  points: number;
  key: string;
  reason: string;
  saleId: number | null;
  actorId: number | null;
  at: Date;
  expiresAt: Date;
  kind?: 'EARN' | 'RETURN' | 'ADJUST' | 'BONUS';
  orderId?: number;
}

/** The entry of `lot` for a member whose balance is `balance`: what a negative balance owes is paid from it first. */
export function lotEntry(lot: Lot, balance: number) {
  return {
    user_id: lot.userId,
    kind: lot.kind ?? (lot.saleId === null ? 'ADJUST' : 'EARN'),
    points: lot.points,
    loyalty_sale_id: lot.saleId,
    refund_id: null,
    order_id: lot.orderId ?? null,
    entry_key: lot.key,
    reason: lot.reason,
    actor_id: lot.actorId,
    remaining: Math.max(0, lot.points + Math.min(0, balance)),
    expires_at: lot.expiresAt.toISOString(),
    created_at: lot.at.toISOString(),
  } as const;
}

/**
 * A lot of points (earned, given back or given by hand): what a negative balance owes is paid from it first. Answers
 * the entry's id, or null if its key was written.
 */
export async function creditLot(trx: Db, lot: Lot): Promise<number | null> {
  const balance = await balanceOf(trx, lot.userId);
  const inserted = await trx
    .insertInto('loyalty_entries')
    .values(lotEntry(lot, balance))
    .onConflict((conflict) => conflict.column('entry_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** A debit: the points taken (> 0), its once-only key, why, and when. */
export interface Debit {
  userId: number;
  points: number;
  kind: 'REDEEM' | 'EXPIRE' | 'REVERSE' | 'ADJUST';
  key: string;
  reason: string;
  saleId: number | null;
  refundId: number | null;
  actorId: number | null;
  at: Date;
  fromLotId?: number;
  orderId?: number;
}

/** The entry of `entry`: its points negative, no lot of its own. */
function debitEntry(entry: Debit) {
  return {
    user_id: entry.userId,
    kind: entry.kind,
    points: -entry.points,
    loyalty_sale_id: entry.saleId,
    refund_id: entry.refundId,
    order_id: entry.orderId ?? null,
    entry_key: entry.key,
    reason: entry.reason,
    actor_id: entry.actorId,
    expires_at: null,
    created_at: entry.at.toISOString(),
  } as const;
}

/**
 * Takes `points` (> 0) from the member: from lot `fromLotId` first when given (a refund takes back its own sale's
 * points), then the lots expiring soonest; what the lots cannot cover leaves the balance negative. Answers the
 * entry's id, or null if its key was written.
 */
export async function debit(trx: Db, entry: Debit): Promise<number | null> {
  const inserted = await trx
    .insertInto('loyalty_entries')
    .values(debitEntry(entry))
    .onConflict((conflict) => conflict.column('entry_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  let left = entry.points;
  if (entry.fromLotId !== undefined) left -= await takeFromLot(trx, entry.fromLotId, left);
  while (left > 0) {
    const lots = await trx
      .selectFrom('loyalty_entries')
      .select(['id', 'remaining'])
      .where('user_id', '=', entry.userId)
      .where('kind', 'in', ['EARN', 'RETURN', 'ADJUST', 'BONUS'])
      .where('remaining', '>', 0)
      .orderBy('expires_at')
      .orderBy('id')
      .limit(50)
      .execute();
    if (lots.length === 0) break;
    for (const lot of lots) {
      if (left === 0) break;
      left -= await takeFromLot(trx, lot.id, left);
    }
  }
  return inserted.id;
}

/** Takes up to `points` from a lot's remaining; answers what it took. */
async function takeFromLot(trx: Db, lotId: number, points: number): Promise<number> {
  const lot = await trx.selectFrom('loyalty_entries').select('remaining').where('id', '=', lotId).executeTakeFirst();
  const taken = Math.min(points, lot?.remaining ?? 0);
  if (taken > 0) await trx.updateTable('loyalty_entries').set((eb) => ({ remaining: eb('remaining', '-', taken) })).where('id', '=', lotId).execute();
  return taken;
}

/**
 * Empties lots: what each lot still holds leaves in a debit of its own (`kind`, `reason`, keyed `keyOf` the lot's id),
 * written once (its key); three statements for the lots together. The caller holds their members. Answers the lots
 * emptied.
 */
export async function emptyLots(trx: Db, lotIds: readonly number[], debit: { kind: Debit['kind']; reason: string; at: Date; keyOf: (lotId: number) => string }): Promise<number> {
  if (lotIds.length === 0) return 0;
  const lots = await trx.selectFrom('loyalty_entries').select(['id', 'user_id', 'remaining']).where('id', 'in', paddedInList(lotIds)).where('remaining', '>', 0).execute();
  if (lots.length === 0) return 0;
  const lotOfKey = new Map(lots.map((lot) => [debit.keyOf(lot.id), lot]));
  const written = await trx
    .insertInto('loyalty_entries')
    .values(
      [...lotOfKey].map(([key, lot]) =>
        debitEntry({ userId: lot.user_id, points: lot.remaining, kind: debit.kind, key, reason: debit.reason, saleId: null, refundId: null, actorId: null, at: debit.at }),
      ),
    )
    .onConflict((conflict) => conflict.column('entry_key').doNothing())
    .returning('entry_key')
    .execute();
  const emptied = written.map((row) => lotOfKey.get(row.entry_key)!.id);
  if (emptied.length > 0) await trx.updateTable('loyalty_entries').set({ remaining: 0 }).where('id', 'in', paddedInList(emptied)).execute();
  return emptied.length;
}
