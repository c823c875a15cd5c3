import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { emptyLots, holdMembers } from './pointsLedger';

type Db = Kysely<Database>;

/** Lots expired per round. */
const LOTS_PER_ROUND = 500;
/** Lots expired per transaction: a commit each (on PostgreSQL a WAL flush) would cost more than the work. */
const LOTS_PER_TRANSACTION = 50;

/**
 * Expires the points of lots past their date, oldest first: each lot's unspent points leave in an EXPIRE entry of
 * their own (once: its key; the ledger's emptyLots), in transactions of LOTS_PER_TRANSACTION lots holding their
 * members in id order (so two instances' runs wait for each other, never deadlock). Answers the lots expired.
 */
export async function expireLots(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('loyalty_entries')
    .select(['id', 'user_id'])
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .limit(LOTS_PER_ROUND)
    .execute();
  let expired = 0;
  for (let start = 0; start < due.length; start += LOTS_PER_TRANSACTION) {
    const lots = due.slice(start, start + LOTS_PER_TRANSACTION);
    // Its own transaction, or the caller's (the seed's).
    const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
    expired += await run(async (trx) => {
      await holdMembers(trx, [...new Set(lots.map((lot) => lot.user_id))]);
      return emptyLots(trx, lots.map((lot) => lot.id), { kind: 'EXPIRE', reason: 'Điểm hết hạn', at: now, keyOf: (lotId) => `expire-lot-${lotId}` });
    });
  }
  return expired;
}
