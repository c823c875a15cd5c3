import { createDatabase } from '../../src/db/createDatabase';
import { createDeliveryWorker } from '../../src/modules/notifications/channels/deliveryWorker';
import { emailChannel, type EmailChannel } from '../../src/modules/notifications/channels/providers/emailChannel';
import { notifyWithin } from '../../src/modules/notifications/centre/notify';
import type { Mailer } from '../../src/modules/notifications/mailer';

/**
 * A process that commits a fact with its message and is killed before the message goes (outboxCrash.test.ts):
 * DATABASE_URL or SQLITE_FILE, USER_ID, EVENT_KEY, STEP. It commits a notification of USER_ID (whose email the centre
 * queues in the same transaction) and prints "committed"; with STEP=commit it then waits to be killed; with
 * STEP=send its outbox worker claims the email and prints "sending <Message-ID>" from a mail server that never
 * answers, and waits to be killed there.
 */
async function main(): Promise<void> {
  const db = createDatabase({ databaseUrl: process.env.DATABASE_URL || null, sqliteFile: process.env.SQLITE_FILE ?? ':memory:' });
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await notifyWithin(
      trx,
      {
        userId: Number(process.env.USER_ID),
        kind: 'order_shipped',
        title: 'Đơn hàng EV2611-0042 đang được giao',
        body: 'Đơn hàng của bạn đã rời kho.',
        link: '/orders/EV2611-0042',
        eventKey: process.env.EVENT_KEY!,
        email: { kind: 'order_status', subject: 'Đơn hàng EV2611-0042: Đang giao hàng – EV Service', text: 'Đơn hàng EV2611-0042 đang được giao.', html: '<p>Đơn hàng EV2611-0042 đang được giao.</p>' },
      },
      now,
    );
  });
  process.stdout.write('committed\n');
  if (process.env.STEP === 'send') {
    const silentServer: Mailer = {
      description: 'a mail server that never answers',
      delivers: true,
      send: (email) => {
        process.stdout.write(`sending ${email.messageId}\n`);
        return new Promise<void>(() => undefined);
      },
      close: async () => undefined,
    };
    const email: EmailChannel = emailChannel({ mailer: silentServer, publicUrl: 'http://localhost:3000', from: 'EV Service <no-reply@evshop.vn>' });
    void createDeliveryWorker({ db, channels: new Map([['email', email]]), email, sendTimeoutMs: 600_000 }).deliverPending();
  }
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
