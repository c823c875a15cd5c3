import { XMLParser } from 'fast-xml-parser';
import type { EInvoice, EInvoiceList } from 'shared-contracts/schemas';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { standInEInvoiceProvider } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { testDatabases, useFloor } from '../../support/floorTestKit';

interface StandInXml {
  HDon: { DLHDon: { TTChung: { TTHDLQuan?: { TCHDon: number; SHDCLQuan: number; GChu?: string } }; NDHDon: { DSHHDVu: { HHDVu: { THHDVu: string; ThTien: number } | { THHDVu: string; ThTien: number }[] }; TToan: { TgTTTBSo: number } } } };
}

/**
 * The owner's adjustment of an issued invoice (issue 64 §3–4: "adjust/replace with a reason"): up or down, its lines
 * spread over the invoice's VAT rates and netting to the amount, the invoice's amount after its adjustments kept
 * between 0 and its own gross; an adjusted invoice is adjusted again, never replaced; a refund adjusts the sale's
 * invoice as it stands (its replacement once replaced); two owners adjusting at once issue one.
 */
describe.each(testDatabases())('the owner’s adjustments of e-invoices on $label', (target) => {
  const floor = useFloor(target);

  const worker = () => {
    const { config, clock } = floor.service;
    const provider = standInEInvoiceProvider(floor.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
    return createEInvoiceWorker({ db: floor.db, provider, config, clock, sendTimeoutMs: 500 });
  };
  const invoicesOf = (invoiceId: number) => floor.db.selectFrom('e_invoices').selectAll().where('service_invoice_id', '=', invoiceId).orderBy('id').execute();
  const xmlOf = async (key: string) => {
    const row = await floor.db.selectFrom('e_invoice_standin').select('xml').where('request_key', '=', key).executeTakeFirstOrThrow();
    return new XMLParser().parse(row.xml) as StandInXml;
  };
  const linesOf = (xml: StandInXml) => [xml.HDon.DLHDon.NDHDon.DSHHDVu.HHDVu].flat();
  const adjust = (id: number, body: Record<string, unknown>, user = floor.users.admin) => floor.request(user, 'POST', `/api/admin/e-invoices/${id}/adjust`, body);
  const ownerView = async (id: number) => ((await floor.request(floor.users.admin, 'GET', '/api/admin/e-invoices')).json().data as EInvoiceList).items.find((item) => item.id === id)!;

  /** A visit paid in cash whose own invoice the stand-in issued. */
  async function issuedVisit() {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    const [original] = await invoicesOf(sale.invoiceId);
    expect(original).toMatchObject({ kind: 'ORIGINAL', status: 'ISSUED' });
    return { sale, original: original! };
  }

  it('adjusts a refunded invoice down with the owner’s reason: lines net to the amount, the chain nets to what was kept', async () => {
    const { sale, original } = await issuedVisit();
    const refund = Math.floor(sale.total / 4);
    const refunded = await floor.request(floor.users.manager, 'POST', `/api/service-orders/${sale.orderId}/invoice/refunds`, { amount: refund, method: 'CASH', reason: 'Bớt phí công do chờ lâu' });
    expect(refunded.statusCode).toBe(201);
    await worker().runRound();

    const cut = 20_000;
    const answer = await adjust(original.id, { direction: 'DECREASE', amount: cut, reason: '  Đơn giá công thay dầu in sai trên hóa đơn  ' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().message).toBe('Đã lập hóa đơn điều chỉnh, đang gửi nhà cung cấp.');
    expect(answer.json().data as EInvoice).toMatchObject({ kind: 'ADJUSTMENT', kindLabel: 'Hóa đơn điều chỉnh', status: 'DRAFT', gross: -cut, correctsId: original.id, reason: 'Đơn giá công thay dầu in sai trên hóa đơn' });
    expect((await worker().runRound()).issued).toBe(1);

    const [, byRefund, byOwner] = await invoicesOf(sale.invoiceId);
    expect(byRefund).toMatchObject({ kind: 'ADJUSTMENT', refund_id: expect.any(Number), status: 'ISSUED' });
    expect(byOwner).toMatchObject({ kind: 'ADJUSTMENT', refund_id: null, requested_by: floor.users.admin.id, status: 'ISSUED', corrects_id: original.id });
    const xml = await xmlOf(byOwner!.request_key);
    expect(xml.HDon.DLHDon.NDHDon.TToan.TgTTTBSo).toBe(-cut);
    expect(xml.HDon.DLHDon.TTChung.TTHDLQuan).toMatchObject({ TCHDon: 2, SHDCLQuan: original.number, GChu: 'Đơn giá công thay dầu in sai trên hóa đơn' });
    const lines = linesOf(xml);
    expect(lines.every((line) => line.THHDVu.startsWith(`Điều chỉnh giảm (thuế suất`) && line.THHDVu.includes(`số ${original.number}`))).toBe(true);

    const view = await ownerView(original.id);
    expect(view).toMatchObject({ adjusted: true, replaced: false, netGross: sale.total - refund - cut });
    // Adjusted: never replaced (the providers refuse it), adjusted again.
    const replace = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${original.id}/replace`, { reason: 'Sai đơn giá dịch vụ' });
    expect(replace.statusCode).toBe(409);
    expect(replace.json()).toMatchObject({ code: 'E_INVOICE_ACTION_NOT_ALLOWED' });
    // An adjustment is not itself adjusted: its sale's invoice is.
    expect((await adjust(byOwner!.id, { direction: 'DECREASE', amount: 1_000, reason: 'Điều chỉnh lại lần nữa' })).statusCode).toBe(409);
  });

  it('adjusts up by at most what earlier reductions took, down by at most what the invoice still stands for (422 in Vietnamese)', async () => {
    const { sale, original } = await issuedVisit();
    const up = await adjust(original.id, { direction: 'INCREASE', amount: 1, reason: 'Tăng thử khi chưa giảm' });
    expect(up.statusCode).toBe(422);
    expect(up.json().message).toBe(`Số tiền điều chỉnh tăng tối đa 0 ₫: hóa đơn không vượt quá ${new Intl.NumberFormat('vi-VN').format(sale.total)} ₫ đã phát hành.`);
    expect(up.json().errors).toEqual([expect.objectContaining({ field: 'amount' })]);

    const tooMuch = await adjust(original.id, { direction: 'DECREASE', amount: sale.total + 1, reason: 'Giảm quá số tiền' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(`Hóa đơn hiện còn ${new Intl.NumberFormat('vi-VN').format(sale.total)} ₫: số tiền điều chỉnh giảm tối đa ${new Intl.NumberFormat('vi-VN').format(sale.total)} ₫.`);

    expect((await adjust(original.id, { direction: 'DECREASE', amount: 30_000, reason: 'Giảm nhầm số tiền' })).statusCode).toBe(201);
    const back = await adjust(original.id, { direction: 'INCREASE', amount: 30_000, reason: 'Hoàn lại điều chỉnh giảm nhầm' });
    expect(back.statusCode).toBe(201);
    expect((back.json().data as EInvoice).gross).toBe(30_000);
    await worker().runRound();
    const increase = (await invoicesOf(sale.invoiceId)).at(-1)!;
    expect(increase).toMatchObject({ status: 'ISSUED', kind: 'ADJUSTMENT' });
    const xml = await xmlOf(increase.request_key);
    expect(xml.HDon.DLHDon.NDHDon.TToan.TgTTTBSo).toBe(30_000);
    expect(linesOf(xml).every((line) => line.THHDVu.startsWith('Điều chỉnh tăng') && line.ThTien > 0)).toBe(true);
    expect((await ownerView(original.id)).netGross).toBe(sale.total);

    for (const body of [{ direction: 'DECREASE', amount: 0, reason: 'Số tiền không' }, { direction: 'SIDEWAYS', amount: 10, reason: 'Hướng lạ lùng' }, { direction: 'DECREASE', amount: 10, reason: 'ab' }]) {
      const bad = await adjust(original.id, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[ạảấầẩậắằẳặẹẻẽếềểễệịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/i);
    }
    for (const user of [floor.users.manager, floor.users.staff]) expect((await adjust(original.id, { direction: 'DECREASE', amount: 10, reason: 'Không phải chủ' }, user)).statusCode).toBe(403);
    expect((await adjust(999_999, { direction: 'DECREASE', amount: 10, reason: 'Không có hóa đơn' })).statusCode).toBe(404);
  });

  it('never adjusts past the bound when 12 owners adjust the same invoice at once', async () => {
    const { sale, original } = await issuedVisit();
    // Each asks for a third of the invoice (rounded up): three would pass its amount, so only two may be issued.
    const third = Math.ceil(sale.total / 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => adjust(original.id, { direction: 'DECREASE', amount: third, reason: 'Điều chỉnh cùng lúc' })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode !== 201).every((answer) => answer.statusCode === 422)).toBe(true);
    const adjustments = (await invoicesOf(sale.invoiceId)).filter((row) => row.kind === 'ADJUSTMENT');
    expect(adjustments.map((row) => Number(row.gross))).toEqual([-third, -third]);
    expect((await ownerView(original.id)).netGross).toBe(sale.total - 2 * third);
  });

  it('adjusts a replaced sale’s replacement, by the owner and by a later refund', async () => {
    const { sale, original } = await issuedVisit();
    const replaced = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${original.id}/replace`, { reason: 'Sai mã số thuế người mua' });
    expect(replaced.statusCode).toBe(201);
    await worker().runRound();
    const replacementId = (replaced.json().data as EInvoice).id;
    expect((await adjust(original.id, { direction: 'DECREASE', amount: 5_000, reason: 'Điều chỉnh hóa đơn đã thay' })).statusCode).toBe(409);

    const refund = 15_000;
    expect((await floor.request(floor.users.manager, 'POST', `/api/service-orders/${sale.orderId}/invoice/refunds`, { amount: refund, method: 'CASH', reason: 'Bớt phí do chờ lâu' })).statusCode).toBe(201);
    await worker().runRound();
    const byRefund = (await invoicesOf(sale.invoiceId)).at(-1)!;
    expect(byRefund).toMatchObject({ kind: 'ADJUSTMENT', corrects_id: replacementId, status: 'ISSUED' });
    expect(Number(byRefund.gross)).toBe(-refund);
    expect((await ownerView(replacementId)).netGross).toBe(sale.total - refund);
    expect((await adjust(replacementId, { direction: 'DECREASE', amount: 5_000, reason: 'Đơn giá in sai' })).statusCode).toBe(201);
  });
});
