import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from 'shared-contracts';
import type { EInvoice, EInvoiceList, UncoveredSales } from 'shared-contracts/schemas';
import { downloadApiFile } from '../../src/api/apiFiles';
import { E_INVOICE_POLL_MS, EInvoiceDesk } from '../../src/eInvoices/EInvoiceDesk';

jest.mock('../../src/api/apiFiles', () => ({ downloadApiFile: jest.fn(), openApiFile: jest.fn() }));

jest.mock('shared-contracts', () => ({
  ...jest.requireActual('shared-contracts'),
  apiClient: { get: jest.fn(), post: jest.fn() },
}));

const client = jest.mocked(apiClient);
const envelope = (data: unknown) => ({ success: true, message: 'OK', data });

const TODAY = '2026-11-19';
/** The default range: the last 30 days up to today. */
const DEFAULT_QUERY = 'from=2026-10-21&to=2026-11-19&page=1';
const LIST_URL = (query: string) => `/admin/e-invoices?${query}`;

/** A web order's invoice, issued at 10:20 19/11/2026 (Vietnam), with a notice 04/SS-HĐĐT recorded. */
const ISSUED: EInvoice = {
  id: 1,
  kind: 'ORIGINAL',
  kindLabel: 'Hóa đơn bán hàng',
  status: 'ISSUED',
  statusLabel: 'Đã phát hành',
  gross: 1_250_000,
  series: '1C26TEV',
  number: 42,
  taxAuthorityCode: 'M1-26-QWERT-00000000042',
  lookupCode: 'TC8F3K42',
  lookupUrl: 'https://tracuu.example/TC8F3K42',
  issuedAt: '2026-11-19T03:20:00.000Z',
  pdfUrl: '/api/e-invoices/1/invoice.pdf',
  saleKind: 'WEB_ORDER',
  saleCode: 'EV2611190001',
  centreName: null,
  buyerName: 'Nguyễn Thị Hằng',
  provider: 'misa',
  attempts: 1,
  lastError: null,
  reason: null,
  correctsId: null,
  replaced: false,
  adjusted: false,
  netGross: 1_250_000,
  notices: [{ id: 7, reason: 'Sai địa chỉ người mua', at: '2026-11-19T04:00:00.000Z', by: 'Trần Văn Chủ' }],
  createdAt: '2026-11-19T03:19:00.000Z',
  nextAttemptAt: null,
};

/** A service invoice the provider refused: it waits for the owner's "Gửi lại". */
const FAILED: EInvoice = {
  ...ISSUED,
  id: 2,
  status: 'FAILED',
  statusLabel: 'Lỗi',
  gross: 860_000,
  netGross: 860_000,
  series: null,
  number: null,
  taxAuthorityCode: null,
  lookupCode: null,
  lookupUrl: null,
  issuedAt: null,
  pdfUrl: null,
  saleKind: 'SERVICE_INVOICE',
  saleCode: 'HD2611190007',
  centreName: 'Trung tâm Quận 7',
  buyerName: 'Lê Văn Khách',
  attempts: 3,
  lastError: 'Mã số thuế người mua không hợp lệ',
  notices: [],
};

/** An adjustment giving money back. */
const ADJUSTMENT: EInvoice = { ...ISSUED, id: 3, kind: 'ADJUSTMENT', kindLabel: 'Hóa đơn điều chỉnh', gross: -150_000, netGross: -150_000, number: 43, correctsId: 1, notices: [], saleCode: 'EV2611190002', reason: 'Trả lại 1 sản phẩm' };

const listOf = (items: EInvoice[], overrides: Partial<EInvoiceList> = {}): EInvoiceList => ({ items, total: items.length, page: 1, pageSize: 25, from: '2026-10-21', to: TODAY, ...overrides });

const NO_UNCOVERED: UncoveredSales = { total: 0, items: [], checkedAt: '2026-11-19T04:30:00.000Z', graceMinutes: 30 };
const UNCOVERED: UncoveredSales = {
  total: 2,
  items: [
    { saleKind: 'SERVICE_INVOICE', saleCode: 'HD2611190007', paidAt: '2026-11-19T02:05:00.000Z', amount: 860_000, invoiceId: 2, status: 'FAILED', lastError: 'Mã số thuế người mua không hợp lệ' },
    { saleKind: 'WEB_ORDER', saleCode: 'EV2611180009', paidAt: '2026-11-18T15:40:00.000Z', amount: 430_000, invoiceId: null, status: null, lastError: null },
  ],
  checkedAt: '2026-11-19T04:30:00.000Z',
  graceMinutes: 30,
};

