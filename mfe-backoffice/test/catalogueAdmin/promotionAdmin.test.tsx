/**
 * @jest-environment ./test/catalogueAdmin/routerEnvironment.cjs
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { PromotionAdmin } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { promotionAdminApi } from '../../src/catalogueAdmin/promotionAdminApi';
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
  const names = ['list', 'promotion', 'history', 'create', 'save', 'setActive', 'categories', 'createCategory', 'saveCategory', 'deleteCategory', 'brands', 'createBrand', 'saveBrand'];
  return { ...actual, promotionAdminApi: Object.fromEntries(names.map((name) => [name, jest.fn()])) };
});

const products = jest.mocked(catalogueAdminApi);
const api = jest.mocked(promotionAdminApi);

const promotion = (overrides: Partial<PromotionAdmin> = {}): PromotionAdmin => ({
  id: 4,
  version: 2,
  code: 'SAVE500K',
  title: 'Giảm 500.000 ₫',
  description: 'Cho đơn từ 5.000.000 ₫.',
  type: 'fixed',
  value: 500_000,
  minOrder: 5_000_000,
  maxDiscount: null,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-31T00:00:00.000Z',
  isActive: true,
  usageLimit: 100,
  usedCount: 37,
  perCustomerLimit: 1,
  categories: [],
  kind: 'general',
  eligibility: 'everyone',
  minTier: null,
  image: { path: 'promotions/save500k.svg', url: '/api/media/catalogue/promotions/save500k.svg', width: 1200, height: 400, alt: 'Giảm 500K' },
  sortOrder: 0,
  ...overrides,
});

beforeEach(() => {
  jest.resetAllMocks();
  products.options.mockResolvedValue({ categories: [], brands: [], vehicleModels: [] });
  products.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
  api.list.mockResolvedValue([promotion()]);
  api.promotion.mockResolvedValue(promotion());
  api.history.mockResolvedValue([]);
});
afterEach(signOut);

const render = (role: 'admin' | 'manager') => renderCatalogue(role);

async function openPromotions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Khuyến mãi' }));
  return screen.findByRole('row', { name: /SAVE500K/ });
}

describe('the catalogue’s promotions', () => {
  it('lists each promotion with its used count, window (dd/MM/yyyy) and value in VND; pauses from the list', async () => {
    const user = userEvent.setup();
    api.setActive.mockResolvedValue(promotion({ isActive: false, version: 3 }));
    render('admin');
    const row = await openPromotions(user);
    expect(within(row).getByText('37 / 100')).toBeInTheDocument();
    expect(within(row).getByText(/01\/11\/2026 – 31\/12\/2026/)).toBeInTheDocument();
    expect(within(row).getByText('Giảm số tiền cố định: 500.000 ₫')).toBeInTheDocument();
    expect(within(row).getByText('Đang chạy')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Tạm ngưng SAVE500K' }));
    await waitFor(() => expect(api.setActive).toHaveBeenCalledWith(4, 2, false));
  });

  it('shows the server’s Vietnamese field errors beside each field and keeps what was typed', async () => {
    const user = userEvent.setup();
    api.save.mockRejectedValue(
      new ApiError('Giới hạn lượt dùng không được nhỏ hơn số lượt đã dùng (37).', 422, 'USAGE_LIMIT_BELOW_USED', [
        { field: 'usageLimit', message: 'Giới hạn lượt dùng không được nhỏ hơn số lượt đã dùng (37).' },
        { field: 'validTo', message: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.' },
      ]),
    );
    render('admin');
    const row = await openPromotions(user);
    await user.click(within(row).getByRole('link', { name: 'Sửa SAVE500K' }));
    expect(await screen.findByText(/Đã dùng 37 lượt/)).toBeInTheDocument();
    const limit = screen.getByRole('textbox', { name: 'Giới hạn lượt dùng' });
    await user.clear(limit);
    await user.type(limit, '10');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(limit).toHaveAccessibleDescription('Giới hạn lượt dùng không được nhỏ hơn số lượt đã dùng (37).'));
    expect(screen.getByLabelText('Kết thúc')).toHaveAccessibleDescription('Thời điểm kết thúc phải sau thời điểm bắt đầu.');
    expect(limit).toHaveValue('10');
    expect(api.save).toHaveBeenCalledWith(4, 2, expect.objectContaining({ usageLimit: 10, code: 'SAVE500K' }));
  });

  it('on a stale save (409) shows the current values, keeps what the user typed, and saves again from the new version', async () => {
    const user = userEvent.setup();
    const theirs = promotion({ version: 3, title: 'Giảm 400.000 ₫', value: 400_000, usedCount: 40 });
    api.save.mockRejectedValueOnce(new ApiError('Khuyến mãi vừa được người khác cập nhật.', 409, 'STALE_VERSION', [], { success: false, code: 'STALE_VERSION', data: { current: theirs } }));
    api.save.mockResolvedValueOnce(promotion({ version: 4, title: 'Giảm 600.000 ₫', value: 600_000 }));
    render('admin');
    const row = await openPromotions(user);
    await user.click(within(row).getByRole('link', { name: 'Sửa SAVE500K' }));
    const title = await screen.findByRole('textbox', { name: 'Tiêu đề' });
    await user.clear(title);
    await user.type(title, 'Giảm 600.000 ₫');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/người khác cập nhật/);
    const current = screen.getByLabelText('Giá trị hiện tại trên hệ thống');
    expect(within(current).getByText('Giảm 400.000 ₫')).toBeInTheDocument();
    expect(within(current).getByText('40 / 100')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tiêu đề' })).toHaveValue('Giảm 600.000 ₫');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(4, 3, expect.objectContaining({ title: 'Giảm 600.000 ₫' })));
    expect(await screen.findByText('Đã lưu khuyến mãi.')).toBeInTheDocument();
  });

  it('creates a promotion with every field the admin filled in', async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(promotion({ id: 9, code: 'TET2027', version: 1 }));
    products.uploadImage.mockResolvedValue({ path: 'uploads/products/abc.webp', url: '/api/media/products/abc.webp', width: 1200, height: 400, alt: '' });
    render('admin');
    await openPromotions(user);
    await user.click(screen.getByRole('link', { name: 'Thêm khuyến mãi' }));
    await user.type(screen.getByRole('textbox', { name: 'Mã khuyến mãi' }), 'tet2027');
    await user.type(screen.getByRole('textbox', { name: 'Tiêu đề' }), 'Tết 2027');
    await user.type(screen.getByRole('textbox', { name: 'Giá trị (%)' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Giới hạn lượt dùng' }), '500');
    await user.click(screen.getByRole('checkbox', { name: 'Phụ tùng' }));
    const minTier = screen.getByRole('combobox', { name: 'Hạng thành viên tối thiểu' });
    expect(minTier).toHaveValue('');
    expect(within(minTier).getAllByRole('option').map((option) => option.textContent)).toEqual(['Không yêu cầu', 'Bạc', 'Vàng', 'Kim cương']);
    await user.selectOptions(minTier, 'Vàng');
    await user.upload(screen.getByLabelText('Ảnh khuyến mãi'), new File(['x'], 'tet.png', { type: 'image/png' }));
    expect(await screen.findByRole('textbox', { name: 'Mô tả ảnh (alt)' })).toHaveValue('Tết 2027');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'TET2027', title: 'Tết 2027', type: 'percentage', value: 15, usageLimit: 500, categories: ['parts'], minTier: 'GOLD', image: expect.objectContaining({ path: 'uploads/products/abc.webp', alt: 'Tết 2027' }) }),
      ),
    );
  });

  it('lets a manager read the promotions but offers no way to change them', async () => {
    const user = userEvent.setup();
    render('manager');
    const row = await openPromotions(user);
    expect(within(row).queryByRole('button', { name: /Tạm ngưng/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Thêm khuyến mãi' })).not.toBeInTheDocument();
    expect(screen.getByText('Bạn chỉ có quyền xem khuyến mãi.')).toBeInTheDocument();
  });
});
