import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { PartsRequestPage } from '../../src/pages/technician/PartsRequestPage';
import { partsRequestsApi } from '../../src/partsRequests/partsRequestsApi';
import { technicianApi } from '../../src/technician/technicianApi';
import { partsProduct, partsRequest } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions, renderAt } from '../staffFixtures';
import { card, checklistItem, detail, queue } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/partsRequests/partsRequestsApi', () => ({ partsRequestsApi: { mine: jest.fn(), searchParts: jest.fn(), create: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const tech = jest.mocked(technicianApi);
const api = jest.mocked(partsRequestsApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const working = card({ id: 7, code: 'PDV261122K7QZ', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8' });
const other = card({ id: 8, code: 'PDV261122OTHR', licensePlate: '29B-999.01', vehicleModel: 'VinFast VF e34' });
const notStarted = card({ id: 9, code: 'PDV261122OPEN', status: 'OPEN', statusLabel: 'Đã tiếp nhận' });
const brakeFail = checklistItem({ id: 11, label: 'Kiểm tra má phanh', result: 'FAIL', note: 'Má phanh mòn 1 mm' });
const generic = partsProduct({ id: 30, sku: 'TYR-GEN', name: 'Lốp đa dụng', price: 900_000, compatible: false, availability: { onHand: 0, reserved: 0, available: 0 } });
const pads = partsProduct({ id: 9, sku: 'BRK-VF8-F', name: 'Má phanh trước VF 8', compatible: true, availability: { onHand: 5, reserved: 2, available: 3 } });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  tech.queue.mockResolvedValue(queue({ mine: [working, other, notStarted] }));
  tech.order.mockImplementation(async (id: number) =>
    id === 7 ? detail({ id: 7, code: 'PDV261122K7QZ', vehicleModel: 'VinFast VF 8', checklistItems: [checklistItem(), brakeFail] }) : detail({ id, code: 'PDV261122OTHR', vehicleModel: 'VinFast VF e34', checklistItems: [] }),
  );
  // the answer lists the generic part first: the screen still shows the compatible one first
  api.searchParts.mockResolvedValue([generic, pads]);
  api.mine.mockResolvedValue([]);
});

function renderPage(path = '/technician/parts-request') {
  return renderAt(
    <Routes>
      <Route path="/technician/parts-request" element={<PartsRequestPage />} />
    </Routes>,
    path,
  );
}

const partOptions = () => screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);

