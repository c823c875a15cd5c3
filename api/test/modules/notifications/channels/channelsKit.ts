import { createECDH, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import { NOTIFICATION_KIND_TOPICS } from 'shared-contracts/schemas';
import type { App } from '../../../../src/app';
import type { Config } from '../../../../src/config';
import type { Database } from '../../../../src/db/schema';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from '../../../../src/modules/notifications/channels/deliveryWorker';
import { createChannels } from '../../../../src/modules/notifications/channels/notificationChannelsModule';
import { emailChannel } from '../../../../src/modules/notifications/channels/providers/emailChannel';
import type { Mailer } from '../../../../src/modules/notifications/mailer';
import { recordingMailer } from '../../../support/recordingMailer';
import { scheduleDeliveries } from '../../../../src/modules/notifications/channels/scheduleDeliveries';
import type { ManualClock } from '../../../../src/security/clock';
import { testConfig } from '../../../support/authTestKit';
import { createUser, type TestUser } from '../../../support/shopTestKit';
import { STAND_IN_ESMS, STAND_IN_ZALO_TOKEN } from './channelStandInServer';

/** A real VAPID key pair for the tests (generated, never written anywhere). */
export const TEST_VAPID = webPush.generateVAPIDKeys();

/** A config whose Zalo, eSMS and push go to the loopback stand-ins at `url`, as production would configure them. */
export function channelsConfig(url: string, overrides: Partial<Config> = {}): Config {
  const base = testConfig({ publicUrl: 'https://cuahang.test' });
  return {
    ...base,
    // The push stand-in is a loopback http origin: allowed as it is (outside production) for these tests only.
    pushStandInOrigin: new URL(url).origin,
    notificationChannels: {
      vapid: { publicKey: TEST_VAPID.publicKey, privateKey: TEST_VAPID.privateKey, subject: 'mailto:cskh@cuahang.test' },
      pushStandIn: false,
      pushPublicKey: TEST_VAPID.publicKey,
      zalo: { apiUrl: url, accessToken: STAND_IN_ZALO_TOKEN, templates: { booking_confirmed: '301001', order_shipped: '301002', price_drop: '301003', vehicle_ready: '301004' }, standIn: false },
      sms: { apiUrl: url, ...STAND_IN_ESMS, brandname: 'EVSERVICE', standIn: false },
    },
    ...overrides,
  };
}

let phoneSequence = 0;

/** A customer with a phone (091…) and a verified email, as most customers are. */
export async function reachableCustomer(app: App, db: Kysely<Database>, options: { phone?: string | null; verified?: boolean } = {}): Promise<TestUser> {
  const user = await createUser(app, db);
  phoneSequence += 1;
  const phone = options.phone === undefined ? `091${String((process.pid * 100 + phoneSequence) % 10_000_000).padStart(7, '0')}` : options.phone;
  await db
    .updateTable('users')
    .set({ phone_number: phone, email_verified_at: options.verified === false ? null : new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
  return user;
}

let notificationSequence = 1000;

/** What notify() hands the channels: a notification (its id unique per test run) for `user`. */
/** Schedules a notification of `kind` on its topic (or `topic`: the marketing topic, which no kind of the shop's has yet). */
export async function schedule(db: Kysely<Database>, user: { id: number }, kind: NotificationKind, now: Date, templateData?: Record<string, string>, topic: NotificationTopic = NOTIFICATION_KIND_TOPICS[kind]): Promise<number> {
  notificationSequence += 1;
  const id = notificationSequence;
  await scheduleDeliveries(db, { id, userId: user.id, kind, topic, title: 'Xe của anh/chị đã sẵn sàng', body: 'Mời anh/chị đến nhận xe tại trung tâm Cầu Giấy.', link: '/appointments/42', templateData: templateData ?? null }, now);
  return id;
}

export async function deliveriesOf(db: Kysely<Database>, notificationId: number) {
  return db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', notificationId).orderBy('id').execute();
}

export function worker(db: Kysely<Database>, clock: ManualClock, config: Config, options: { sendTimeoutMs?: number; intervalMs?: number; mailer?: Mailer; log?: DeliveryWorkerOptions['log'] } = {}): DeliveryWorker {
  const email = emailChannel({ mailer: options.mailer ?? recordingMailer(), publicUrl: config.publicUrl, from: config.mailFrom });
  return createDeliveryWorker({ db, clock, channels: createChannels({ db, clock, config, fetch }, null, email), email, sendTimeoutMs: options.sendTimeoutMs ?? 2_000, intervalMs: options.intervalMs, log: options.log });
}

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager.subscribe() makes them. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, ecdh, auth };
}
