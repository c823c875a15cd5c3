import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { StockLocation, StockTransfer, StockTransferPage } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { stockTransfersApi } from '../../src/stockTransfers/stockTransfersApi';
import { CENTRES, inventoryItem, inventoryPage, inventorySummary } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions, renderAt } from '../staffFixtures';

jest.mock('../../src/inventory/inventoryApi', () => ({
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
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
// every call of the transfers, requests included (test/setup.ts mocks the module for the other suites)
jest.mock('../../src/stockTransfers/stockTransfersApi', () => ({
  stockTransfersApi: {
    locations: jest.fn(),
    list: jest.fn(),
    create: jest.fn(),
    request: jest.fn(),
    accept: jest.fn(),
    decline: jest.fn(),
    withdraw: jest.fn(),
    receive: jest.fn(),
    cancel: jest.fn(),
  },
}));

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
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chuyển kho' }));
    expect(within(dialog).getByText('Nơi nhận phải khác nơi chuyển đi.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng chọn sản phẩm.')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Đà Nẵng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chuyển kho' }));
    expect(within(dialog).getByText('Trung tâm của bạn phải là nơi chuyển đi hoặc nơi nhận.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Hà Nội');
    await userEvent.type(within(dialog).getByLabelText('Sản phẩm (dòng 1)'), 'má');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Chọn Má phanh trước VF 8' }));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '10');
    await userEvent.type(within(dialog).getByLabelText('Ghi chú (không bắt buộc)'), 'Cho tuần sau');
    const listLoads = api.list.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chuyển kho' }));
    const body = { fromLocationId: 9, toLocationId: 1, lines: [{ productId: 9, quantity: 10 }], note: 'Cho tuần sau' };
    expect(api.create).toHaveBeenCalledWith(body);
    expect(await within(dialog).findByText(message, { selector: 'p[role="alert"] *, [role="alert"] p' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveAccessibleDescription(`Từ 1 đến 10.000. ${message}`);
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('10');
    await waitFor(() => expect(api.list.mock.calls.length).toBe(listLoads + 1));

    await userEvent.clear(within(dialog).getByLabelText('Số lượng (dòng 1)'));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chuyển kho' }));
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

describe('stock transfer requests on /manager (issue 44 §3)', () => {
  // the manager works at centre 1 (Hà Nội); Đà Nẵng is centre 2
  const askedOfUs = transfer({
    id: 50,
    status: 'REQUESTED',
    statusLabel: 'Chờ duyệt',
    from: { id: 1, name: 'EV Service Hà Nội' },
    to: { id: 2, name: 'EV Service Đà Nẵng' },
    createdBy: { id: 7, fullName: 'Phan Quản Lý Đà Nẵng' },
    requested: true,
    note: 'Xe khách chờ má phanh',
    version: 0,
    actions: ['accept', 'decline'],
  });
  const ourRequest = transfer({
    id: 51,
    status: 'REQUESTED',
    statusLabel: 'Chờ duyệt',
    from: { id: 2, name: 'EV Service Đà Nẵng' },
    to: { id: 1, name: 'EV Service Hà Nội' },
    createdBy: { id: 3, fullName: 'Hoàng Quản Lý' },
    requested: true,
    note: null,
    version: 0,
    actions: ['withdraw'],
  });
  const declined = transfer({
    id: 52,
    status: 'DECLINED',
    statusLabel: 'Đã từ chối',
    from: { id: 2, name: 'EV Service Đà Nẵng' },
    to: { id: 1, name: 'EV Service Hà Nội' },
    createdBy: { id: 3, fullName: 'Hoàng Quản Lý' },
    requested: true,
    decidedBy: { id: 7, fullName: 'Phan Quản Lý Đà Nẵng' },
    decidedAt: '2026-11-23T03:00:00.000Z',
    declineReason: 'Đang giữ cho xe sửa',
    closedBy: { id: 7, fullName: 'Phan Quản Lý Đà Nẵng' },
    closedAt: '2026-11-23T03:00:00.000Z',
    note: null,
    version: 1,
    actions: [],
  });
  const acceptedInTransit = transfer({
    id: 53,
    from: { id: 1, name: 'EV Service Hà Nội' },
    to: { id: 2, name: 'EV Service Đà Nẵng' },
    createdBy: { id: 7, fullName: 'Phan Quản Lý Đà Nẵng' },
    requested: true,
    decidedBy: { id: 3, fullName: 'Hoàng Quản Lý' },
    decidedAt: '2026-11-22T04:00:00.000Z',
    note: null,
    version: 1,
    actions: ['cancel'],
  });

  beforeEach(() => {
    api.list.mockResolvedValue(page([askedOfUs, ourRequest, declined, acceptedInTransit]));
  });

  it('shows requests with who asked and who answered, and the buttons the API allows', async () => {
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #50');
    const asked = item(region, 50);
    expect(asked).toHaveTextContent('Chờ duyệt');
    expect(asked).toHaveTextContent('Chuyển đi');
    expect(asked).toHaveTextContent('Yêu cầu bởi Phan Quản Lý Đà Nẵng lúc 09:30 22/11/2026');
    expect(within(asked).getByRole('button', { name: 'Duyệt phiếu chuyển #50' })).toBeInTheDocument();
    expect(within(asked).getByRole('button', { name: 'Từ chối phiếu chuyển #50' })).toBeInTheDocument();
    expect(within(item(region, 51)).getAllByRole('button').map((button) => button.textContent)).toEqual(['Rút yêu cầu']);
    expect(item(region, 52)).toHaveTextContent('Từ chối bởi Phan Quản Lý Đà Nẵng lúc 10:00 23/11/2026');
    expect(item(region, 52)).toHaveTextContent('Lý do từ chối: Đang giữ cho xe sửa');
    expect(within(item(region, 52)).queryByRole('button')).not.toBeInTheDocument();
    expect(item(region, 53)).toHaveTextContent('Duyệt bởi Hoàng Quản Lý lúc 11:00 22/11/2026');
    // the status filter offers the new statuses
    expect(within(within(region).getByLabelText('Trạng thái')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tất cả',
      'Chờ duyệt',
      'Đang chuyển',
      'Đã nhận',
      'Đã hủy',
      'Đã từ chối',
    ]);
  });

  it('"Duyệt" accepts with the version read; the stock and the list reload', async () => {
    api.accept.mockResolvedValue({ data: { ...askedOfUs, status: 'IN_TRANSIT', statusLabel: 'Đang chuyển', version: 1, actions: ['cancel'] }, message: 'Đã duyệt yêu cầu chuyển kho; hàng đã rời nơi chuyển đi.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #50');
    const stockLoads = inventory.page.mock.calls.length;
    await userEvent.click(within(item(region, 50)).getByRole('button', { name: 'Duyệt phiếu chuyển #50' }));
    expect(api.accept).toHaveBeenCalledWith(50, 0);
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Đã duyệt yêu cầu chuyển kho; hàng đã rời nơi chuyển đi.'));
    await waitFor(() => expect(inventory.page.mock.calls.length).toBeGreaterThan(stockLoads));
  });

  it('"Duyệt" with too little on the shelf: the 409 is explained and the list reloaded', async () => {
    const message = 'Chỉ còn 1 "Má phanh trước VF 8" khả dụng tại EV Service Hà Nội, không đủ để chuyển.';
    api.accept.mockRejectedValue(new ApiError(message, 409, 'TRANSFER_INSUFFICIENT_STOCK', []));
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #50');
    const listLoads = api.list.mock.calls.length;
    await userEvent.click(within(item(region, 50)).getByRole('button', { name: 'Duyệt phiếu chuyển #50' }));
    expect(await within(region).findByText(`${message} Danh sách đã được tải lại với trạng thái mới nhất.`)).toBeInTheDocument();
    await waitFor(() => expect(api.list.mock.calls.length).toBe(listLoads + 1));
  });

  it('"Từ chối" asks for an optional reason, then declines with it', async () => {
    api.decline.mockResolvedValue({ data: { ...askedOfUs, status: 'DECLINED', statusLabel: 'Đã từ chối', version: 1, actions: [] }, message: 'Đã từ chối yêu cầu chuyển kho.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #50');
    await userEvent.click(within(item(region, 50)).getByRole('button', { name: 'Từ chối phiếu chuyển #50' }));
    const dialog = screen.getByRole('dialog', { name: 'Từ chối yêu cầu chuyển #50' });
    expect(api.decline).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Lý do (không bắt buộc)')).toHaveAccessibleDescription('Tối đa 300 ký tự.');
    await userEvent.type(within(dialog).getByLabelText('Lý do (không bắt buộc)'), '  Đang giữ cho xe sửa  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối yêu cầu' }));
    expect(api.decline).toHaveBeenCalledWith(50, 0, 'Đang giữ cho xe sửa');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region).getByRole('status')).toHaveTextContent('Đã từ chối yêu cầu chuyển kho.');

    // without a reason; closing the dialog declines nothing
    await userEvent.click(within(item(region, 50)).getByRole('button', { name: 'Từ chối phiếu chuyển #50' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.decline).toHaveBeenCalledTimes(1);
    await userEvent.click(within(item(region, 50)).getByRole('button', { name: 'Từ chối phiếu chuyển #50' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Từ chối yêu cầu' }));
    expect(api.decline).toHaveBeenLastCalledWith(50, 0, null);
  });

  it('"Rút yêu cầu" withdraws the centre’s own request', async () => {
    api.withdraw.mockResolvedValue({ data: { ...ourRequest, status: 'CANCELLED', statusLabel: 'Đã hủy', version: 1, actions: [] }, message: 'Đã rút yêu cầu chuyển kho.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #51');
    await userEvent.click(within(item(region, 51)).getByRole('button', { name: 'Rút yêu cầu phiếu chuyển #51' }));
    expect(api.withdraw).toHaveBeenCalledWith(51, 0);
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Đã rút yêu cầu chuyển kho.'));
  });

  it('the form offers "Yêu cầu chuyển kho" when the units are another centre’s, and sends a request', async () => {
    api.request.mockResolvedValue({ data: ourRequest, message: 'Đã gửi yêu cầu chuyển kho; hàng rời nơi chuyển đi khi yêu cầu được duyệt.' });
    renderPage();
    const region = await panel();
    await within(region).findByText('Phiếu chuyển #50');
    await userEvent.click(within(region).getByRole('button', { name: 'Tạo phiếu chuyển kho' }));
    const dialog = screen.getByRole('dialog', { name: 'Tạo phiếu chuyển kho' });
    // from the warehouse into the centre: created at once
    expect(within(dialog).getByRole('button', { name: 'Chuyển kho' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Yêu cầu chuyển kho' })).not.toBeInTheDocument();
    // from the centre to another: created at once too
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển từ'), 'EV Service Hà Nội');
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Đà Nẵng');
    expect(within(dialog).getByRole('button', { name: 'Chuyển kho' })).toBeInTheDocument();
    // another centre's units into ours: a request, said so before sending
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển từ'), 'EV Service Đà Nẵng');
    await userEvent.selectOptions(within(dialog).getByLabelText('Chuyển đến'), 'EV Service Hà Nội');
    expect(within(dialog).queryByRole('button', { name: 'Chuyển kho' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Hàng của EV Service Đà Nẵng: phiếu sẽ chờ EV Service Đà Nẵng duyệt, hàng chỉ rời đi khi được duyệt.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Sản phẩm (dòng 1)'), 'má');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Chọn Má phanh trước VF 8' }));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yêu cầu chuyển kho' }));
    expect(api.request).toHaveBeenCalledWith({ fromLocationId: 2, toLocationId: 1, lines: [{ productId: 9, quantity: 2 }], note: null });
    expect(api.create).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region).getByRole('status')).toHaveTextContent('Đã gửi yêu cầu chuyển kho; hàng rời nơi chuyển đi khi yêu cầu được duyệt.');
  });
});
