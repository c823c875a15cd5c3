import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatVnd, sessionStore } from 'shared-contracts';
import { E_INVOICE_STATUS_LABELS, type CustomerEInvoice, type CustomerServiceOrder, type Order, type ServiceInvoice } from 'shared-contracts/schemas';
import { EInvoiceSection } from '../../src/eInvoices';
import { E_INVOICE_POLL_MS, E_INVOICE_POLLS } from '../../src/eInvoices/EInvoiceSection';
import { ServiceOrderPanel } from '../../src/pages/dashboard/ServiceOrderPanel';
import { OrderDetailPage } from '../../src/pages/orders/OrderDetailPage';
import { fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply } from '../helpers';
import { deliveredOrder } from '../reviewFixtures';

const ORDER_CODE = 'EV2611200003';

function eInvoice(overrides: Partial<CustomerEInvoice> = {}): CustomerEInvoice {
  return {
    id: 41,
    kind: 'ORIGINAL',
    kindLabel: 'Hóa đơn bán hàng',
    status: 'ISSUED',
    statusLabel: 'Đã phát hành',
    gross: 1_280_000,
    series: '1C26TEV',
    number: 123,
    taxAuthorityCode: 'M1-26-A7K3Q-00000000123',
    lookupCode: 'TC7Q2K9XW4',
    lookupUrl: 'https://tracuu.example.vn/?code=TC7Q2K9XW4',
    // 23:30 on 20/11 in UTC is 21/11 in Hà Nội
    issuedAt: '2026-11-20T23:30:00.000Z',
    pdfUrl: '/api/e-invoices/41/invoice.pdf',
    ...overrides,
  };
}

const adjustment = eInvoice({
  id: 42,
  kind: 'ADJUSTMENT',
  kindLabel: 'Hóa đơn điều chỉnh',
  gross: -320_000,
  number: 131,
  taxAuthorityCode: 'M1-26-A7K3Q-00000000131',
  lookupCode: 'TC8R3L0YX5',
  lookupUrl: 'https://tracuu.example.vn/?code=TC8R3L0YX5',
  issuedAt: '2026-11-25T03:00:00.000Z',
  pdfUrl: '/api/e-invoices/42/invoice.pdf',
});

const unissued = (status: 'DRAFT' | 'SENDING' | 'FAILED', id = 43) =>
  eInvoice({ id, status, statusLabel: E_INVOICE_STATUS_LABELS[status], series: null, number: null, taxAuthorityCode: null, lookupCode: null, lookupUrl: null, issuedAt: null, pdfUrl: null });

const itemsReply = (items: CustomerEInvoice[]): FakeReply => ok({ items });

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

const renderOrderSection = (handedOver = true) =>
  renderAccountPage('/orders/:code', <EInvoiceSection sale={{ kind: 'order', code: ORDER_CODE, handedOver }} />, `/orders/${ORDER_CODE}`);

