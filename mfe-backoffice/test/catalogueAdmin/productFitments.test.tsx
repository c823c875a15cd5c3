/**
 * @jest-environment ./test/catalogueAdmin/routerEnvironment.cjs
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { ProductAdmin, ProductAdminOptions, ProductFitments, VehicleModelRecord } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { productFitmentsApi } from '../../src/catalogueAdmin/productFitmentsApi';
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
jest.mock('../../src/catalogueAdmin/productFitmentsApi', () => ({
  ...jest.requireActual('../../src/catalogueAdmin/productFitmentsApi'),
  productFitmentsApi: { read: jest.fn(), save: jest.fn(), models: jest.fn() },
}));
jest.mock('../../src/inventory/inventoryApi', () => ({ inventoryApi: { productStock: jest.fn() } }));

const api = jest.mocked(catalogueAdminApi);
const fitments = jest.mocked(productFitmentsApi);
const stock = jest.mocked(inventoryApi);

const OPTIONS: ProductAdminOptions = { categories: [{ id: 1, name: 'Phanh & lốp' }], brands: [{ id: 2, name: 'VinFast' }], vehicleModels: ['VinFast VF 3'] };

const model = (id: number, brand: string, name: string, variant: string | null, type: VehicleModelRecord['type'] = 'scooter'): VehicleModelRecord => ({
  id,
  slug: `${brand}-${name}${variant ? `-${variant}` : ''}`.toLowerCase().replace(/ /g, '-'),
  brand,
  model: name,
  variant,
  type,
  yearFrom: 2022,
  yearTo: null,
  batteryKwh: null,
  batteryChemistry: null,
  active: true,
  label: [brand, name, variant].filter(Boolean).join(' '),
});
const MODELS = [model(1, 'VinFast', 'Feliz S', null), model(2, 'VinFast', 'Klara S', null), model(3, 'VinFast', 'VF 8', 'Plus', 'car'), model(4, 'Yadea', 'Orla', null)];

const product = (overrides: Partial<ProductAdmin> = {}): ProductAdmin => ({
  id: 7,
  version: 3,
  status: 'published',
  slug: 'ma-phanh-truoc',
  oldSlugs: [],
  name: 'Má phanh trước',
  sku: 'BRK-TRUOC-01',
  category: { id: 1, name: 'Phanh & lốp' },
  brand: { id: 2, name: 'VinFast' },
  price: 350_000,
  compareAtPrice: null,
  salePrice: null,
  saleStartsAt: null,
  saleEndsAt: null,
  vatRate: 10,
  unit: 'bộ',
  weightGrams: 400,
  lengthCm: 20,
  widthCm: 10,
  heightCm: 5,
  warrantyMonths: 6,
  compatibleModels: ['Xe lạ XYZ'],
  specifications: [],
  description: 'Má phanh.',
  descriptionHtml: '<p>Má phanh.</p>',
  images: [],
  stock: 4,
  updatedAt: '2026-11-19T01:00:00.000Z',
  ...overrides,
});

const savedSet = (version: number, rows: ProductFitments['fitments']): ProductFitments => ({ productId: 7, version, fitments: rows, unmatchedModels: ['Xe lạ XYZ'] });
const klara: ProductFitments['fitments'][number] = {
  modelId: 2,
  modelLabel: 'VinFast Klara S',
  modelSlug: 'vinfast-klara-s',
  yearFrom: 2021,
  yearTo: null,
  position: 'REAR',
  positionLabel: 'Sau',
  quantityPerVehicle: 1,
};

beforeEach(() => {
  jest.resetAllMocks();
  api.options.mockResolvedValue(OPTIONS);
  api.product.mockResolvedValue(product());
  api.history.mockResolvedValue([]);
  stock.productStock.mockResolvedValue({ productId: 7, sku: 'BRK-TRUOC-01', productName: 'Má phanh trước', locations: [], totals: { onHand: 0, reserved: 0, available: 0 } });
  fitments.models.mockResolvedValue(MODELS);
  fitments.read.mockResolvedValue(savedSet(3, [klara]));
});
afterEach(signOut);

const section = async () => screen.findByRole('form', { name: 'Xe tương thích' });

describe('the product editor’s "Xe tương thích"', () => {
  it('shows the saved rows and the old names to map, adds a row and saves the set from the product’s version', async () => {
    const user = userEvent.setup();
    fitments.save.mockResolvedValue(
      savedSet(4, [{ ...klara }, { modelId: 1, modelLabel: 'VinFast Feliz S', modelSlug: 'vinfast-feliz-s', yearFrom: 2022, yearTo: 2025, position: 'FRONT', positionLabel: 'Trước', quantityPerVehicle: 2 }]),
    );
    api.save.mockResolvedValue(product({ version: 5, price: 360_000 }));
    renderCatalogue('admin', '/admin/catalogue/products/7');
    const form = await section();
    expect(screen.getByText(/Tên dòng xe cũ chưa khớp với dòng xe nào: Xe lạ XYZ/)).toBeInTheDocument();
    const first = within(form).getByRole('group', { name: 'Dòng xe 1' });
    await waitFor(() => expect((within(first).getByRole('combobox', { name: 'Dòng xe' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('VinFast Klara S'));
    expect(within(first).getByRole('textbox', { name: 'Từ năm' })).toHaveValue('2021');
    expect((within(first).getByRole('combobox', { name: 'Vị trí lắp' }) as HTMLSelectElement).value).toBe('REAR');
    expect(within(form).getByRole('button', { name: 'Lưu xe tương thích' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Thêm dòng xe' }));
    const second = within(form).getByRole('group', { name: 'Dòng xe 2' });
    // The picker's filter narrows the models (no diacritics needed), grouped by brand.
    await user.type(within(form).getByRole('searchbox', { name: 'Lọc dòng xe (không cần dấu)' }), 'feliz');
    const picker = within(second).getByRole('combobox', { name: 'Dòng xe' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Chọn…', 'VinFast Feliz S', 'VinFast Klara S']);
    expect(within(picker).getByRole('group', { name: 'VinFast' })).toBeInTheDocument();
    await user.selectOptions(picker, '1');
    await user.type(within(second).getByRole('textbox', { name: 'Từ năm' }), '2022');
    await user.type(within(second).getByRole('textbox', { name: 'Đến năm' }), '2025');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Vị trí lắp' }), 'Trước');
    const quantity = within(second).getByRole('textbox', { name: 'Số lượng mỗi xe' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(form).getByRole('button', { name: 'Lưu xe tương thích' }));

    await waitFor(() =>
      expect(fitments.save).toHaveBeenCalledWith(7, 3, [
        { modelId: 2, yearFrom: '2021', yearTo: '', position: 'REAR', quantityPerVehicle: '1' },
        { modelId: 1, yearFrom: '2022', yearTo: '2025', position: 'FRONT', quantityPerVehicle: '2' },
      ]),
    );
    expect(await within(screen.getByRole('region', { name: 'Xe tương thích' })).findByRole('status')).toHaveTextContent('Đã lưu danh sách xe tương thích.');

    // The product form saves from the version the fitment save made (4), not the one it loaded (3).
    const price = screen.getByRole('textbox', { name: 'Giá bán (₫)' });
    await user.clear(price);
    await user.type(price, '360000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(7, 4, expect.objectContaining({ price: 360_000 })));
  });

  it('shows the server’s message beside the row it names, and keeps the rows typed', async () => {
    const user = userEvent.setup();
    fitments.save.mockRejectedValue(new ApiError('Dòng xe này đã ngừng dùng: vui lòng chọn dòng xe khác.', 422, 'VALIDATION_ERROR', [{ field: 'fitments.0.yearTo', message: 'Đến năm phải là năm từ 1990 đến 2100.' }]));
    renderCatalogue('admin', '/admin/catalogue/products/7');
    const form = await section();
    const first = within(form).getByRole('group', { name: 'Dòng xe 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Đến năm' }), '3000');
    await user.click(within(form).getByRole('button', { name: 'Lưu xe tương thích' }));
    const yearTo = within(first).getByRole('textbox', { name: 'Đến năm' });
    await waitFor(() => expect(yearTo).toHaveAccessibleDescription('Đến năm phải là năm từ 1990 đến 2100.'));
    expect(yearTo).toHaveAttribute('aria-invalid', 'true');
    expect(yearTo).toHaveValue('3000');
  });

  it('on a stale save (409) shows the rows saved now and saves again from their version', async () => {
    const user = userEvent.setup();
    const theirs = savedSet(5, [{ ...klara, modelId: 4, modelLabel: 'Yadea Orla', modelSlug: 'yadea-orla', yearFrom: null, position: null, positionLabel: '' }]);
    fitments.save.mockRejectedValueOnce(new ApiError('Sản phẩm vừa được người khác cập nhật.', 409, 'STALE_VERSION', [], { success: false, code: 'STALE_VERSION', data: { current: theirs } }));
    fitments.save.mockResolvedValueOnce(savedSet(6, []));
    renderCatalogue('admin', '/admin/catalogue/products/7');
    const form = await section();
    await user.click(within(form).getByRole('button', { name: 'Xóa dòng xe 1' }));
    expect(within(form).getByText(/Chưa có dòng xe nào/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Lưu xe tương thích' }));
    const region = screen.getByRole('region', { name: 'Xe tương thích' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(/vừa được người khác cập nhật/);
    expect(within(region).getByText('Yadea Orla (mọi đời)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Lưu xe tương thích' }));
    await waitFor(() => expect(fitments.save).toHaveBeenLastCalledWith(7, 5, []));
  });

  it('is read-only for a manager: the rows shown, nothing to add or save', async () => {
    renderCatalogue('manager', '/manager/catalogue/products/7');
    const form = await section();
    const first = within(form).getByRole('group', { name: 'Dòng xe 1' });
    expect(within(first).getByRole('combobox', { name: 'Dòng xe' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Thêm dòng xe' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Lưu xe tương thích' })).toBeNull();
  });
});
