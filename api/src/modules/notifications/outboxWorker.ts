import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { systemClock, type Clock } from '../../security/clock';
import type { Mailer } from './mailer';

export const OUTBOX_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
/** How long a claimed email is hidden from other workers while it is being sent. */
const CLAIM_LEASE_MS = 2 * 60_000;

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export interface OutboxWorker {
  /** Sends the emails due now, most waited-for first (emailPriority), claimed one by one so several API instances can run workers. */
  deliverPending(): Promise<DeliveryReport>;
  /** Polls every `intervalMs`. */
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  clock?: Clock;
  intervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Retry backoff: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

export function createOutboxWorker({ db, mailer, clock = systemClock, intervalMs = 2_000, log }: OutboxWorkerOptions): OutboxWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DeliveryReport> | null = null;

  async function deliverPending(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    const now = clock.now();
    const due = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('priority')
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();

    for (const email of due) {
      const attempt = email.attempts + 1;
      // Claim: only the worker whose update sees the attempt count it read gets to send.
      const claimed = await db
        .updateTable('email_outbox')
        .set({ attempts: attempt, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
        .where('id', '=', email.id)
        .where('attempts', '=', email.attempts)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;

      try {
        await mailer.send({ to: email.to_address, subject: email.subject, text: email.text_body, html: email.html_body });
        await db.updateTable('email_outbox').set({ sent_at: clock.now().toISOString(), last_error: null }).where('id', '=', email.id).execute();
        report.sent += 1;
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const giveUp = attempt >= OUTBOX_MAX_ATTEMPTS;
        await db
          .updateTable('email_outbox')
          .set({
            last_error: reason,
            next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(attempt)).toISOString(),
            failed_at: giveUp ? clock.now().toISOString() : null,
          })
          .where('id', '=', email.id)
          .execute();
        report.failed += 1;
        if (giveUp) log?.error({ emailId: email.id, kind: email.kind, reason }, 'email delivery given up');
        else log?.warn({ emailId: email.id, kind: email.kind, attempt, reason }, 'email delivery failed, will retry');
      }
    }
    return report;
  }

  const tick = () => {
    if (running) return;
    running = deliverPending()
      .catch((error: unknown) => {
        log?.error({ err: error }, 'outbox round failed');
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    deliverPending,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