describe('EInvoiceSection', () => {
  it('shows an issued invoice: its kind, series and number, date, MCCQT, lookup code, amount, PDF and lookup link', async () => {
    const { calls } = mockFetch(() => itemsReply([eInvoice()]));
    renderOrderSection();
    const section = screen.getByRole('region', { name: 'Hóa đơn điện tử' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Hóa đơn điện tử' })).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Đang tải hóa đơn điện tử…');

    const invoice = await within(section).findByRole('article', { name: 'Hóa đơn bán hàng' });
    expect(within(invoice).getByText('Ký hiệu 1C26TEV · Số 123')).toBeInTheDocument();
    expect(within(invoice).getByText('Ngày 21/11/2026')).toBeInTheDocument();
    expect(within(invoice).getByText('Mã của cơ quan thuế:').nextElementSibling).toHaveTextContent('M1-26-A7K3Q-00000000123');
    expect(within(invoice).getByText('Mã tra cứu:').nextElementSibling).toHaveTextContent('TC7Q2K9XW4');
    expect(within(invoice).getByRole('button', { name: 'Sao chép mã tra cứu' })).toBeInTheDocument();
    expect(within(invoice).getByTestId('e-invoice-amount').textContent).toBe(formatVnd(1_280_000)); // 1.280.000 ₫ (a no-break space)
    expect(within(invoice).getByRole('button', { name: 'Tải hóa đơn (PDF)' })).toHaveAccessibleDescription('Hóa đơn bán hàng Ký hiệu 1C26TEV · Số 123 Ngày 21/11/2026');
    const lookup = within(invoice).getByRole('link', { name: /^Tra cứu/ });
    expect(lookup).toHaveAttribute('href', 'https://tracuu.example.vn/?code=TC7Q2K9XW4');
    expect(lookup).toHaveAttribute('target', '_blank');
    expect(lookup.getAttribute('rel')).toContain('noopener');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/orders/${ORDER_CODE}/e-invoices`]);
  });

  it('downloads the issued invoice’s PDF with the session’s token, through the API base as the receipt is', async () => {
    mockFetch(() => itemsReply([eInvoice()]));
    renderOrderSection();
    const button = await screen.findByRole('button', { name: 'Tải hóa đơn (PDF)' });

    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'Content-Disposition': 'inline; filename="hoa-don-dien-tu-1C26TEV-123.pdf"' }),
      blob: async () => pdf,
      json: async () => null,
    }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    URL.createObjectURL = jest.fn(() => 'blob:e-invoice');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });

    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['hoa-don-dien-tu-1C26TEV-123.pdf blob:e-invoice']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://localhost/api/e-invoices/41/invoice.pdf');
    expect(init.headers).toEqual({ Authorization: `Bearer ${sessionStore.token}` });
    click.mockRestore();
  });

  it('shows an adjustment with its negative amount, after the original', async () => {
    mockFetch(() => itemsReply([eInvoice(), adjustment]));
    renderOrderSection();
    const invoice = await screen.findByRole('article', { name: 'Hóa đơn điều chỉnh' });
    expect(within(invoice).getByText('Ký hiệu 1C26TEV · Số 131')).toBeInTheDocument();
    expect(within(invoice).getByText('Điều chỉnh giảm:')).toBeInTheDocument();
    const amount = within(invoice).getByTestId('e-invoice-amount');
    expect(amount.textContent).toBe(formatVnd(-320_000));
    expect(amount.textContent).toMatch(/^[-−]320\.000\s₫$/);
    expect(screen.getAllByTestId('e-invoice')).toHaveLength(2);
  });

  it('says a paid order not handed over yet gets its invoice at delivery, its draft not shown', async () => {
    mockFetch(() => itemsReply([unissued('DRAFT')]));
    renderOrderSection(false);
    expect(await screen.findByText('Hóa đơn điện tử sẽ được phát hành khi đơn hàng được giao.')).toBeInTheDocument();
    expect(screen.queryByText('Đang phát hành')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tải hóa đơn (PDF)' })).not.toBeInTheDocument();
  });

  it('shows a failed or draft invoice as "Đang phát hành", never its error', async () => {
    // the customer's view carries no error; were one ever added to the answer, it is not shown
    const failed = { ...unissued('FAILED', 43), lastError: 'VNPT: ERR:7 Mẫu số/ký hiệu không hợp lệ' } as CustomerEInvoice;
    mockFetch(() => itemsReply([failed, unissued('DRAFT', 44)]));
    renderAccountPage('/dashboard', <EInvoiceSection sale={{ kind: 'visit', appointmentId: 31 }} headingLevel={5} />);
    const pending = await screen.findAllByTestId('e-invoice-pending');
    expect(pending).toHaveLength(2);
    for (const row of pending) expect(row).toHaveTextContent('Đang phát hành');
    expect(screen.queryByText(/ERR:7|VNPT|Lỗi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tải hóa đơn (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Hóa đơn điện tử' })).toBeInTheDocument();
  });

  it('says a paid visit’s invoice is on its way while none is listed yet', async () => {
    const { calls } = mockFetch(() => itemsReply([]));
    renderAccountPage('/dashboard', <EInvoiceSection sale={{ kind: 'visit', appointmentId: 31 }} />);
    expect(await screen.findByText('Hóa đơn điện tử đang được phát hành.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/appointments/31/e-invoices']);
  });

  describe('an invoice on its way', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const visitSection = () => renderAccountPage('/dashboard', <EInvoiceSection sale={{ kind: 'visit', appointmentId: 31 }} />);
    const nextPoll = () => act(async () => jest.advanceTimersByTimeAsync(E_INVOICE_POLL_MS));

    it('is read again every 3 s until it is issued, then no more (the visit just paid)', async () => {
      const answers = [[], [unissued('SENDING', 41)], [eInvoice()]];
      const { calls } = mockFetch(() => itemsReply(answers[Math.min(calls.length - 1, answers.length - 1)]!));
      visitSection();
      expect(await screen.findByText('Hóa đơn điện tử đang được phát hành.')).toBeInTheDocument();
      await nextPoll();
      expect(await screen.findByTestId('e-invoice-pending')).toHaveTextContent('Đang phát hành');
      await nextPoll();
      const invoice = await screen.findByRole('article', { name: 'Hóa đơn bán hàng' });
      expect(within(invoice).getByText('Ký hiệu 1C26TEV · Số 123')).toBeInTheDocument();
      expect(calls).toHaveLength(3);
      await nextPoll();
      await nextPoll();
      expect(calls).toHaveLength(3);
    });

    it('stops reading again after 20 reads when it stays on its way (a refused one the shop retries)', async () => {
      const { calls } = mockFetch(() => itemsReply([unissued('FAILED')]));
      visitSection();
      expect(await screen.findByTestId('e-invoice-pending')).toBeInTheDocument();
      for (let poll = 0; poll < E_INVOICE_POLLS + 3; poll += 1) await nextPoll();
      expect(calls).toHaveLength(1 + E_INVOICE_POLLS);
      expect(screen.getByTestId('e-invoice-pending')).toHaveTextContent('Đang phát hành');
    });

    it('is not read again for an order not handed over (its invoice comes at delivery)', async () => {
      const { calls } = mockFetch(() => itemsReply([unissued('DRAFT')]));
      renderOrderSection(false);
      expect(await screen.findByText('Hóa đơn điện tử sẽ được phát hành khi đơn hàng được giao.')).toBeInTheDocument();
      await nextPoll();
      await nextPoll();
      expect(calls).toHaveLength(1);
    });
  });

  it('says when the invoices cannot be read, and reads them again on "Thử lại"', async () => {
    let attempt = 0;
    const { calls } = mockFetch(() => {
      attempt += 1;
      return attempt === 1 ? fail(503, 'VNPT Invoice: SOAP fault 500', 'HTTP_503') : itemsReply([eInvoice()]);
    });
    renderOrderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Chưa tải được hóa đơn điện tử.');
    expect(screen.queryByText(/SOAP/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('article', { name: 'Hóa đơn bán hàng' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe('the order’s page', () => {
  const routes = (order: Order, invoices: CustomerEInvoice[]) =>
    mockFetch((call) => {
      if (call.path === `/api/orders/${order.code}`) return ok(order);
      if (call.path === `/api/orders/${order.code}/e-invoices`) return itemsReply(invoices);
      if (call.path === `/api/orders/${order.code}/vat-invoice-request`) return ok(null);
      return fail(404, 'Không tìm thấy.', 'NOT_FOUND');
    });

  it('shows the delivered order’s e-invoice under "Hóa đơn điện tử"', async () => {
    const order = deliveredOrder();
    routes(order, [eInvoice()]);
    renderAccountPage('/orders/:code', <OrderDetailPage />, `/orders/${order.code}`);
    const section = await screen.findByRole('region', { name: 'Hóa đơn điện tử' });
    expect(await within(section).findByText('Ký hiệu 1C26TEV · Số 123')).toBeInTheDocument();
  });

  it('says a paid order still on its way gets its invoice at delivery', async () => {
    const order = deliveredOrder({ status: 'SHIPPING', statusLabel: 'Đang giao hàng', paymentStatus: 'PAID' });
    routes(order, []);
    renderAccountPage('/orders/:code', <OrderDetailPage />, `/orders/${order.code}`);
    const section = await screen.findByRole('region', { name: 'Hóa đơn điện tử' });
    expect(await within(section).findByText('Hóa đơn điện tử sẽ được phát hành khi đơn hàng được giao.')).toBeInTheDocument();
  });

  it('has no e-invoice section for an unpaid order not handed over, nor for a cancelled one', async () => {
    const unpaid = deliveredOrder({ status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'UNPAID' });
    const { calls } = routes(unpaid, []);
    const view = renderAccountPage('/orders/:code', <OrderDetailPage />, `/orders/${unpaid.code}`);
    expect(await screen.findByTestId('order-code')).toHaveTextContent(unpaid.code);
    expect(screen.queryByRole('region', { name: 'Hóa đơn điện tử' })).not.toBeInTheDocument();
    view.unmount();

    const cancelled = deliveredOrder({ status: 'CANCELLED', statusLabel: 'Đã hủy', paymentStatus: 'REFUNDED' });
    const again = routes(cancelled, []);
    renderAccountPage('/orders/:code', <OrderDetailPage />, `/orders/${cancelled.code}`);
    expect(await screen.findByTestId('order-code')).toHaveTextContent(cancelled.code);
    expect(screen.queryByRole('region', { name: 'Hóa đơn điện tử' })).not.toBeInTheDocument();
    expect([...calls, ...again.calls].some((call) => call.path.endsWith('/e-invoices'))).toBe(false);
  });
});

describe('the visit’s card (dashboard)', () => {
  const paidInvoice: ServiceInvoice = {
    id: 5,
    code: 'HD261124A2B4',
    subtotalServices: 550_000,
    subtotalParts: 0,
    packageDiscount: 250_000,
    total: 300_000,
    pointsUsed: 0,
    pointsValue: 0,
    paymentMethod: 'CASH',
    paymentStatus: 'PAID',
    issuedAt: '2026-11-24T04:00:00.000Z',
    paidAt: '2026-11-24T04:30:00.000Z',
    vietQr: null,
  };
  const closed = (invoice: ServiceInvoice): CustomerServiceOrder => ({
    appointmentId: 31,
    code: 'PDV261124K7QZ',
    status: 'CLOSED',
    statusLabel: 'Đã thanh toán',
    pendingApprovals: 0,
    openedAt: '2026-11-24T01:55:00.000Z',
    lines: [{ id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 250_000, lineTotal: 250_000, source: 'booked' }],
    invoice,
  });
  const panel = (order: CustomerServiceOrder) => (
    <ServiceOrderPanel
      appointmentId={31}
      progress={{ state: { status: 'ready', data: order }, shown: { status: order.status, pendingApprovals: 0 }, code: order.code, reload: () => undefined }}
    />
  );
  // the card's inspection: none
  const routes = () =>
    mockFetch((call) => (call.path === '/api/appointments/31/e-invoices' ? itemsReply([eInvoice({ gross: 300_000 })]) : fail(404, 'Không tìm thấy.', 'NOT_FOUND')));
  const inspectionSettled = () => waitFor(() => expect(screen.queryByText('Đang tải kết quả kiểm tra...')).not.toBeInTheDocument());

  it('shows the paid visit’s e-invoice beside its invoice', async () => {
    const { calls } = routes();
    renderAccountPage('/dashboard', panel(closed(paidInvoice)));
    const section = screen.getByRole('region', { name: 'Hóa đơn điện tử' });
    expect(within(section).getByRole('heading', { level: 5 })).toHaveTextContent('Hóa đơn điện tử');
    const invoice = await within(section).findByRole('article', { name: 'Hóa đơn bán hàng' });
    expect(within(invoice).getByText('Ký hiệu 1C26TEV · Số 123')).toBeInTheDocument();
    expect(within(invoice).getByRole('heading', { level: 6 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/e-invoices'))).toHaveLength(1);
    await inspectionSettled();
  });

  it('has no e-invoice section while the visit is unpaid', async () => {
    const { calls } = routes();
    renderAccountPage('/dashboard', panel(closed({ ...paidInvoice, paymentStatus: 'UNPAID', paidAt: null, paymentMethod: null })));
    expect(screen.getByText('Chưa thanh toán')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Hóa đơn điện tử' })).not.toBeInTheDocument();
    await inspectionSettled();
    expect(calls.some((call) => call.path.endsWith('/e-invoices'))).toBe(false);
  });
});
