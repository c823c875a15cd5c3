import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { WebOrderDetail } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { PickupListView, WebOrderShipping } from '../../src/shipping';
import { shippingApi } from '../../src/shipping/shippingApi';
import { WebOrderDesk } from '../../src/webOrders/WebOrderDesk';
import { WebOrderDeskPage } from '../../src/webOrders/WebOrderDeskPage';
import { webOrdersApi } from '../../src/webOrders/webOrdersApi';
import { floorChange, lastStreamOptions, TODAY } from '../staffFixtures';
import { event, packedDetail, shipment } from './shippingFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/webOrders/webOrdersApi', () => ({ webOrdersApi: { list: jest.fn(), detail: jest.fn(), act: jest.fn(), note: jest.fn() } }));
jest.mock('../../src/shipping/shippingApi', () => ({ shippingApi: { options: jest.fn(), create: jest.fn(), cancel: jest.fn(), pickups: jest.fn(), openLabels: jest.fn() } }));
const api = jest.mocked(shippingApi);
const orders = jest.mocked(webOrdersApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

beforeEach(() => jest.clearAllMocks());

const delivering = shipment({
  status: 'DELIVERING',
  statusLabel: 'Đang giao hàng',
  statusAt: '2026-11-20T08:40:00.000Z',
  canCancel: false,
  attempts: 1,
  events: [
    event('READY_TO_PICK', 'Chờ lấy hàng', '2026-11-19T03:05:00.000Z'),
    event('PICKED', 'Đã lấy hàng', '2026-11-19T09:15:00.000Z'),
    event('DELIVERY_FAILED', 'Giao không thành công', '2026-11-20T02:30:00.000Z', 'Khách hẹn giao lại'),
    event('DELIVERING', 'Đang giao hàng', '2026-11-20T08:40:00.000Z'),
  ],
});

describe("the waybill's block in the order", () => {
  it('shows the carrier, the tracking link, every event in Vietnam time, the attempts and the expected date; no cancel once picked', () => {
    render(<WebOrderShipping detail={packedDetail({ carrierShipment: delivering }, { status: 'SHIPPING', statusLabel: 'Đang giao hàng' })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    const block = screen.getByRole('region', { name: 'Vận đơn' });
    expect(within(block).getByRole('link', { name: 'Tra cứu trên trang GHN' })).toHaveAttribute('href', 'https://donhang.ghn.vn/?order_code=GHN5FQ2KX7');
    expect(within(block).getByTestId('shipment-status')).toHaveTextContent('Đang giao hàng · 20/11/2026 15:40');
    expect(within(block).getByText('Số lần giao không thành công').nextElementSibling).toHaveTextContent('1');
    expect(within(block).getByText('Dự kiến giao').nextElementSibling).toHaveTextContent('21/11/2026');
    expect(within(block).getByText('Thu hộ (COD)').nextElementSibling).toHaveTextContent(/^930\.000\s₫$/);
    const steps = within(within(block).getByRole('list', { name: 'Hành trình' })).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      'Chờ lấy hàng · 19/11/2026 10:05',
      'Đã lấy hàng · 19/11/2026 16:15',
      'Giao không thành công · 20/11/2026 09:30 — Khách hẹn giao lại',
      'Đang giao hàng · 20/11/2026 15:40',
    ]);
    expect(within(block).queryByRole('button', { name: 'Hủy vận đơn' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tạo vận đơn' })).not.toBeInTheDocument();
  });

  it('cancels before pickup only after the clerk confirms, then offers a new waybill', async () => {
    const onChanged = jest.fn();
    api.cancel.mockResolvedValue(shipment({ status: 'CANCELLED', statusLabel: 'Đã hủy vận đơn', statusAt: '2026-11-19T04:00:00.000Z', canCancel: false }));
    render(<WebOrderShipping detail={packedDetail({ carrierShipment: shipment() })} onChanged={onChanged} onConflict={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hủy vận đơn' }));
    const confirm = screen.getByRole('dialog', { name: 'Hủy vận đơn GHN5FQ2KX7?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Quay lại' }));
    expect(api.cancel).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Hủy vận đơn' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hủy vận đơn' }));
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith(41));
    expect(await screen.findByTestId('shipment-status')).toHaveTextContent('Đã hủy vận đơn');
    expect(screen.queryByRole('button', { name: 'Hủy vận đơn' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tạo vận đơn' })).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('prints the label in the size chosen and says so when the carrier cannot', async () => {
    api.openLabels.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ApiError('GHN chưa trả nhãn cho vận đơn này.', 502, 'CARRIER_UNAVAILABLE'));
    render(<WebOrderShipping detail={packedDetail({ carrierShipment: shipment() })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'In nhãn' }));
    expect(api.openLabels).toHaveBeenLastCalledWith([41], 'A5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Khổ nhãn' }), '80×80');
    await userEvent.click(screen.getByRole('button', { name: 'In nhãn' }));
    expect(api.openLabels).toHaveBeenLastCalledWith([41], '80x80');
    expect(await screen.findByText('GHN chưa trả nhãn cho vận đơn này.')).toBeInTheDocument();
  });

  it('moves by itself when the carrier moves the parcel (the live stream reads the order again)', async () => {
    const ready = packedDetail({ carrierShipment: shipment() });
    const picked = packedDetail(
      { version: 5, carrierShipment: shipment({ status: 'PICKED', statusLabel: 'Đã lấy hàng', statusAt: '2026-11-19T09:15:00.000Z', canCancel: false }) },
      { status: 'SHIPPING', statusLabel: 'Đang giao hàng' },
    );
    orders.list.mockResolvedValue({ items: [{ code: 'EV2611190003', status: 'PACKED', statusLabel: 'Đã đóng gói', paymentMethod: 'COD', paymentStatus: 'UNPAID', paymentStatusLabel: 'Chưa thanh toán', fulfilmentMethod: 'delivery', total: 930_000, recipientName: 'Nguyễn Thị Hằng', phone: '0933221100', createdAt: '2026-11-19T02:00:00.000Z', version: 4 }], total: 1, hasMore: false, page: 1, pageSize: 25, counts: [] });
    orders.detail.mockResolvedValueOnce(ready as WebOrderDetail).mockResolvedValue(picked as WebOrderDetail);
    render(<WebOrderDesk />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xem đơn EV2611190003' }));
    expect(await screen.findByTestId('shipment-status')).toHaveTextContent('Chờ lấy hàng');
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'shipment', appointmentId: null })));
    await waitFor(() => expect(screen.getByTestId('shipment-status')).toHaveTextContent('Đã lấy hàng · 19/11/2026 16:15'));
    expect(screen.queryByRole('button', { name: 'Hủy vận đơn' })).not.toBeInTheDocument();
  });
});

