import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { NotificationChannel as ChannelName, NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import { chunksOf, paddedInList } from '../../../db/chunks';
import type { Database } from '../../../db/schema';
import type { NotificationDeliveryRow } from '../../../db/notificationChannelSchema';
import { systemClock, type Clock } from '../../../security/clock';
import type { Delivery, DeliveryRecipient, NotificationChannel, SendOutcome } from './notificationChannel';
import type { EmailChannel } from './providers/emailChannel';
import { nextChannel, readChoices, readReach, readReachOf } from './preferences';
import { onDeliveriesWaiting } from './deliveriesWaiting';
import { insertDelivery, type NotificationToDeliver } from './scheduleDeliveries';

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
/** Sends of one channel given up after this many tries (then the next allowed channel is tried). */
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
  /** Sends the due deliveries, most waited-for first, each claimed atomically so several API instances never send one twice. */
  deliverPending(): Promise<DeliveryReport>;
  start(): void;
  stop(): Promise<void>;
}

/** How many delivery ids a round's log line names (the count is always whole). */
const LOGGED_IDS_MAX = 20;

/**
 * A round's retries and give-ups, one log line per channel and reason (and next channel) rather than one a delivery: a
 * provider down with a backlog would otherwise write a line for each of thousands of deliveries at each try.
 */
class RoundLog {
  private readonly groups = new Map<string, { message: string; fields: Record<string, unknown>; ids: number[]; count: number; attempts: [number, number] | null }>();

  add(message: string, fields: Record<string, unknown>, deliveryId: number, attempt?: number): void {
    const key = JSON.stringify([message, fields]);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { message, fields, ids: [], count: 0, attempts: null }));
    group.count += 1;
    if (group.ids.length < LOGGED_IDS_MAX) group.ids.push(deliveryId);
    if (attempt !== undefined) group.attempts = group.attempts ? [Math.min(group.attempts[0], attempt), Math.max(group.attempts[1], attempt)] : [attempt, attempt];
  }

  flush(log: Pick<FastifyBaseLogger, 'warn'> | undefined): void {
    for (const { message, fields, ids, count, attempts } of this.groups.values()) {
      const tries = attempts === null ? {} : { attempts: attempts[0] === attempts[1] ? attempts[0] : `${attempts[0]}–${attempts[1]}` };
      log?.warn({ ...fields, count, deliveryIds: ids, ...tries }, message);
    }
    this.groups.clear();
  }
}

