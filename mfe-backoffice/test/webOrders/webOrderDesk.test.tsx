import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { WebOrderDetail, WebOrderList, WebOrderListItem } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { WebOrderDesk } from '../../src/webOrders/WebOrderDesk';
import { NARROW_SCREEN_QUERY } from '../../src/webOrders/useNarrowScreen';
import { webOrdersApi } from '../../src/webOrders/webOrdersApi';
import { floorChange, lastStreamOptions } from '../staffFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/webOrders/webOrdersApi', () => ({ webOrdersApi: { list: jest.fn(), detail: jest.fn(), act: jest.fn(), note: jest.fn() } }));

const api = jest.mocked(webOrdersApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const item = (code: string, status: WebOrderListItem['status'] = 'PLACED', statusLabel = 'Đã đặt hàng'): WebOrderListItem => ({
  code,
  status,
  statusLabel,
  paymentMethod: 'COD',
  paymentStatus: 'UNPAID',
  paymentStatusLabel: 'Chưa thanh toán',
  fulfilmentMethod: 'delivery',
  total: 930_000,
  recipientName: 'Nguyễn Thị Hằng',
  phone: '0933221100',
  createdAt: '2026-11-19T02:00:00.000Z',
  version: 0,
});

const listOf = (items: WebOrderListItem[]): WebOrderList => ({
  items,
  total: items.length,
  hasMore: false,
  page: 1,
  pageSize: 25,
  counts: [
    { status: 'PLACED', label: 'Đã đặt hàng', count: items.filter((entry) => entry.status === 'PLACED').length },
    { status: 'CONFIRMED', label: 'Đã xác nhận', count: items.filter((entry) => entry.status === 'CONFIRMED').length },
  ],
});

const detailOf = (code: string, overrides: Partial<WebOrderDetail> = {}): WebOrderDetail => ({
  order: {
    code,
    status: 'PLACED',
    statusLabel: 'Đã đặt hàng',
    paymentMethod: 'COD',
    paymentStatus: 'UNPAID',
    paymentStatusLabel: 'Chưa thanh toán',
    lines: [{ kind: 'product', refId: 7, slug: 'ma-phanh', name: 'Má phanh trước VF 8', image: null, unitPrice: 450_000, quantity: 2, lineTotal: 900_000 }],
    subtotal: 900_000,
    discount: 0,
    shippingFee: 30_000,
    total: 930_000,
    promotionCode: null,
    recipientName: 'Nguyễn Thị Hằng',
    phone: '0933221100',
    fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' }, centre: null },
    note: null,
    history: [],
    vietQr: null,
    canCancel: true,
    createdAt: '2026-11-19T02:00:00.000Z',
    updatedAt: '2026-11-19T02:00:00.000Z',
  } as WebOrderDetail['order'],
  version: 0,
  customer: { id: 3, fullName: 'Nguyễn Thị Hằng', email: 'hang@example.vn', phone: '0933221100' },
  deskCentre: { id: 1, name: 'EV Service Cầu Giấy', address: '1 Xuân Thủy' },
  payment: { amountReceived: 0, paidAt: null, bankReference: null, refundDue: null, records: [], refunds: [] },
  timeline: [
    {
      action: 'placed',
      label: 'Đặt hàng',
      status: 'PLACED',
      statusLabel: 'Đã đặt hàng',
      paymentStatus: 'UNPAID',
      paymentStatusLabel: 'Chưa thanh toán',
      note: null,
      actor: { kind: 'customer', name: null },
      at: '2026-11-19T02:00:00.000Z',
    },
  ],
  notes: [],
  shipment: null,
  refund: null,
  availableActions: ['confirm', 'cancel'],
  packingSlip: { lines: [{ sku: 'MP-VF8-01', name: 'Má phanh trước VF 8', quantity: 2 }], qrImageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
  ...overrides,
});

beforeEach(() => jest.clearAllMocks());

describe('the web-order desk', () => {
  it('shows a new order without a reload when the centre stream says a web order changed', async () => {
    api.list.mockResolvedValueOnce(listOf([item('EV2611190001')])).mockResolvedValueOnce(listOf([item('EV2611190002'), item('EV2611190001')]));
    render(<WebOrderDesk />);
    expect(await screen.findByRole('button', { name: 'Xem đơn EV2611190001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Đã đặt hàng 1/ })).toBeInTheDocument();

    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'appointment' })));
    expect(api.list).toHaveBeenCalledTimes(1);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'web-order', appointmentId: null })));
    expect(await screen.findByRole('button', { name: 'Xem đơn EV2611190002' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Đã đặt hàng 2/ })).toBeInTheDocument();
  });

  it('confirms an order with the version it shows, then offers the next step and shows the timeline', async () => {
    api.list.mockResolvedValue(listOf([item('EV2611190003')]));
    let current = detailOf('EV2611190003');
    api.detail.mockImplementation(() => Promise.resolve(current));
    const confirmed = detailOf('EV2611190003', {
        version: 1,
        order: { ...detailOf('EV2611190003').order, status: 'CONFIRMED', statusLabel: 'Đã xác nhận' },
        availableActions: ['pack', 'cancel'],
        timeline: [
          ...detailOf('EV2611190003').timeline,
          {
            action: 'confirm',
            label: 'Đã xác nhận đơn hàng',
            status: 'CONFIRMED',
            statusLabel: 'Đã xác nhận',
            paymentStatus: 'UNPAID',
            paymentStatusLabel: 'Chưa thanh toán',
            note: null,
            actor: { kind: 'staff', name: 'Trần Nhân Viên' },
            at: '2026-11-19T03:00:00.000Z',
          },
        ],
      });
    api.act.mockImplementation(() => {
      current = confirmed;
      return Promise.resolve(confirmed);
    });
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611190003' }));
    const panel = await screen.findByRole('region', { name: 'EV2611190003' });
    expect(within(panel).getByTestId('packing-slip')).toHaveTextContent('MP-VF8-01');
    expect(within(panel).getByRole('img', { name: 'Mã QR đơn hàng EV2611190003' })).toBeInTheDocument();

    await userEvent.click(await within(panel).findByRole('button', { name: 'Xác nhận đơn' }));
    expect(api.act).toHaveBeenCalledWith('EV2611190003', { action: 'confirm', version: 0 });
    expect(await within(panel).findByRole('button', { name: 'Đã đóng gói' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Xác nhận đơn' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Đã xác nhận đơn hàng')).toBeInTheDocument();
    expect(within(panel).getByText('Đã xác nhận đơn hàng').closest('li')).toHaveTextContent('Trần Nhân Viên · 10:00 19/11/2026');
  });

  it('explains a 409 and reloads the order, so the next action starts from what is true now', async () => {
    api.list.mockResolvedValue(listOf([item('EV2611190004')]));
    const cancelled = detailOf('EV2611190004', {
      version: 1,
      order: { ...detailOf('EV2611190004').order, status: 'CANCELLED', statusLabel: 'Đã hủy' },
      availableActions: [],
    });
    api.detail.mockResolvedValueOnce(detailOf('EV2611190004')).mockResolvedValue(cancelled);
    api.act.mockRejectedValue(
      new ApiError('Đơn hàng vừa được người khác cập nhật (hiện: "Đã hủy"). Đã tải lại thông tin mới nhất, vui lòng xem lại trước khi thao tác.', 409, 'WEB_ORDER_STALE'),
    );
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611190004' }));
    const panel = await screen.findByRole('region', { name: 'EV2611190004' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Xác nhận đơn' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('vừa được người khác cập nhật (hiện: "Đã hủy")');
    expect(await within(panel).findByText('Đơn hàng không còn thao tác nào.')).toBeInTheDocument();
    expect(api.detail).toHaveBeenCalledTimes(2);
  });

  it('ships with a carrier and a tracking code', async () => {
    api.list.mockResolvedValue(listOf([item('EV2611190005', 'CONFIRMED', 'Đã xác nhận')]));
    api.detail.mockResolvedValue(detailOf('EV2611190005', { version: 2, availableActions: ['ship', 'cancel'] }));
    api.act.mockResolvedValue(detailOf('EV2611190005', { version: 3, availableActions: ['deliver'] }));
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611190005' }));
    const panel = await screen.findByRole('region', { name: 'EV2611190005' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Giao cho đơn vị vận chuyển' }));
    await userEvent.selectOptions(within(panel).getByLabelText('Đơn vị vận chuyển'), 'GHTK');
    await userEvent.type(within(panel).getByLabelText('Mã vận đơn'), 'S1234567.HN');
    await userEvent.clear(within(panel).getByLabelText('Mã vận đơn'));
    await userEvent.type(within(panel).getByLabelText('Mã vận đơn'), 'GHTK-778899');
    await userEvent.click(within(panel).getByRole('button', { name: 'Xác nhận' }));
    expect(api.act).toHaveBeenCalledWith('EV2611190005', { action: 'ship', version: 2, carrier: 'GHTK', trackingCode: 'GHTK-778899' });
  });
});

describe("the order's totals", () => {
  const termsOf = (list: HTMLElement) =>
    Object.fromEntries(Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s/g, ' ')]));
  const openTotals = async (detail: WebOrderDetail) => {
    api.list.mockResolvedValue(listOf([item(detail.order.code)]));
    api.detail.mockResolvedValue(detail);
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: `Xem đơn ${detail.order.code}` }));
    const panel = await screen.findByRole('region', { name: detail.order.code });
    return within(panel).findByLabelText('Tiền đơn hàng');
  };

  it("shows what the customer's points paid, so the figures add up to what is collected", async () => {
    const detail = detailOf('EV2611190009');
    // 900.000 − 100.000 (GIAM100K) + 30.000 − 20.000 (2.000 points) = 810.000
    const totals = await openTotals({ ...detail, order: { ...detail.order, discount: 100_000, promotionCode: 'GIAM100K', pointsUsed: 2_000, pointsValue: 20_000, total: 810_000 } });
    expect(termsOf(totals)).toEqual({
      'Tạm tính': '900.000 ₫',
      'Giảm giá (GIAM100K)': '−100.000 ₫',
      'Phí vận chuyển': '30.000 ₫',
      'Điểm thưởng (−2.000 điểm)': '−20.000 ₫',
      'Tổng tiền': '810.000 ₫',
    });
  });

  it('has no points line when the order used none', async () => {
    const totals = await openTotals(detailOf('EV2611190010'));
    expect(termsOf(totals)).toEqual({ 'Tạm tính': '900.000 ₫', 'Phí vận chuyển': '30.000 ₫', 'Tổng tiền': '930.000 ₫' });
  });
});

