import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { VapidConfig } from '../../../../config';
import type { Database } from '../../../../db/schema';
import type { Clock } from '../../../../security/clock';
import type { DevOutbox } from '../devOutboxes';
import { rawAnswer, type Delivery, type NotificationChannel, type SendOutcome } from '../notificationChannel';

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
  fetch?: typeof fetch;
}

type DeviceOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** Every subscribed device of the user; a subscription the push service says is gone (404/410) is deleted. */
export function webPushChannel({ db, clock, vapid, standIn, fetch: fetchFn = fetch }: WebPushChannelOptions): NotificationChannel {
  async function sendToDevice(subscription: Delivery['recipient']['pushSubscriptions'][number], payload: string, topic: string, signal: AbortSignal): Promise<{ outcome: DeviceOutcome; answer: string }> {
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
    let response: Response;
    try {
      response = await fetchFn(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null, signal });
    } catch (error) {
      return { outcome: 'retry', answer: error instanceof Error ? error.message : String(error) };
    }
    const body = (await response.text().catch(() => '')).slice(0, 500);
    const answer = `${response.status} ${body}`.trim();
    if (response.status >= 200 && response.status < 300) return { outcome: 'sent', answer };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone', answer };
    if (response.status === 429 || response.status >= 500) return { outcome: 'retry', answer };
    return { outcome: 'failed', answer };
  }

  return {
    name: 'push',
    canReach: (recipient) => recipient.pushSubscriptionCount > 0,
    async send(delivery: Delivery, signal: AbortSignal): Promise<SendOutcome> {
      const devices = delivery.recipient.pushSubscriptions;
      if (devices.length === 0) return { status: 'failed', error: 'Chưa có thiết bị nào bật thông báo.', raw: null };
      const payload = JSON.stringify({ title: delivery.title, body: delivery.body, link: delivery.link } satisfies PushPayload);
      const results = await Promise.all(devices.map((device) => sendToDevice(device, payload, `n${delivery.notificationId}`, signal)));
      const now = clock.now().toISOString();
      const gone = devices.filter((_, index) => results[index]!.outcome === 'gone').map((device) => device.id);
      const used = devices.filter((_, index) => results[index]!.outcome === 'sent').map((device) => device.id);
      if (gone.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
      if (used.length > 0) await db.updateTable('push_subscriptions').set({ last_used_at: now }).where('id', 'in', used).execute();
      const raw = rawAnswer(results.map((result, index) => ({ endpoint: devices[index]!.endpoint.slice(0, 120), answer: result.answer })));
      if (used.length > 0) return { status: 'sent', providerRef: `${used.length}/${devices.length} thiết bị`, raw };
      if (results.some((result) => result.outcome === 'retry')) return { status: 'retry', error: 'Dịch vụ push chưa nhận, sẽ thử lại.', raw };
      return { status: 'failed', error: gone.length === devices.length ? 'Các đăng ký nhận thông báo đã hết hạn.' : 'Dịch vụ push từ chối thông báo.', raw };
    },
  };
}
