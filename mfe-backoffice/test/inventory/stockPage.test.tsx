import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { AdminStockPage } from '../../src/pages/admin/StockPage';
import { ManagerStockPage } from '../../src/pages/manager/StockPage';
import { goodsReceipt, inventoryItem, inventoryPage, inventorySummary, LOCATIONS, movement, productStock } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions, renderAt } from '../staffFixtures';

jest.mock('../../src/inventory/inventoryApi', () => ({
  inventoryApi: {
    locations: jest.fn(),
    page: jest.fn(),
    summary: jest.fn(),
    movements: jest.fn(),
    adjust: jest.fn(),
    setMinStock: jest.fn(),
    productOptions: jest.fn(),
    productStock: jest.fn(),
    receiveGoods: jest.fn(),
    goodsReceipts: jest.fn(),
    receive: jest.fn(),
  },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/stockTransfers', () => ({ stockTransfersBelow: () => null }));

const api = jest.mocked(inventoryApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;
/** VND as the page shows it (toHaveTextContent folds the non-breaking space before ₫). */
const vnd = (amount: number) => formatVnd(amount).replace(/\s/g, ' ');

const pads = inventoryItem({ productId: 9, name: 'Má phanh trước VF 8', sku: 'BRK-VF8-F', onHand: 12, reserved: 2, minStock: 5 });
const battery = inventoryItem({ productId: 14, name: 'Ắc quy 12 V', sku: 'BAT-12V', onHand: 3, reserved: 1, minStock: 4, unitPrice: 1_900_000 });
const option = (item: typeof pads) => ({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand });

function Where() {
  const location = useLocation();
  return <output aria-label="URL">{`${location.pathname}${location.search}`}</output>;
}

function renderStock(url: string) {
  return renderAt(
    <>
      <Routes>
        <Route path="/admin/stock" element={<AdminStockPage />} />
        <Route path="/manager/stock" element={<ManagerStockPage />} />
      </Routes>
      <Where />
    </>,
    url,
  );
}

const url = () => screen.getByRole('status', { name: 'URL' }).textContent;
const form = () => screen.getByRole('form', { name: 'Nhập hàng từ nhà cung cấp' });
const stockTable = () => within(screen.getByRole('region', { name: 'Tồn kho trung tâm' })).getByRole('table');

async function pick(container: HTMLElement, label: string, typed: string, name: string) {
  await userEvent.type(within(container).getByLabelText(label), typed);
  await userEvent.click(await within(container).findByRole('button', { name: `Chọn ${name}` }));
}

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  api.locations.mockResolvedValue(LOCATIONS);
  api.page.mockResolvedValue(inventoryPage([pads, battery]));
  api.summary.mockResolvedValue(inventorySummary());
  api.movements.mockResolvedValue({ centreId: 8, items: [movement()], total: 1, page: 1, pageSize: 50, totalPages: 1 });
  api.goodsReceipts.mockResolvedValue({ items: [goodsReceipt()], page: 1, pageSize: 10, total: 1 });
  api.productStock.mockResolvedValue(productStock({ productId: 9, productName: 'Má phanh trước VF 8', sku: 'BRK-VF8-F' }));
  api.productOptions.mockImplementation(async (q: string) => [pads, battery].filter((item) => item.name.toLowerCase().includes(q.toLowerCase())).map(option));
  signIn('admin');
});
afterEach(signOut);

describe('the stock page: locations', () => {
  it('lets an admin pick any location, the online warehouse first and by default, kept in the URL', async () => {
    renderStock('/admin/stock');
    const picker = await screen.findByRole('combobox', { name: 'Điểm kho' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(within(picker).getAllByRole('option').map((entry) => entry.textContent)).toEqual([
      'Kho hàng online EV Service (kho bán online)',
      'EV Service Hà Nội',
      'EV Service Đà Nẵng',
    ]);
    expect(picker).toHaveValue('8');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ centreId: 8 }), expect.any(AbortSignal));
    expect(api.goodsReceipts).toHaveBeenCalledWith({ centreId: 8, page: 1, pageSize: 10 }, expect.any(AbortSignal));
    // the warehouse does not receive from itself
    expect(screen.queryByRole('button', { name: 'Nhập kho từ kho online' })).not.toBeInTheDocument();

    await userEvent.selectOptions(picker, '1');
    expect(url()).toBe('/admin/stock?centreId=1');
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ centreId: 1 }), expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: 'Nhập kho từ kho online' })).toBeInTheDocument();
  });

  it('opens on the location in the URL', async () => {
    renderStock('/admin/stock?centreId=2');
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Đà Nẵng' });
    expect(screen.getByRole('combobox', { name: 'Điểm kho' })).toHaveValue('2');
    expect(api.page).not.toHaveBeenCalledWith(expect.objectContaining({ centreId: 8 }), expect.anything());
  });

  it("shows a manager their own centre without a picker", async () => {
    signIn('manager');
    api.locations.mockResolvedValue([LOCATIONS[1]!]);
    renderStock('/manager/stock');
    expect(await screen.findByText('Điểm kho: EV Service Hà Nội')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Điểm kho' })).not.toBeInTheDocument();
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ centreId: undefined }), expect.any(AbortSignal));
  });

  it('shows the summary, the columns with the value in VND, searches and filters the rows below minimum', async () => {
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
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
    expect(within(stockTable()).getByRole('row', { name: /Ắc quy 12 V/ })).toHaveTextContent(vnd(5_700_000));
    const panel = screen.getByRole('region', { name: 'Tồn kho trung tâm' });
    expect(panel).toHaveTextContent(`Giá trị tồn (theo giá bán)${vnd(182_500_000)}`);
    await userEvent.type(within(panel).getByLabelText('Tìm sản phẩm'), 'ac quy{Enter}');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ centreId: 8, q: 'ac quy' }), expect.any(AbortSignal)));
    await userEvent.click(within(panel).getByLabelText('Chỉ hàng sắp hết'));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ lowOnly: true }), expect.any(AbortSignal)));
  });

  it("opens one product's ledger from ?productId= and keeps the ledger's choice in the URL", async () => {
    renderStock('/admin/stock?centreId=1&productId=9');
    const ledger = await screen.findByRole('region', { name: 'Sổ phát sinh kho' });
    expect(await within(ledger).findByText('Má phanh trước VF 8 (BRK-VF8-F)')).toBeInTheDocument();
    await waitFor(() => expect(api.movements).toHaveBeenCalledWith(expect.objectContaining({ centreId: 1, productId: 9 }), expect.any(AbortSignal)));
    await userEvent.click(within(ledger).getByRole('button', { name: /^Bỏ chọn sản phẩm/ }));
    expect(url()).toBe('/admin/stock?centreId=1');
    await waitFor(() => expect(api.movements).toHaveBeenLastCalledWith(expect.objectContaining({ productId: undefined }), expect.any(AbortSignal)));
  });

  it("reloads when the location's stock moves elsewhere (floor-changed kind 'inventory')", async () => {
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    // the stream of the location shown
    await waitFor(() => expect(lastStreamOptions(subscribe).centreId).toBe(8));
    const [pages, receipts] = [api.page.mock.calls.length, api.goodsReceipts.mock.calls.length];
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'inventory', centreId: 8 })));
    await waitFor(() => expect(api.page.mock.calls.length).toBe(pages + 1));
    await waitFor(() => expect(api.goodsReceipts.mock.calls.length).toBe(receipts + 1));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'appointment', appointmentId: 101 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.page.mock.calls.length).toBe(pages + 1);
  });

  it('adjusts a row with a reason; a 409 is explained and the figures reloaded', async () => {
    api.adjust.mockRejectedValueOnce(new ApiError('Tồn kho vừa được thay đổi bởi người khác.', 409, 'CONFLICT'));
    api.adjust.mockResolvedValueOnce({ data: { centreId: 8, items: [] }, message: 'Đã điều chỉnh tồn kho.' });
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.click(screen.getByRole('button', { name: 'Điều chỉnh tồn kho Má phanh trước VF 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Điều chỉnh tồn kho: Má phanh trước VF 8' });
    await userEvent.clear(within(dialog).getByLabelText('Số tồn thực tế (đếm được)'));
    await userEvent.type(within(dialog).getByLabelText('Số tồn thực tế (đếm được)'), '10');
    await userEvent.type(within(dialog).getByLabelText('Lý do điều chỉnh'), 'Kiểm kê cuối tháng');
    const pages = api.page.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tồn kho vừa được thay đổi bởi người khác. Số liệu kho vừa thay đổi; trang đã được tải lại với số mới nhất.');
    await waitFor(() => expect(api.page.mock.calls.length).toBe(pages + 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điều chỉnh' }));
    expect(api.adjust).toHaveBeenLastCalledWith({ centreId: 8, productId: 9, newOnHand: 10, reason: 'Kiểm kê cuối tháng' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Đã điều chỉnh tồn kho.')).toBeInTheDocument();
  });

  it('lists the recent receipts with supplier, reference, units, cost and who', async () => {
    renderStock('/admin/stock');
    const list = await screen.findByRole('list', { name: 'Phiếu nhập hàng tại Kho hàng online EV Service, mới nhất trước' });
    const receipt = within(list).getAllByRole('listitem')[0]!;
    expect(receipt).toHaveTextContent('Công ty Phụ tùng Sao Việt · HD-0099');
    expect(receipt).toHaveTextContent('5 (1 sản phẩm)');
    expect(receipt).toHaveTextContent(vnd(2_000_000));
    expect(receipt).toHaveTextContent('Chủ cửa hàng');
    expect(receipt).toHaveTextContent('10:15 26/11/2026');
  });
});

describe('the stock page: goods receipt', () => {
  it('checks every field before sending, then receives the lines and refreshes the table', async () => {
    api.receiveGoods.mockResolvedValue({ data: { receipt: goodsReceipt({ totalQuantity: 7, totalCost: 2_950_000 }) }, message: 'Đã nhập hàng.' });
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.click(within(form()).getByRole('button', { name: 'Nhập hàng' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent('Vui lòng kiểm tra lại các ô được đánh dấu.');
    expect(within(form()).getByText('Vui lòng nhập nhà cung cấp.')).toBeInTheDocument();
    expect(within(form()).getByText('Vui lòng chọn sản phẩm.')).toBeInTheDocument();
    expect(within(form()).getByText('Số lượng phải là số nguyên từ 1 đến 100.000.')).toBeInTheDocument();
    expect(within(form()).getByText('Đơn giá nhập phải là số nguyên từ 0 đến 100.000.000.000 đồng.')).toBeInTheDocument();
    await waitFor(() => expect(within(form()).getByLabelText('Nhà cung cấp')).toHaveFocus());
    expect(api.receiveGoods).not.toHaveBeenCalled();

    await userEvent.type(within(form()).getByLabelText('Nhà cung cấp'), 'Công ty Phụ tùng Sao Việt');
    await userEvent.type(within(form()).getByLabelText('Số chứng từ / hóa đơn (không bắt buộc)'), 'HD-0100');
    await pick(form(), 'Sản phẩm (dòng 1)', 'má', 'Má phanh trước VF 8');
    await userEvent.type(within(form()).getByLabelText('Số lượng (dòng 1)'), '5');
    await userEvent.type(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 1)'), '400.000');
    expect(form()).toHaveTextContent(`Thành tiền: ${vnd(2_000_000)}`);
    await userEvent.click(within(form()).getByRole('button', { name: 'Thêm dòng' }));
    await pick(form(), 'Sản phẩm (dòng 2)', 'ắc', 'Ắc quy 12 V');
    await userEvent.type(within(form()).getByLabelText('Số lượng (dòng 2)'), '2');
    await userEvent.type(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 2)'), '475000');
    expect(form()).toHaveTextContent(`Tổng cộng: 7 đơn vị · ${vnd(2_950_000)}`);
    const [pages, receipts] = [api.page.mock.calls.length, api.goodsReceipts.mock.calls.length];
    await userEvent.click(within(form()).getByRole('button', { name: 'Nhập hàng' }));

    expect(api.receiveGoods).toHaveBeenCalledWith({
      centreId: 8,
      supplier: 'Công ty Phụ tùng Sao Việt',
      reference: 'HD-0100',
      note: null,
      lines: [
        { productId: 9, quantity: 5, unitCost: 400_000 },
        { productId: 14, quantity: 2, unitCost: 475_000 },
      ],
    });
    expect(await screen.findByText(`Đã nhập 7 đơn vị vào Kho hàng online EV Service, tổng giá trị ${vnd(2_950_000)}.`, { normalizer: (text) => text.replace(/\s/g, ' ') })).toBeInTheDocument();
    await waitFor(() => expect(api.page.mock.calls.length).toBe(pages + 1));
    await waitFor(() => expect(api.goodsReceipts.mock.calls.length).toBe(receipts + 1));
    expect(within(form()).getByLabelText('Nhà cung cấp')).toHaveValue('');
    expect(within(form()).getByLabelText('Nhà cung cấp')).toHaveFocus();
    expect(within(form()).queryByLabelText('Số lượng (dòng 2)')).not.toBeInTheDocument();
  });

  it("shows the server's refusals at their fields and lines", async () => {
    api.receiveGoods.mockRejectedValue(
      new ApiError('Dữ liệu không hợp lệ.', 422, 'VALIDATION_FAILED', [
        { field: 'supplier', message: 'Tên nhà cung cấp tối đa 200 ký tự.' },
        { field: 'lines.0.unitCost', message: 'Đơn giá nhập phải là số nguyên từ 0 đến 100.000.000.000 đồng.' },
        { field: 'lines.0.productId', message: 'Sản phẩm đã ngừng kinh doanh.' },
      ]),
    );
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.type(within(form()).getByLabelText('Nhà cung cấp'), 'NCC');
    await pick(form(), 'Sản phẩm (dòng 1)', 'má', 'Má phanh trước VF 8');
    await userEvent.type(within(form()).getByLabelText('Số lượng (dòng 1)'), '5');
    await userEvent.type(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 1)'), '1000');
    await userEvent.click(within(form()).getByRole('button', { name: 'Nhập hàng' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Dữ liệu không hợp lệ.');
    expect(within(form()).getByLabelText('Nhà cung cấp')).toHaveAccessibleDescription('Tên nhà cung cấp tối đa 200 ký tự.');
    expect(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText('Đơn giá nhập phải là số nguyên từ 0 đến 100.000.000.000 đồng.')).toBeInTheDocument();
    expect(within(form()).getByText('Sản phẩm đã ngừng kinh doanh.')).toBeInTheDocument();
    // nothing is lost: the form keeps what was typed
    expect(within(form()).getByLabelText('Nhà cung cấp')).toHaveValue('NCC');
  });

  it('explains a 409 and reloads the figures', async () => {
    api.receiveGoods.mockRejectedValue(new ApiError('Điểm kho đang được kiểm kê, vui lòng thử lại.', 409, 'CONFLICT'));
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.type(within(form()).getByLabelText('Nhà cung cấp'), 'NCC');
    await pick(form(), 'Sản phẩm (dòng 1)', 'má', 'Má phanh trước VF 8');
    await userEvent.type(within(form()).getByLabelText('Số lượng (dòng 1)'), '5');
    await userEvent.type(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 1)'), '0');
    const pages = api.page.mock.calls.length;
    await userEvent.click(within(form()).getByRole('button', { name: 'Nhập hàng' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Điểm kho đang được kiểm kê, vui lòng thử lại. Số liệu kho vừa thay đổi; trang đã được tải lại với số mới nhất.');
    await waitFor(() => expect(api.page.mock.calls.length).toBe(pages + 1));
  });

  it('works from the keyboard: Enter takes the first match, adds a line from the unit cost, and sends from the supplier', async () => {
    api.receiveGoods.mockResolvedValue({ data: { receipt: goodsReceipt() }, message: null });
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.type(within(form()).getByLabelText('Sản phẩm (dòng 1)'), 'má');
    await within(form()).findByRole('button', { name: 'Chọn Má phanh trước VF 8' });
    await userEvent.keyboard('{Enter}');
    expect(form()).toHaveTextContent('Má phanh trước VF 8 (BRK-VF8-F)');
    expect(api.receiveGoods).not.toHaveBeenCalled();
    await userEvent.type(within(form()).getByLabelText('Số lượng (dòng 1)'), '5');
    await userEvent.type(within(form()).getByLabelText('Đơn giá nhập (đ) (dòng 1)'), '400000{Enter}');
    await waitFor(() => expect(within(form()).getByLabelText('Sản phẩm (dòng 2)')).toHaveFocus());
    await userEvent.click(within(form()).getByRole('button', { name: 'Xóa dòng 2' }));
    await userEvent.type(within(form()).getByLabelText('Nhà cung cấp'), 'NCC{Enter}');
    await waitFor(() => expect(api.receiveGoods).toHaveBeenCalledWith(expect.objectContaining({ supplier: 'NCC', lines: [{ productId: 9, quantity: 5, unitCost: 400_000 }] })));
  });

  it("a row's 'Nhập hàng' puts the product on a line and focuses its quantity", async () => {
    renderStock('/admin/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại Kho hàng online EV Service' });
    await userEvent.click(screen.getByRole('button', { name: 'Nhập hàng Ắc quy 12 V từ nhà cung cấp' }));
    expect(form()).toHaveTextContent('Ắc quy 12 V (BAT-12V)');
    await waitFor(() => expect(within(form()).getByLabelText('Số lượng (dòng 1)')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Nhập hàng Má phanh trước VF 8 từ nhà cung cấp' }));
    expect(form()).toHaveTextContent('Má phanh trước VF 8 (BRK-VF8-F)');
    await waitFor(() => expect(within(form()).getByLabelText('Số lượng (dòng 2)')).toHaveFocus());
  });

  it('is not offered to staff, who only see', async () => {
    signIn('staff');
    api.locations.mockResolvedValue([LOCATIONS[1]!]);
    renderStock('/manager/stock');
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(screen.queryByRole('form', { name: 'Nhập hàng từ nhà cung cấp' })).not.toBeInTheDocument();
    expect(screen.getByText('Bạn chỉ có quyền xem tồn kho; quản lý trung tâm nhập và điều chỉnh kho.')).toBeInTheDocument();
  });
});
