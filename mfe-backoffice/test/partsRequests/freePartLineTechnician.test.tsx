import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { availableFreePartLineActions, FREE_PART_LINE_STATUS_LABELS, type FreePartLineStatus } from 'shared-contracts/backoffice';
import type { FreePartLine } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { PartsRequestPage } from '../../src/pages/technician/PartsRequestPage';
import { freePartLinesApi } from '../../src/partsRequests/freePartLinesApi';
import { partsRequestsApi } from '../../src/partsRequests/partsRequestsApi';
import { technicianApi } from '../../src/technician/technicianApi';
import { partsProduct } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions, renderAt } from '../staffFixtures';
import { card, checklistItem, detail, queue } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/partsRequests/partsRequestsApi', () => ({ partsRequestsApi: { mine: jest.fn(), searchParts: jest.fn(), create: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const tech = jest.mocked(technicianApi);
const api = jest.mocked(partsRequestsApi);
const free = jest.mocked(freePartLinesApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const working = card({ id: 7, code: 'PDV261122K7QZ', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8' });
const chargePort = checklistItem({ id: 11, label: 'Cổng sạc', result: 'FAIL', note: 'Gioăng cổng sạc rách' });

/** A described part as GET /technician/parts-free-lines answers it. */
function freeLine(status: FreePartLineStatus, overrides: Partial<FreePartLine> = {}): FreePartLine {
  return {
    id: 5,
    mark: 'Ngoài danh mục',
    serviceOrder: { id: 7, code: 'PDV261122K7QZ', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8' },
    description: 'Gioăng cổng sạc',
    quantity: 2,
    note: 'Loại tròn, khoảng 6 cm',
    reason: 'Gioăng cổng sạc rách',
    checklistItemId: 11,
    status,
    statusLabel: FREE_PART_LINE_STATUS_LABELS[status],
    partsRequestId: status === 'LINKED' ? 90 : null,
    supplierNote: status === 'SPECIAL_ORDER' ? 'Đại lý VinFast Long Biên' : null,
    expectedDate: status === 'SPECIAL_ORDER' ? '2026-12-03' : null,
    requestedBy: 'Trần Minh Thợ',
    requestedAt: '2026-11-22T02:30:00.000Z',
    resolvedBy: status === 'OPEN' ? null : 'Lê Thu Hà',
    resolvedAt: status === 'OPEN' ? null : '2026-11-22T03:00:00.000Z',
    version: status === 'OPEN' ? 1 : 2,
    availableActions: availableFreePartLineActions(status, 'technician'),
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  tech.queue.mockResolvedValue(queue({ mine: [working] }));
  tech.order.mockResolvedValue(detail({ id: 7, code: 'PDV261122K7QZ', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8', checklistItems: [chargePort] }));
  api.searchParts.mockResolvedValue([partsProduct()]);
  api.mine.mockResolvedValue([]);
  free.mine.mockResolvedValue([]);
});

function renderPage(path = '/technician/parts-request?order=7') {
  return renderAt(
    <Routes>
      <Route path="/technician/parts-request" element={<PartsRequestPage />} />
    </Routes>,
    path,
  );
}

async function describeOutsideCatalogue() {
  const form = await screen.findByRole('form', { name: 'Yêu cầu phụ tùng mới' });
  await within(form).findByRole('radio', { name: /Má phanh trước VF 8/ });
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Phụ tùng ngoài danh mục' }));
  return form;
}

describe('a part outside the catalogue on /technician/parts-request', () => {
  it('swaps the product picker for a description, checks it as the server does, and sends it to the parts desk', async () => {
    renderPage();
    const form = await describeOutsideCatalogue();
    expect(within(form).queryByLabelText('Tìm phụ tùng')).not.toBeInTheDocument();
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    const description = within(form).getByLabelText('Mô tả phụ tùng');

    await userEvent.type(description, 'ab');
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(description).toHaveAccessibleDescription(expect.stringContaining('Vui lòng mô tả phụ tùng cần (ít nhất 3 ký tự).'));
    expect(description).toHaveFocus();
    expect(description).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(description);
    await userEvent.click(description);
    await userEvent.paste('g'.repeat(201));
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(description).toHaveAccessibleDescription(expect.stringContaining('Mô tả phụ tùng tối đa 200 ký tự.'));
    expect(free.create).not.toHaveBeenCalled();

    await userEvent.clear(description);
    await userEvent.type(description, 'Gioăng cổng sạc');
    expect(description).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Tăng số lượng' }));
    await userEvent.type(within(form).getByLabelText('Ghi chú cho quầy phụ tùng (không bắt buộc)'), 'Loại tròn, khoảng 6 cm');
    await userEvent.selectOptions(within(form).getByLabelText('Mục kiểm tra không đạt (không bắt buộc)'), '11');
    free.create.mockResolvedValue({ data: freeLine('OPEN'), message: 'Đã gửi yêu cầu phụ tùng ngoài danh mục.' });
    free.mine.mockResolvedValue([freeLine('OPEN')]);
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi yêu cầu' }));

    expect(free.create).toHaveBeenCalledWith(7, { description: 'Gioăng cổng sạc', quantity: 2, note: 'Loại tròn, khoảng 6 cm', reason: null, checklistItemId: 11 });
    expect(api.create).not.toHaveBeenCalled();
    expect(await screen.findByText('Đã gửi yêu cầu phụ tùng ngoài danh mục. Đã gửi yêu cầu 2 × Gioăng cổng sạc (ngoài danh mục).')).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Yêu cầu phụ tùng của tôi' });
    const line = await within(mine).findByRole('article', { name: 'Gioăng cổng sạc' });
    expect(line).toHaveTextContent('Ngoài danh mục');
    expect(line).toHaveTextContent('Chờ quầy phụ tùng xử lý');
    expect(line).toHaveTextContent('Phiếu PDV261122K7QZ · 30A-123.45');
    expect(line).toHaveTextContent('Loại tròn, khoảng 6 cm');
    // the form is ready for the next part
    expect(within(form).getByLabelText('Mô tả phụ tùng')).toHaveValue('');
  });

  it('shows the server’s refusal at its field', async () => {
    free.create.mockRejectedValue(new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'description', message: 'Mô tả phụ tùng tối đa 200 ký tự.' }]));
    renderPage('/technician/parts-request?order=7&item=11');
    const form = await describeOutsideCatalogue();
    await userEvent.type(within(form).getByLabelText('Mô tả phụ tùng'), 'Gioăng cổng sạc');
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await within(form).findByText('Mô tả phụ tùng tối đa 200 ký tự.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Mô tả phụ tùng')).toHaveAccessibleDescription(expect.stringContaining('Mô tả phụ tùng tối đa 200 ký tự.'));
  });

  it('follows what the parts desk did, live: linked to a product, or ordered specially with its expected date', async () => {
    free.mine.mockResolvedValue([freeLine('OPEN')]);
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Yêu cầu phụ tùng của tôi' });
    const line = await within(mine).findByRole('article', { name: 'Gioăng cổng sạc' });
    expect(line).toHaveTextContent('Chờ quầy phụ tùng xử lý');
    expect(within(mine).queryByText('Bạn chưa có yêu cầu phụ tùng nào trên các phiếu đang làm.')).not.toBeInTheDocument();

    free.mine.mockResolvedValue([freeLine('SPECIAL_ORDER')]);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 7 })));
    expect(await within(mine).findByText('Đặt hàng riêng')).toBeInTheDocument();
    const ordered = within(mine).getByRole('article', { name: 'Gioăng cổng sạc' });
    expect(ordered).toHaveTextContent('Đại lý VinFast Long Biên');
    expect(ordered).toHaveTextContent('Dự kiến về03/12/2026');

    free.mine.mockResolvedValue([freeLine('LINKED', { id: 6, description: 'Nắp che cổng sạc' })]);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 7 })));
    const linked = await within(mine).findByRole('article', { name: 'Nắp che cổng sạc' });
    expect(linked).toHaveTextContent('Đã gắn sản phẩm');
    await waitFor(() => expect(within(mine).queryByRole('article', { name: 'Gioăng cổng sạc' })).not.toBeInTheDocument());
  });
});
