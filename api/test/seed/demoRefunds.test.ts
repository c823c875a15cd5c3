import { seed } from '../../seed';
import { seedDemoRefunds } from '../../seed/demoRefunds';
import { toNumber } from '../../src/db/portable';
import { DEMO_HISTORY_NOW, testDatabases, useScratchDatabase } from '../support/testDatabases';

/** Every refunded order the seed writes has its refund record, as the desk's refund action writes one, once. */
describe.each(testDatabases())('the demo refunds on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });

  async function refundedOrders() {
    return scratch.db.selectFrom('orders').select(['id', 'total', 'cancel_reason']).where('payment_status', '=', 'REFUNDED').orderBy('id').execute();
  }

  async function refundsOf(orderId: number) {
    return scratch.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).execute();
  }

  it('gives every REFUNDED order exactly one refund record with its amount, and seeding again adds none', async () => {
    const orders = await refundedOrders();
    expect(orders.length).toBeGreaterThan(1); // the desk's demo refund and the history's cancelled prepaid orders
    const countAfterFirst = await scratch.db.selectFrom('payment_refunds').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    for (const order of orders) {
      const refunds = await refundsOf(order.id);
      expect(refunds).toHaveLength(1);
      expect(toNumber(refunds[0]!.amount)).toBe(toNumber(order.total));
      expect(refunds[0]!.method).toBe('BANK_TRANSFER');
      expect(refunds[0]!.bank_reference).toBeTruthy();
      expect(refunds[0]!.reason).toBe(order.cancel_reason ?? expect.any(String));
    }

    await seed(scratch.db, { demoHistory: true, now: new Date(DEMO_HISTORY_NOW) });
    expect(await seedDemoRefunds(scratch.db)).toBe(orders.length);
    for (const order of await refundedOrders()) expect(await refundsOf(order.id)).toHaveLength(1);
    const countAfterSecond = await scratch.db.selectFrom('payment_refunds').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(countAfterSecond.n)).toBe(Number(countAfterFirst.n));
  });

  it('writes the desk’s refund as its refund step: reference, the staff member, at the step’s time', async () => {
    const event = await scratch.db
      .selectFrom('web_order_events')
      .select(['order_id', 'amount', 'reference', 'actor_user_id', 'created_at'])
      .where('action', '=', 'refund')
      .executeTakeFirstOrThrow();
    const [refund] = await refundsOf(event.order_id);
    expect(refund).toMatchObject({ method: 'BANK_TRANSFER', bank_reference: 'FTDEMO0001', reason: 'Khách đổi ý trước khi đóng gói', actor_id: event.actor_user_id });
    expect(toNumber(refund!.amount)).toBe(toNumber(event.amount!));
    expect(new Date(refund!.created_at).toISOString()).toBe(new Date(event.created_at).toISOString());
    const actor = await scratch.db.selectFrom('users').select('role').where('id', '=', refund!.actor_id!).executeTakeFirstOrThrow();
    expect(actor.role).toBe('staff');
  });
});
