import { DEMO_ACCOUNTS } from '../../seed';
import { DEMO_TYPO_TRANSFER_REF, seedDemoPaymentExceptions } from '../../seed/demoPaymentExceptions';
import { orderCodeCandidates } from '../../src/modules/payments/transactions/orderCodeInContent';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

describe.each(testDatabases())('the demo transfer waiting in the exceptions queue on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;

  it("is a SePay transfer whose typo'd code names no order, for the demo customer's latest order total, seeded once", async () => {
    expect(await seedDemoPaymentExceptions(scratch.db, customer)).toBe(1);
    expect(await seedDemoPaymentExceptions(scratch.db, customer)).toBe(1);
    const rows = await scratch.db.selectFrom('payment_transactions').selectAll().where('provider_ref', '=', DEMO_TYPO_TRANSFER_REF).execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ provider: 'SEPAY', outcome: 'EXCEPTION', exception_reason: 'UNKNOWN_CODE', order_id: null, resolution: null });
    // What the matcher would read in it names no order: the transfer would have landed in the queue by itself.
    const candidates = orderCodeCandidates(row!.content);
    const found = candidates.length ? await scratch.db.selectFrom('orders').select('id').where('code', 'in', candidates).execute() : [];
    expect(found).toEqual([]);
    expect(JSON.parse(row!.raw_payload)).toMatchObject({ transferType: 'in', transferAmount: Number(row!.amount) });
  });
});
