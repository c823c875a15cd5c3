import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { debit, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

/** Lots expired per round. */
const LOTS_PER_ROUND = 500;

/**
 * Expires the points of lots past their date, oldest first: each lot's unspent points leave in an EXPIRE entry of
 * their own (once: its key), in a transaction holding the member. Answers the lots expired.
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
  for (const lot of due) {
    // Its own transaction, or the caller's (the seed's).
    const run = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
    const done = await run(async (trx) => {
      await holdMember(trx, lot.user_id);
      const current = await trx.selectFrom('loyalty_entries').select(['remaining', 'expires_at']).where('id', '=', lot.id).executeTakeFirstOrThrow();
      if (current.remaining <= 0) return false;
      const written = await debit(trx, { userId: lot.user_id, points: current.remaining, kind: 'EXPIRE', key: `expire-lot-${lot.id}`, reason: 'Điểm hết hạn', saleId: null, refundId: null, actorId: null, at: now, fromLotId: lot.id });
      return written !== null;
    });
    if (done) expired += 1;
  }
  return expired;
}
