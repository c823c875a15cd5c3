import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationChannel as ChannelName } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import type { NotificationDeliveryRow } from '../../../db/notificationChannelSchema';
import { systemClock, type Clock } from '../../../security/clock';
import type { Delivery, DeliveryRecipient, NotificationChannel, SendOutcome } from './notificationChannel';
import { nextChannel, readChoices, readReach } from './preferences';
import { onDeliveriesWaiting } from './deliveriesWaiting';
import { insertDelivery } from './scheduleDeliveries';

/** Sends of one channel given up after this many tries (then the next allowed channel is tried). */

/** The row's further template parameters (text values only; anything else is dropped). */
function templateDataOf(row: { template_data: string | null }): Record<string, string> {
  if (!row.template_data) return {};
  try {
    const parsed: unknown = JSON.parse(row.template_data);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
export const DELIVERY_MAX_ATTEMPTS = 6;
/** A provider that has not answered in this time is treated as not having answered (retried later). */
export const DELIVERY_SEND_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is hidden from other workers while it is sent: longer than any send may take. */
const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;
/** Sends in flight at once per worker. */
const CONCURRENCY = 8;

/** Retry backoff: 15 s, 30 s, 1 min, … capped at 30 min. */
export function deliveryRetryDelayMs(attempt: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface DeliveryWorker {
  /** Sends the due deliveries, each claimed atomically so several API instances never send one twice. */
  deliverPending(): Promise<DeliveryReport>;
  start(): void;
  stop(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  channels: ReadonlyMap<ChannelName, NotificationChannel>;
  clock?: Clock;
  intervalMs?: number;
  sendTimeoutMs?: number;
  maxAttempts?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

async function loadRecipient(db: Kysely<Database>, userId: number): Promise<DeliveryRecipient | null> {
  const reach = await readReach(db, userId);
  if (!reach) return null;
  const subscriptions = reach.pushSubscriptionCount > 0 ? await db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute() : [];
  return { userId, fullName: reach.fullName, email: reach.email, emailVerified: reach.emailVerified, phone: reach.phone, pushSubscriptions: subscriptions };
}

export function createDeliveryWorker({ db, channels, clock = systemClock, intervalMs = 2_000, sendTimeoutMs = DELIVERY_SEND_TIMEOUT_MS, maxAttempts = DELIVERY_MAX_ATTEMPTS, log }: DeliveryWorkerOptions): DeliveryWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DeliveryReport> | null = null;
  /** Nudged while a round ran: go again when it ends (its due rows were read before the nudge's commit). */
  let nudgedWhileRunning = false;
  let stopListening: (() => void) | null = null;

  /** Only the worker whose update still sees the attempt count it read gets the row. */
  async function claim(row: NotificationDeliveryRow, now: Date): Promise<boolean> {
    const claimed = await db
      .updateTable('notification_deliveries')
      .set({ attempts: row.attempts + 1, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(), updated_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  async function send(row: NotificationDeliveryRow, attempt: number): Promise<SendOutcome> {
    const channel = channels.get(row.channel);
    if (!channel) return { status: 'failed', error: 'Kênh này chưa được cấu hình trên máy chủ.', raw: null };
    const recipient = await loadRecipient(db, row.user_id);
    if (!recipient) return { status: 'failed', error: 'Tài khoản không còn hoạt động.', raw: null };
    if (!channel.canReach({ ...recipient, pushSubscriptionCount: recipient.pushSubscriptions.length })) return { status: 'failed', error: 'Không liên lạc được qua kênh này.', raw: null };
    const delivery: Delivery = { id: row.id, notificationId: row.notification_id, kind: row.kind, topic: row.topic, title: row.title, body: row.body, link: row.link, templateData: templateDataOf(row), attempt, recipient };
    const signal = AbortSignal.timeout(sendTimeoutMs);
    try {
      return await channel.send(delivery, signal);
    } catch (error) {
      return { status: 'retry', error: (error instanceof Error ? error.message : String(error)).slice(0, 1000), raw: null };
    }
  }

  /** Failed for good on this channel: marked failed and, in the same transaction, the next allowed channel queued. */
  async function fallBack(row: NotificationDeliveryRow, outcome: { error: string; raw: string | null }, now: Date): Promise<ChannelName | null> {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notification_deliveries')
        .set({ status: 'failed', last_error: outcome.error.slice(0, 1000), raw_answer: outcome.raw, updated_at: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
      const tried = await trx.selectFrom('notification_deliveries').select('channel').where('notification_id', '=', row.notification_id).where('user_id', '=', row.user_id).execute();
      const choices = await readChoices(trx, row.user_id, row.topic);
      const reach = await readReach(trx, row.user_id);
      if (!reach) return null;
      const next = nextChannel(choices[row.topic], reach, row.channel, new Set(tried.map((delivery) => delivery.channel)), (channel) => channels.has(channel));
      if (next) await insertDelivery(trx, { id: row.notification_id, userId: row.user_id, kind: row.kind, topic: row.topic, title: row.title, body: row.body, link: row.link, templateData: templateDataOf(row) }, next, now);
      return next;
    });
  }

  async function deliverOne(row: NotificationDeliveryRow, report: DeliveryReport): Promise<void> {
    if (!(await claim(row, clock.now()))) return;
    const attempt = row.attempts + 1;
    const outcome = await send(row, attempt);
    const now = clock.now();
    if (outcome.status === 'sent') {
      await db
        .updateTable('notification_deliveries')
        .set({ status: 'sent', sent_at: now.toISOString(), provider_ref: outcome.providerRef?.slice(0, 200) ?? null, raw_answer: outcome.raw, last_error: null, updated_at: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
      report.sent += 1;
      return;
    }
    if (outcome.status === 'retry' && attempt < maxAttempts) {
      await db
        .updateTable('notification_deliveries')
        .set({ last_error: outcome.error.slice(0, 1000), raw_answer: outcome.raw, next_attempt_at: new Date(now.getTime() + deliveryRetryDelayMs(attempt)).toISOString(), updated_at: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
      report.retried += 1;
      log?.warn({ deliveryId: row.id, channel: row.channel, attempt, reason: outcome.error }, 'notification delivery failed, will retry');
      return;
    }
    const next = await fallBack(row, outcome, now);
    report.failed += 1;
    log?.warn({ deliveryId: row.id, channel: row.channel, next, reason: outcome.error }, 'notification delivery given up on this channel');
  }

  async function deliverPending(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    const due = await db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', clock.now().toISOString())
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();
    let index = 0;
    const lanes = Array.from({ length: Math.min(CONCURRENCY, due.length) }, async () => {
      while (index < due.length) {
        const row = due[index++]!;
        await deliverOne(row, report);
      }
    });
    await Promise.all(lanes);
    return report;
  }

  const tick = () => {
    if (running) {
      nudgedWhileRunning = true;
      return;
    }
    running = (async () => {
      const total: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
      // A full batch means more are due: go on at once rather than waiting for the next tick.
      for (let round = 0; round < 20; round += 1) {
        const report = await deliverPending();
        total.sent += report.sent;
        total.retried += report.retried;
        total.failed += report.failed;
        if (report.sent + report.retried + report.failed < BATCH_SIZE) break;
      }
      return total;
    })()
      .catch((error: unknown) => {
        log?.error({ err: error }, 'notification deliveries round failed');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
        if (nudgedWhileRunning && timer) {
          nudgedWhileRunning = false;
          tick();
        }
      });
  };

  return {
    deliverPending,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      stopListening = onDeliveriesWaiting(tick);
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopListening?.();
      stopListening = null;
      await running;
    },
  };
}