describe('"Giao vận": the day\'s pickup list', () => {
  const list = [
    shipment(),
    shipment({ id: 42, orderCode: 'EV2611190004', trackingCode: 'GHN5FQ2KX8' }),
    shipment({ id: 43, orderCode: 'EV2611190005', carrier: 'GHTK', carrierLabel: 'GHTK (Giao Hàng Tiết Kiệm)', service: 'road', serviceLabel: 'Đường bộ', trackingCode: 'S1.A1.17373471' }),
  ];

  it('is the web-order desk\'s "Giao vận" view (?view=shipping)', async () => {
    api.pickups.mockResolvedValue({ date: TODAY, shipments: list });
    render(
      <MemoryRouter initialEntries={['/staff/web-orders?view=shipping']}>
        <Routes>
          <Route path="/:area/web-orders" element={<WebOrderDeskPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const tabs = screen.getByRole('navigation', { name: 'Quầy đơn hàng online' });
    expect(within(tabs).getByRole('link', { name: 'Giao vận' })).toHaveAttribute('aria-current', 'page');
    const view = screen.getByRole('region', { name: 'Danh sách giao cho đơn vị vận chuyển' });
    expect(await within(view).findByRole('checkbox', { name: 'Chọn vận đơn GHN5FQ2KX8' })).toBeInTheDocument();
  });

  it("reads today's list, counts each carrier and prints the chosen labels as one PDF", async () => {
    api.pickups.mockResolvedValue({ date: TODAY, shipments: list });
    api.openLabels.mockResolvedValue(undefined);
    render(<PickupListView />);
    expect(await screen.findByRole('checkbox', { name: 'Chọn vận đơn GHN5FQ2KX7' })).toBeInTheDocument();
    expect(api.pickups).toHaveBeenCalledWith(TODAY, expect.anything());
    expect(screen.getByLabelText('Ngày')).toHaveValue(TODAY);
    const counts = within(screen.getByRole('list', { name: 'Số vận đơn theo đơn vị vận chuyển' })).getAllByRole('listitem');
    expect(counts.map((item) => item.textContent)).toEqual(['GHN (Giao Hàng Nhanh): 2', 'GHTK (Giao Hàng Tiết Kiệm): 1']);

    expect(screen.getByRole('button', { name: 'In nhãn đã chọn (0)' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn vận đơn GHN5FQ2KX7' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn vận đơn S1.A1.17373471' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Khổ nhãn' }), '80×80');
    await userEvent.click(screen.getByRole('button', { name: 'In nhãn đã chọn (2)' }));
    expect(api.openLabels).toHaveBeenLastCalledWith([41, 43], '80x80');

    await userEvent.click(screen.getByRole('button', { name: 'In tất cả' }));
    expect(api.openLabels).toHaveBeenLastCalledWith([41, 42, 43], '80x80');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn tất cả' }));
    expect(screen.getByRole('button', { name: 'In nhãn đã chọn (3)' })).toBeEnabled();
  });

  it('reads another day when the clerk picks it, and says when it has none', async () => {
    api.pickups.mockResolvedValueOnce({ date: TODAY, shipments: list }).mockResolvedValueOnce({ date: '2026-11-18', shipments: [] });
    render(<PickupListView />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Chọn vận đơn GHN5FQ2KX7' }));
    fireEvent.change(screen.getByLabelText('Ngày'), { target: { value: '2026-11-18' } });
    expect(await screen.findByText('Không có vận đơn nào trong ngày này.')).toBeInTheDocument();
    expect(api.pickups).toHaveBeenLastCalledWith('2026-11-18', expect.anything());
  });
});
