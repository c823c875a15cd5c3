/**
 * @jest-environment ./test/catalogueAdmin/routerEnvironment.cjs
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { ProductAdmin, ProductAdminListItem, ProductAdminOptions } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { signOut } from '../partsRequestFixtures';
import { renderCatalogue } from './catalogueFixtures';

jest.mock('../../src/catalogueAdmin/catalogueAdminApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/catalogueAdminApi');
  return {
    ...actual,
    catalogueAdminApi: { options: jest.fn(), list: jest.fn(), product: jest.fn(), history: jest.fn(), create: jest.fn(), save: jest.fn(), uploadImage: jest.fn() },
  };
});

jest.mock('../../src/inventory/inventoryApi', () => ({ inventoryApi: { productStock: jest.fn() } }));
// The product page's "Xe tương thích" section (its own tests: productFitments.test.tsx): a product without rows.
jest.mock('../../src/catalogueAdmin/productFitmentsApi', () => ({
  ...jest.requireActual('../../src/catalogueAdmin/productFitmentsApi'),
  productFitmentsApi: {
    read: (productId: number) => Promise.resolve({ productId, version: 3, fitments: [], unmatchedModels: [] }),
    save: () => Promise.reject(new Error('not in these tests')),
    models: () => Promise.resolve([]),
  },
}));

const api = jest.mocked(catalogueAdminApi);
const stock = jest.mocked(inventoryApi);

const OPTIONS: ProductAdminOptions = {
  categories: [{ id: 1, name: 'Pin & Sạc' }],
  brands: [{ id: 2, name: 'VinFast' }],
  vehicleModels: ['VinFast VF 3', 'VinFast VF 5'],
};

const product = (overrides: Partial<ProductAdmin> = {}): ProductAdmin => ({
  id: 7,
  version: 3,
  status: 'published',
  slug: 'bo-sac-nhanh',
  oldSlugs: [],
  name: 'Bộ sạc nhanh',
  sku: 'SAC-NHANH-01',
  category: { id: 1, name: 'Pin & Sạc' },
  brand: { id: 2, name: 'VinFast' },
  price: 1_500_000,
  compareAtPrice: null,
  salePrice: null,
  saleStartsAt: null,
  saleEndsAt: null,
  vatRate: 10,
  unit: 'bộ',
  weightGrams: 2500,
  lengthCm: 40,
  widthCm: 30,
  heightCm: 20,
  warrantyMonths: 12,
  compatibleModels: ['VinFast VF 3'],
  specifications: [{ label: 'Công suất', value: '7 kW' }],
  description: 'Sạc **nhanh**',
  descriptionHtml: '<p>Sạc <strong>nhanh</strong></p>',
  images: [],
  stock: 4,
  updatedAt: '2026-11-19T01:00:00.000Z',
  ...overrides,
});

const listItem = (from: ProductAdmin): ProductAdminListItem => ({
  id: from.id,
  version: from.version,
  status: from.status,
  name: from.name,
  sku: from.sku,
  slug: from.slug,
  categoryName: from.category.name,
  brandName: from.brand.name,
  price: from.price,
  imageUrl: null,
  updatedAt: from.updatedAt,
});

beforeEach(() => {
  jest.resetAllMocks();
  api.options.mockResolvedValue(OPTIONS);
  api.list.mockResolvedValue({ items: [listItem(product())], total: 1, page: 1, pageSize: 25, totalPages: 1 });
  api.product.mockResolvedValue(product());
  stock.productStock.mockResolvedValue({
    productId: 7,
    sku: 'SAC-NHANH-01',
    productName: 'Bộ sạc nhanh',
    locations: [{ centreId: 9, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true, onHand: 5, reserved: 1, available: 4, minStock: 2 }],
    totals: { onHand: 5, reserved: 1, available: 4 },
  });
  api.history.mockResolvedValue([
    { id: 1, version: 3, field: 'price', before: 1_400_000, after: 1_500_000, actor: { id: 3, name: 'Lê Thu Hà' }, changedAt: '2026-11-19T01:00:00.000Z' },
  ]);
});
afterEach(signOut);

const renderAdmin = () => renderCatalogue('admin');

describe('/admin/catalogue', () => {
  it('lists the products, searches without diacritics and filters by status', async () => {
    const user = userEvent.setup();
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Danh mục sản phẩm' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Bộ sạc nhanh/ });
    expect(within(row).getByText(/1\.500\.000/)).toBeInTheDocument();
    expect(within(row).getByText('Đang bán')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Tìm sản phẩm/ }), 'bo sac');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'bo sac', page: 1 }), expect.anything()));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'archived');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'archived' }), expect.anything()));
  });

  it('shows the server’s Vietnamese field errors beside each field and keeps what was typed', async () => {
    const user = userEvent.setup();
    api.create.mockRejectedValue(
      new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [
        { field: 'sku', message: 'Mã SKU gồm 3–40 ký tự: chữ in hoa không dấu, chữ số và dấu gạch ngang.' },
        { field: 'price', message: 'Giá bán phải là số nguyên VND lớn hơn 0 và không quá 1.000.000.000 ₫.' },
      ]),
    );
    renderAdmin();
    await user.click(await screen.findByRole('link', { name: 'Thêm sản phẩm' }));
    await user.type(screen.getByRole('textbox', { name: 'Tên sản phẩm' }), 'Lốp xe điện');
    await user.type(screen.getByRole('textbox', { name: 'Mã SKU' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Giá bán (₫)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const sku = screen.getByRole('textbox', { name: 'Mã SKU' });
    await waitFor(() => expect(sku).toHaveAccessibleDescription(/Mã SKU gồm 3–40 ký tự/));
    expect(screen.getByRole('textbox', { name: 'Giá bán (₫)' })).toHaveAccessibleDescription(/Giá bán phải là số nguyên VND/);
    expect(screen.getByRole('textbox', { name: 'Tên sản phẩm' })).toHaveValue('Lốp xe điện');
    expect(sku).toHaveValue('X');
  });

  it('shows the parcel’s size beside the weight, sends the sizes typed and shows the server’s error under the size it names', async () => {
    const user = userEvent.setup();
    api.save.mockRejectedValueOnce(new ApiError('Chiều dài phải từ 1 đến 200 cm.', 400, 'VALIDATION_ERROR', [{ field: 'lengthCm', message: 'Chiều dài phải từ 1 đến 200 cm.' }]));
    api.save.mockResolvedValueOnce(product({ version: 4, lengthCm: 120, heightCm: 25 }));
    renderAdmin();
    await user.click(await screen.findByRole('link', { name: 'Sửa Bộ sạc nhanh' }));
    const length = await screen.findByRole('textbox', { name: 'Dài (cm)' });
    const width = screen.getByRole('textbox', { name: 'Rộng (cm)' });
    const height = screen.getByRole('textbox', { name: 'Cao (cm)' });
    expect([length, width, height].map((field) => (field as HTMLInputElement).value)).toEqual(['40', '30', '20']);
    await user.clear(length);
    await user.type(length, '250');
    await user.clear(height);
    await user.type(height, '25');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(7, 3, expect.objectContaining({ weightGrams: 2500, lengthCm: 250, widthCm: 30, heightCm: 25 })));
    await waitFor(() => expect(length).toHaveAccessibleDescription('Chiều dài phải từ 1 đến 200 cm.'));
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(width).not.toHaveAccessibleDescription(/Chiều/);
    expect(length).toHaveValue('250');

    await user.clear(length);
    await user.type(length, '120');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(7, 3, expect.objectContaining({ lengthCm: 120, widthCm: 30, heightCm: 25 })));
    expect(await screen.findByText('Đã lưu sản phẩm.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dài (cm)' })).not.toHaveAccessibleDescription(/Chiều dài/);
  });

  it('starts a new product with the default parcel and sends what the admin measured', async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(product({ id: 8, version: 1, lengthCm: 35, widthCm: 20, heightCm: 15 }));
    renderAdmin();
    await user.click(await screen.findByRole('link', { name: 'Thêm sản phẩm' }));
    const length = screen.getByRole('textbox', { name: 'Dài (cm)' });
    expect([length, screen.getByRole('textbox', { name: 'Rộng (cm)' }), screen.getByRole('textbox', { name: 'Cao (cm)' })].map((field) => (field as HTMLInputElement).value)).toEqual(['30', '20', '15']);
    await user.type(screen.getByRole('textbox', { name: 'Tên sản phẩm' }), 'Lốp xe điện');
    await user.clear(length);
    await user.type(length, '35');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Lốp xe điện', lengthCm: 35, widthCm: 20, heightCm: 15 })));
  });

  it('on a stale save (409) shows the current values, keeps what the user typed, and saves again from the new version', async () => {
    const user = userEvent.setup();
    const theirs = product({ version: 4, price: 1_450_000, name: 'Bộ sạc nhanh 7 kW' });
    api.save.mockRejectedValueOnce(new ApiError('Sản phẩm vừa được người khác cập nhật.', 409, 'STALE_VERSION', [], { success: false, code: 'STALE_VERSION', data: { current: theirs } }));
    api.save.mockResolvedValueOnce(product({ version: 5, price: 1_550_000, name: 'Bộ sạc nhanh 7 kW' }));
    renderAdmin();
    await user.click(await screen.findByRole('link', { name: 'Sửa Bộ sạc nhanh' }));
    const price = await screen.findByRole('textbox', { name: 'Giá bán (₫)' });
    await user.clear(price);
    await user.type(price, '1550000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/người khác cập nhật/);
    const current = screen.getByLabelText('Giá trị hiện tại trên hệ thống');
    expect(within(current).getByText('Bộ sạc nhanh 7 kW')).toBeInTheDocument();
    expect(within(current).getByText(/1\.450\.000/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Giá bán (₫)' })).toHaveValue('1550000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(7, 4, expect.objectContaining({ price: 1_550_000 })));
    expect(await screen.findByText('Đã lưu sản phẩm.')).toBeInTheDocument();
  });

  it('shows the change history with the price history one click away', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('link', { name: 'Sửa Bộ sạc nhanh' }));
    const row = await screen.findByRole('row', { name: /Lê Thu Hà/ });
    expect(within(row).getByText('Giá bán')).toBeInTheDocument();
    expect(within(row).getByText(/1\.400\.000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lịch sử giá' }));
    await waitFor(() => expect(api.history).toHaveBeenLastCalledWith(7, 'price', expect.anything()));
  });
});

describe('/manager/catalogue', () => {
  it('is read-only for a manager: no create, no save, the fields disabled', async () => {
    const user = userEvent.setup();
    renderCatalogue('manager');
    expect(await screen.findByText('Bạn chỉ có quyền xem danh mục sản phẩm.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Thêm sản phẩm' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Xem Bộ sạc nhanh' }));
    expect(await screen.findByRole('textbox', { name: 'Tên sản phẩm' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lưu' })).not.toBeInTheDocument();
  });
});
