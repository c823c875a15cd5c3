import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { StockLocation, StockTransfer, StockTransferPage } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../src/floorEvents/floorEvents';
import { inventoryApi } from '../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../src/pages/manager/ManagerDashboardPage';
import { stockTransfersApi } from '../src/stockTransfers/stockTransfersApi';
import { CENTRES, inventoryItem, inventoryPage, inventorySummary } from './inventoryFixtures';
import { signIn, signOut } from './partsRequestFixtures';
import { floorChange, lastStreamOptions, renderAt } from './staffFixtures';

jest.mock('../src/inventory/inventoryApi', () => ({
  inventoryApi: {
    centres: jest.fn(),
    page: jest.fn(),
    summary: jest.fn(),
    lowStock: jest.fn(),
    movements: jest.fn(),
    receive: jest.fn(),
    adjust: jest.fn(),
    setMinStock: jest.fn(),
    productOptions: jest.fn(),
  },
}));
jest.mock('../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const inventory = jest.mocked(inventoryApi);
const api = jest.mocked(stockTransfersApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const LOCATIONS: StockLocation[] = [
  { id: 1, name: 'EV Service Hà Nội', kind: 'SERVICE_CENTRE', shipsOnline: false, city: 'Hà Nội' },
  { id: 2, name: 'EV Service Đà Nẵng', kind: 'SERVICE_CENTRE', shipsOnline: false, city: 'Đà Nẵng' },
  { id: 9, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true, city: 'Hà Nội' },
];

function transfer(overrides: Partial<StockTransfer> = {}): StockTransfer {
  return {
    id: 41,
    status: 'IN_TRANSIT',
    statusLabel: 'Đang chuyển',
    from: { id: 9, name: 'Kho hàng online EV Service' },
    to: { id: 1, name: 'EV Service Hà Nội' },
    note: 'Bổ sung má phanh',
    lines: [{ productId: 9, sku: 'BRK-VF8-F', name: 'Má phanh trước VF 8', quantity: 4 }],
    createdBy: { id: 1, fullName: 'Quản Trị Viên' },
    createdAt: '2026-11-22T02:30:00.000Z',
    requested: false,
    decidedBy: null,
    decidedAt: null,
    declineReason: null,
    closedBy: null,
    closedAt: null,
    version: 0,
    actions: ['receive'],
    ...overrides,
  };
}

const incoming = transfer();
const outgoing = transfer({
  id: 40,
  from: { id: 1, name: 'EV Service Hà Nội' },
  to: { id: 2, name: 'EV Service Đà Nẵng' },
  lines: [{ productId: 14, sku: 'BAT-12V', name: 'Ắc quy 12 V', quantity: 2 }],
  note: null,
  version: 3,
  actions: ['cancel'],
});
const received = transfer({ id: 39, status: 'RECEIVED', statusLabel: 'Đã nhận', closedBy: { id: 3, fullName: 'Lê Thu Hà' }, closedAt: '2026-11-23T03:00:00.000Z', actions: [] });
const page = (items: StockTransfer[]): StockTransferPage => ({ items, total: items.length, page: 1, pageSize: 20, totalPages: 1 });

const pads = inventoryItem({ productId: 9, name: 'Má phanh trước VF 8', sku: 'BRK-VF8-F' });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  inventory.centres.mockResolvedValue(CENTRES);
  inventory.page.mockResolvedValue(inventoryPage([pads]));
  inventory.summary.mockResolvedValue(inventorySummary());
  inventory.lowStock.mockResolvedValue({ centreId: 1, items: [] });
  inventory.movements.mockResolvedValue({ centreId: 1, items: [], total: 0, page: 1, pageSize: 50, totalPages: 1 });
  inventory.productOptions.mockResolvedValue([{ productId: 9, name: pads.name, detail: pads.sku, onHand: 12 }]);
  api.locations.mockResolvedValue(LOCATIONS);
  api.list.mockResolvedValue(page([incoming, outgoing, received]));
  signIn('manager');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/manager" element={<ManagerDashboardPage />} />
    </Routes>,
    '/manager',
  );
}

const panel = () => screen.findByRole('region', { name: 'Chuyển kho' });
const item = (region: HTMLElement, id: number) => within(region).getByRole('listitem', { name: `Phiếu chuyển #${id}` });