describe("the order's payment block", () => {
  const paidAt = '2026-11-26T03:15:00.000Z';
  const paid = (payment: Partial<WebOrderDetail['payment']>, order: Partial<WebOrderDetail['order']> = {}) =>
    detailOf('EV2611260007', {
      order: { ...detailOf('EV2611260007').order, paymentMethod: 'VIETQR', paymentStatus: 'PAID', paymentStatusLabel: 'Đã thanh toán', ...order },
      payment: { amountReceived: 930_000, paidAt, bankReference: null, refundDue: null, records: [], refunds: [], ...payment },
    });
  const openPayment = async (detail: WebOrderDetail) => {
    api.list.mockResolvedValue(listOf([item('EV2611260007')]));
    api.detail.mockResolvedValue(detail);
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611260007' }));
    const panel = await screen.findByRole('region', { name: 'EV2611260007' });
    return within(panel).findByRole('region', { name: 'Thanh toán' });
  };
  const rowsOf = (list: HTMLElement) =>
    Object.fromEntries(Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s/g, ' ')]));

  it('shows a transfer the bank reported: amount, VietQR via SePay, "Mã giao dịch", dd/MM/yyyy HH:mm and "Tự động (ngân hàng)"', async () => {
    const block = await openPayment(
      paid({
        bankReference: 'MBVCB.8812',
        records: [
          { amount: 930_000, method: 'BANK_TRANSFER', channel: 'SEPAY', methodLabel: 'Chuyển khoản VietQR (ngân hàng báo qua SePay)', reference: 'MBVCB.8812', by: null, automatic: true, at: paidAt },
        ],
      }),
    );
    const record = block.querySelector('dl[aria-label="Khoản thanh toán 1"]') as HTMLElement;
    expect(rowsOf(record)).toEqual({
      'Đã nhận': '930.000 ₫',
      'Phương thức': 'Chuyển khoản VietQR (ngân hàng báo qua SePay)',
      'Mã giao dịch': 'MBVCB.8812',
      'Thời gian': '26/11/2026 10:15',
      'Người ghi nhận': 'Tự động (ngân hàng)',
    });
  });

  it('shows cash collected at hand-over with the clerk, and no "Mã giao dịch"', async () => {
    const block = await openPayment(
      paid({ records: [{ amount: 930_000, method: 'CASH', channel: 'DESK', methodLabel: 'Tiền mặt khi nhận hàng', reference: null, by: 'Lê Thu Ngân', automatic: false, at: paidAt }] }, { paymentMethod: 'COD' }),
    );
    const record = block.querySelector('dl[aria-label="Khoản thanh toán 1"]') as HTMLElement;
    expect(rowsOf(record)).toEqual({ 'Đã nhận': '930.000 ₫', 'Phương thức': 'Tiền mặt khi nhận hàng', 'Thời gian': '26/11/2026 10:15', 'Người ghi nhận': 'Lê Thu Ngân' });
  });

  it('shows the refund: amount, method, reference, who, when and why', async () => {
    const block = await openPayment(
      paid(
        {
          records: [{ amount: 930_000, method: 'BANK_TRANSFER', channel: 'RECORDED_TRANSFER', methodLabel: 'Chuyển khoản – ghi nhận thủ công', reference: 'FT1', by: 'Lê Thu Ngân', automatic: false, at: paidAt }],
          refunds: [{ amount: 500_000, method: 'BANK_TRANSFER', methodLabel: 'Chuyển khoản ngân hàng', reference: 'FTHOAN01', reason: 'Hàng lỗi', by: 'Trần Quản Lý', at: '2026-11-26T09:05:00.000Z' }],
        },
        { paymentStatus: 'REFUNDED', paymentStatusLabel: 'Đã hoàn tiền' },
      ),
    );
    const refund = block.querySelector('dl[aria-label="Khoản hoàn tiền 1"]') as HTMLElement;
    expect(rowsOf(refund)).toEqual({
      'Số tiền hoàn': '500.000 ₫',
      'Hình thức hoàn': 'Chuyển khoản ngân hàng',
      'Mã giao dịch': 'FTHOAN01',
      'Thời gian': '26/11/2026 16:05',
      'Người hoàn': 'Trần Quản Lý',
      'Lý do': 'Hàng lỗi',
    });
  });

  it('says nothing was received while no payment record exists', async () => {
    const block = await openPayment(detailOf('EV2611260007'));
    expect(block).toHaveTextContent('Chưa nhận khoản thanh toán nào.');
    expect(block.querySelector('dl')).toBeNull();
  });
});