describe('/technician/parts-request', () => {
  it('preselects the order and FAIL item from the link; offers only my orders in progress; shows parts that fit the vehicle first with availability', async () => {
    renderPage('/technician/parts-request?order=7&item=11');
    const orderSelect = await screen.findByLabelText('Phiếu đang làm');
    await waitFor(() => expect(orderSelect).toHaveValue('7'));
    expect(within(orderSelect).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'PDV261122K7QZ · 30A-123.45 · VinFast VF 8',
      'PDV261122OTHR · 29B-999.01 · VinFast VF e34',
    ]);
    expect(await screen.findByLabelText('Mục kiểm tra không đạt (không bắt buộc)')).toHaveValue('11');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(api.searchParts).toHaveBeenCalledWith(7, '', expect.any(AbortSignal));
    const [first, second] = partOptions();
    expect(first).toContain('Má phanh trước VF 8');
    expect(first).toContain('Phù hợp VinFast VF 8');
    expect(first).toContain('Kho còn 3');
    expect(second).toContain('Lốp đa dụng');
    expect(second).not.toContain('Phù hợp');
    expect(second).toContain('Kho đã hết');

    api.searchParts.mockResolvedValue([pads]);
    await userEvent.type(screen.getByLabelText('Tìm phụ tùng'), 'ma phanh');
    await waitFor(() => expect(api.searchParts).toHaveBeenLastCalledWith(7, 'ma phanh', expect.any(AbortSignal)));
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
  });

  it('takes a quantity of 1 to 99 only, and a reason unless a FAIL item is linked', async () => {
    renderPage('/technician/parts-request?order=7');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    const quantity = screen.getByLabelText('Số lượng');
    expect(quantity).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Giảm số lượng' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(screen.getByText('Vui lòng chọn phụ tùng.')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập lý do cần phụ tùng (hoặc chọn mục kiểm tra không đạt).')).toBeInTheDocument();
    expect(screen.getByLabelText('Tìm phụ tùng')).toHaveFocus();

    await userEvent.click(screen.getByRole('radio', { name: /Má phanh trước VF 8/ }));
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.selectOptions(screen.getByLabelText('Mục kiểm tra không đạt (không bắt buộc)'), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(screen.getByText('Số lượng phải là số nguyên từ 1 đến 99.')).toBeInTheDocument();
    expect(quantity).toHaveFocus();
    expect(screen.queryByText(/Vui lòng nhập lý do cần phụ tùng/)).not.toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1000'); // two digits at most
    expect(quantity).toHaveValue('10');
    expect(screen.getByText('Kho hiện chỉ còn 3. Bạn vẫn gửi được yêu cầu; quầy phụ tùng sẽ xử lý khi có hàng.')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '99');
    expect(screen.getByRole('button', { name: 'Tăng số lượng' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Giảm số lượng' }));
    expect(quantity).toHaveValue('98');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('sends the request, announces it and shows it in my list', async () => {
    const created = partsRequest({ id: 77, serviceOrder: { id: 7, code: 'PDV261122K7QZ', status: 'IN_PROGRESS', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8', technicianName: 'Trần Kỹ Thuật' }, quantity: 2 }, 'technician');
    api.create.mockResolvedValue({ data: created, message: 'Đã gửi yêu cầu phụ tùng.' });
    renderPage('/technician/parts-request?order=7&item=11');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(await screen.findByText('Bạn chưa có yêu cầu phụ tùng nào trên các phiếu đang làm.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Má phanh trước VF 8/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Tăng số lượng' }));
    api.mine.mockResolvedValue([created]);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(api.create).toHaveBeenCalledWith(7, { productId: 9, quantity: 2, reason: null, checklistItemId: 11 });
    expect(await screen.findByText('Đã gửi yêu cầu phụ tùng. Đã gửi yêu cầu 2 × Má phanh trước VF 8.')).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Yêu cầu phụ tùng của tôi' });
    const request = await within(mine).findByRole('article', { name: 'Má phanh trước VF 8' });
    expect(request).toHaveTextContent('Chờ duyệt');
    expect(request).toHaveTextContent('Phiếu PDV261122K7QZ · 30A-123.45');
    // the form is ready for the next part
    expect(screen.getByLabelText('Số lượng')).toHaveValue('1');
    expect(screen.getByRole('radio', { name: /Má phanh trước VF 8/ })).not.toBeChecked();
  });

  it('keeps my list live: a floor change reloads it with the new status', async () => {
    api.mine.mockResolvedValue([partsRequest({ id: 77, status: 'REQUESTED' }, 'technician')]);
    renderPage('/technician/parts-request?order=7');
    const mine = await screen.findByRole('region', { name: 'Yêu cầu phụ tùng của tôi' });
    expect(await within(mine).findByText('Chờ duyệt')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(api.searchParts).toHaveBeenCalledTimes(1);
    api.mine.mockResolvedValue([partsRequest({ id: 77, status: 'RESERVED' }, 'technician')]);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 7 })));
    expect(await within(mine).findByText('Đã giữ hàng')).toBeInTheDocument();
    expect(within(mine).queryByText('Chờ duyệt')).not.toBeInTheDocument();
    // the parts' availability is read again too (stock moved)
    await waitFor(() => expect(api.searchParts).toHaveBeenCalledTimes(2));
  });

  it('explains a refusal in the server’s words and reloads my orders after a 409', async () => {
    api.create.mockRejectedValue(new ApiError('Chỉ yêu cầu phụ tùng khi phiếu đang làm (phiếu đang ở trạng thái "Xong việc – chờ hoá đơn").', 409, 'ORDER_NOT_IN_PROGRESS'));
    renderPage('/technician/parts-request?order=7');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    await userEvent.click(screen.getByRole('radio', { name: /Lốp đa dụng/ }));
    await userEvent.type(screen.getByLabelText('Lý do cần phụ tùng'), 'Lốp mòn gai');
    const queueCalls = tech.queue.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(api.create).toHaveBeenCalledWith(7, { productId: 30, quantity: 1, reason: 'Lốp mòn gai', checklistItemId: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Chỉ yêu cầu phụ tùng khi phiếu đang làm');
    await waitFor(() => expect(tech.queue.mock.calls.length).toBeGreaterThan(queueCalls));
  });

  it('shows a 422 at its field', async () => {
    api.create.mockRejectedValue(
      new ApiError('Dữ liệu không hợp lệ.', 422, 'PRODUCT_UNAVAILABLE', [{ field: 'productId', message: 'Phụ tùng này hiện không còn kinh doanh, vui lòng chọn phụ tùng khác.' }]),
    );
    renderPage('/technician/parts-request?order=7&item=11');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    await userEvent.click(screen.getByRole('radio', { name: /Lốp đa dụng/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByRole('group', { name: /Chọn phụ tùng/ })).toHaveAccessibleDescription('Phụ tùng này hiện không còn kinh doanh, vui lòng chọn phụ tùng khác.');
  });

  it('says so when I have no order in progress, and when the link’s order is not one of mine', async () => {
    tech.queue.mockResolvedValue(queue({ mine: [notStarted] }));
    const { unmount } = renderPage();
    expect(await screen.findByText('Bạn không có phiếu nào đang thực hiện. Chỉ yêu cầu phụ tùng được khi phiếu đang làm.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Về hàng đợi công việc' })).toHaveAttribute('href', '/technician/work-queue');
    expect(screen.queryByRole('button', { name: 'Gửi yêu cầu' })).not.toBeInTheDocument();
    unmount();

    tech.queue.mockResolvedValue(queue({ mine: [working] }));
    renderPage('/technician/parts-request?order=42');
    expect(await screen.findByText('Phiếu trong đường dẫn không phải phiếu bạn đang làm. Hãy chọn một phiếu bên dưới.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gửi yêu cầu' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Phiếu đang làm'), '7');
    expect(await screen.findByRole('button', { name: 'Gửi yêu cầu' })).toBeInTheDocument();
  });
});
