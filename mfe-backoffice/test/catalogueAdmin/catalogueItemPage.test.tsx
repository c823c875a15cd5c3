/**
 * @jest-environment ./test/catalogueAdmin/routerEnvironment.cjs
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackageAdmin, ProductAdmin, PromotionAdmin } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { promotionAdminApi } from '../../src/catalogueAdmin/promotionAdminApi';
import { serviceAdminApi } from '../../src/catalogueAdmin/serviceAdminApi';
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
jest.mock('../../src/catalogueAdmin/promotionAdminApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/promotionAdminApi');
  const names = ['list', 'promotion', 'history', 'create', 'save', 'setActive', 'categories', 'brands', 'createCategory', 'saveCategory', 'deleteCategory', 'createBrand', 'saveBrand'];
  return { ...actual, promotionAdminApi: Object.fromEntries(names.map((name) => [name, jest.fn()])) };
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
jest.mock('../../src/catalogueAdmin/serviceAdminApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/serviceAdminApi');
  const names = ['list', 'service', 'history', 'create', 'save', 'setActive', 'packages', 'package', 'packageHistory', 'createPackage', 'savePackage', 'setPackageActive'];
  return { ...actual, serviceAdminApi: Object.fromEntries(names.map((name) => [name, jest.fn()])) };
});

const api = jest.mocked(catalogueAdminApi);
const promotions = jest.mocked(promotionAdminApi);
const stock = jest.mocked(inventoryApi);
const services = jest.mocked(serviceAdminApi);

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
  compatibleModels: [],
  specifications: [],
  description: 'Sạc nhanh',
  descriptionHtml: '<p>Sạc nhanh</p>',
  images: [],
  stock: 4,
  updatedAt: '2026-11-19T01:00:00.000Z',
  ...overrides,
});

const promotion = (overrides: Partial<PromotionAdmin> = {}): PromotionAdmin => ({
  id: 4,
  version: 2,
  code: 'TET2099',
  title: 'Tết 2099',
  description: '',
  type: 'percentage',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  validFrom: '2099-01-01T00:00:00.000Z',
  validTo: '2099-02-01T00:00:00.000Z',
  isActive: true,
  usageLimit: 100,
  usedCount: 0,
  perCustomerLimit: 1,
  categories: [],
  kind: 'general',
  eligibility: 'everyone',
  minTier: null,
  image: { path: 'promotions/tet.svg', url: '/api/media/catalogue/promotions/tet.svg', width: 1200, height: 400, alt: 'Tết' },
  sortOrder: 0,
  ...overrides,
});

let confirm: jest.SpyInstance<boolean, [message?: string]>;

beforeEach(() => {
  jest.resetAllMocks();
  api.options.mockResolvedValue({ categories: [{ id: 1, name: 'Pin & Sạc' }], brands: [{ id: 2, name: 'VinFast' }], vehicleModels: [] });
  api.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
  api.product.mockResolvedValue(product());
  api.history.mockResolvedValue([]);
  promotions.list.mockResolvedValue([promotion()]);
  promotions.promotion.mockResolvedValue(promotion());
  promotions.history.mockResolvedValue([]);
  stock.productStock.mockResolvedValue({
    productId: 7,
    sku: 'SAC-NHANH-01',
    productName: 'Bộ sạc nhanh',
    locations: [{ centreId: 9, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true, onHand: 5, reserved: 1, available: 4, minStock: 2 }],
    totals: { onHand: 5, reserved: 1, available: 4 },
  });
  confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
});
afterEach(() => {
  confirm.mockRestore();
  signOut();
});

describe('a product’s own page', () => {
  it('loads the product named in the URL, titles the page with its name and focuses the first field; stock and history below', async () => {
    renderCatalogue('admin', '/admin/catalogue/products/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bộ sạc nhanh' })).toBeInTheDocument();
    expect(api.product).toHaveBeenCalledWith(7, expect.anything());
    const name = screen.getByRole('textbox', { name: 'Tên sản phẩm' });
    expect(name).toHaveValue('Bộ sạc nhanh');
    await waitFor(() => expect(name).toHaveFocus());
    expect(await screen.findByText('Kho hàng online EV Service')).toBeInTheDocument();
    expect(stock.productStock).toHaveBeenCalledWith(7, expect.anything());
    expect(screen.getByRole('link', { name: '← Danh mục' })).toHaveAttribute('href', '/admin/catalogue');
    expect(screen.getByRole('link', { name: 'Danh mục sản phẩm' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toMatch(/^Bộ sạc nhanh \|/));
  });

  it('opens from the list’s "Sửa" link and goes back to the list with its filters', async () => {
    const user = userEvent.setup();
    api.list.mockResolvedValue({
      items: [{ id: 7, version: 3, status: 'published', name: 'Bộ sạc nhanh', sku: 'SAC-NHANH-01', slug: 'bo-sac-nhanh', categoryName: 'Pin & Sạc', brandName: 'VinFast', price: 1_500_000, imageUrl: null, updatedAt: '2026-11-19T01:00:00.000Z' }],
      total: 1,
      page: 1,
      pageSize: 25,
      totalPages: 1,
    });
    const { router } = renderCatalogue('admin', '/admin/catalogue?status=published');
    const edit = await screen.findByRole('link', { name: 'Sửa Bộ sạc nhanh' });
    expect(edit).toHaveAttribute('href', '/admin/catalogue/products/7');
    await user.click(edit);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tên sản phẩm' })).toHaveFocus());
    await user.click(screen.getByRole('link', { name: '← Danh mục' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=published'));
    expect(router.state.location.pathname).toBe('/admin/catalogue');
    expect(await screen.findByRole('combobox', { name: 'Trạng thái' })).toHaveValue('published');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved edits: stays when the user cancels, leaves when they agree; a reload is warned too', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalogue('admin', '/admin/catalogue/products/7');
    const name = await screen.findByRole('textbox', { name: 'Tên sản phẩm' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(name, ' 7 kW');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: '← Danh mục' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Bạn có thay đổi chưa lưu. Rời trang?'));
    expect(router.state.location.pathname).toBe('/admin/catalogue/products/7');
    expect(screen.getByRole('textbox', { name: 'Tên sản phẩm' })).toHaveValue('Bộ sạc nhanh 7 kW');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Danh mục sản phẩm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalogue'));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('creates a product from /products/new and replaces the URL with its id, keeping the saved form', async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(product({ id: 9, version: 1, name: 'Lốp xe điện', status: 'draft' }));
    api.product.mockResolvedValue(product({ id: 9, version: 1, name: 'Lốp xe điện', status: 'draft' }));
    const { router } = renderCatalogue('admin', '/admin/catalogue/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thêm sản phẩm' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Tên sản phẩm' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, 'Lốp xe điện');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalogue/products/9'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lốp xe điện' })).toBeInTheDocument();
    expect(screen.getByText('Đã tạo sản phẩm.')).toBeInTheDocument();

    // the next save is a save of product 9, not a second product
    api.save.mockResolvedValue(product({ id: 9, version: 2, name: 'Lốp xe điện 14 inch', status: 'draft' }));
    await user.type(screen.getByRole('textbox', { name: 'Tên sản phẩm' }), ' 14 inch');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(9, 1, expect.objectContaining({ name: 'Lốp xe điện 14 inch' })));
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('shows a manager the product read-only under /manager, the heading focused; no new product to open', async () => {
    const { router } = renderCatalogue('manager', '/manager/catalogue/products/7');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bộ sạc nhanh' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Tên sản phẩm' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lưu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Danh mục' })).toHaveAttribute('href', '/manager/catalogue');
    await act(() => router.navigate('/manager/catalogue/products/new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy mục này trong danh mục.' })).toBeInTheDocument();
  });

  it('says so for an id that is not one', async () => {
    renderCatalogue('admin', '/admin/catalogue/products/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy mục này trong danh mục.' })).toBeInTheDocument();
    expect(api.product).not.toHaveBeenCalled();
  });
});

describe('the promotions tab', () => {
  it('searches by code or title and filters by status, the query kept in the URL and in the back link', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalogue('admin', '/admin/catalogue?tab=promotions');
    const row = await screen.findByRole('row', { name: /TET2099/ });
    expect(within(row).getByText('Sắp diễn ra')).toBeInTheDocument();
    expect(promotions.list).toHaveBeenLastCalledWith({ q: '', status: '', page: 1 }, expect.anything());

    await user.type(screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tiêu đề' }), 'tet');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(promotions.list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'tet' }), expect.anything()));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'scheduled');
    await waitFor(() => expect(promotions.list).toHaveBeenLastCalledWith({ q: 'tet', status: 'scheduled', page: 1 }, expect.anything()));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'promotions', q: 'tet', status: 'scheduled' });

    await user.click(within(await screen.findByRole('row', { name: /TET2099/ })).getByRole('link', { name: 'Sửa TET2099' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'TET2099 – Tết 2099' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Danh mục' })).toHaveAttribute('href', '/admin/catalogue?tab=promotions&q=tet&status=scheduled');
  });

  it('says when nothing matches', async () => {
    promotions.list.mockResolvedValue([]);
    renderCatalogue('admin', '/admin/catalogue?tab=promotions&q=khong-co');
    expect(await screen.findByText('Không có mục nào khớp bộ lọc.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tiêu đề' })).toHaveValue('khong-co');
    expect(promotions.list).toHaveBeenCalledWith({ q: 'khong-co', status: '', page: 1 }, expect.anything());
  });
});

describe('the categories and brands tab', () => {
  it('searches both lists without diacritics and filters them by status; "Sửa" focuses the form’s name field', async () => {
    const user = userEvent.setup();
    const category = (id: number, name: string, isActive: boolean) => ({ id, version: 1, slug: `c${id}`, name, parentId: null, description: '', promoGroup: 'parts' as const, sortOrder: 0, isActive, productCount: 3 });
    const brand = (id: number, name: string, isActive: boolean) => ({ id, version: 1, slug: `b${id}`, name, country: 'Việt Nam', isActive, productCount: 3 });
    promotions.categories.mockResolvedValue([category(1, 'Pin & Sạc', true), category(2, 'Lốp xe', false)]);
    promotions.brands.mockResolvedValue([brand(5, 'VinFast', true), brand(6, 'Pega', false)]);
    const { router } = renderCatalogue('admin', '/admin/catalogue?tab=taxonomy');
    expect(await screen.findByRole('row', { name: /Pin & Sạc/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Lốp xe/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Tìm danh mục hoặc thương hiệu' }), 'lop');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pin & Sạc/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Lốp xe/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /VinFast/ })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Tìm danh mục hoặc thương hiệu' }));
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'inactive');
    await waitFor(() => expect(screen.queryByRole('row', { name: /VinFast/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Pega/ })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'taxonomy', status: 'inactive' });

    await user.click(screen.getByRole('button', { name: 'Sửa Pega' }));
    expect(screen.getByDisplayValue('Pega')).toHaveFocus();
  });
});

describe('the packages tab', () => {
  const aPackage = (id: number, name: string, isActive: boolean): PackageAdmin => ({
    id,
    version: 1,
    slug: `goi-${id}`,
    name,
    tier: 'tieu-chuan',
    description: '',
    price: 1_200_000,
    originalPrice: null,
    validityMonths: 12,
    vehicleTypes: ['scooter'],
    credits: [],
    perks: [],
    highlighted: false,
    sortOrder: 0,
    isActive,
  });

  it('searches the packages by name without diacritics and filters by status; each row links to its page', async () => {
    const user = userEvent.setup();
    services.packages.mockResolvedValue([aPackage(2, 'Gói Bảo dưỡng Năm', true), aPackage(3, 'Gói Cao cấp', false)]);
    services.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 100, totalPages: 0 });
    renderCatalogue('admin', '/admin/catalogue?tab=packages');
    expect(await screen.findByRole('row', { name: /Bảo dưỡng Năm/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Tìm theo tên gói' }), 'cao cap');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bảo dưỡng Năm/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Sửa Gói Cao cấp' })).toHaveAttribute('href', '/admin/catalogue/packages/3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'active');
    expect(await screen.findByText('Không có mục nào khớp bộ lọc.')).toBeInTheDocument();
  });
});
