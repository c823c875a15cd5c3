import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { createDeliveryWorker } from '../../../../src/modules/notifications/channels/deliveryWorker';
import type { Delivery, NotificationChannel } from '../../../../src/modules/notifications/channels/notificationChannel';
import { manualClock } from '../../../../src/security/clock';
import { createUser } from '../../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../../support/testDatabases';

/**
 * Production without SMTP_URL: the emails wait in the outbox for a mail server, and every new notification starts a
 * round of the delivery worker. However many emails wait, a round sends what is due on the other channels and reads
 * its due rows through the partial index made for it, not past every waiting email.
 */

const WAITING_EMAILS = 400;
const DUE_SMS = 3;

/** An SMS channel that takes every delivery (the worker's choice of rows is the subject, not a provider). */
function recordingSms(sent: Delivery[]): NotificationChannel {
  return {
    name: 'sms',
    canReach: () => true,
    send: async (delivery) => {
      sent.push(delivery);
      return { status: 'sent', providerRef: `sms-${delivery.id}`, raw: null };
    },
  };
}

/** Keeps the select statements run on notification_deliveries, to read their plans. */
function deliverySelects(kept: Array<{ node: RootOperationNode; queryId: { queryId: string } }>): KyselyPlugin {
  return {
    transformQuery(args) {
      if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('"notification_deliveries"')) kept.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe.each(testDatabases())('the delivery worker without an email channel on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('sends the SMS due past hundreds of waiting emails, reading its due rows through their partial index', async () => {
    const db = scratch.db;
    const clock = manualClock('2026-12-02T03:00:00.000Z');
    const user = await createUser(db);
    const queued = new Date(clock.now().getTime() - 60_000).toISOString();
    const row = { kind: 'order_status', priority: 1, title: 'Đơn hàng đã được xác nhận', body: 'Đơn EV-1 đã được xác nhận.', status: 'pending', attempts: 0, next_attempt_at: queued, created_at: queued, updated_at: queued } as const;
    await db
      .insertInto('notification_deliveries')
      .values(Array.from({ length: WAITING_EMAILS }, (_, index) => ({ ...row, channel: 'email', to_address: `khach${index}@example.vn`, template: 'orderStatus' })))
      .execute();
    await db
      .insertInto('notification_deliveries')
      .values(Array.from({ length: DUE_SMS }, (_, index) => ({ ...row, channel: 'sms', notification_id: 9_000 + index, user_id: user.id, topic: 'order' })))
      .execute();

    const sent: Delivery[] = [];
    const selects: Array<{ node: RootOperationNode; queryId: { queryId: string } }> = [];
    const watched = db.withPlugin(deliverySelects(selects));
    const worker = createDeliveryWorker({ db: watched, clock, channels: new Map([['sms', recordingSms(sent)]]), email: null });
    const report = await worker.deliverPending();

    expect(report).toEqual({ sent: DUE_SMS, retried: 0, failed: 0 });
    expect(sent.map((delivery) => delivery.notificationId).sort()).toEqual([9_000, 9_001, 9_002]);
    const left = await db.selectFrom('notification_deliveries').select(['channel', 'status']).where('status', '=', 'pending').execute();
    expect(left).toHaveLength(WAITING_EMAILS);
    expect(left.every((delivery) => delivery.channel === 'email')).toBe(true);

    // The round's first read is its due query: its plan goes through the partial index.
    const due = selects[0]!;
    const compiled = watched.getExecutor().compileQuery(due.node, due.queryId);
    expect(compiled.sql).toContain("'email'");
    const plan =
      target.dialect === 'sqlite'
        ? (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows.map((line) => line.detail)
        : await db.transaction().execute(async (trx) => {
            await sql`analyze notification_deliveries`.execute(trx);
            // On a table this small a sequential scan is cheapest: the question is whether the index can serve the query.
            await sql`set local enable_seqscan = off`.execute(trx);
            return (await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]))).rows.map((line) => line['QUERY PLAN']);
          });
    expect(plan.join('\n')).toContain('notification_deliveries_due_not_email_idx');
  });
});
