import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { roundTimer } from '../../jobs/roundTimer';
import type { ObjectStore } from '../../objectStorage';
import { systemClock, type Clock } from '../../security/clock';
import type { EInvoiceProvider } from './eInvoiceProvider';
import { archiveIssuedInvoices } from './eInvoiceArchive';
import { queueCompanyReplacements } from './companyInvoices';
import { claimDueInvoices, sendInvoice } from './eInvoiceSender';
import { queueSaleInvoices, releaseDueInvoices } from './saleInvoiceQueue';

/** Invoices claimed per round, and sent at once (most of a send waits on the provider and the database's commits). */
const BATCH_SIZE = 40;
const CONCURRENCY = 8;
/** Rounds of ledger events read before the sends of a round (a backlog is read 500 events a round). */
const EVENT_ROUNDS = 4;
/** Rounds run back to back while each finds a full batch (a backlog), before the timer's next tick. */
const ROUNDS_AT_ONCE = 50;

export interface EInvoiceRound {
  events: number;
  issued: number;
  retried: number;
  refused: number;
}

export interface EInvoiceWorker {
  /** One round: the ledger's new sales queued, what is due released, the due invoices issued. */
  runRound(): Promise<EInvoiceRound>;
  start(): void;
  stop(): Promise<void>;
}

export interface EInvoiceWorkerOptions {
  db: Kysely<Database>;
  provider: EInvoiceProvider;
  config: Pick<Config, 'seller' | 'publicUrl'>;
  clock?: Clock;
  intervalMs?: number;
  sendTimeoutMs?: number;
  /** After an issue's commit: the customer's open pages learn of their notification. */
  announce?: (userId: number) => Promise<void>;
  /** Where issued invoices' XML and PDF are kept (none: not archived). */
  store?: ObjectStore | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The durable queue of the shop's e-invoices: every round reads the ledger's new sale events into invoices, releases
 * the ones due and issues them through the provider, each claimed atomically so several API instances never send one
 * at once (and a crash's claim lapses into a resend with the same key).
 */
export function createEInvoiceWorker({ db, provider, config, clock = systemClock, intervalMs = 1_000, sendTimeoutMs, store = null, announce, log }: EInvoiceWorkerOptions): EInvoiceWorker {
  let ticking = false;
  /** The last round claimed a full batch: more are due, so the next round goes at once. */
  let lastRoundFull = false;
  const now = () => clock.now();

  async function round(): Promise<EInvoiceRound> {
    const report: EInvoiceRound = { events: 0, issued: 0, retried: 0, refused: 0 };
    for (let turn = 0; turn < EVENT_ROUNDS; turn += 1) {
      const read = await queueSaleInvoices(db, provider.name, now());
      report.events += read;
      if (read === 0) break;
    }
    await releaseDueInvoices(db, now());
    await queueCompanyReplacements(db, now());
    const claimed = await claimDueInvoices(db, now(), BATCH_SIZE);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, async () => {
        while (next < claimed.length) {
          const row = claimed[next++]!;
          const outcome = await sendInvoice(db, config, provider, row, now, sendTimeoutMs, (userId) => void announce?.(userId).catch(() => undefined));
          if (outcome === 'issued') report.issued += 1;
          else if (outcome === 'retry') report.retried += 1;
          else report.refused += 1;
        }
      }),
    );
    lastRoundFull = claimed.length === BATCH_SIZE;
    // Issuing first: a backlog's full rounds leave the archive (a PDF each) to the rounds that find the queue caught up.
    if (store && !lastRoundFull) await archiveIssuedInvoices(db, store, config, provider);
    return report;
  }

  /** The timer's round, then at once another while each claims a full batch (the delivery worker's way with a backlog). */
  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      for (let turn = 0; turn < ROUNDS_AT_ONCE; turn += 1) {
        await rounds.runRound();
        if (!lastRoundFull || !rounds.started()) break;
      }
    } finally {
      ticking = false;
    }
  }

  const rounds = roundTimer({ round, tick, intervalMs, log, failure: 'e-invoice round failed; the next one tries again' });
  return { runRound: rounds.runRound, start: rounds.start, stop: rounds.stop };
}
