import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { roundTimer } from '../../jobs/roundTimer';
import { systemClock, type Clock } from '../../security/clock';
import { expireLots } from './pointExpiry';
import { queueSaleEarnings, releaseEarnings } from './saleEarnings';
import { giveSignUpBonuses } from './signUpBonus';

/** Rounds of ledger events read per round (500 each). */
const EVENT_ROUNDS = 4;

export interface LoyaltyRound {
  events: number;
  earned: number;
  expired: number;
  /** Sign-up bonuses given (customers newly verified). */
  signUpBonuses: number;
}

export interface LoyaltyWorker {
  /** One round: the ledger's new sales counted, what is complete earned, the lots past their date expired. */
  runRound(): Promise<LoyaltyRound>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The members' points from the ledger: every round reads the ledger's new sale events, earns the sales complete and
 * expires the lots past their date. Safe on several API instances at once (each write is once by its key and its
 * member held).
 */
export function createLoyaltyWorker({ db, clock = systemClock, intervalMs = 5_000, log }: { db: Kysely<Database>; clock?: Clock; intervalMs?: number; log?: Pick<FastifyBaseLogger, 'warn'> }): LoyaltyWorker {
  async function round(): Promise<LoyaltyRound> {
    const report: LoyaltyRound = { events: 0, earned: 0, expired: 0, signUpBonuses: 0 };
    for (let turn = 0; turn < EVENT_ROUNDS; turn += 1) {
      const read = await queueSaleEarnings(db);
      report.events += read;
      if (read === 0) break;
    }
    report.earned = await releaseEarnings(db, clock.now());
    report.expired = await expireLots(db, clock.now());
    report.signUpBonuses = await giveSignUpBonuses(db, clock.now());
    return report;
  }

  const { runRound, start, stop } = roundTimer({ round, intervalMs, log, failure: 'loyalty round failed; the next one tries again' });
  return { runRound, start, stop };
}
