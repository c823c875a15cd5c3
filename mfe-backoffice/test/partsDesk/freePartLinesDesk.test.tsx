import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError, type Role } from 'shared-contracts';
import { availableFreePartLineActions, FREE_PART_LINE_STATUS_LABELS, type FreePartLineStatus } from 'shared-contracts/backoffice';
import { addCalendarDays, vietnamDateOf } from 'shared-contracts/calendar';
import type { FreePartLine } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { ServiceOrdersPage } from '../../src/pages/staff/ServiceOrdersPage';
import { freeLinesDeskApi } from '../../src/partsDesk/freeLinesDeskApi';
import { partsDeskApi } from '../../src/partsDesk/partsDeskApi';
import { partsRequestsApi } from '../../src/partsRequests/partsRequestsApi';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { partsProduct, signIn, signOut } from '../partsRequestFixtures';
import { board, floorChange, lastStreamOptions, renderAt, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({ frontDeskApi: { technicians: jest.fn() } }));
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({ serviceOrdersApi: { board: jest.fn(), detail: jest.fn() } }));
jest.mock('../../src/partsDesk/partsDeskApi', () => ({
  partsDeskApi: { desk: jest.fn(), request: jest.fn(), decide: jest.fn(), phoneDecision: jest.fn(), step: jest.fn(), returnParts: jest.fn() },
}));
jest.mock('../../src/partsRequests/partsRequestsApi', () => ({ partsRequestsApi: { mine: jest.fn(), searchParts: jest.fn(), create: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const desk = jest.mocked(partsDeskApi);
const lines = jest.mocked(freeLinesDeskApi);
const search = jest.mocked(partsRequestsApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

/** A described part as GET /staff/parts-free-lines answers it for `role`. */
function freeLine(id: number, status: FreePartLineStatus, overrides: Partial<FreePartLine> = {}, role: Role = 'staff'): FreePartLine {
  return {
    id,
    mark: 'Ngoài danh mục',
    serviceOrder: { id: 501, code: 'PDV2611OPEN', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8' },
    description: 'Gioăng cổng sạc',
    quantity: 1,
    note: 'Loại tròn, khoảng 6 cm',
    reason: 'Gioăng cổng sạc rách, nước lọt vào.',
    checklistItemId: null,
    status,
    statusLabel: FREE_PART_LINE_STATUS_LABELS[status],
    partsRequestId: status === 'LINKED' ? 90 : null,
    supplierNote: status === 'SPECIAL_ORDER' ? 'Đại lý VinFast Long Biên' : null,
    expectedDate: status === 'SPECIAL_ORDER' ? '2026-12-03' : null,
    requestedBy: 'Trần Minh Thợ',
    requestedAt: '2026-11-22T02:30:00.000Z',
    resolvedBy: status === 'OPEN' ? null : 'Lê Thu Hà',
    resolvedAt: status === 'OPEN' ? null : '2026-11-22T03:00:00.000Z',
    version: status === 'OPEN' ? 4 : 5,
    availableActions: availableFreePartLineActions(status, role),
    ...overrides,
  };
}

const seal = freeLine(5, 'OPEN');
const mirror = freeLine(6, 'SPECIAL_ORDER', { description: 'Ốp gương chiếu hậu trái' });
const sealProduct = partsProduct({ id: 40, sku: 'CHG-SEAL-VF8', name: 'Gioăng cổng sạc VF 8', price: 120_000 });
/** dd/MM/yyyy of a Vietnamese calendar date. */
const typed = (date: string) => date.split('-').reverse().join('/');

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  jest.mocked(frontDeskApi).technicians.mockResolvedValue(TECHNICIANS);
  jest.mocked(serviceOrdersApi).board.mockResolvedValue(board([], []));
  desk.desk.mockResolvedValue({ centre: { id: 1, name: 'EV Service Hà Nội' }, requests: [] });
  lines.list.mockResolvedValue([seal, mirror]);
  search.searchParts.mockResolvedValue([sealProduct]);
  signIn('staff');
});
afterEach(signOut);

function renderDesk() {
  return renderAt(
    <Routes>
      <Route path="/staff/service-orders" element={<ServiceOrdersPage />} />
    </Routes>,
    '/staff/service-orders?view=parts-desk',
  );
}

const section = () => screen.findByRole('region', { name: 'Phụ tùng ngoài danh mục' });
const buttonsOf = (article: HTMLElement) =>
  within(article)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('parts outside the catalogue at the parts desk (/staff/service-orders?view=parts-desk)', () => {
  it('lists the centre’s described parts marked "Ngoài danh mục", the unresolved one with its actions, and follows the floor live', async () => {
    renderDesk();
    const panel = await section();
    const open = await within(panel).findByRole('article', { name: 'Gioăng cổng sạc' });
    expect(within(panel).getAllByRole('article').map((article) => article.getAttribute('data-free-line-id'))).toEqual(['5', '6']);
    expect(open).toHaveTextContent('Ngoài danh mục');
    expect(open).toHaveTextContent('Chờ quầy phụ tùng xử lý');
    expect(open).toHaveTextContent('Lý do của KTVGioăng cổng sạc rách, nước lọt vào.');
    expect(within(open).getByRole('link', { name: 'Mở phiếu PDV2611OPEN, xe 30A-123.45' })).toHaveAttribute('href', '/staff/service-orders?order=501');
    expect(buttonsOf(open)).toEqual(['Gắn sản phẩm', 'Đặt hàng riêng']);
    const ordered = within(panel).getByRole('article', { name: 'Ốp gương chiếu hậu trái' });
    expect(ordered).toHaveTextContent('Đặt hàng riêng');
    expect(ordered).toHaveTextContent('Dự kiến về03/12/2026');
    expect(buttonsOf(ordered)).toEqual([]);
    expect(panel).toHaveTextContent('1 dòng chờ xử lý');

    lines.list.mockResolvedValue([freeLine(5, 'LINKED'), mirror]);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 501 })));
    await waitFor(() => expect(within(panel).getByRole('article', { name: 'Gioăng cổng sạc' })).toHaveTextContent('Đã gắn sản phẩm'));
    expect(buttonsOf(within(panel).getByRole('article', { name: 'Gioăng cổng sạc' }))).toEqual([]);
  });

  it('gives a manager the actions too, and an admin none', async () => {
    signIn('admin');
    lines.list.mockResolvedValue([freeLine(5, 'OPEN', {}, 'admin')]);
    const { unmount } = renderDesk();
    expect(buttonsOf(await within(await section()).findByRole('article', { name: 'Gioăng cổng sạc' }))).toEqual([]);
    unmount();
    signIn('manager');
    lines.list.mockResolvedValue([freeLine(5, 'OPEN', {}, 'manager')]);
    renderDesk();
    expect(buttonsOf(await within(await section()).findByRole('article', { name: 'Gioăng cổng sạc' }))).toEqual(['Gắn sản phẩm', 'Đặt hàng riêng']);
  });

  it('"Gắn sản phẩm": searches the catalogue for the line’s order, links the chosen product with the line’s version, and reads both lists again', async () => {
    renderDesk();
    const open = await within(await section()).findByRole('article', { name: 'Gioăng cổng sạc' });
    await userEvent.click(within(open).getByRole('button', { name: 'Gắn sản phẩm' }));
    const form = within(open).getByRole('form', { name: 'Gắn sản phẩm' });
    await userEvent.click(within(form).getByRole('button', { name: 'Gắn với sản phẩm đã chọn' }));
    expect(await within(form).findByText('Vui lòng chọn sản phẩm trong danh mục.')).toBeInTheDocument();
    expect(lines.link).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText('Tìm phụ tùng'), 'gioăng');
    await waitFor(() => expect(search.searchParts).toHaveBeenLastCalledWith(501, 'gioăng', expect.any(AbortSignal)));
    await userEvent.click(await within(form).findByRole('radio', { name: /Gioăng cổng sạc VF 8/ }));
    lines.link.mockResolvedValue({ data: freeLine(5, 'LINKED'), message: 'Đã gắn với sản phẩm: yêu cầu phụ tùng đã được tạo.' });
    lines.list.mockResolvedValue([freeLine(5, 'LINKED'), mirror]);
    const deskCalls = desk.desk.mock.calls.length;
    await userEvent.click(within(form).getByRole('button', { name: 'Gắn với sản phẩm đã chọn' }));

    expect(lines.link).toHaveBeenCalledWith(5, { productId: 40, version: 4 });
    expect(await screen.findByText('Đã gắn với sản phẩm: yêu cầu phụ tùng đã được tạo.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Phụ tùng ngoài danh mục' })).getByRole('article', { name: 'Gioăng cổng sạc' })).toHaveTextContent('Đã gắn sản phẩm'));
    // the new parts request appears in the requests' list
    await waitFor(() => expect(desk.desk.mock.calls.length).toBeGreaterThan(deskCalls));
  });

  it('"Đặt hàng riêng": requires the supplier and a dd/MM/yyyy date not before today, then sends it', async () => {
    const today = vietnamDateOf(new Date());
    renderDesk();
    const open = await within(await section()).findByRole('article', { name: 'Gioăng cổng sạc' });
    await userEvent.click(within(open).getByRole('button', { name: 'Đặt hàng riêng' }));
    const form = within(open).getByRole('form', { name: 'Đặt hàng riêng' });
    const supplier = within(form).getByLabelText('Nhà cung cấp và thông tin đặt hàng');
    const date = within(form).getByLabelText('Ngày dự kiến về hàng');

    await userEvent.type(date, '31/02/2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đặt hàng riêng' }));
    expect(supplier).toHaveAccessibleDescription(expect.stringContaining('Vui lòng ghi rõ nhà cung cấp (ít nhất 5 ký tự).'));
    expect(supplier).toHaveFocus();
    expect(date).toHaveAccessibleDescription(expect.stringContaining('Vui lòng nhập ngày dự kiến theo dạng dd/MM/yyyy.'));

    await userEvent.type(supplier, 'Đại lý VinFast Long Biên, báo giá 450.000 ₫');
    await userEvent.clear(date);
    await userEvent.type(date, typed(addCalendarDays(today, -1)));
    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đặt hàng riêng' }));
    expect(date).toHaveAccessibleDescription(expect.stringContaining('Ngày dự kiến về hàng không được trước hôm nay.'));
    expect(lines.specialOrder).not.toHaveBeenCalled();

    const expected = addCalendarDays(today, 7);
    lines.specialOrder.mockResolvedValue({ data: freeLine(5, 'SPECIAL_ORDER', { expectedDate: expected }), message: 'Đã ghi nhận đặt hàng riêng.' });
    lines.list.mockResolvedValue([freeLine(5, 'SPECIAL_ORDER', { expectedDate: expected }), mirror]);
    await userEvent.clear(date);
    await userEvent.type(date, typed(expected));
    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đặt hàng riêng' }));
    expect(lines.specialOrder).toHaveBeenCalledWith(5, { supplierNote: 'Đại lý VinFast Long Biên, báo giá 450.000 ₫', expectedDate: expected, version: 4 });
    expect(await screen.findByText('Đã ghi nhận đặt hàng riêng.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Đặt hàng riêng' })).not.toBeInTheDocument());
  });

  it('explains a 409 (another desk resolved the line first) and reads the list again', async () => {
    renderDesk();
    const panel = await section();
    const open = await within(panel).findByRole('article', { name: 'Gioăng cổng sạc' });
    await userEvent.click(within(open).getByRole('button', { name: 'Gắn sản phẩm' }));
    await userEvent.click(await within(open).findByRole('radio', { name: /Gioăng cổng sạc VF 8/ }));
    lines.link.mockRejectedValue(
      new ApiError('Dòng phụ tùng này vừa được xử lý (Đặt hàng riêng), vui lòng tải lại.', 409, 'FREE_PART_LINE_CHANGED'),
    );
    lines.list.mockResolvedValue([freeLine(5, 'SPECIAL_ORDER'), mirror]);
    const listCalls = lines.list.mock.calls.length;
    await userEvent.click(within(open).getByRole('button', { name: 'Gắn với sản phẩm đã chọn' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Dòng phụ tùng này vừa được xử lý (Đặt hàng riêng), vui lòng tải lại. Danh sách phụ tùng ngoài danh mục đã được tải lại.',
    );
    await waitFor(() => expect(lines.list.mock.calls.length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(buttonsOf(within(panel).getByRole('article', { name: 'Gioăng cổng sạc' }))).toEqual([]));
    expect(within(panel).getByRole('article', { name: 'Gioăng cổng sạc' })).toHaveTextContent('Đặt hàng riêng');
  });
});
