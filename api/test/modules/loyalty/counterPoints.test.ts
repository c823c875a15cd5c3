import type { InvoicePointsOffer, LoyaltyCounterCode, ServiceInvoice } from 'shared-contracts/schemas';
import { invoiceTotals, serviceOrderDocument } from '../../../src/modules/invoices';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { creditLot, debit, holdMember } from '../../../src/modules/loyalty/pointsLedger';
import { lotExpiry } from '../../../src/modules/loyalty/loyaltyRules';
import { hashOtpCode } from '../../../src/security/otp';
import { testDatabases, useFloor, type CounterInvoice } from '../../support/floorTestKit';

/**
 * Points spent at the service counter (issue 67 §4): the customer's 6-digit code is their consent, used once within 5
 * minutes; the server recomputes the worth under today's rules and takes it off the unpaid invoice's total, so the
 * money paid (and the points it earns) is what is left; the points come back when the clerk takes them off.
 */
describe.each(testDatabases())('points at the service counter on $label', (target) => {
  const floor = useFloor(target);
  const member = () => floor.users.customer.id;
  const balance = async () => {
    const row = await floor.db.selectFrom('loyalty_entries').select((eb) => eb.fn.sum<number | string | null>('points').as('sum')).where('user_id', '=', member()).executeTakeFirstOrThrow();
    return Number(row.sum ?? 0);
  };
  /** Gives or takes points by hand so the member holds exactly `target`. */
  const setBalance = async (wanted: number) => {
    const now = await balance();
    const key = `test-set-${wanted}-${Date.now()}-${Math.random()}`;
    await floor.db.transaction().execute(async (trx) => {
      await holdMember(trx, member());
      const at = floor.service.clock.now();
      if (wanted > now) await creditLot(trx, { userId: member(), points: wanted - now, key, reason: 'Điều chỉnh thử', saleId: null, actorId: null, at, expiresAt: lotExpiry(at) });
      if (wanted < now) await debit(trx, { userId: member(), points: now - wanted, kind: 'ADJUST', key, reason: 'Điều chỉnh thử', saleId: null, refundId: null, actorId: null, at });
    });
  };
  const newCode = async () => {
    const answer = await floor.request(floor.users.customer, 'POST', '/api/loyalty/me/counter-code');
    expect(answer.statusCode).toBe(201);
    return (answer.json().data as LoyaltyCounterCode).code;
  };
  const offerOf = async (invoiceId: number, user = floor.users.staff) => {
    const answer = await floor.request(user, 'GET', `/api/staff/service-invoices/${invoiceId}/points`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as InvoicePointsOffer;
  };
  const apply = (invoiceId: number, points: number, consentCode: string, user = floor.users.staff) =>
    floor.request(user, 'POST', `/api/staff/service-invoices/${invoiceId}/points`, { points, consentCode });
  const invoiceRow = (id: number) => floor.db.selectFrom('service_invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The most points the cap lets an invoice take (50 % of its services and parts, 10 ₫ a point). */
  const capOf = (invoice: CounterInvoice) => Math.floor(Math.floor(invoice.total * 0.5) / 10);

  it('applies points with the customer’s code, recomputing their worth, and lowers the total', async () => {
    await setBalance(5_000);
    const invoice = await floor.invoicedServiceOrder();
    const offer = await offerOf(invoice.invoiceId);
    expect(offer).toMatchObject({ available: true, reason: null, balance: 5_000, pointValue: 10, minimum: 100, capPercent: 50, maxUsable: Math.min(5_000, capOf(invoice)), pointsUsed: 0 });
    expect(offer.member).toEqual({ id: member(), fullName: 'Phạm Khách Hàng' });

    const code = await newCode();
    expect(code).toMatch(/^\d{6}$/);
    const spent = Math.min(1_000, offer.maxUsable);
    const answer = await apply(invoice.invoiceId, spent, code);
    expect(answer.statusCode).toBe(200);
    const applied = answer.json().data as ServiceInvoice;
    expect(applied).toMatchObject({ pointsUsed: spent, pointsValue: spent * 10, total: invoice.total - spent * 10, paymentStatus: 'UNPAID' });
    expect(answer.json().message).toContain('Đã dùng');
    expect(await balance()).toBe(5_000 - spent);
    const entry = await floor.db.selectFrom('loyalty_entries').selectAll().where('entry_key', '=', `redeem-invoice-${invoice.invoiceId}`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'REDEEM', points: -spent, actor_id: floor.users.staff.id });
    // The invoice as the counter reads it again: the lowered total, the points apart; no second application.
    expect((await floor.detail(invoice.orderId)).invoice).toMatchObject({ total: invoice.total - spent * 10, pointsUsed: spent });
    expect(await offerOf(invoice.invoiceId)).toMatchObject({ available: false, pointsUsed: spent });
    const again = await apply(invoice.invoiceId, 100, await newCode());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Hoá đơn đã dùng');
    // The code was used once: not for another invoice.
    const other = await floor.invoicedServiceOrder();
    const reused = await apply(other.invoiceId, 100, code);
    expect(reused.statusCode).toBe(422);
  });

  it('refuses a wrong, expired, replaced or used code, and points beyond the cap or under the minimum', async () => {
    await setBalance(50_000);
    const invoice = await floor.invoicedServiceOrder();
    const code = await newCode();
    const wrong = await apply(invoice.invoiceId, 200, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'consentCode', message: 'Mã xác nhận không đúng. Vui lòng kiểm tra lại với khách.' });
    const overCap = await apply(invoice.invoiceId, capOf(invoice) + 1, code);
    expect(overCap.statusCode).toBe(422);
    expect(overCap.json().errors[0].field).toBe('points');
    expect(overCap.json().message).toContain('tối đa 50%');
    expect((await apply(invoice.invoiceId, 99, code)).json().message).toBe('Dùng tối thiểu 100 điểm mỗi hoá đơn.');
    expect((await apply(invoice.invoiceId, 200, '12ab')).statusCode).toBe(400);

    floor.service.clock.advance(5 * 60_000 + 1_000);
    const expired = await apply(invoice.invoiceId, 200, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('Mã xác nhận đã hết hạn. Khách hãy lấy mã mới trên trang Điểm thưởng.');

    const first = await newCode();
    const second = await newCode();
    if (first !== second) expect((await apply(invoice.invoiceId, 200, first)).json().message).toBe('Mã xác nhận không đúng. Vui lòng kiểm tra lại với khách.');
    expect((await apply(invoice.invoiceId, 200, second)).statusCode).toBe(200);
    const used = await apply((await floor.invoicedServiceOrder()).invoiceId, 200, second);
    expect(used.json().message).toBe('Mã xác nhận đã được dùng. Khách hãy lấy mã mới trên trang Điểm thưởng.');
    expect((await invoiceRow(invoice.invoiceId)).points_used).toBe(200);
  });

  it('answers 429 after 5 wrong codes for an invoice within 10 minutes, even to the right one', async () => {
    await setBalance(5_000);
    const invoice = await floor.invoicedServiceOrder();
    const code = await newCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await apply(invoice.invoiceId, 100, wrongCode)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const locked = await apply(invoice.invoiceId, 100, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Đã nhập sai mã xác nhận quá 5 lần cho hoá đơn này. Vui lòng thử lại sau 10 phút.');
    floor.service.clock.advance(4 * 60_000);
    expect((await apply(invoice.invoiceId, 100, code)).statusCode).toBe(429);
    floor.service.clock.advance(6 * 60_000 + 1_000);
    expect((await apply(invoice.invoiceId, 100, await newCode())).statusCode).toBe(200);
  });

  it('keeps another centre’s staff and admins’ writes out, and a paid invoice', async () => {
    await setBalance(5_000);
    const invoice = await floor.invoicedServiceOrder();
    expect((await floor.request(floor.users.staffB, 'GET', `/api/staff/service-invoices/${invoice.invoiceId}/points`)).statusCode).toBe(404);
    expect((await apply(invoice.invoiceId, 100, await newCode(), floor.users.staffB)).statusCode).toBe(404);
    expect((await floor.request(floor.users.managerB, 'DELETE', `/api/staff/service-invoices/${invoice.invoiceId}/points`)).statusCode).toBe(404);
    expect((await offerOf(invoice.invoiceId, floor.users.admin)).available).toBe(true);
    const byAdmin = await apply(invoice.invoiceId, 100, await newCode(), floor.users.admin);
    expect(byAdmin.statusCode).toBe(403);
    expect((await floor.request(floor.users.customer, 'GET', `/api/staff/service-invoices/${invoice.invoiceId}/points`)).statusCode).toBe(403);
    expect((await floor.request(floor.users.staff, 'POST', '/api/loyalty/me/counter-code')).statusCode).toBe(403);

    const paid = await floor.paidServiceInvoice();
    const refused = await apply(paid.invoiceId, 100, await newCode());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Hoá đơn đã được thanh toán nên không thể dùng hay bỏ dùng điểm thưởng.');
    expect(await offerOf(paid.invoiceId)).toMatchObject({ available: false, reason: 'Hoá đơn đã được thanh toán nên không thể dùng hay bỏ dùng điểm thưởng.' });
    expect(await balance()).toBe(5_000);
  });

  it('gives the points back before payment and restores the total; applies again in a new round', async () => {
    await setBalance(5_000);
    const invoice = await floor.invoicedServiceOrder();
    expect((await apply(invoice.invoiceId, 300, await newCode())).statusCode).toBe(200);
    expect(await balance()).toBe(4_700);
    const undone = await floor.request(floor.users.staff, 'DELETE', `/api/staff/service-invoices/${invoice.invoiceId}/points`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ total: invoice.total, pointsUsed: 0, pointsValue: 0 });
    expect(undone.json().message).toBe('Đã bỏ dùng điểm: hoàn 300 điểm cho khách.');
    expect(await balance()).toBe(5_000);
    const back = await floor.db.selectFrom('loyalty_entries').selectAll().where('entry_key', '=', `return-invoice-${invoice.invoiceId}`).executeTakeFirstOrThrow();
    expect(back).toMatchObject({ kind: 'RETURN', points: 300, remaining: 300 });
    expect((await floor.request(floor.users.staff, 'DELETE', `/api/staff/service-invoices/${invoice.invoiceId}/points`)).statusCode).toBe(409);

    expect((await apply(invoice.invoiceId, 200, await newCode())).statusCode).toBe(200);
    expect(await floor.db.selectFrom('loyalty_entries').select('points').where('entry_key', '=', `redeem-invoice-${invoice.invoiceId}-1`).executeTakeFirstOrThrow()).toEqual({ points: -200 });
    expect(await balance()).toBe(4_800);
  });

  it('takes the lowered total as the payment, so the points earned are on money paid', async () => {
    await setBalance(5_000);
    const invoice = await floor.invoicedServiceOrder();
    const spent = Math.min(1_000, capOf(invoice));
    expect((await apply(invoice.invoiceId, spent, await newCode())).statusCode).toBe(200);
    const lowered = invoice.total - spent * 10;
    expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${invoice.orderId}/payment/confirm`, { method: 'CASH' })).statusCode).toBe(200);
    const payment = await floor.db.selectFrom('sale_payments').select('amount').where('service_invoice_id', '=', invoice.invoiceId).executeTakeFirstOrThrow();
    expect(Number(payment.amount)).toBe(lowered);
    const announced = await floor.db.selectFrom('sale_events').select('amount').where('service_invoice_id', '=', invoice.invoiceId).where('kind', '=', 'sale.paid').executeTakeFirstOrThrow();
    expect(Number(announced.amount)).toBe(lowered);
    await createLoyaltyWorker({ db: floor.db, clock: floor.service.clock }).runRound();
    const earned = await floor.db
      .selectFrom('loyalty_entries')
      .innerJoin('loyalty_sales', 'loyalty_sales.id', 'loyalty_entries.loyalty_sale_id')
      .select('loyalty_entries.points')
      .where('loyalty_sales.service_invoice_id', '=', invoice.invoiceId)
      .where('loyalty_entries.kind', '=', 'EARN')
      .executeTakeFirstOrThrow();
    expect(earned.points).toBe(Math.floor(lowered / 1000));
    // The printed invoice and the e-invoice total what was paid, the points as a trade discount line.
    const order = await floor.db.selectFrom('service_orders').selectAll().where('id', '=', invoice.orderId).executeTakeFirstOrThrow();
    const document = await serviceOrderDocument(floor.db, floor.service.config, order, await invoiceRow(invoice.invoiceId));
    const pointsLines = document.lines.filter((line) => line.name === `Chiết khấu bằng điểm thưởng (${spent} điểm)`);
    expect(pointsLines.reduce((sum, line) => sum + line.amount, 0)).toBe(-spent * 10);
    expect(invoiceTotals(document.lines).gross).toBe(lowered);
    // Paid: the points stay spent.
    expect((await floor.request(floor.users.staff, 'DELETE', `/api/staff/service-invoices/${invoice.invoiceId}/points`)).statusCode).toBe(409);
    // The refund is of money paid at most.
    const refunds = await floor.request(floor.users.manager, 'GET', `/api/service-orders/${invoice.orderId}/invoice/refunds`);
    expect(refunds.json().data).toMatchObject({ paid: lowered, refundable: lowered });
  });

  it('never overspends one balance across 12 invoices applied at once', async () => {
    const each = 200;
    await setBalance(each * 6);
    const invoices: CounterInvoice[] = [];
    for (let index = 0; index < 12; index += 1) invoices.push(await floor.invoicedServiceOrder());
    // Twelve live codes at once (the page keeps one; written as the module writes them).
    const secret = floor.service.config.jwtSecret!;
    const expiresAt = new Date(floor.service.clock.now().getTime() + 60_000).toISOString();
    const codes = invoices.map((_, index) => String(300_000 + index));
    await floor.db
      .insertInto('loyalty_counter_codes')
      .values(codes.map((code) => ({ user_id: member(), code_hash: hashOtpCode(secret, member(), 'loyalty-counter', code), expires_at: expiresAt, used_at: null })))
      .execute();
    const answers = await Promise.all(invoices.map((invoice, index) => apply(invoice.invoiceId, each, codes[index]!)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    expect(await balance()).toBe(0);
    const rows = await Promise.all(invoices.map((invoice) => invoiceRow(invoice.invoiceId)));
    expect(rows.filter((row) => row.points_used === each)).toHaveLength(6);
    rows.forEach((row, index) => expect(row.total).toBe(invoices[index]!.total - row.points_value));
  });
});
