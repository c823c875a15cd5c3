import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { VapidConfig } from '../../../../config';
import { createOutboundGuard, type CallOutcome } from '../../../../outbound';
import type { Database } from '../../../../db/schema';
import type { Clock } from '../../../../security/clock';
import type { DevOutbox } from '../devOutboxes';
import { DELIVERY_MAX_ATTEMPTS } from '../deliveryWorker';
import { rawAnswer, type Delivery, type NotificationChannel, type SendOutcome } from '../notificationChannel';
import { publicPushSender, PushAddressRefused, validPushKeys, type PushAnswer, type PushSender } from './pushConnection';

// Web Push: RFC 8030 (the push service's answers: 201 accepted, 404/410 subscription gone, 429/5xx later), RFC 8291
// (payload encryption, aes128gcm) and RFC 8292 (VAPID), through the web-push library's request builder.

/** The payload the service worker (/push-sw.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
}

/** How long the push service keeps a message for an offline device. */
const PUSH_TTL_SECONDS = 24 * 3600;

export interface WebPushChannelOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** The shop's VAPID keys; null in development without them: the payload goes to `standIn` instead. */
  vapid: VapidConfig | null;
  standIn: DevOutbox | null;
  /** How a push request is made (default: publicPushSender, to public addresses only, no redirects). */
  sender?: PushSender;
  /** Whether an endpoint may be sent to (the registration rules, as they are now: a stored row may predate them). */
  endpointAllowed?: (endpoint: string) => boolean;
  /** The delivery's attempts before it falls back to another channel (the worker's). */
  maxAttempts?: number;
}

type DeviceOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** A push service's answer as the breaker counts it: only its 5xx, 429 and silence are the service failing. */
function pushAnswerOutcome(answer: PushAnswer): CallOutcome {
  if (answer.status === 429 || answer.status >= 500) return 'http_5xx';
  if (answer.status >= 300 && answer.status < 400) return 'redirect';
  return answer.status >= 400 ? 'http_4xx' : 'ok';
}

/**
 * What a delivery's earlier attempts confirmed, as kept at the head of its raw_answer (`{"confirmed":[ids],…}`): read
 * from the head so an answer cut at rawAnswer's bound still tells which devices already have the push.
 */
