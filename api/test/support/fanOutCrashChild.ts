import type { NotificationChannel as ChannelName } from 'shared-contracts/schemas';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import { createDeliveryWorker, type DeliveryReport } from '../../src/modules/notifications/channels/deliveryWorker';
import type { NotificationChannel } from '../../src/modules/notifications/channels/notificationChannel';
import { esmsChannel } from '../../src/modules/notifications/channels/providers/esmsChannel';
import { zaloZnsChannel } from '../../src/modules/notifications/channels/providers/zaloZnsChannel';
import { startingClock, systemClock } from '../../src/security/clock';
import { childMain, roundsUntilIdle } from './killAtPoints';

/**
 * A worker process of the fan-out crash test (fanOutCrash.test.ts), configured from the environment as the API is:
 * DATABASE_URL or SQLITE_FILE, ZALO_ZNS_API_URL and ESMS_API_URL (the test's stand-in), CLOCK_START (each process
 * starts later than its predecessor's claim lease, so the rows a killed one had claimed are due again). It sends
 * every due Zalo and SMS delivery, prints "done <report>" and exits, unless the test kills it first.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { zalo, sms } = config.notificationChannels;
  if (!zalo || !sms) throw new Error('Zalo and SMS must both be configured');
  const db = createDatabase(config);
  const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;
  const channels = new Map<ChannelName, NotificationChannel>([
    ['zalo', zaloZnsChannel({ config: zalo, clock, publicUrl: config.publicUrl })],
    ['sms', esmsChannel({ config: sms, publicUrl: config.publicUrl })],
  ]);
  const worker = createDeliveryWorker({ db, channels, clock });
  // Round after round until one finds nothing due.
  const total = await roundsUntilIdle<DeliveryReport>(() => worker.deliverPending(), { sent: 0, retried: 0, failed: 0 });
  process.stdout.write(`done ${JSON.stringify(total)}\n`);
  await db.destroy();
}

childMain(main);