describe('the desk on a phone (≤ 480 px)', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = jest.fn((query: string) => ({
      matches: query === NARROW_SCREEN_QUERY,
      media: query,
      onchange: null,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      addListener: jest.fn(),
      removeListener: jest.fn(),
      dispatchEvent: jest.fn(),
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('shows a card per order (code, customer, total, status, age) instead of the table, the filters folded', async () => {
    const twelveMinutesAgo = new Date(Date.now() - 12 * 60_000 - 5_000).toISOString();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    api.list.mockResolvedValue(listOf([{ ...item('EV2611270001'), createdAt: twelveMinutesAgo }, { ...item('EV2611270002', 'CONFIRMED', 'Đã xác nhận'), createdAt: twoHoursAgo, recipientName: 'Phạm Văn Bình' }]));
    render(<WebOrderDesk />);
    const cards = await screen.findByRole('list', { name: 'Đơn hàng' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(cards).getAllByRole('listitem');
    expect(first).toHaveTextContent('EV2611270001');
    expect(first).toHaveTextContent('Nguyễn Thị Hằng');
    expect(first).toHaveTextContent('930.000 ₫');
    expect(first).toHaveTextContent('Đã đặt hàng');
    expect(first).toHaveTextContent('12 phút trước');
    expect(second).toHaveTextContent('Phạm Văn Bình');
    expect(second).toHaveTextContent('Đã xác nhận');
    expect(second).toHaveTextContent('2 giờ trước');

    // the status is one select, not a row of tabs; the filters but the search are behind "Bộ lọc"
    expect(screen.queryByRole('group', { name: 'Trạng thái' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lọc theo trạng thái' })).toHaveDisplayValue('Tất cả (2)');
    expect(screen.getByRole('searchbox', { name: 'Tìm theo mã đơn, số điện thoại hoặc tên' })).toBeVisible();
    const more = screen.getByRole('button', { name: 'Bộ lọc' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Thanh toán' })).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Thanh toán' })).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lọc theo trạng thái' }), 'CONFIRMED');
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'CONFIRMED', page: 1 }), expect.anything());
  });

  it('opens an order with one tap in place of the list, its actions first; "Quay lại danh sách" brings the list back', async () => {
    api.list.mockResolvedValue(listOf([item('EV2611270003')]));
    api.detail.mockResolvedValue(detailOf('EV2611270003'));
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611270003' }));
    const panel = await screen.findByRole('region', { name: 'EV2611270003' });
    expect(await within(panel).findByRole('button', { name: 'Xác nhận đơn' })).toBeVisible();
    expect(screen.getByTestId('web-order-list')).not.toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Quay lại danh sách' }));
    expect(screen.queryByRole('region', { name: 'EV2611270003' })).not.toBeInTheDocument();
    expect(screen.getByTestId('web-order-list')).toBeVisible();
  });

  it('keeps the table and the tabs beside the detail on a wide screen', async () => {
    window.matchMedia = realMatchMedia;
    api.list.mockResolvedValue(listOf([item('EV2611270004')]));
    render(<WebOrderDesk />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Trạng thái' })).toBeInTheDocument();
  });
});