export function confirmedDevices(raw: string | null): Set<number> {
  const match = raw ? /^\{"confirmed":\[([\d,]*)\]/.exec(raw) : null;
  return new Set(match?.[1] ? match[1].split(',').map(Number) : []);
}

/**
 * Every subscribed device of the user, each on its own: a malformed key or a device's failure is that device's; a
 * subscription the push service says is gone (404/410) is deleted. A retry sends only to the devices not confirmed yet.
 */
export function webPushChannel({ db, clock, vapid, standIn, sender = publicPushSender(), endpointAllowed = () => true, maxAttempts = DELIVERY_MAX_ATTEMPTS }: WebPushChannelOptions): NotificationChannel {
  // The push services behind one breaker: while they keep failing, pushes wait in the outbox instead of each trying.
  const guard = createOutboundGuard({ provider: 'webpush', timeoutMs: 15_000 });
  async function sendToDevice(subscription: Delivery['recipient']['pushSubscriptions'][number], payload: string, topic: string, signal: AbortSignal): Promise<{ outcome: DeviceOutcome; answer: string }> {
    try {
      return await trySendToDevice(subscription, payload, topic, signal);
    } catch (error) {
      // A defect of this device's row (a key web-push cannot use): this device fails, the others are not repeated.
      return { outcome: 'failed', answer: error instanceof Error ? error.message : String(error) };
    }
  }

  async function trySendToDevice(subscription: Delivery['recipient']['pushSubscriptions'][number], payload: string, topic: string, signal: AbortSignal): Promise<{ outcome: DeviceOutcome; answer: string }> {
    if (!endpointAllowed(subscription.endpoint)) return { outcome: 'failed', answer: 'endpoint not allowed' };
    if (!validPushKeys(subscription)) return { outcome: 'failed', answer: 'malformed keys' };
    if (!vapid) {
      standIn?.record({ at: clock.now().toISOString(), to: subscription.endpoint, content: payload, answer: '201 (giả lập)' });
      return { outcome: 'sent', answer: '201 stand-in' };
    }
    const request = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      // One topic per notification: a retry replaces the copy the push service still holds instead of adding one.
      topic,
    });
    let response: { status: number; body: string };
    try {
      const init = { method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null };
      response = await guard.run((guarded) => sender(request.endpoint, { ...init, signal: guarded }), {
        signal,
        outcomeOf: pushAnswerOutcome,
        // An address refused before connecting is this device's, not the push service failing.
        errorOutcome: (error) => (error instanceof PushAddressRefused ? 'refused' : null),
      });
    } catch (error) {
      return { outcome: 'retry', answer: error instanceof Error ? error.message : String(error) };
    }
    const answer = `${response.status} ${response.body.slice(0, 200)}`.trim();
    if (response.status >= 200 && response.status < 300) return { outcome: 'sent', answer };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone', answer };
    if (response.status === 429 || response.status >= 500) return { outcome: 'retry', answer };
    // 3xx (never followed) and the other 4xx: this device does not take pushes from us.
    return { outcome: 'failed', answer };
  }

  return {
    name: 'push',
    canReach: (recipient) => recipient.pushSubscriptionCount > 0,
    async send(delivery: Delivery, signal: AbortSignal): Promise<SendOutcome> {
      const all = delivery.recipient.pushSubscriptions;
      if (all.length === 0) return { status: 'failed', error: 'Chưa có thiết bị nào bật thông báo.', raw: null };
      const earlier = delivery.attempt > 1 ? await db.selectFrom('notification_deliveries').select('raw_answer').where('id', '=', delivery.id).executeTakeFirst() : undefined;
      const confirmed = confirmedDevices(earlier?.raw_answer ?? null);
      const devices = all.filter((device) => !confirmed.has(device.id));
      const payload = JSON.stringify({ title: delivery.title, body: delivery.body, link: delivery.link } satisfies PushPayload);
      const results = await Promise.all(devices.map((device) => sendToDevice(device, payload, `n${delivery.notificationId}`, signal)));
      const now = clock.now().toISOString();
      const gone = devices.filter((_, index) => results[index]!.outcome === 'gone').map((device) => device.id);
      const used = devices.filter((_, index) => results[index]!.outcome === 'sent').map((device) => device.id);
      if (gone.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
      if (used.length > 0) await db.updateTable('push_subscriptions').set({ last_used_at: now }).where('id', 'in', used).execute();
      // Still subscribed devices that have it (a device confirmed earlier and unsubscribed since is no longer counted).
      const have = [...all.filter((device) => confirmed.has(device.id)).map((device) => device.id), ...used];
      const raw = rawAnswer({ confirmed: have, devices: results.map((result, index) => ({ id: devices[index]!.id, endpoint: devices[index]!.endpoint.slice(0, 120), answer: result.answer.slice(0, 200) })) });
      const waiting = results.some((result) => result.outcome === 'retry');
      // A device the push service asks to try later is tried again (only it) while attempts are left; once they are
      // not, a push any device took is the delivery sent (no fallback to another channel for it).
      if (waiting && delivery.attempt < maxAttempts) return { status: 'retry', error: `Dịch vụ push chưa nhận ở ${results.filter((result) => result.outcome === 'retry').length} thiết bị, sẽ thử lại.`, raw };
      if (have.length > 0) return { status: 'sent', providerRef: `${have.length}/${all.length} thiết bị`, raw };
      if (waiting) return { status: 'retry', error: 'Dịch vụ push chưa nhận, sẽ thử lại.', raw };
      return { status: 'failed', error: gone.length === devices.length ? 'Các đăng ký nhận thông báo đã hết hạn.' : 'Dịch vụ push từ chối thông báo.', raw };
    },
  };
}
