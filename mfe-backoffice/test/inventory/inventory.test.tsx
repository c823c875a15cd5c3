import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { CENTRES, inventoryItem, inventoryPage, inventorySummary, movement } from '../inventoryFixtures';
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

const api = jest.mocked(inventoryApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;
/** VND as the page shows it (toHaveTextContent folds the non-breaking space before ₫). */
const vnd = (amount: number) => formatVnd(amount).replace(/\s/g, ' ');

const pads = inventoryItem({ productId: 9, name: 'Má phanh trước VF 8', sku: 'BRK-VF8-F', onHand: 12, reserved: 2, minStock: 5 });
const battery = inventoryItem({ productId: 14, name: 'Ắc quy 12 V', sku: 'BAT-12V', onHand: 3, reserved: 1, minStock: 4, unitPrice: 1_900_000 });
const cable = inventoryItem({ productId: 21, name: 'Cáp sạc Type 2', sku: 'CBL-T2', onHand: 6, reserved: 0, minStock: 2, unitPrice: 2_400_000 });
const option = (item: typeof pads) => ({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  api.centres.mockResolvedValue(CENTRES);
  api.page.mockResolvedValue(inventoryPage([pads, battery, cable], { total: 120, totalPages: 3 }));
  api.summary.mockResolvedValue(inventorySummary());
  api.lowStock.mockResolvedValue({ centreId: 1, items: [battery] });
  api.movements.mockResolvedValue({ centreId: 1, items: [movement()], total: 1, page: 1, pageSize: 50, totalPages: 1 });
  api.productOptions.mockImplementation(async (q: string) => [pads, battery, cable].filter((item) => item.name.toLowerCase().includes(q.toLowerCase())).map(option));
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

const stockTable = () => within(screen.getByRole('region', { name: 'Tồn kho trung tâm' })).getByRole('table');
const rowOf = (name: string) => within(stockTable()).getByRole('row', { name: new RegExp(name) });

/** Picks a product in a picker: types in its search, chooses the match. */
async function pick(container: HTMLElement, label: string, typed: string, name: string) {
  await userEvent.type(within(container).getByLabelText(label), typed);
  await userEvent.click(await within(container).findByRole('button', { name: `Chọn ${name}` }));
}

describe('the manager’s inventory (/manager)', () => {
  it('shows the stock table with the value at the sale price and the low rows marked; searches, filters the low rows and pages', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(within(stockTable()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sản phẩm',
      'SKU',
      'Tồn',
      'Đang giữ',
      'Khả dụng',
      'Tối thiểu',
      'Giá trị tồn (theo giá bán)',
      'Thao tác',
    ]);
    const low = rowOf('Ắc quy 12 V');
    expect(low).toHaveTextContent('Sắp hết');
    expect(low).toHaveTextContent(vnd(5_700_000));
    expect(within(low).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent)).toEqual(['3', '1', '2']);
    expect(rowOf('Má phanh trước VF 8')).not.toHaveTextContent('Sắp hết');
    const panel = screen.getByRole('region', { name: 'Tồn kho trung tâm' });
    expect(panel).toHaveTextContent(`Giá trị tồn (theo giá bán)${vnd(182_500_000)}`);
    expect(panel).toHaveTextContent('Sắp hết7');
    expect(api.page).toHaveBeenCalledWith({ centreId: undefined, q: '', lowOnly: false, page: 1, pageSize: 50 }, expect.any(AbortSignal));

    await userEvent.type(within(panel).getByLabelText('Tìm sản phẩm'), 'ma phanh{Enter}');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'ma phanh', page: 1 }), expect.any(AbortSignal)));
    await userEvent.click(within(panel).getByLabelText('Chỉ hàng sắp hết'));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'ma phanh', lowOnly: true, page: 1 }), expect.any(AbortSignal)));
    const pager = within(panel).getByRole('navigation', { name: 'Phân trang tồn kho trung tâm' });
    expect(pager).toHaveTextContent('Trang 1/3 · 120 dòng');
    expect(within(pager).getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }), expect.any(AbortSignal)));
  });

  it('receives several lines in one submit, after checking each line', async () => {
    api.receive.mockResolvedValue({ data: { centreId: 1, items: [] }, message: 'Đã nhập kho từ kho online.' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nhập kho từ kho online' }));
    const dialog = screen.getByRole('dialog', { name: 'Nhập kho từ kho online' });
    expect(within(dialog).getByLabelText('Sản phẩm (dòng 1)')).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Vui lòng kiểm tra lại các dòng được đánh dấu.');
    expect(within(dialog).getByText('Vui lòng chọn sản phẩm.')).toBeInTheDocument();
    expect(within(dialog).getByText('Số lượng phải là số nguyên từ 1 đến 9.999.')).toBeInTheDocument();

    await pick(dialog, 'Sản phẩm (dòng 1)', 'má', 'Má phanh trước VF 8');
    expect(dialog).toHaveTextContent('Má phanh trước VF 8 (BRK-VF8-F)');
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng' }));
    expect(within(dialog).getByLabelText('Sản phẩm (dòng 2)')).toHaveFocus();
    await pick(dialog, 'Sản phẩm (dòng 2)', 'má', 'Má phanh trước VF 8');
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 2)'), '10000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));
    expect(within(dialog).getByText('Mỗi sản phẩm chỉ nhập một dòng; hãy gộp số lượng.')).toBeInTheDocument();
    expect(within(dialog).getByText('Số lượng phải là số nguyên từ 1 đến 9.999.')).toBeInTheDocument();
    expect(api.receive).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Đổi sản phẩm (dòng 2) – đang chọn Má phanh trước VF 8' }));
    await pick(dialog, 'Sản phẩm (dòng 2)', 'ắc', 'Ắc quy 12 V');
    await userEvent.clear(within(dialog).getByLabelText('Số lượng (dòng 2)'));
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 2)'), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa dòng 3' }));
    await userEvent.type(within(dialog).getByLabelText('Ghi chú (không bắt buộc)'), 'Phiếu chuyển kho PCK-112');
    const tableLoads = api.page.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));

    expect(api.receive).toHaveBeenCalledWith({
      centreId: undefined,
      lines: [
        { productId: 9, quantity: 20 },
        { productId: 14, quantity: 6 },
      ],
      note: 'Phiếu chuyển kho PCK-112',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Đã nhập kho từ kho online.')).toBe(true);
    await waitFor(() => expect(api.page.mock.calls.length).toBeGreaterThan(tableLoads));
  });

  it('shows the API’s TRANSFER_INSUFFICIENT_STOCK message at its line and keeps the form', async () => {
    const message = 'Chỉ còn 3 "Ắc quy 12 V" khả dụng tại Kho hàng online EV Service, không đủ để chuyển.';
    // as the API answers it: the message, the line's field error, and the product with what is available
    api.receive.mockRejectedValue(
      new ApiError(message, 409, 'TRANSFER_INSUFFICIENT_STOCK', [{ field: 'lines.0.quantity', message }], {
        success: false,
        message,
        code: 'TRANSFER_INSUFFICIENT_STOCK',
        errors: [{ field: 'lines.0.quantity', message }],
        data: { productId: 14, available: 3 },
      }),
    );
    renderPage();
    // the low-stock list's 'Nhập kho' proposes the product with enough to be back at twice the minimum
    const lowList = await screen.findByRole('region', { name: 'Hàng sắp hết (1)' });
    expect(lowList).toHaveTextContent('Khả dụng 2 / tối thiểu 4');
    await userEvent.click(within(lowList).getByRole('button', { name: 'Nhập kho Ắc quy 12 V' }));
    const dialog = screen.getByRole('dialog', { name: 'Nhập kho từ kho online' });
    expect(dialog).toHaveTextContent('Ắc quy 12 V (BAT-12V)');
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));

    expect(api.receive).toHaveBeenCalledWith({ centreId: undefined, lines: [{ productId: 14, quantity: 6 }], note: null });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveAccessibleDescription(`Từ 1 đến 9.999. ${message}`);
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('6');
    expect(within(dialog).getByRole('button', { name: 'Nhập kho' })).toBeEnabled();
  });

  it('adjusts to a counted quantity only with a reason, and never below what is reserved', async () => {
    api.adjust.mockResolvedValue({ data: { centreId: 1, items: [] }, message: 'Đã điều chỉnh tồn kho.' });
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    await userEvent.click(within(rowOf('Má phanh trước VF 8')).getByRole('button', { name: 'Điều chỉnh tồn kho Má phanh trước VF 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Điều chỉnh tồn kho: Má phanh trước VF 8' });
    const counted = within(dialog).getByLabelText('Số tồn thực tế (đếm được)');
    expect(counted).toHaveValue('12');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(within(dialog).getByText('Số tồn mới bằng số tồn hiện tại, không có gì để điều chỉnh.')).toBeInTheDocument();
    expect(within(dialog).getByText('Lý do điều chỉnh cần ít nhất 5 ký tự.')).toBeInTheDocument();

    await userEvent.clear(counted);
    await userEvent.type(counted, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(within(dialog).getByText('Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (2).')).toBeInTheDocument();

    await userEvent.clear(counted);
    await userEvent.type(counted, '10');
    expect(dialog).toHaveTextContent('Chênh lệch so với hệ thống: -2');
    await userEvent.type(within(dialog).getByLabelText('Lý do điều chỉnh'), 'Hỏng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(within(dialog).getByLabelText('Lý do điều chỉnh')).toHaveFocus();
    expect(api.adjust).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Lý do điều chỉnh'), ' 2 bộ khi kiểm kê');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(api.adjust).toHaveBeenCalledWith({ centreId: undefined, productId: 9, newOnHand: 10, reason: 'Hỏng 2 bộ khi kiểm kê' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Đã điều chỉnh tồn kho.')).toBe(true);
  });

  it('shows the server’s refusal of an adjustment in the dialog', async () => {
    api.adjust.mockRejectedValue(
      new ApiError('Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (4).', 422, 'ADJUST_BELOW_RESERVED', [{ field: 'newOnHand', message: 'Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (4).' }]),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    await userEvent.click(within(rowOf('Má phanh trước VF 8')).getByRole('button', { name: 'Điều chỉnh tồn kho Má phanh trước VF 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Điều chỉnh tồn kho: Má phanh trước VF 8' });
    await userEvent.clear(within(dialog).getByLabelText('Số tồn thực tế (đếm được)'));
    await userEvent.type(within(dialog).getByLabelText('Số tồn thực tế (đếm được)'), '3');
    await userEvent.type(within(dialog).getByLabelText('Lý do điều chỉnh'), 'Kiểm kê cuối tháng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (4).');
    expect(within(dialog).getByLabelText('Số tồn thực tế (đếm được)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets the minimum stock in its cell', async () => {
    api.setMinStock.mockResolvedValue({ data: { centreId: 1, items: [] }, message: 'Đã lưu mức tồn tối thiểu.' });
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    const field = within(rowOf('Cáp sạc Type 2')).getByLabelText('Tồn tối thiểu của Cáp sạc Type 2');
    expect(within(rowOf('Cáp sạc Type 2')).queryByRole('button', { name: 'Lưu tồn tối thiểu của Cáp sạc Type 2' })).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'abc{Enter}');
    expect(within(rowOf('Cáp sạc Type 2')).getByRole('alert')).toHaveTextContent('Tồn tối thiểu phải là số nguyên từ 0 đến 99.999.');
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    await userEvent.click(within(rowOf('Cáp sạc Type 2')).getByRole('button', { name: 'Lưu tồn tối thiểu của Cáp sạc Type 2' }));
    expect(api.setMinStock).toHaveBeenCalledWith(21, { centreId: undefined, minStock: 4 });
    await waitFor(() => expect(screen.getAllByRole('status').some((region) => region.textContent === 'Đã lưu mức tồn tối thiểu.')).toBe(true));
  });

  it('filters the ledger by product, kind and an ordered date range', async () => {
    renderPage();
    const ledger = await screen.findByRole('region', { name: 'Sổ phát sinh kho' });
    const row = await within(ledger).findByRole('row', { name: /Má phanh trước VF 8/ });
    expect(row).toHaveTextContent('09:30 22/11/2026');
    expect(row).toHaveTextContent('Nhập từ kho online');
    expect(row).toHaveTextContent('+10');
    expect(row).toHaveTextContent('Võ Quản Lý');
    expect(api.movements).toHaveBeenLastCalledWith({ centreId: undefined, productId: undefined, kind: undefined, from: undefined, to: undefined, page: 1, pageSize: 50 }, expect.any(AbortSignal));

    await userEvent.selectOptions(within(ledger).getByLabelText('Loại phát sinh'), 'Điều chỉnh');
    await waitFor(() => expect(api.movements).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'ADJUST' }), expect.any(AbortSignal)));
    await pick(ledger, 'Sản phẩm', 'cáp', 'Cáp sạc Type 2');
    await waitFor(() => expect(api.movements).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'ADJUST', productId: 21 }), expect.any(AbortSignal)));

    const calls = api.movements.mock.calls.length;
    await userEvent.type(within(ledger).getByLabelText('Đến ngày'), '2026-11-01');
    await userEvent.type(within(ledger).getByLabelText('Từ ngày'), '2026-11-20');
    expect(within(ledger).getByRole('alert')).toHaveTextContent('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc.');
    const afterTo = api.movements.mock.calls.length;
    expect(afterTo).toBe(calls + 1); // the 'to' date alone was asked; the reversed range is not
    await userEvent.clear(within(ledger).getByLabelText('Đến ngày'));
    await userEvent.type(within(ledger).getByLabelText('Đến ngày'), '2026-11-30');
    await waitFor(() =>
      expect(api.movements).toHaveBeenLastCalledWith(expect.objectContaining({ productId: 21, kind: 'ADJUST', from: '2026-11-20', to: '2026-11-30', page: 1 }), expect.any(AbortSignal)),
    );
  });

  it('reloads the stock live when the floor changes (parts reserved, issued, returned)', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    const [pages, lows, ledgers] = [api.page.mock.calls.length, api.lowStock.mock.calls.length, api.movements.mock.calls.length];
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'parts-request', serviceOrderId: 501 })));
    await waitFor(() => expect(api.page.mock.calls.length).toBe(pages + 1));
    await waitFor(() => expect(api.lowStock.mock.calls.length).toBe(lows + 1));
    await waitFor(() => expect(api.movements.mock.calls.length).toBe(ledgers + 1));
    // an appointment confirmed or a payment does not move stock
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'appointment', appointmentId: 101 })));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'payment', serviceOrderId: 501 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.page.mock.calls.length).toBe(pages + 1);
  });

  it('lets an admin choose the centre, and sends it with every read and write', async () => {
    signIn('admin');
    api.receive.mockResolvedValue({ data: null, message: 'Đã nhập kho từ kho online.' });
    renderPage();
    const centre = await screen.findByLabelText('Trung tâm');
    await waitFor(() => expect(centre).toHaveValue('1'));
    await waitFor(() => expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ centreId: 1 }), expect.any(AbortSignal)));
    await userEvent.selectOptions(centre, 'EV Service Đà Nẵng');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ centreId: 2 }), expect.any(AbortSignal)));
    await waitFor(() => expect(api.lowStock).toHaveBeenLastCalledWith(2, expect.any(AbortSignal)));
    await waitFor(() => expect(api.movements).toHaveBeenLastCalledWith(expect.objectContaining({ centreId: 2 }), expect.any(AbortSignal)));
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Đà Nẵng' });

    await userEvent.click(within(rowOf('Cáp sạc Type 2')).getByRole('button', { name: 'Nhập kho Cáp sạc Type 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Nhập kho từ kho online' });
    await userEvent.type(within(dialog).getByLabelText('Số lượng (dòng 1)'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));
    expect(api.receive).toHaveBeenCalledWith({ centreId: 2, lines: [{ productId: 21, quantity: 5 }], note: null });
  });

  it('shows staff the stock read-only, their centre named', async () => {
    signIn('staff');
    renderPage();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(screen.getByText('Trung tâm: EV Service Hà Nội')).toBeInTheDocument();
    expect(screen.getByText('Bạn chỉ có quyền xem tồn kho; quản lý trung tâm nhập và điều chỉnh kho.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nhập kho|Điều chỉnh/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Tồn tối thiểu của/)).not.toBeInTheDocument();
    expect(within(stockTable()).getAllByRole('columnheader')).toHaveLength(7);
  });
});
