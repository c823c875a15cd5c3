import type { CashClose, CashCloseHistory, CurrentCashPeriod } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

const MINUTE = 60_000;

/**
 * The cashier's close per centre ("Chốt ca", issue 62): the counter's expected cash is what the ledger recorded as
 * cash taken at that centre's desk since its last close; the clerk counts, a difference needs a reason and shows in
 * the history; the next period starts at the close; two clerks closing at once cannot both succeed.
 */
describe.each(testDatabases())('a cashier’s close with a difference on $label', (target) => {
  const floor = useFloor(target);
  let slot = 0;

  /**
   * A service order of centre A (or B) worked, invoiced and paid at its desk with `method` by its clerk (`unpaid`:
   * invoiced only): the invoice's code and total.
   */
  async function paidAtCounter(options: { method: 'CASH' | 'VIETQR'; centre?: 'A' | 'B'; unpaid?: boolean }) {
    slot += 1;
    const inB = options.centre === 'B';
    const centreId = inB ? floor.centreB.id : floor.centreA.id;
    const clerk = inB ? floor.users.staffB : floor.users.staff;
    const technician = await floor.addMember('technician', centreId);
    const booked = await floor.bookToday({ centreId, time: `${String(7 + (slot % 11)).padStart(2, '0')}:${slot > 11 ? '30' : '00'}` });
    const checkedIn = await floor.checkIn(booked.appointmentId, { technicianId: technician.id }, clerk);
    expect(checkedIn.statusCode).toBe(201);
    const orderId = (checkedIn.json().data as { id: number }).id;
    expect((await floor.act(orderId, 'start', technician)).statusCode).toBe(200);
    await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS', checked_by: technician.id, checked_at: floor.service.clock.now().toISOString() }).where('service_order_id', '=', orderId).execute();
    expect((await floor.act(orderId, 'finish', technician)).statusCode).toBe(200);
    const issued = await floor.request(clerk, 'POST', `/api/service-orders/${orderId}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json().data as { code: string; total: number };
    if (options.unpaid) return invoice;
    const paid = await floor.request(clerk, 'POST', `/api/service-orders/${orderId}/payment/confirm`, { method: options.method });
    expect(paid.statusCode).toBe(200);
    return invoice;
  }

  async function current(user: TestUser = floor.users.staff, query = ''): Promise<CurrentCashPeriod> {
    const answer = await floor.request(user, 'GET', `/api/cash-closes/current${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as CurrentCashPeriod;
  }

  const close = (user: TestUser, body: Record<string, unknown>) => floor.request(user, 'POST', '/api/cash-closes', body);

  it('expects the cash taken at its own counter only, then records a counted shortfall with its reason and starts the next shift there', async () => {
    const cash = await paidAtCounter({ method: 'CASH' });
    const transfer = await paidAtCounter({ method: 'VIETQR' });
    const elsewhere = await paidAtCounter({ method: 'CASH', centre: 'B' });
    floor.service.clock.advance(30 * MINUTE);

    const open = await current();
    expect(open.sinceLastClose).toBe(false);
    // The first close of the centre covers its day from local midnight (00:00 in Vietnam = 17:00 UTC the day before).
    expect(open.from).toBe('2026-11-18T17:00:00.000Z');
    expect(open.expected).toBe(cash.total);
    expect(open.paymentsCount).toBe(1);
    expect(open.lines).toEqual([expect.objectContaining({ kind: 'PAYMENT', code: cash.code, amount: cash.total, by: { id: floor.users.staff.id, fullName: 'Trần Nhân Viên' } })]);
    const shownCodes = open.lines.map((line) => line.code);
    expect(shownCodes).not.toContain(transfer.code);
    expect(shownCodes).not.toContain(elsewhere.code);
    // Centre B's counter expects its own cash.
    expect((await current(floor.users.staffB)).expected).toBe(elsewhere.total);

    // Counted 50,000 ₫ short: without a reason the close is refused, nothing is recorded.
    const counted = cash.total - 50_000;
    const withoutReason = await close(floor.users.staff, { counted, expectedSeen: open.expected, periodFrom: open.from });
    expect(withoutReason.statusCode).toBe(422);
    expect(withoutReason.json()).toMatchObject({ code: 'CASH_CLOSE_REASON_REQUIRED', errors: [{ field: 'reason' }] });
    const blankReason = await close(floor.users.staff, { counted, reason: '   ', expectedSeen: open.expected, periodFrom: open.from });
    expect(blankReason.statusCode).toBe(422);
    expect(await floor.db.selectFrom('cash_closes').select('id').where('centre_id', '=', floor.centreA.id).execute()).toHaveLength(0);

    const recorded = await close(floor.users.staff, { counted, reason: 'Trả nhầm tiền thừa cho khách', expectedSeen: open.expected, periodFrom: open.from });
    expect(recorded.statusCode).toBe(201);
    const closed = recorded.json().data as CashClose;
    expect(closed).toMatchObject({
      centreId: floor.centreA.id,
      periodFrom: open.from,
      closedAt: floor.service.clock.now().toISOString(),
      expected: cash.total,
      counted,
      difference: -50_000,
      reason: 'Trả nhầm tiền thừa cho khách',
      paymentsCount: 1,
      closedBy: { id: floor.users.staff.id, fullName: 'Trần Nhân Viên' },
    });

    // The next period starts at the close: nothing expected until new cash comes in, and then only that.
    floor.service.clock.advance(5 * MINUTE);
    const next = await current();
    expect(next).toMatchObject({ from: closed.closedAt, sinceLastClose: true, expected: 0, paymentsCount: 0, lines: [] });
    expect(next.lastClose).toMatchObject({ id: closed.id, difference: -50_000 });
    const later = await paidAtCounter({ method: 'CASH' });
    floor.service.clock.advance(MINUTE);
    const after = await current();
    expect(after.expected).toBe(later.total);
    expect(after.lines.map((line) => line.code)).toEqual([later.code]);

    // The manager reads the difference and its reason in the centre's history.
    const history = await floor.request(floor.users.manager, 'GET', '/api/cash-closes?from=2026-11-19&to=2026-11-19');
    expect(history.statusCode).toBe(200);
    const read = history.json().data as CashCloseHistory;
    expect(read.items).toEqual([expect.objectContaining({ id: closed.id, difference: -50_000, reason: 'Trả nhầm tiền thừa cho khách' })]);
    expect(read.totals).toEqual({ expected: cash.total, counted, difference: -50_000, withDifference: 1 });
  });

  it('refuses a close over an expected total that has changed since the clerk counted', async () => {
    const before = await current();
    const paid = await paidAtCounter({ method: 'CASH' });
    floor.service.clock.advance(MINUTE);
    const stale = await close(floor.users.staff, { counted: before.expected, expectedSeen: before.expected, periodFrom: before.from });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CASH_CLOSE_EXPECTED_CHANGED' });
    expect(stale.json().message).toContain('đếm lại');
    const fresh = await current();
    expect(fresh.expected).toBe(before.expected + paid.total);
    const balanced = await close(floor.users.manager, { counted: fresh.expected, expectedSeen: fresh.expected, periodFrom: fresh.from });
    expect(balanced.statusCode).toBe(201);
    expect(balanced.json().data).toMatchObject({ difference: 0, reason: null, closedBy: { id: floor.users.manager.id } });
  });

  it('lets exactly one of ten clerks closing the same shift at once succeed; the others are told it was just closed', async () => {
    await paidAtCounter({ method: 'CASH' });
    floor.service.clock.advance(MINUTE);
    const open = await current();
    const clerks = [floor.users.staff, floor.users.manager, ...(await Promise.all(Array.from({ length: 8 }, () => floor.addMember('staff'))))];
    const answers = await Promise.all(clerks.map((clerk) => close(clerk, { counted: open.expected, expectedSeen: open.expected, periodFrom: open.from })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'CASH_CLOSE_TAKEN' });
      expect(answer.json().message).toContain('vừa được người khác chốt');
    }
    const fromThere = await floor.db.selectFrom('cash_closes').select('id').where('centre_id', '=', floor.centreA.id).where('period_from', '=', open.from).execute();
    expect(fromThere).toHaveLength(1);
    // Posting again what the page showed, once the period is closed, is refused the same way.
    floor.service.clock.advance(MINUTE);
    const again = await close(floor.users.staff, { counted: open.expected, expectedSeen: open.expected, periodFrom: open.from });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CASH_CLOSE_TAKEN');
  });

  it('keeps a centre’s closes to its own people: another centre answers 404, a technician 403, an admin reads but does not close', async () => {
    const { staffB, technician, admin } = floor.users;
    expect((await floor.request(staffB, 'GET', `/api/cash-closes/current?centreId=${floor.centreA.id}`)).statusCode).toBe(404);
    expect((await floor.request(staffB, 'GET', `/api/cash-closes?centreId=${floor.centreA.id}`)).statusCode).toBe(404);
    const own = await floor.request(staffB, 'GET', '/api/cash-closes?from=2026-11-19&to=2026-11-19');
    expect(own.statusCode).toBe(200);
    expect((own.json().data as CashCloseHistory).items).toEqual([]);
    expect((await floor.request(technician, 'GET', '/api/cash-closes/current')).statusCode).toBe(403);
    expect((await floor.request(floor.users.customer, 'GET', '/api/cash-closes/current')).statusCode).toBe(403);
    expect((await floor.request(null, 'GET', '/api/cash-closes/current')).statusCode).toBe(401);

    const adminView = await current(admin, `?centreId=${floor.centreA.id}`);
    expect(adminView.centreId).toBe(floor.centreA.id);
    const adminHistory = await floor.request(admin, 'GET', `/api/cash-closes?centreId=${floor.centreA.id}&from=2026-11-19&to=2026-11-19`);
    expect((adminHistory.json().data as CashCloseHistory).items.length).toBeGreaterThan(0);
    const adminClose = await close(admin, { counted: adminView.expected, expectedSeen: adminView.expected });
    expect(adminClose.statusCode).toBe(403);
    expect(adminClose.json().code).toBe('ADMIN_READ_ONLY');
  });

  it('answers bad input in Vietnamese: 400 for what the form cannot send, 422 for a bad range', async () => {
    const open = await current();
    const tooMuch = await close(floor.users.staff, { counted: 10_000_000_001, expectedSeen: open.expected });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(tooMuch.json().errors)).toContain('tối đa 10.000.000.000');
    expect((await close(floor.users.staff, { counted: -1, expectedSeen: open.expected })).statusCode).toBe(400);
    expect((await close(floor.users.staff, { counted: 1.5, expectedSeen: open.expected })).statusCode).toBe(400);
    expect((await close(floor.users.staff, { counted: 100 })).statusCode).toBe(400);
    const longReason = await close(floor.users.staff, { counted: open.expected + 1, reason: 'x'.repeat(301), expectedSeen: open.expected });
    expect(longReason.statusCode).toBe(400);
    expect(JSON.stringify(longReason.json().errors)).toContain('300 ký tự');
    const wideRange = await floor.request(floor.users.manager, 'GET', '/api/cash-closes?from=2026-01-01&to=2026-11-19');
    expect(wideRange.statusCode).toBe(422);
    expect(wideRange.json().code).toBe('DATE_RANGE_INVALID');
    expect(JSON.stringify(wideRange.json().errors)).toContain('tối đa 92 ngày');
    expect((await floor.request(floor.users.manager, 'GET', '/api/cash-closes?from=2026-11-20&to=2026-11-19')).statusCode).toBe(422);
    expect((await floor.request(floor.users.manager, 'GET', '/api/cash-closes?from=2026-02-30')).statusCode).toBe(422);
  });

  it('tells the centre’s open pages of a close', async () => {
    const kinds: string[] = [];
    const stop = floor.service.events.onCentreChange((change) => {
      if (change.centreId === floor.centreA.id) kinds.push(change.kind);
    });
    try {
      floor.service.clock.advance(MINUTE);
      const open = await current();
      const answer = await close(floor.users.staff, { counted: open.expected, expectedSeen: open.expected, periodFrom: open.from });
      expect(answer.statusCode).toBe(201);
      expect(kinds).toContain('cash-close');
    } finally {
      stop();
    }
  });

  /** The invoice's cash payment at centre A's desk, written as the ledger writes it, stamped `paidAt`. */
  async function cashPaymentRow(db: typeof floor.db, invoice: { code: string; total: number }, paidAt: string) {
    const { id } = await db.selectFrom('service_invoices').select('id').where('code', '=', invoice.code).executeTakeFirstOrThrow();
    return { service_invoice_id: id, amount: invoice.total, method: 'CASH', channel: 'DESK', reference: null, transaction_id: null, actor_id: floor.users.staff.id, paid_at: paidAt };
  }

  it('counts a payment stamped before a close but committed after it in the next period, once', async () => {
    floor.service.clock.advance(MINUTE);
    const open = await current();
    const recorded = await close(floor.users.staff, { counted: open.expected, expectedSeen: open.expected, periodFrom: open.from });
    expect(recorded.statusCode).toBe(201);
    const closed = recorded.json().data as CashClose;

    // Stamped a second before the close's instant, committed after it had read the ledger.
    const late = await paidAtCounter({ method: 'CASH', unpaid: true });
    await floor.db.insertInto('sale_payments').values(await cashPaymentRow(floor.db, late, new Date(Date.parse(closed.closedAt) - 1000).toISOString())).execute();
    floor.service.clock.advance(MINUTE);
    const next = await current();
    expect(next).toMatchObject({ from: closed.closedAt, expected: late.total, paymentsCount: 1 });
    expect(next.lines.map((line) => line.code)).toEqual([late.code]);

    const second = await close(floor.users.staff, { counted: next.expected, expectedSeen: next.expected, periodFrom: next.from });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ expected: late.total, paymentsCount: 1 });
    // The close before kept what it counted, and the period after the second counts it no more.
    const first = await floor.db.selectFrom('cash_closes').select(['expected', 'payments_count']).where('id', '=', closed.id).executeTakeFirstOrThrow();
    expect(Number(first.expected)).toBe(closed.expected);
    floor.service.clock.advance(MINUTE);
    expect(await current()).toMatchObject({ expected: 0, paymentsCount: 0, lines: [] });
  });

  if (target.label.toLowerCase().includes('postgres')) {
    it('waits for a payment still being written when it closes, so that an earlier id committed later is never skipped', async () => {
      floor.service.clock.advance(MINUTE);
      const pending = await paidAtCounter({ method: 'CASH', unpaid: true });
      const row = await cashPaymentRow(floor.db, pending, floor.service.clock.now().toISOString());
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const wasWritten = new Promise<void>((resolve) => (written = resolve));
      // Its id is taken now; its transaction commits only when told.
      const writing = floor.db.transaction().execute(async (trx) => {
        await trx.insertInto('sale_payments').values(row).execute();
        written();
        await committing;
      });
      await wasWritten;
      // A later payment (a higher id) commits first: the clerk's page shows it, not the pending one.
      const later = await paidAtCounter({ method: 'CASH' });
      floor.service.clock.advance(MINUTE);
      const seen = await current();
      expect(seen.lines.map((line) => line.code)).toEqual([later.code]);

      const closing = close(floor.users.staff, { counted: seen.expected, expectedSeen: seen.expected, periodFrom: seen.from });
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit();
      await writing;
      // The close waited for it: the expected cash it read has both, not what the clerk saw.
      const stale = await closing;
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('CASH_CLOSE_EXPECTED_CHANGED');

      const both = await current();
      expect(both.expected).toBe(pending.total + later.total);
      const recorded = await close(floor.users.staff, { counted: both.expected, expectedSeen: both.expected, periodFrom: both.from });
      expect(recorded.statusCode).toBe(201);
      expect(recorded.json().data).toMatchObject({ paymentsCount: 2 });
      floor.service.clock.advance(MINUTE);
      expect(await current()).toMatchObject({ expected: 0, paymentsCount: 0 });
    });
  }
});