/** The API as the desk reads it: the list's answers in turn (the last one repeated), and the check's. */
function serve({ lists, checks = [NO_UNCOVERED] }: { lists: EInvoiceList[]; checks?: UncoveredSales[] }) {
  let list = 0;
  let check = 0;
  client.get.mockImplementation((path: string) => {
    if (path === '/admin/e-invoices/check') return Promise.resolve(envelope(checks[Math.min(check++, checks.length - 1)]));
    if (path.startsWith('/admin/e-invoices?')) return Promise.resolve(envelope(lists[Math.min(list++, lists.length - 1)]));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

const listCalls = () => client.get.mock.calls.map(([path]) => path as string).filter((path) => path.startsWith('/admin/e-invoices?'));
const checkCalls = () => client.get.mock.calls.filter(([path]) => path === '/admin/e-invoices/check');
const card = (name: string | RegExp) => screen.getByRole('article', { name });
const checkPanel = () => screen.getByRole('region', { name: 'Bán hàng chưa có hóa đơn' });
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

beforeEach(() => jest.resetAllMocks());
afterEach(() => jest.useRealTimers());

describe('the owner’s e-invoice desk', () => {
  it('lists an issued and a failed invoice with their texts, and only the actions each allows', async () => {
    serve({ lists: [listOf([ISSUED, FAILED, ADJUSTMENT])] });
    render(<EInvoiceDesk today={TODAY} />);

    const issued = await screen.findByRole('article', { name: 'EV2611190001 · Hóa đơn bán hàng' });
    expect(listCalls()).toEqual([LIST_URL(DEFAULT_QUERY)]);
    expect(screen.getByText('3 hóa đơn từ 21/10/2026 đến 19/11/2026, mới nhất trước')).toBeInTheDocument();

    expect(within(issued).getByText('Đã phát hành')).toBeInTheDocument();
    expect(text(issued)).toContain('Người mua' + 'Nguyễn Thị Hằng');
    expect(text(issued)).toContain('Trung tâm' + 'Bán online');
    expect(text(issued)).toContain('Tổng tiền (gồm VAT)1.250.000 ₫');
    expect(text(issued)).toContain('Ký hiệu / Số1C26TEV/42');
    expect(text(issued)).toContain('Mã CQTM1-26-QWERT-00000000042');
    expect(text(issued)).toContain('Mã tra cứuTC8F3K42');
    expect(text(issued)).toContain('Phát hành lúc19/11/2026 10:20');
    expect(text(issued)).toContain('Số lần gửi1');
    expect(within(issued).getByRole('button', { name: 'Xem PDF hóa đơn của EV2611190001' })).toBeInTheDocument();
    expect(within(issued).getByRole('button', { name: 'Lập hóa đơn điều chỉnh' })).toBeEnabled();
    expect(within(issued).getByRole('button', { name: 'Lập hóa đơn thay thế' })).toBeEnabled();
    expect(within(issued).getByRole('button', { name: 'Thông báo sai sót (04/SS-HĐĐT)' })).toBeEnabled();
    expect(within(issued).queryByRole('button', { name: 'Gửi lại' })).not.toBeInTheDocument();
    // the notice recorded, under the invoice
    expect(within(issued).getByRole('heading', { name: 'Thông báo sai sót đã gửi' })).toBeInTheDocument();
    expect(within(issued).getByText('Sai địa chỉ người mua · Trần Văn Chủ · 19/11/2026 11:00')).toBeInTheDocument();

    const failed = card('HD2611190007 · Hóa đơn bán hàng');
    expect(within(failed).getByText('Lỗi')).toBeInTheDocument();
    expect(text(failed)).toContain('Loại giao dịchHóa đơn dịch vụ');
    expect(text(failed)).toContain('Trung tâmTrung tâm Quận 7');
    expect(text(failed)).toContain('Lỗi gần nhấtMã số thuế người mua không hợp lệ');
    expect(text(failed)).toContain('Số lần gửi3');
    expect(text(failed)).toContain('Ký hiệu / Số—');
    expect(within(failed).getByRole('button', { name: 'Gửi lại' })).toBeEnabled();
    expect(within(failed).queryByRole('button', { name: /Xem PDF/ })).not.toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Lập hóa đơn thay thế' })).not.toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Thông báo sai sót (04/SS-HĐĐT)' })).not.toBeInTheDocument();

    // an adjustment giving money back is negative, and is not itself corrected (its sale's invoice is)
    const adjustment = card('EV2611190002 · Hóa đơn điều chỉnh');
    expect(text(adjustment)).toContain('Tổng tiền (gồm VAT)−150.000 ₫');
    expect(within(adjustment).getAllByRole('button').map((button) => button.textContent)).toEqual(['Xem PDF']);
  });

  it('an adjusted invoice shows what it stands for now, and is adjusted again but never replaced', async () => {
    serve({ lists: [listOf([{ ...ISSUED, adjusted: true, netGross: 1_100_000 }])] });
    render(<EInvoiceDesk today={TODAY} />);
    const adjusted = await screen.findByRole('article', { name: 'EV2611190001 · Hóa đơn bán hàng' });
    expect(text(adjusted)).toContain('Còn lại sau điều chỉnh1.100.000 ₫');
    expect(within(adjusted).getByRole('button', { name: 'Lập hóa đơn điều chỉnh' })).toBeEnabled();
    expect(within(adjusted).queryByRole('button', { name: 'Lập hóa đơn thay thế' })).not.toBeInTheDocument();
  });

  it('the adjustment’s dialog checks the amount against the invoice before sending, then posts it with the reason', async () => {
    serve({ lists: [listOf([{ ...ISSUED, adjusted: true, netGross: 1_100_000 }]), listOf([{ ...ISSUED, adjusted: true, netGross: 1_050_000 }])] });
    client.post.mockResolvedValue(envelope({ ...ADJUSTMENT, id: 11, status: 'DRAFT', gross: -50_000, netGross: -50_000 }));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    await user.click(within(await screen.findByRole('article', { name: /^EV2611190001/ })).getByRole('button', { name: 'Lập hóa đơn điều chỉnh' }));
    const dialog = screen.getByRole('dialog', { name: 'Lập hóa đơn điều chỉnh' });
    expect(within(dialog).getByRole('radio', { name: 'Giảm' })).toBeChecked();
    const amount = within(dialog).getByRole('textbox', { name: 'Số tiền điều chỉnh (₫)' });
    expect(within(dialog).getByText('Hóa đơn hiện còn 1.100.000 ₫; tối đa 1.100.000 ₫ theo chiều này.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Đơn giá in sai trên hóa đơn');

    // up: only what earlier reductions took (150.000 ₫)
    await user.click(within(dialog).getByRole('radio', { name: 'Tăng' }));
    expect(within(dialog).getByText('Hóa đơn hiện còn 1.100.000 ₫; tối đa 150.000 ₫ theo chiều này.')).toBeInTheDocument();
    await user.type(amount, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Số tiền tối đa 150.000 ₫.');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Vui lòng nhập số tiền là số nguyên dương (đồng).');
    expect(client.post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Giảm' }));
    await user.clear(amount);
    await user.type(amount, '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(client.post).toHaveBeenCalledWith('/admin/e-invoices/1/adjust', { direction: 'DECREASE', amount: 50_000, reason: 'Đơn giá in sai trên hóa đơn' });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã lập hóa đơn điều chỉnh, đang gửi nhà cung cấp.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('1.050.000 ₫')).toBeInTheDocument();
  });

  it('keeps the server’s refusal of an adjustment’s amount under its field', async () => {
    serve({ lists: [listOf([ISSUED])] });
    const refusal = 'Hóa đơn hiện còn 0 ₫: số tiền điều chỉnh giảm tối đa 0 ₫.';
    client.post.mockRejectedValue(new ApiError(refusal, 422, 'VALIDATION_ERROR', [{ field: 'amount', message: refusal }]));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    await user.click(within(await screen.findByRole('article', { name: /^EV2611190001/ })).getByRole('button', { name: 'Lập hóa đơn điều chỉnh' }));
    const dialog = screen.getByRole('dialog', { name: 'Lập hóa đơn điều chỉnh' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Số tiền điều chỉnh (₫)' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Đơn giá in sai');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Số tiền điều chỉnh (₫)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no correction of a replaced invoice', async () => {
    serve({ lists: [listOf([{ ...ISSUED, replaced: true }])] });
    render(<EInvoiceDesk today={TODAY} />);
    const replaced = await screen.findByRole('article', { name: 'EV2611190001 · Hóa đơn bán hàng' });
    expect(within(replaced).getByText('Đã được thay thế bởi hóa đơn khác')).toBeInTheDocument();
    expect(within(replaced).queryByRole('button', { name: 'Lập hóa đơn thay thế' })).not.toBeInTheDocument();
    expect(within(replaced).queryByRole('button', { name: 'Thông báo sai sót (04/SS-HĐĐT)' })).not.toBeInTheDocument();
  });

  it('sends the filters chosen as the query, back to the first page', async () => {
    serve({ lists: [listOf([ISSUED, FAILED], { total: 60 }), listOf([FAILED], { page: 2, total: 60 }), listOf([FAILED])] });
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    await screen.findByRole('article', { name: /^EV2611190001/ });

    await user.click(within(screen.getByRole('navigation', { name: 'Phân trang' })).getByRole('button', { name: 'Trang sau' }));
    expect(listCalls().at(-1)).toBe(LIST_URL('from=2026-10-21&to=2026-11-19&page=2'));
    expect(await screen.findByText('Trang 2/3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'Lỗi');
    expect(listCalls().at(-1)).toBe(LIST_URL('status=FAILED&from=2026-10-21&to=2026-11-19&page=1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loại hóa đơn' }), 'Hóa đơn thay thế');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loại giao dịch' }), 'Hóa đơn dịch vụ');
    expect(listCalls().at(-1)).toBe(LIST_URL('status=FAILED&kind=REPLACEMENT&saleKind=SERVICE_INVOICE&from=2026-10-21&to=2026-11-19&page=1'));

    const from = screen.getByLabelText('Từ ngày');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    const to = screen.getByLabelText('Đến ngày');
    await user.clear(to);
    await user.type(to, '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Xem' }));
    expect(listCalls().at(-1)).toBe(LIST_URL('status=FAILED&kind=REPLACEMENT&saleKind=SERVICE_INVOICE&from=2026-11-01&to=2026-11-15&page=1'));

    // back to every status: the query drops it
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'Tất cả');
    expect(listCalls().at(-1)).toBe(LIST_URL('kind=REPLACEMENT&saleKind=SERVICE_INVOICE&from=2026-11-01&to=2026-11-15&page=1'));
  });

  it('shows the server’s Vietnamese refusal of a range', async () => {
    client.get.mockImplementation((path: string) =>
      path === '/admin/e-invoices/check'
        ? Promise.resolve(envelope(NO_UNCOVERED))
        : Promise.reject(new ApiError('Khoảng ngày tối đa 92 ngày.', 422, 'VALIDATION_ERROR', [{ field: 'to', message: 'Khoảng ngày tối đa 92 ngày.' }])),
    );
    render(<EInvoiceDesk today={TODAY} />);
    expect(await screen.findByText('Khoảng ngày tối đa 92 ngày.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('“Gửi lại” posts the retry at once and reloads the list and the check', async () => {
    serve({ lists: [listOf([FAILED]), listOf([{ ...FAILED, status: 'SENDING', statusLabel: 'Đang gửi', attempts: 4 }])] });
    client.post.mockResolvedValue(envelope({ ...FAILED, status: 'SENDING', statusLabel: 'Đang gửi' }));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    const failed = await screen.findByRole('article', { name: /^HD2611190007/ });
    expect(checkCalls()).toHaveLength(1);

    await user.click(within(failed).getByRole('button', { name: 'Gửi lại' }));
    expect(client.post).toHaveBeenCalledWith('/admin/e-invoices/2/retry', {});
    expect(await screen.findByRole('status')).toHaveTextContent('Đã đưa hóa đơn vào hàng đợi gửi lại.');
    expect(await within(card(/^HD2611190007/)).findByText('Đang gửi')).toBeInTheDocument();
    expect(within(card(/^HD2611190007/)).queryByRole('button', { name: 'Gửi lại' })).not.toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
    expect(checkCalls()).toHaveLength(2);
  });

  it('the replacement’s dialog refuses a reason too short before sending, then posts a valid one', async () => {
    serve({ lists: [listOf([ISSUED]), listOf([{ ...ISSUED, replaced: true }])] });
    client.post.mockResolvedValue(envelope({ ...ISSUED, id: 9, kind: 'REPLACEMENT', status: 'DRAFT', correctsId: 1 }));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    const issued = await screen.findByRole('article', { name: /^EV2611190001/ });

    await user.click(within(issued).getByRole('button', { name: 'Lập hóa đơn thay thế' }));
    const dialog = screen.getByRole('dialog', { name: 'Lập hóa đơn thay thế' });
    const reason = within(dialog).getByRole('textbox', { name: 'Lý do' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '300');

    await user.type(reason, ' abc ');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Lý do tối thiểu 5 ký tự.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(client.post).not.toHaveBeenCalled();

    await user.type(reason, 'sai đơn giá');
    await user.keyboard('{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(client.post).toHaveBeenCalledWith('/admin/e-invoices/1/replace', { reason: 'abc sai đơn giá' });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã lập hóa đơn thay thế, đang gửi nhà cung cấp.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card(/^EV2611190001/)).findByText('Đã được thay thế bởi hóa đơn khác')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
  });

  it('keeps the server’s other refusal of a notice in its dialog, in Vietnamese', async () => {
    serve({ lists: [listOf([ISSUED])] });
    client.post.mockRejectedValue(new ApiError('Không ghi nhận được thông báo sai sót lúc này.', 503, 'PROVIDER_UNAVAILABLE'));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);
    await user.click(within(await screen.findByRole('article', { name: /^EV2611190001/ })).getByRole('button', { name: 'Thông báo sai sót (04/SS-HĐĐT)' }));
    const dialog = screen.getByRole('dialog', { name: 'Thông báo sai sót (04/SS-HĐĐT)' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Sai tên người mua');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(client.post).toHaveBeenCalledWith('/admin/e-invoices/1/notice', { reason: 'Sai tên người mua' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Không ghi nhận được thông báo sai sót lúc này.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a 409 shows the server’s message and reloads: from “Gửi lại” and from a dialog', async () => {
    const changed = 'Hóa đơn đã được phát hành, không thể gửi lại.';
    serve({ lists: [listOf([FAILED, ISSUED]), listOf([{ ...FAILED, status: 'ISSUED', statusLabel: 'Đã phát hành', pdfUrl: '/api/e-invoices/2/invoice.pdf' }, ISSUED])] });
    client.post
      .mockRejectedValueOnce(new ApiError(changed, 409, 'E_INVOICE_ACTION_NOT_ALLOWED'))
      .mockRejectedValueOnce(new ApiError('Hóa đơn đã được thay thế.', 409, 'E_INVOICE_ACTION_NOT_ALLOWED'));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);

    await user.click(within(await screen.findByRole('article', { name: /^HD2611190007/ })).getByRole('button', { name: 'Gửi lại' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(changed);
    expect(await within(card(/^HD2611190007/)).findByText('Đã phát hành')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
    expect(checkCalls()).toHaveLength(2);

    await user.click(within(card(/^EV2611190001/)).getByRole('button', { name: 'Lập hóa đơn thay thế' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Lý do' }), 'Sai đơn giá dịch vụ');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hóa đơn đã được thay thế.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listCalls()).toHaveLength(3);
  });

  it('the daily check shows the count and the sales, and “Gửi lại” for a failed invoice', async () => {
    serve({ lists: [listOf([])], checks: [UNCOVERED, NO_UNCOVERED] });
    client.post.mockResolvedValue(envelope({ ...FAILED, status: 'SENDING' }));
    const user = userEvent.setup();
    render(<EInvoiceDesk today={TODAY} />);

    expect(await within(checkPanel()).findByRole('alert')).toHaveTextContent('Có 2 giao dịch chưa có hóa đơn quá 30 phút.');
    const [failedSale, noInvoice] = within(checkPanel()).getAllByRole('listitem');
    expect(text(failedSale!)).toContain('HD2611190007 · Hóa đơn dịch vụ');
    expect(text(failedSale!)).toContain('Thanh toán lúc 19/11/2026 09:05 · Số tiền 860.000 ₫');
    expect(text(failedSale!)).toContain('Hóa đơn: Lỗi');
    expect(text(failedSale!)).toContain('Lỗi gần nhất: Mã số thuế người mua không hợp lệ');
    expect(text(noInvoice!)).toContain('EV2611180009 · Đơn hàng online');
    expect(text(noInvoice!)).toContain('Thanh toán lúc 18/11/2026 22:40 · Số tiền 430.000 ₫');
    expect(text(noInvoice!)).toContain('Hóa đơn: Chưa lập hóa đơn');
    expect(within(noInvoice!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Không có hóa đơn nào trong khoảng này.')).toBeInTheDocument();

    await user.click(within(failedSale!).getByRole('button', { name: 'Gửi lại' }));
    expect(client.post).toHaveBeenCalledWith('/admin/e-invoices/2/retry', {});
    expect(await within(checkPanel()).findByText('Không có giao dịch nào chưa có hóa đơn quá 30 phút.')).toBeInTheDocument();
  });

  it('the daily check says so when every sale has its invoice', async () => {
    serve({ lists: [listOf([ISSUED])] });
    render(<EInvoiceDesk today={TODAY} />);
    expect(await within(checkPanel()).findByText('Không có giao dịch nào chưa có hóa đơn quá 30 phút.')).toBeInTheDocument();
    expect(within(checkPanel()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(checkPanel()).getByText('Kiểm tra lúc 19/11/2026 11:30')).toBeInTheDocument();
  });

  it('reads the list and the check again every 20 seconds, keeping the screen until the answer', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-19T04:30:00.000Z') });
    serve({ lists: [listOf([FAILED]), listOf([{ ...FAILED, status: 'ISSUED', statusLabel: 'Đã phát hành', lastError: null }])], checks: [UNCOVERED, NO_UNCOVERED] });
    render(<EInvoiceDesk today={TODAY} />);
    const failed = await screen.findByRole('article', { name: /^HD2611190007/ });
    expect(within(failed).getByText('Lỗi')).toBeInTheDocument();
    expect(await within(checkPanel()).findByRole('alert')).toHaveTextContent('Có 2 giao dịch');
    const listSection = screen.getByRole('region', { name: 'Danh sách hóa đơn' });

    await act(async () => void (await jest.advanceTimersByTimeAsync(E_INVOICE_POLL_MS - 1_000)));
    expect(listCalls()).toHaveLength(1);
    expect(checkCalls()).toHaveLength(1);

    await act(async () => void (await jest.advanceTimersByTimeAsync(1_000)));
    expect(listCalls()).toEqual([LIST_URL(DEFAULT_QUERY), LIST_URL(DEFAULT_QUERY)]);
    expect(checkCalls()).toHaveLength(2);
    // the same section and card, updated in place: nothing cleared, no "loading" in between
    expect(screen.getByRole('region', { name: 'Danh sách hóa đơn' })).toBe(listSection);
    expect(within(card(/^HD2611190007/)).getByText('Đã phát hành')).toBeInTheDocument();
    expect(screen.queryByText('Đang tải hóa đơn…')).not.toBeInTheDocument();
    expect(within(checkPanel()).getByText('Không có giao dịch nào chưa có hóa đơn quá 30 phút.')).toBeInTheDocument();

    await act(async () => void (await jest.advanceTimersByTimeAsync(E_INVOICE_POLL_MS)));
    expect(listCalls()).toHaveLength(3);
  });

  it('downloads a month’s zip for the accountant, this month first, and says so in Vietnamese when it fails', async () => {
    const user = userEvent.setup();
    const download = jest.mocked(downloadApiFile);
    download.mockResolvedValueOnce(undefined);
    render(<EInvoiceDesk today={TODAY} />);
    const month = screen.getByLabelText('Tháng');
    expect(month).toHaveValue('2026-11');
    await user.click(screen.getByRole('button', { name: 'Tải tệp zip' }));
    expect(download).toHaveBeenCalledWith('/admin/e-invoices/export?month=2026-11', 'hoa-don-dien-tu-2026-11.zip', 'Không tải được tệp hóa đơn của tháng. Vui lòng thử lại.');

    download.mockRejectedValueOnce(new ApiError('Tháng không hợp lệ: dạng YYYY-MM, không sau tháng hiện tại.', 422, 'DATE_RANGE_INVALID'));
    await user.click(screen.getByRole('button', { name: 'Tải tệp zip' }));
    expect(await screen.findByText('Tháng không hợp lệ: dạng YYYY-MM, không sau tháng hiện tại.')).toBeInTheDocument();
  });
});