describe('the stock transfers panel on /manager', () => {
  it('lists the centre’s transfers in and out with their lines, and receives an incoming one with its version', async () => {
    api.receive.mockResolvedValue({ data: { ...incoming, status: 'RECEIVED', statusLabel: 'Đã nhận', actions: [] }, message: 'Đã nhận hàng chuyển kho.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #41');
    const first = item(region, 41);
    expect(first).toHaveTextContent('Chuyển đến');
    expect(first).toHaveTextContent('Đang chuyển');
    expect(first).toHaveTextContent('Kho hàng online EV Service → EV Service Hà Nội');
    expect(first).toHaveTextContent('Má phanh trước VF 8 (BRK-VF8-F) × 4');
    expect(first).toHaveTextContent('Tạo bởi Quản Trị Viên lúc 09:30 22/11/2026');
    expect(first).toHaveTextContent('Ghi chú: Bổ sung má phanh');
    expect(item(region, 40)).toHaveTextContent('Chuyển đi');
    expect(within(item(region, 40)).getByRole('button', { name: 'Hủy chuyển phiếu chuyển #40' })).toBeInTheDocument();
    expect(item(region, 39)).toHaveTextContent('Nhận bởi Lê Thu Hà lúc 10:00 23/11/2026');
    expect(within(item(region, 39)).queryByRole('button')).not.toBeInTheDocument();

    const stockLoads = inventory.page.mock.calls.length;
    const listLoads = api.list.mock.calls.length;
    await userEvent.click(within(first).getByRole('button', { name: 'Đã nhận hàng phiếu chuyển #41' }));
    expect(api.receive).toHaveBeenCalledWith(41, 0);
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Đã nhận hàng chuyển kho.'));
    // the stock table and the list show what the receipt changed
    await waitFor(() => expect(inventory.page.mock.calls.length).toBeGreaterThan(stockLoads));
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(listLoads));
  });

  it('explains a 409 (someone acted first) and reloads the list', async () => {
    const message = 'Phiếu chuyển đã thay đổi (hiện đã hủy). Vui lòng xem lại rồi thao tác.';
    api.cancel.mockRejectedValue(new ApiError(message, 409, 'TRANSFER_STALE', []));
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #40');
    const listLoads = api.list.mock.calls.length;
    await userEvent.click(within(item(region, 40)).getByRole('button', { name: 'Hủy chuyển phiếu chuyển #40' }));
    expect(api.cancel).toHaveBeenCalledWith(40, 3);
    expect(await within(region).findByText(`${message} Danh sách đã được tải lại với trạng thái mới nhất.`)).toBeInTheDocument();
    await waitFor(() => expect(api.list.mock.calls.length).toBe(listLoads + 1));
  });

  it('creates a transfer from the warehouse to the centre; a 409 is shown at its line and the form is kept', async () => {
    const message = 'Chỉ còn 3 "Má phanh trước VF 8" khả dụng tại Kho hàng online EV Service, không đủ để chuyển.';
    api.create
      .mockRejectedValueOnce(
        new ApiError(message, 409, 'TRANSFER_INSUFFICIENT_STOCK', [{ field: 'lines.0.quantity', message }], {
          success: false,
          message,
          code: 'TRANSFER_INSUFFICIENT_STOCK',
          errors: [{ field: 'lines.0.quantity', message }],
          data: { productId: 9, available: 3 },
        }),
      )
      .mockResolvedValueOnce({ data: transfer({ id: 42 }), message: 'Đã tạo phiếu chuyển kho; hàng đã rời nơi chuyển đi.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #41');
    await userEvent.click(within(region).getByRole('button', { name: 'Tạo phiếu chuyển kho' }));
    const dialog = screen.getByRole('dialog', { name: 'Tạo phiếu chuyển kho' });
    // a manager pulls from the warehouse into their centre by default
    expect(within(dialog).getByLabelText('Chuyển từ')).toHaveDisplayValue('Kho hàng online EV Service');
    expect(within(dialog).getByLabelText('Chuyển đến')).toHaveDisplayValue('EV Service Hà Nội');

    // checked before sending: the same place twice, another centre's pair, an empty line
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'Kho hàng online EV Service');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiếu chuyển' }));
    expect(within(dialog).getByText('Nơi nhận phải khác nơi chuyển đi.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng chọn sản phẩm.')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Đà Nẵng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiếu chuyển' }));
    expect(within(dialog).getByText('Trung tâm của bạn phải là nơi chuyển đi hoặc nơi nhận.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Hà Nội');
    await userEvent.type(within(dialog).getByLabelText('Sản phẩm (dòng 1)'), 'má');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Chọn Má phanh trước VF 8' }));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '10');
    await userEvent.type(within(dialog).getByLabelText('Ghi chú (không bắt buộc)'), 'Cho tuần sau');
    const listLoads = api.list.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiếu chuyển' }));
    const body = { fromLocationId: 9, toLocationId: 1, lines: [{ productId: 9, quantity: 10 }], note: 'Cho tuần sau' };
    expect(api.create).toHaveBeenCalledWith(body);
    expect(await within(dialog).findByText(message, { selector: 'p[role="alert"] *, [role="alert"] p' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveAccessibleDescription(`Từ 1 đến 10.000. ${message}`);
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('10');
    await waitFor(() => expect(api.list.mock.calls.length).toBe(listLoads + 1));

    await userEvent.clear(within(dialog).getByLabelText('Số lượng (dòng 1)'));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiếu chuyển' }));
    expect(api.create).toHaveBeenLastCalledWith({ ...body, lines: [{ productId: 9, quantity: 3 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region).getByRole('status')).toHaveTextContent('Đã tạo phiếu chuyển kho; hàng đã rời nơi chuyển đi.');
  });

  it('reloads when the centre’s stock moves elsewhere (the live floor stream); staff receive but never create or cancel', async () => {
    signIn('staff');
    api.list.mockResolvedValue(page([incoming, { ...outgoing, actions: [] }]));
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #41');
    expect(within(region).queryByRole('button', { name: 'Tạo phiếu chuyển kho' })).not.toBeInTheDocument();
    expect(within(item(region, 41)).getByRole('button', { name: 'Đã nhận hàng phiếu chuyển #41' })).toBeInTheDocument();
    expect(within(item(region, 40)).queryByRole('button')).not.toBeInTheDocument();
    const listLoads = api.list.mock.calls.length;
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'inventory', appointmentId: null })));
    await waitFor(() => expect(api.list.mock.calls.length).toBe(listLoads + 1));
  });

  it('lets an admin see the chosen centre’s transfers', async () => {
    signIn('admin');
    renderPage();
    await panel();
    await waitFor(() => expect(api.list).toHaveBeenCalledWith({ centreId: 1, status: undefined, page: 1 }, expect.any(AbortSignal)));
    await userEvent.selectOptions(await screen.findByLabelText('Trung tâm'), 'EV Service Đà Nẵng');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ centreId: 2, status: undefined, page: 1 }, expect.any(AbortSignal)));
    const region = await panel();
    await userEvent.selectOptions(within(region).getByLabelText('Trạng thái'), 'Đang chuyển');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ centreId: 2, status: 'IN_TRANSIT', page: 1 }, expect.any(AbortSignal)));
  });
});
