import { DEMO_ACCOUNTS } from '../../seed';
import { seedDemoWarrantyClaims } from '../../seed/demoWarrantyClaims';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * Issue 66 §5: the demo manager's centre has warranty claims in every state, the newest a draft to send; each claimed
 * part is out of what its customer paid, and the ledger recorded what they did pay.
 */
describe.each(testDatabases())('the demo warranty claims on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });

  it('writes claims in every state at the manager’s centre, with their parts out of the customers’ totals', async () => {
    const manager = DEMO_ACCOUNTS.find((account) => account.role === 'manager')!;
    const { centre_id: centreId } = await scratch.db
      .selectFrom('staff_assignments')
      .innerJoin('users', 'users.id', 'staff_assignments.user_id')
      .select('staff_assignments.centre_id')
      .where('users.email', '=', manager.email)
      .where('staff_assignments.ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const claims = await scratch.db.selectFrom('warranty_claims').select(['id', 'status', 'centre_id', 'service_order_id', 'claimed_amount', 'credited_amount']).orderBy('created_at').execute();
    expect(claims.map((claim) => claim.status)).toEqual(['CREDITED', 'CREDITED', 'REJECTED', 'APPROVED', 'SUBMITTED', 'DRAFT']);
    expect(new Set(claims.map((claim) => claim.centre_id))).toEqual(new Set([centreId]));

    for (const claim of claims) {
      const lines = await scratch.db.selectFrom('service_order_lines').select(['kind', 'line_total', 'payer']).where('service_order_id', '=', claim.service_order_id).execute();
      const invoice = await scratch.db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', claim.service_order_id).executeTakeFirstOrThrow();
      const customerPays = lines.filter((line) => line.payer === 'CUSTOMER').reduce((sum, line) => sum + line.line_total, 0);
      expect([invoice.total, invoice.warranty_covered]).toEqual([customerPays, claim.claimed_amount]);
      const paid = await scratch.db.selectFrom('sale_payments').select('amount').where('service_invoice_id', '=', invoice.id).execute();
      expect(paid.map((payment) => Number(payment.amount))).toEqual([customerPays]);
    }
    expect(claims.filter((claim) => claim.status === 'CREDITED').every((claim) => (claim.credited_amount ?? 0) > 0)).toBe(true);
    // Seeding again writes nothing more.
    expect(await seedDemoWarrantyClaims(scratch.db, manager.email)).toBe(0);
  });
});