export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  /** The channels configured; without 'email' (production without SMTP_URL) the emails wait in the outbox. */
  channels: ReadonlyMap<ChannelName, NotificationChannel>;
  /** The email channel, which also sends the emails composed when queued (codes, invitations, the facts' own emails). */
  email?: EmailChannel | null;
  clock?: Clock;
  intervalMs?: number;
  sendTimeoutMs?: number;
  maxAttempts?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The notification a delivery of a user is, to queue on the next channel: the row itself, or for an email composed of
 * it (whose title and body are the email's) the notification as recorded (null when it is gone).
 */
async function notificationOf(db: Kysely<Database>, row: NotificationDeliveryRow, of: { id: number; userId: number; topic: NotificationTopic }): Promise<NotificationToDeliver | null> {
  const templateData = templateDataOf(row);
  if (row.template === null) return { ...of, kind: row.kind as NotificationKind, title: row.title, body: row.body, link: row.link, templateData };
  const notification = await db.selectFrom('notifications').select(['kind', 'topic', 'title', 'body', 'link']).where('id', '=', of.id).executeTakeFirst();
  return notification ? { id: of.id, userId: of.userId, ...notification, templateData } : null;
}

/** The recipients of a round's deliveries, one read of their accounts and one of their devices: null for an account gone. */
async function loadRecipients(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, DeliveryRecipient | null>> {
  const reach = await readReachOf(db, userIds);
  const withDevices = [...reach].filter(([, userReach]) => userReach !== null && userReach.pushSubscriptionCount > 0).map(([userId]) => userId);
  const subscriptions = new Map<number, DeliveryRecipient['pushSubscriptions'][number][]>();
  for (const chunk of chunksOf(withDevices)) {
    const rows = await db.selectFrom('push_subscriptions').select(['user_id', 'id', 'endpoint', 'p256dh', 'auth']).where('user_id', 'in', paddedInList(chunk)).orderBy('id').execute();
    for (const { user_id: userId, ...subscription } of rows) subscriptions.set(userId, [...(subscriptions.get(userId) ?? []), subscription]);
  }
  const recipients = new Map<number, DeliveryRecipient | null>();
  for (const [userId, userReach] of reach) {
    recipients.set(
      userId,
      userReach && { userId, fullName: userReach.fullName, email: userReach.email, emailVerified: userReach.emailVerified, phone: userReach.phone, pushSubscriptions: subscriptions.get(userId) ?? [] },
    );
  }
  return recipients;
}

export function createDeliveryWorker({ db, channels, email = null, clock = systemClock, intervalMs = 2_000, sendTimeoutMs = DELIVERY_SEND_TIMEOUT_MS, maxAttempts = DELIVERY_MAX_ATTEMPTS, log }: DeliveryWorkerOptions): DeliveryWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DeliveryReport> | null = null;
  /** Nudged while a round ran: go again when it ends (its due rows were read before the nudge's commit). */
  let nudgedWhileRunning = false;
  let stopListening: (() => void) | null = null;

  /**
   * Claims the rows read, one statement for them all: a row is this worker's when the update still finds it pending
   * and due (another worker's claim has moved it out by its lease, a send's outcome out of pending or to a later try).
   */
  async function claim(rows: readonly NotificationDeliveryRow[], now: Date): Promise<Map<number, number>> {
    const claimed = new Map<number, number>();
    for (const chunk of chunksOf(rows)) {
      const updated = await db
        .updateTable('notification_deliveries')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(), updated_at: now.toISOString() }))
        .where('id', 'in', paddedInList(chunk.map((row) => row.id)))
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .returning(['id', 'attempts'])
        .execute();
      for (const row of updated) claimed.set(row.id, row.attempts);
    }
    return claimed;
  }

  async function send(row: NotificationDeliveryRow, attempt: number, recipient: DeliveryRecipient | null): Promise<SendOutcome> {
    const signal = AbortSignal.timeout(sendTimeoutMs);
    if (row.template !== null && row.channel === 'email') return sendComposed(row, signal);
    const channel = channels.get(row.channel);
    if (!channel) return { status: 'failed', error: 'Kênh này chưa được cấu hình trên máy chủ.', raw: null };
    if (!recipient) return { status: 'failed', error: 'Tài khoản không còn hoạt động.', raw: null };
    if (!channel.canReach({ ...recipient, pushSubscriptionCount: recipient.pushSubscriptions.length })) return { status: 'failed', error: 'Không liên lạc được qua kênh này.', raw: null };
    if (row.notification_id === null || row.topic === null) return { status: 'failed', error: 'Thư không có người nhận.', raw: null };
    const delivery: Delivery = { id: row.id, notificationId: row.notification_id, kind: row.kind as NotificationKind, topic: row.topic, title: row.title, body: row.body, link: row.link, templateData: templateDataOf(row), attempt, recipient };
    try {
      return await channel.send(delivery, signal);
    } catch (error) {
      return { status: 'retry', error: (error instanceof Error ? error.message : String(error)).slice(0, 1000), raw: null };
    }
  }

  /** An email composed when queued, to the address it was queued for. */
  async function sendComposed(row: NotificationDeliveryRow, signal: AbortSignal): Promise<SendOutcome> {
    if (!email) return { status: 'retry', error: 'Chưa cấu hình máy chủ gửi thư.', raw: null };
    if (!row.to_address) return { status: 'failed', error: 'Thư không có địa chỉ người nhận.', raw: null };
    try {
      return await email.sendComposed({ deliveryId: row.id, to: row.to_address, subject: row.title, text: row.body, html: row.html_body }, signal);
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
      // A direct email has no other channel.
      if (row.notification_id === null || row.user_id === null || row.topic === null) return null;
      const notification = await notificationOf(trx, row, { id: row.notification_id, userId: row.user_id, topic: row.topic });
      if (!notification) return null;
      const tried = await trx.selectFrom('notification_deliveries').select('channel').where('notification_id', '=', notification.id).where('user_id', '=', notification.userId).execute();
      const choices = await readChoices(trx, notification.userId, notification.topic);
      const reach = await readReach(trx, notification.userId);
      if (!reach) return null;
      const next = nextChannel(choices[notification.topic], reach, row.channel, new Set(tried.map((delivery) => delivery.channel)), (channel) => channel === 'email' || channels.has(channel));
      if (next) await insertDelivery(trx, notification, next, reach.email, now);
      return next;
    });
  }

  async function deliverOne(row: NotificationDeliveryRow, recipient: DeliveryRecipient | null, report: DeliveryReport, roundLog: RoundLog): Promise<void> {
    const attempt = row.attempts + 1;
    const outcome = await send(row, attempt, recipient);
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
      roundLog.add('notification deliveries failed, will retry', { channel: row.channel, reason: outcome.error }, row.id, attempt);
      return;
    }
    const next = await fallBack(row, outcome, now);
    report.failed += 1;
    roundLog.add('notification deliveries given up on this channel', { channel: row.channel, next, reason: outcome.error }, row.id);
  }

  async function deliverPending(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    // Literals, not parameters: the planner must see them to use a partial index (both databases).
    let dueQuery = db.selectFrom('notification_deliveries').selectAll().where('status', '=', sql.lit('pending')).where('next_attempt_at', '<=', clock.now().toISOString());
    // No email channel (production without SMTP_URL): the emails wait for it rather than fail, out of the due rows'
    // way (notification_deliveries_due_not_email_idx: however many wait, a round reads only what it sends).
    if (!email) dueQuery = dueQuery.where('channel', '<>', sql.lit('email'));
    const due = await dueQuery.orderBy('priority').orderBy('next_attempt_at').orderBy('id').limit(BATCH_SIZE).execute();
    if (due.length === 0) return report;
    const claimed = await claim(due, clock.now());
    // Each claimed row with the attempt count the claim wrote (this attempt's number).
    const mine = due.filter((row) => claimed.has(row.id)).map((row) => ({ ...row, attempts: claimed.get(row.id)! - 1 }));
    const userIds = [...new Set(mine.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
    const recipients = userIds.length === 0 ? new Map<number, DeliveryRecipient | null>() : await loadRecipients(db, userIds);
    let index = 0;
    const roundLog = new RoundLog();
    const lanes = Array.from({ length: Math.min(CONCURRENCY, mine.length) }, async () => {
      while (index < mine.length) {
        const row = mine[index++]!;
        await deliverOne(row, row.user_id === null ? null : (recipients.get(row.user_id) ?? null), report, roundLog);
      }
    });
    try {
      await Promise.all(lanes);
    } finally {
      roundLog.flush(log);
    }
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
