import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { CodStatement, CodStatementImport, PaymentExceptionDetail } from 'shared-contracts/schemas';
import { CodStatementsPage } from '../../src/codStatements';
import { codStatementsApi } from '../../src/codStatements/codStatementsApi';
import { paymentExceptionsApi } from '../../src/paymentExceptions/paymentExceptionsApi';
import { WebOrderDeskPage } from '../../src/webOrders/WebOrderDeskPage';

jest.mock('../../src/codStatements/codStatementsApi', () => ({
  ...jest.requireActual('../../src/codStatements/codStatementsApi'),
  codStatementsApi: { import: jest.fn(), list: jest.fn() },
}));
jest.mock('../../src/paymentExceptions/paymentExceptionsApi', () => ({ paymentExceptionsApi: { list: jest.fn(), detail: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(codStatementsApi);
const exceptions = jest.mocked(paymentExceptionsApi);

/** GHN's statement of 18–24/11/2026, imported at 10:00 25/11/2026 (Vietnam) by the shipping centre's manager. */
const STATEMENT: CodStatement = {
  id: 7,
  carrier: 'GHN',
  carrierLabel: 'GHN (Giao Hàng Nhanh)',
  reference: 'GHN-DS-2611-01',
  periodFrom: '2026-11-18',
  periodTo: '2026-11-24',
  importedAt: '2026-11-25T03:00:00.000Z',
  importedBy: 'Trần Quản Lý',
  lineCount: 3,
  matchedCount: 2,
  mismatchCount: 1,
  unknownCount: 0,
  totalCod: 4_000_000,
  totalFee: 79_000,
};

/** An earlier GHTK statement without a period. */
const EARLIER: CodStatement = {
  ...STATEMENT,
  id: 6,
  carrier: 'GHTK',
  carrierLabel: 'GHTK (Giao Hàng Tiết Kiệm)',
  reference: 'GHTK-2611',
  periodFrom: null,
  periodTo: null,
  importedAt: '2026-11-20T17:30:00.000Z',
  importedBy: null,
  lineCount: 1,
  matchedCount: 1,
  mismatchCount: 0,
  totalCod: 890_000,
  totalFee: 18_000,
};

/** The import's answer: two parcels reconciled, one remitted 450.000 ₫ where the shop expects 480.000 ₫. */
const IMPORTED: CodStatementImport = {
  statement: STATEMENT,
  alreadyImported: false,
  exceptions: [
    {
      lineNo: 3,
      trackingCode: 'GHNA1B2C3',
      codAmount: 450_000,
      fee: 22_000,
      outcome: 'MISMATCH',
      outcomeLabel: 'Lệch số tiền',
      orderCode: 'EV2611190002',
      expectedAmount: 480_000,
      exceptionId: 91,
    },
  ],
};
const IMPORTED_MESSAGE = 'Đã đối soát: 2 vận đơn khớp, 1 dòng chuyển vào hàng đợi ngoại lệ.';

const csvFile = (name = 'doi-soat-ghn.csv', content = '"Mã đơn hàng","Tiền thu hộ","Phí"\r\n"GHNA1B2C3","450.000","22000"') => new File([content], name, { type: 'text/csv' });

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/cod-statements" element={<CodStatementsPage />} />
        <Route path="/manager/cod-statements" element={<CodStatementsPage />} />
        <Route path="/:area/web-orders" element={<WebOrderDeskPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const listTable = () => screen.findByRole('table', { name: 'Các bảng đối soát đã nhập, mới nhất trước' });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));

beforeEach(() => jest.clearAllMocks());

describe('"Đối soát COD"', () => {
  it('imports a statement: the server’s message, the counts and totals, the one mismatched line with its exception, the list read again', async () => {
    api.list.mockResolvedValueOnce([EARLIER]).mockResolvedValueOnce([STATEMENT, EARLIER]);
    api.import.mockResolvedValue({ data: IMPORTED, message: IMPORTED_MESSAGE });
    const user = userEvent.setup();
    renderAt('/admin/cod-statements');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Đối soát COD');
    expect(await listTable()).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'GHN (Giao Hàng Nhanh)' })).toBeChecked();
    // the columns the file must have follow the carrier chosen
    expect(screen.getByLabelText('Tệp CSV bảng đối soát')).toHaveAccessibleDescription(/"Mã đơn hàng", "Tiền thu hộ", "Phí"/);
    await user.type(screen.getByLabelText('Mã bảng đối soát'), 'GHN-DS-2611-01');
    await user.type(screen.getByLabelText('Từ ngày'), '2026-11-18');
    await user.type(screen.getByLabelText('Đến ngày'), '2026-11-24');
    const file = csvFile();
    await user.upload(screen.getByLabelText('Tệp CSV bảng đối soát'), file);
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));

    expect(api.import).toHaveBeenCalledTimes(1);
    expect(api.import).toHaveBeenCalledWith({ carrier: 'GHN', reference: 'GHN-DS-2611-01', periodFrom: '2026-11-18', periodTo: '2026-11-24', file });
    expect(await screen.findByRole('status')).toHaveTextContent(IMPORTED_MESSAGE);

    const result = screen.getByRole('region', { name: 'Kết quả đối soát' });
    expect(within(result).getByRole('heading', { name: 'Kết quả đối soát' })).toHaveFocus();
    expect(within(result).queryByText('Đã nhập trước đó')).not.toBeInTheDocument();
    expect(result).toHaveTextContent('GHN (Giao Hàng Nhanh) · GHN-DS-2611-01 · Kỳ đối soát: 18/11/2026 – 24/11/2026');
    const count = (term: string) => within(result).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect([count('Số dòng'), count('Khớp'), count('Lệch'), count('Không tìm thấy')]).toEqual(['3', '2', '1', '0']);
    expect(count('Tổng tiền thu hộ')).toBe('4.000.000 ₫');
    expect(count('Tổng phí vận chuyển')).toBe('79.000 ₫');

    const lines = within(result).getByRole('table', { name: '1 dòng chuyển vào hàng đợi ngoại lệ' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('GHNA1B2C3');
    expect(cellsOf(rows[0]!)).toEqual(['3', 'EV2611190002', '450.000 ₫', '480.000 ₫', 'Lệch số tiền', 'Xem ngoại lệ #91']);
    expect(within(rows[0]!).getByRole('link', { name: 'Xem ngoại lệ #91' })).toHaveAttribute('href', '/admin/web-orders?view=payments&exception=91');

    // the list is read again and shows the new statement first; the form is ready for the next one
    expect(api.list).toHaveBeenCalledTimes(2);
    const table = await listTable();
    await within(table).findByRole('rowheader', { name: 'GHN-DS-2611-01' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['GHN-DS-2611-01', 'GHTK-2611']);
    expect(screen.getByLabelText('Mã bảng đối soát')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'GHN (Giao Hàng Nhanh)' })).toBeChecked();
  });

  it('opens the exception of a line in the area’s payments queue', async () => {
    api.list.mockResolvedValue([]);
    api.import.mockResolvedValue({ data: IMPORTED, message: IMPORTED_MESSAGE });
    exceptions.list.mockResolvedValue({ items: [], hasMore: false, page: 1, pageSize: 25, openCount: 1 });
    exceptions.detail.mockReturnValue(new Promise<PaymentExceptionDetail>(() => undefined));
    const user = userEvent.setup();
    renderAt('/manager/cod-statements');
    await user.type(screen.getByLabelText('Mã bảng đối soát'), 'GHN-DS-2611-01');
    await user.upload(screen.getByLabelText('Tệp CSV bảng đối soát'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    await user.click(await screen.findByRole('link', { name: 'Xem ngoại lệ #91' }));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Đơn hàng online');
    expect(within(screen.getByRole('navigation', { name: 'Quầy đơn hàng online' })).getByRole('link', { name: 'Giao dịch cần xử lý' })).toHaveAttribute('aria-current', 'page');
    expect(exceptions.detail).toHaveBeenCalledWith(91, expect.anything());
  });

  it('says when the statement was imported before', async () => {
    api.list.mockResolvedValue([STATEMENT]);
    api.import.mockResolvedValue({ data: { ...IMPORTED, alreadyImported: true }, message: 'Bảng đối soát này đã được nhập trước đó; không có gì thay đổi.' });
    const user = userEvent.setup();
    renderAt('/admin/cod-statements');
    await user.type(screen.getByLabelText('Mã bảng đối soát'), 'GHN-DS-2611-01');
    await user.upload(screen.getByLabelText('Tệp CSV bảng đối soát'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bảng đối soát này đã được nhập trước đó; không có gì thay đổi.');
    expect(within(screen.getByRole('region', { name: 'Kết quả đối soát' })).getByText('Đã nhập trước đó')).toBeInTheDocument();
  });

  it('shows the server’s refusal in Vietnamese, each bad line too, and keeps the form as it was', async () => {
    api.list.mockResolvedValue([]);
    api.import.mockRejectedValue(
      new ApiError('Bảng đối soát có dòng không hợp lệ; chưa có gì được lưu.', 422, 'CSV_INVALID_ROWS', [
        { field: 'line2', message: 'Dòng 2: "Tiền CoD" không phải số tiền hợp lệ.' },
        { field: 'line3', message: 'Dòng 3: thiếu mã đơn hàng (mã vận đơn).' },
      ]),
    );
    const user = userEvent.setup();
    renderAt('/admin/cod-statements');
    await user.click(screen.getByRole('radio', { name: 'GHTK (Giao Hàng Tiết Kiệm)' }));
    expect(screen.getByLabelText('Tệp CSV bảng đối soát')).toHaveAccessibleDescription(/"Mã đơn hàng", "Tiền CoD", "Phí"/);
    await user.type(screen.getByLabelText('Mã bảng đối soát'), 'GHTK-2612');
    const file = csvFile('ghtk.csv', 'Mã đơn hàng;Tiền CoD;Phí\nS1;một triệu;0\n;1;1');
    await user.upload(screen.getByLabelText('Tệp CSV bảng đối soát'), file);
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bảng đối soát có dòng không hợp lệ; chưa có gì được lưu.');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dòng 2: "Tiền CoD" không phải số tiền hợp lệ.', 'Dòng 3: thiếu mã đơn hàng (mã vận đơn).']);
    expect(screen.queryByRole('region', { name: 'Kết quả đối soát' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'GHTK (Giao Hàng Tiết Kiệm)' })).toBeChecked();
    expect(screen.getByLabelText('Mã bảng đối soát')).toHaveValue('GHTK-2612');
    expect((screen.getByLabelText('Tệp CSV bảng đối soát') as HTMLInputElement).files?.[0]).toBe(file);
    expect(screen.getByRole('button', { name: 'Nhập bảng đối soát' })).toBeEnabled();

    // sent again as it is (a 403 now): the server's message replaces the last one
    api.import.mockRejectedValueOnce(new ApiError('Chỉ quản trị viên hoặc quản lý của trung tâm giao hàng online được đối soát COD.', 403, 'FORBIDDEN'));
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    expect(await screen.findByText('Chỉ quản trị viên hoặc quản lý của trung tâm giao hàng online được đối soát COD.')).toBeInTheDocument();
    expect(api.import).toHaveBeenLastCalledWith({ carrier: 'GHTK', reference: 'GHTK-2612', periodFrom: '', periodTo: '', file });
  });

  it('refuses a file over 2 MB before sending it, and asks for what is missing', async () => {
    api.list.mockResolvedValue([]);
    const user = userEvent.setup();
    renderAt('/admin/cod-statements');
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    expect(screen.getByText('Vui lòng nhập mã bảng đối soát.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mã bảng đối soát')).toHaveFocus();
    expect(screen.getByText('Vui lòng chọn tệp CSV bảng đối soát.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mã bảng đối soát'), 'GHN-DS-LON');
    const input = screen.getByLabelText('Tệp CSV bảng đối soát') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(2.5 * 1024 * 1024)], 'lon.csv', { type: 'text/csv' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tệp bảng đối soát không được lớn hơn 2 MB (tệp đã chọn: 2,5 MB).');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    expect(api.import).not.toHaveBeenCalled();
    expect(input).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Tệp bảng đối soát không được lớn hơn 2 MB');

    // exactly 2 MB goes
    api.import.mockResolvedValue({ data: IMPORTED, message: IMPORTED_MESSAGE });
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024)], 'vua.csv', { type: 'text/csv' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nhập bảng đối soát' }));
    expect(api.import).toHaveBeenCalledTimes(1);
  });

  it('lists the statements imported: carrier, period dd/MM/yyyy, when and by whom, counts and ₫ totals', async () => {
    api.list.mockResolvedValue([STATEMENT, EARLIER]);
    renderAt('/manager/cod-statements');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Đối soát COD');
    const table = await listTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['GHN-DS-2611-01', 'GHTK-2611']);
    expect(cellsOf(rows[0]!)).toEqual(['GHN (Giao Hàng Nhanh)', '18/11/2026 – 24/11/2026', '10:00 25/11/2026', 'Trần Quản Lý', '3', '2', '1', '0', '4.000.000 ₫', '79.000 ₫']);
    // 17:30 UTC on the 20th is already the 21st in Vietnam
    expect(cellsOf(rows[1]!)).toEqual(['GHTK (Giao Hàng Tiết Kiệm)', '—', '00:30 21/11/2026', '—', '1', '1', '0', '0', '890.000 ₫', '18.000 ₫']);
  });

  it('says when there is nothing yet, and shows the server’s refusal of the list', async () => {
    api.list.mockResolvedValueOnce([]);
    const first = renderAt('/admin/cod-statements');
    expect(await screen.findByText('Chưa có bảng đối soát nào được nhập.')).toBeInTheDocument();
    first.unmount();

    api.list.mockRejectedValueOnce(new ApiError('Chỉ quản trị viên hoặc quản lý của trung tâm giao hàng online được đối soát COD.', 403, 'FORBIDDEN'));
    renderAt('/manager/cod-statements');
    expect(await screen.findByRole('alert')).toHaveTextContent('Chỉ quản trị viên hoặc quản lý của trung tâm giao hàng online được đối soát COD.');
  });
});
