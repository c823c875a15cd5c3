import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { ProductCsvImport as ImportResult } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { ProductCatalogue } from '../../src/catalogueAdmin/ProductCatalogue';
import { ProductCsvImport } from '../../src/catalogueAdmin/ProductCsvImport';
import { productCsvApi } from '../../src/catalogueAdmin/productCsvApi';

jest.mock('../../src/catalogueAdmin/productCsvApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/productCsvApi');
  return { ...actual, productCsvApi: { download: jest.fn(), import: jest.fn() } };
});

jest.mock('../../src/catalogueAdmin/catalogueAdminApi', () => ({
  catalogueAdminApi: { options: jest.fn(), list: jest.fn() },
}));

const api = jest.mocked(productCsvApi);
const catalogue = jest.mocked(catalogueAdminApi);

const csvFile = (text = 'sku,name\r\nABC-1,Cáp sạc\r\n') => new File([text], 'san-pham.csv', { type: 'text/csv' });

const result = (overrides: Partial<ImportResult> = {}): ImportResult => ({ mode: 'dry-run', rows: 12, toCreate: 3, toUpdate: 8, unchanged: 0, errors: [], notices: [], ...overrides });

const BAD_ROW = { row: 7, field: 'price', column: 'Giá bán', message: 'Giá bán phải là số nguyên VND lớn hơn 0 và không quá 1.000.000.000 ₫.' };

beforeEach(() => jest.resetAllMocks());

describe('the product CSV import', () => {
  it('runs a dry run on the chosen file and shows the bad row with its number; "Áp dụng" stays disabled', async () => {
    api.import.mockResolvedValue(result({ toUpdate: 7, errors: [BAD_ROW] }));
    render(<ProductCsvImport onImported={jest.fn()} />);
    const file = csvFile();
    await userEvent.upload(screen.getByLabelText(/Chọn tệp CSV/), file);
    expect(api.import).toHaveBeenCalledWith(file, 'dry-run');
    const badRow = await screen.findByRole('row', { name: /Dòng 7/ });
    expect(within(badRow).getByText(BAD_ROW.message)).toBeInTheDocument();
    // The column as the file's Vietnamese header names it, not the API's key.
    expect(within(badRow).getByRole('cell', { name: 'Giá bán' })).toBeInTheDocument();
    expect(within(badRow).queryByText('price')).not.toBeInTheDocument();
    expect(screen.getByText('12 dòng: tạo mới 3, cập nhật 7, không đổi 0.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Áp dụng' })).toBeDisabled();
  });

  it('says before applying that a blank "Xe tương thích" cell clears a product’s rows', async () => {
    const message = 'Ô "Xe tương thích" để trống: 2 xe tương thích của sản phẩm sẽ bị xoá.';
    api.import.mockResolvedValue(result({ notices: [{ row: 4, field: 'fitments', column: 'Xe tương thích', message }] }));
    render(<ProductCsvImport onImported={jest.fn()} />);
    await userEvent.upload(screen.getByLabelText(/Chọn tệp CSV/), csvFile());
    const notices = await screen.findByRole('list', { name: 'Lưu ý trước khi áp dụng' });
    expect(within(notices).getByRole('listitem')).toHaveTextContent(`Dòng 4: ${message}`);
    expect(screen.getByRole('button', { name: 'Áp dụng' })).toBeEnabled();
  });

  it('applies a clean file once the dry run found no bad row, then says what it did', async () => {
    const onImported = jest.fn();
    api.import.mockResolvedValueOnce(result()).mockResolvedValueOnce(result({ mode: 'apply' }));
    render(<ProductCsvImport onImported={onImported} />);
    const file = csvFile();
    await userEvent.upload(screen.getByLabelText(/Chọn tệp CSV/), file);
    const apply = await screen.findByRole('button', { name: 'Áp dụng' });
    expect(apply).toBeEnabled();
    await userEvent.click(apply);
    expect(api.import).toHaveBeenLastCalledWith(file, 'apply');
    expect(await screen.findByRole('status')).toHaveTextContent('Đã nhập tệp CSV: tạo mới 3, cập nhật 8, không đổi 0 sản phẩm.');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s list when an apply is refused (a row went bad meanwhile) and keeps "Áp dụng" disabled', async () => {
    api.import
      .mockResolvedValueOnce(result())
      .mockRejectedValueOnce(
        new ApiError('Tệp CSV có 1 dòng không hợp lệ; chưa có gì được lưu.', 422, 'CSV_INVALID_ROWS', [], {
          success: false,
          data: result({ mode: 'apply', errors: [BAD_ROW] }),
        }),
      );
    render(<ProductCsvImport onImported={jest.fn()} />);
    await userEvent.upload(screen.getByLabelText(/Chọn tệp CSV/), csvFile());
    await userEvent.click(await screen.findByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tệp CSV có 1 dòng không hợp lệ; chưa có gì được lưu.');
    expect(screen.getByRole('row', { name: /Dòng 7/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Áp dụng' })).toBeDisabled();
  });

  it('refuses a file over 5 MB without sending it', async () => {
    render(<ProductCsvImport onImported={jest.fn()} />);
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText(/Chọn tệp CSV/), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tệp CSV không được lớn hơn 5 MB.');
    expect(api.import).not.toHaveBeenCalled();
  });
});

describe('the catalogue page’s CSV buttons', () => {
  beforeEach(() => {
    catalogue.options.mockResolvedValue({ categories: [], brands: [], vehicleModels: [] });
    catalogue.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    api.download.mockResolvedValue(undefined);
  });

  it.each([
    [false, true],
    [true, false],
  ])('read-only %s: "Xuất CSV" for both, "Nhập CSV" only for the admin (%s)', async (readOnly, importShown) => {
    render(
      <MemoryRouter initialEntries={['/admin/catalogue']}>
        <ProductCatalogue readOnly={readOnly} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('0 sản phẩm')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    expect(api.download).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Nhập CSV' }) !== null).toBe(importShown);
  });
});
