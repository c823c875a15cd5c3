import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import type { PartsRequestStatus } from 'shared-contracts/backoffice';
import type { PartsRequest } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { ServiceOrdersPage } from '../../src/pages/staff/ServiceOrdersPage';
import { partsDeskApi } from '../../src/partsDesk/partsDeskApi';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { partsRequest, signIn, signOut } from '../partsRequestFixtures';
import { board, card, detail, floorChange, lastStreamOptions, renderAt, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({ frontDeskApi: { technicians: jest.fn() } }));
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({ serviceOrdersApi: { board: jest.fn(), detail: jest.fn() } }));
jest.mock('../../src/partsDesk/partsDeskApi', () => ({
  partsDeskApi: { desk: jest.fn(), request: jest.fn(), decide: jest.fn(), phoneDecision: jest.fn(), step: jest.fn(), returnParts: jest.fn() },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const desk = jest.mocked(frontDeskApi);
const orders = jest.mocked(serviceOrdersApi);
const api = jest.mocked(partsDeskApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;
/** VND as the page shows it (toHaveTextContent folds the non-breaking space before ₫). */
const vnd = (amount: number) => formatVnd(amount).replace(/\s/g, ' ');

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  desk.technicians.mockResolvedValue(TECHNICIANS);
  orders.board.mockResolvedValue(board([], [card({ id: 501, code: 'PDV2611OPEN', status: 'IN_PROGRESS', statusLabel: 'Đang làm' })]));
  signIn('staff');
});
afterEach(signOut);

function renderPage(path: string) {
  return renderAt(
    <Routes>
      <Route path="/staff/service-orders" element={<ServiceOrdersPage />} />
    </Routes>,
    path,
  );
}

/** Opens order 501's drawer with these requests; answers its parts section. */
async function openDrawer(requests: PartsRequest[]) {
  orders.detail.mockResolvedValue(detail({ id: 501, code: 'PDV2611OPEN', status: 'IN_PROGRESS', partsRequests: requests }));
  renderPage('/staff/service-orders?order=501');
  const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611OPEN' });
  return within(drawer).getByRole('region', { name: 'Quầy phụ tùng' });
}

const requestCard = (within_: ReturnType<typeof within>, name: string) => within_.getByRole('article', { name });
const buttonsOf = (article: HTMLElement) =>
  within(article)
    .queryAllByRole('button')
    .map((button) => button.textContent);

/** What the desk (staff or manager) may do per status, as spec §2 says. */
const DESK_BUTTONS: Array<[PartsRequestStatus, Partial<PartsRequest>, string[]]> = [
  ['REQUESTED', {}, ['Từ chối', 'Duyệt (trong phạm vi dịch vụ)', 'Gửi khách duyệt']],
  ['AWAITING_CUSTOMER', { expiresAt: '2026-11-23T02:30:00.000Z' }, ['Ghi nhận khách đồng ý', 'Ghi nhận khách từ chối', 'Rút lại']],
  ['APPROVED', {}, ['Rút lại', 'Giữ hàng']],
  ['RESERVED', {}, ['Xuất kho', 'Trả hàng giữ']],
  ['ISSUED', { issuedQty: 2, returnedQty: 0 }, ['Nhập trả']],
  ['ISSUED', { issuedQty: 2, returnedQty: 2 }, []],
  ['REJECTED', { declineReason: 'Không cần thay' }, []],
  ['DECLINED', {}, []],
  ['WITHDRAWN', {}, []],
  ['RELEASED', {}, []],
];

describe('the parts desk in the service order drawer', () => {
  it.each(['staff', 'manager'] as const)('offers %s exactly the machine’s actions for each status', async (role) => {
    signIn(role);
    const requests = DESK_BUTTONS.map(([status, extra], index) => partsRequest({ id: 100 + index, status, product: { id: 100 + index, sku: `SKU-${index}`, name: `Phụ tùng ${index}` }, ...extra }, role));
    const section = await openDrawer(requests);
    DESK_BUTTONS.forEach(([status, , expected], index) => {
      const article = requestCard(within(section), `Phụ tùng ${index} (SKU-${index})`);
      expect([status, buttonsOf(article)]).toEqual([status, expected]);
    });
  });

  it.each(['admin', 'technician'] as const)('shows each request’s status, quantity, price and the centre’s availability (on hand − reserved); %s gets no buttons', async (role) => {
    signIn(role);
    const section = await openDrawer([partsRequest({ status: 'REQUESTED', availability: { onHand: 3, reserved: 2, available: 1 } }, role)]);
    const article = requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)');
    expect(article).toHaveTextContent('Chờ duyệt');
    expect(article).toHaveTextContent('Số lượng2');
    expect(article).toHaveTextContent(`Đơn giá${vnd(650_000)}`);
    expect(article).toHaveTextContent(`Thành tiền${vnd(1_300_000)}`);
    expect(article).toHaveTextContent('Khả dụng tại kho1 (tồn 3, đang giữ 2)');
    expect(article).toHaveTextContent('Không đủ hàng: cần 2, kho còn 1.');
    expect(article).toHaveTextContent('Kiểm tra phanh – Má phanh mòn');
    expect(buttonsOf(article)).toEqual([]);
    expect(section).toHaveTextContent('Bạn chỉ có quyền xem các yêu cầu phụ tùng.');
  });

  it('never offers what the server’s own list for the caller leaves out', async () => {
    const section = await openDrawer([partsRequest({ status: 'RESERVED', availableActions: ['release'] })]);
    expect(buttonsOf(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)'))).toEqual(['Trả hàng giữ']);
  });

  it('rejects only with a reason, sending the request’s version, and shows the server’s answer', async () => {
    const before = partsRequest({ status: 'REQUESTED', version: 3 });
    api.decide.mockResolvedValue({ data: partsRequest({ status: 'REJECTED', version: 4, declineReason: 'Không nằm trong gói' }), message: 'Đã từ chối yêu cầu phụ tùng.' });
    const section = await openDrawer([before]);
    const article = requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)');
    await userEvent.click(within(article).getByRole('button', { name: 'Từ chối' }));
    const reason = within(article).getByLabelText('Lý do từ chối');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'abc');
    await userEvent.click(within(article).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(within(article).getByText('Vui lòng ghi rõ (ít nhất 5 ký tự).')).toBeInTheDocument();
    expect(api.decide).not.toHaveBeenCalled();

    await userEvent.type(reason, ' Không nằm trong gói');
    await userEvent.click(within(article).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(api.decide).toHaveBeenCalledWith(41, { action: 'reject', version: 3, reason: 'abc Không nằm trong gói' });
    expect(await within(section).findByText('Đã từ chối yêu cầu phụ tùng.')).toBeInTheDocument();
    const after = requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)');
    expect(after).toHaveTextContent('Đã từ chối');
    expect(after).toHaveTextContent('Lý do từ chốiKhông nằm trong gói');
    expect(buttonsOf(after)).toEqual([]);
  });

  it('sends in scope and send to customer at once with the version', async () => {
    api.decide.mockResolvedValue({ data: partsRequest({ status: 'AWAITING_CUSTOMER', version: 4 }), message: 'Đã gửi yêu cầu cho khách duyệt.' });
    const section = await openDrawer([partsRequest({ status: 'REQUESTED', version: 3 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Gửi khách duyệt' }));
    expect(api.decide).toHaveBeenCalledWith(41, { action: 'sendToCustomer', version: 3 });
    expect(await within(section).findByRole('status')).toHaveTextContent('Đã gửi yêu cầu cho khách duyệt.');
    // the request is now waiting for the customer: the desk can record a phone decision
    expect(buttonsOf(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)'))).toEqual(['Ghi nhận khách đồng ý', 'Ghi nhận khách từ chối', 'Rút lại']);
  });

  it('records a phone decision only with a note of the call', async () => {
    api.phoneDecision.mockResolvedValue({ data: partsRequest({ status: 'RESERVED', version: 6 }), message: 'Đã ghi nhận khách đồng ý.' });
    const section = await openDrawer([partsRequest({ status: 'AWAITING_CUSTOMER', version: 5 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Ghi nhận khách đồng ý' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Lưu: khách đồng ý' }));
    expect(within(section).getByText('Vui lòng ghi rõ (ít nhất 5 ký tự).')).toBeInTheDocument();
    expect(api.phoneDecision).not.toHaveBeenCalled();
    await userEvent.type(within(section).getByLabelText('Ghi chú cuộc gọi với khách'), 'Anh An đồng ý qua điện thoại 10:05');
    await userEvent.click(within(section).getByRole('button', { name: 'Lưu: khách đồng ý' }));
    expect(api.phoneDecision).toHaveBeenCalledWith(41, { version: 5, decision: 'approve', note: 'Anh An đồng ý qua điện thoại 10:05' });
    expect(await within(section).findByText('Đã ghi nhận khách đồng ý.')).toBeInTheDocument();
  });

  it('a 409 on Giữ hàng shows the server’s message and reloads the request', async () => {
    api.step.mockRejectedValue(new ApiError('Không đủ tồn kho: còn 1 Má phanh trước VF 8.', 409, 'INSUFFICIENT_STOCK'));
    api.request.mockResolvedValue(partsRequest({ status: 'APPROVED', version: 4, availability: { onHand: 1, reserved: 0, available: 1 } }));
    const section = await openDrawer([partsRequest({ status: 'APPROVED', version: 3 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Giữ hàng' }));
    expect(api.step).toHaveBeenCalledWith(41, 'reserve', 3);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Không đủ tồn kho: còn 1 Má phanh trước VF 8. Yêu cầu đã được tải lại với dữ liệu mới nhất.',
    );
    expect(api.request).toHaveBeenCalledWith(41);
    await waitFor(() => expect(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)')).toHaveTextContent('Khả dụng tại kho1 (tồn 1, đang giữ 0)'));

    // the next try carries the version the reload brought
    api.step.mockResolvedValue({ data: partsRequest({ status: 'RESERVED', version: 5 }), message: 'Đã giữ hàng.' });
    await userEvent.click(within(section).getByRole('button', { name: 'Giữ hàng' }));
    expect(api.step).toHaveBeenLastCalledWith(41, 'reserve', 4);
  });

  it('a stale request (409 PARTS_REQUEST_CHANGED) on Xuất kho reloads it with its new status', async () => {
    api.step.mockRejectedValue(new ApiError('Yêu cầu phụ tùng vừa được người khác cập nhật, vui lòng tải lại.', 409, 'PARTS_REQUEST_CHANGED'));
    api.request.mockResolvedValue(partsRequest({ status: 'RELEASED', version: 5 }));
    const section = await openDrawer([partsRequest({ status: 'RESERVED', version: 4 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Xuất kho' }));
    expect(api.step).toHaveBeenCalledWith(41, 'issue', 4);
    expect(await within(section).findByText(/vừa được người khác cập nhật/)).toBeInTheDocument();
    await waitFor(() => expect(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)')).toHaveTextContent('Đã trả hàng giữ'));
    expect(buttonsOf(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)'))).toEqual([]);
  });

  it('asks before releasing a reservation', async () => {
    api.step.mockResolvedValue({ data: partsRequest({ status: 'RELEASED', version: 5 }), message: 'Đã trả hàng giữ về kho.' });
    const section = await openDrawer([partsRequest({ status: 'RESERVED', version: 4 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Trả hàng giữ' }));
    const confirm = screen.getByRole('dialog', { name: 'Trả hàng đã giữ của Má phanh trước VF 8 về kho?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Quay lại' }));
    expect(api.step).not.toHaveBeenCalled();
    await userEvent.click(within(section).getByRole('button', { name: 'Trả hàng giữ' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: /Trả hàng đã giữ/ })).getByRole('button', { name: 'Trả hàng giữ' }));
    expect(api.step).toHaveBeenCalledWith(41, 'release', 4);
    expect(await within(section).findByText('Đã trả hàng giữ về kho.')).toBeInTheDocument();
  });

  it('returns at most what was issued and not yet returned', async () => {
    api.returnParts.mockResolvedValue({ data: partsRequest({ status: 'ISSUED', issuedQty: 2, returnedQty: 1, version: 8 }), message: 'Đã nhập trả 1 phụ tùng về kho.' });
    const section = await openDrawer([partsRequest({ status: 'ISSUED', issuedQty: 2, returnedQty: 0, version: 7 })]);
    await userEvent.click(within(section).getByRole('button', { name: 'Nhập trả' }));
    const quantity = within(section).getByLabelText('Số lượng nhập trả');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(section).getByRole('button', { name: 'Xác nhận nhập trả' }));
    expect(within(section).getByText('Số lượng nhập trả phải là số nguyên từ 1 đến 2.')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.type(within(section).getByLabelText('Lý do nhập trả (không bắt buộc)'), 'Lắp thừa');
    await userEvent.click(within(section).getByRole('button', { name: 'Xác nhận nhập trả' }));
    expect(api.returnParts).toHaveBeenCalledWith(41, { version: 7, quantity: 1, reason: 'Lắp thừa' });
    expect(await within(section).findByText('Đã nhập trả 1 phụ tùng về kho.')).toBeInTheDocument();
    expect(requestCard(within(section), 'Má phanh trước VF 8 (BRK-VF8-F)')).toHaveTextContent('Đã xuất / đã trả2 / 1');
  });
});

describe('the centre’s parts desk list (/staff/service-orders?view=parts-desk)', () => {
  const onFloor = [
    partsRequest({ id: 41, status: 'REQUESTED' }),
    partsRequest({ id: 42, status: 'RESERVED', product: { id: 10, sku: 'BAT-12V', name: 'Ắc quy 12 V' }, serviceOrder: { id: 502, code: 'PDV2611WORK', status: 'IN_PROGRESS', licensePlate: '30E-678.90', vehicleModel: 'VinFast VF 5', technicianName: 'Phạm Quốc Kỹ' } }),
  ];

  it('is reachable from the service orders page, lists the requests on the floor with their order, filters by status and follows the floor live', async () => {
    api.desk.mockResolvedValue({ centre: { id: 1, name: 'EV Service Hà Nội' }, requests: onFloor });
    renderPage('/staff/service-orders');
    await userEvent.click(await screen.findByRole('link', { name: 'Quầy phụ tùng' }));
    const list = await screen.findByRole('region', { name: 'Yêu cầu phụ tùng · EV Service Hà Nội' });
    expect(api.desk).toHaveBeenCalledWith(undefined, expect.any(AbortSignal));
    expect(screen.getByRole('link', { name: 'Quầy phụ tùng' })).toHaveAttribute('aria-current', 'page');
    const battery = within(list).getByRole('article', { name: 'Ắc quy 12 V (BAT-12V)' });
    expect(within(battery).getByRole('link', { name: 'Mở phiếu PDV2611WORK, xe 30E-678.90' })).toHaveAttribute('href', '/staff/service-orders?order=502');
    expect(buttonsOf(battery)).toEqual(['Xuất kho', 'Trả hàng giữ']);

    api.desk.mockResolvedValue({ centre: { id: 1, name: 'EV Service Hà Nội' }, requests: [onFloor[1]!] });
    await userEvent.selectOptions(within(list).getByLabelText('Trạng thái'), 'Đã giữ hàng');
    expect(api.desk).toHaveBeenLastCalledWith('RESERVED', expect.any(AbortSignal));
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'Má phanh trước VF 8 (BRK-VF8-F)' })).not.toBeInTheDocument());

    const calls = api.desk.mock.calls.length;
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 502 })));
    await waitFor(() => expect(api.desk).toHaveBeenCalledTimes(calls + 1));
  });

  it('issues from the list with the version and reads the list again', async () => {
    api.desk.mockResolvedValue({ centre: { id: 1, name: 'EV Service Hà Nội' }, requests: onFloor });
    api.step.mockResolvedValue({ data: partsRequest({ id: 42, status: 'ISSUED', issuedQty: 2, version: 4 }), message: 'Đã xuất kho cho kỹ thuật viên.' });
    renderPage('/staff/service-orders?view=parts-desk');
    const list = await screen.findByRole('region', { name: 'Yêu cầu phụ tùng · EV Service Hà Nội' });
    const battery = within(list).getByRole('article', { name: 'Ắc quy 12 V (BAT-12V)' });
    await userEvent.click(within(battery).getByRole('button', { name: 'Xuất kho' }));
    expect(api.step).toHaveBeenCalledWith(42, 'issue', 3);
    expect(await within(list).findByText('Đã xuất kho cho kỹ thuật viên.')).toBeInTheDocument();
    await waitFor(() => expect(api.desk).toHaveBeenCalledTimes(2));
  });
});
