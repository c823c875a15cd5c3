import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { MemberPrice, MemberPricePage, ProductAdminPage } from 'shared-contracts/schemas';
import { loyaltyApi } from '../../src/loyalty/loyaltyApi';
import { checkMemberPrice, MemberPricesPanel } from '../../src/loyalty/MemberPricesPanel';

jest.mock('../../src/loyalty/loyaltyApi', () => ({
  loyaltyApi: { memberPrices: jest.fn(), setMemberPrice: jest.fn(), endMemberPrice: jest.fn(), findProducts: jest.fn() },
  newRequestKey: () => 'key-1',
}));

const api = jest.mocked(loyaltyApi);

const CHARGER: MemberPrice = {
  id: 4,
  productId: 81,
  productName: 'Bộ sạc pin lithium 48V 3A',
  sku: 'CHG-48V-3A',
  slug: 'bo-sac-pin-lithium-48v-3a',
  normalPrice: 1_450_000,
  minTier: 'GOLD',
  tierLabel: 'Vàng',
  price: 1_232_000,
  createdAt: '2026-11-20T03:00:00.000Z',
  createdBy: { id: 9, fullName: 'Lê Quản Trị' },
};
const pageOf = (items: MemberPrice[]): MemberPricePage => ({ items, page: 1, pageSize: 50, total: items.length, totalPages: items.length > 0 ? 1 : 0 });
const found: ProductAdminPage = {
  items: [{ id: 82, version: 1, status: 'published', name: 'Cáp sạc VinFast cho xe máy điện 1,8 m', sku: 'CBL-VF-SC', slug: 'cap-sac-vf', categoryName: 'Cáp sạc', brandName: 'VinFast', price: 690_000, imageUrl: null, updatedAt: '2026-11-01T00:00:00.000Z' }],
  total: 1,
  page: 1,
  pageSize: 8,
  totalPages: 1,
};

const form = () => screen.getByRole('form', { name: 'Thêm hoặc thay giá thành viên' });

beforeEach(() => {
  jest.resetAllMocks();
  api.memberPrices.mockResolvedValue(pageOf([CHARGER]));
});

describe('"Giá thành viên" on the admin’s loyalty view', () => {
  it('lists the member prices in force with the product’s SKU and normal price', async () => {
    render(<MemberPricesPanel />);
    const table = await screen.findByRole('table', { name: 'Giá thành viên đang áp dụng, mới nhất trước' });
    const row = within(table).getByRole('row', { name: /Bộ sạc pin lithium 48V 3A/ });
    expect(row).toHaveTextContent('CHG-48V-3A');
    expect(row).toHaveTextContent(/1\.450\.000\s₫/);
    expect(row).toHaveTextContent('Vàng trở lên');
    expect(row).toHaveTextContent(/1\.232\.000\s₫/);
    expect(row).toHaveTextContent('Lê Quản Trị');
  });

  it('finds a product by SKU, refuses a price not below its normal price, then saves one and reloads the list', async () => {
    const user = userEvent.setup();
    api.findProducts.mockResolvedValue(found);
    api.setMemberPrice.mockResolvedValue({ ...CHARGER, id: 5, productId: 82, productName: found.items[0]!.name, minTier: 'DIAMOND', tierLabel: 'Kim cương', price: 590_000 });
    render(<MemberPricesPanel />);
    await screen.findByRole('table');

    await user.click(within(form()).getByRole('button', { name: 'Lưu giá thành viên' }));
    expect(within(form()).getByLabelText('Sản phẩm (SKU hoặc tên)')).toHaveAccessibleDescription(expect.stringContaining('Vui lòng chọn sản phẩm.'));

    await user.type(within(form()).getByLabelText('Sản phẩm (SKU hoặc tên)'), 'CBL-VF-SC{Enter}');
    expect(api.findProducts).toHaveBeenCalledWith('CBL-VF-SC');
    await user.click(await within(form()).findByRole('button', { name: 'Chọn Cáp sạc VinFast cho xe máy điện 1,8 m' }));
    expect(form()).toHaveTextContent(/CBL-VF-SC · giá bán thường 690\.000\s₫/);

    await user.selectOptions(within(form()).getByLabelText('Hạng áp dụng (trở lên)'), 'Kim cương');
    const price = within(form()).getByLabelText('Giá thành viên (₫)');
    await user.type(price, '690000');
    await user.click(within(form()).getByRole('button', { name: 'Lưu giá thành viên' }));
    expect(price).toHaveAccessibleDescription(expect.stringContaining('Giá thành viên phải thấp hơn giá bán thường của sản phẩm (690.000 ₫).'));
    expect(api.setMemberPrice).not.toHaveBeenCalled();

    await user.clear(price);
    await user.type(price, '590.000');
    await user.click(within(form()).getByRole('button', { name: 'Lưu giá thành viên' }));
    await waitFor(() => expect(api.setMemberPrice).toHaveBeenCalledWith({ productId: 82, minTier: 'DIAMOND', price: 590_000 }));
    expect(await within(form()).findByText('Đã lưu giá thành viên.')).toBeInTheDocument();
    await waitFor(() => expect(api.memberPrices).toHaveBeenCalledTimes(2));
  });

  it('shows the server’s refusal at the field', async () => {
    const user = userEvent.setup();
    api.findProducts.mockResolvedValue(found);
    const message = 'Giá thành viên phải thấp hơn giá bán thường của sản phẩm (600.000 ₫).';
    api.setMemberPrice.mockRejectedValue(new ApiError(message, 422, 'VALIDATION_ERROR', [{ field: 'price', message }]));
    render(<MemberPricesPanel />);
    await screen.findByRole('table');
    await user.type(within(form()).getByLabelText('Sản phẩm (SKU hoặc tên)'), 'CBL');
    await user.click(within(form()).getByRole('button', { name: 'Tìm' }));
    await user.click(await within(form()).findByRole('button', { name: 'Chọn Cáp sạc VinFast cho xe máy điện 1,8 m' }));
    const price = within(form()).getByLabelText('Giá thành viên (₫)');
    await user.type(price, '650000');
    await user.click(within(form()).getByRole('button', { name: 'Lưu giá thành viên' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(expect.stringContaining('(600.000 ₫)')));
  });

  it('ends a member price and reloads the list', async () => {
    const user = userEvent.setup();
    api.endMemberPrice.mockResolvedValue(CHARGER);
    render(<MemberPricesPanel />);
    api.memberPrices.mockResolvedValue(pageOf([]));
    await user.click(await screen.findByRole('button', { name: 'Ngừng áp dụng giá thành viên hạng Vàng của Bộ sạc pin lithium 48V 3A' }));
    expect(api.endMemberPrice).toHaveBeenCalledWith(4);
    expect(await screen.findByText('Chưa có giá thành viên nào.')).toBeInTheDocument();
  });

  it('checks a price as the server does', () => {
    const product = { id: 1, name: 'Bộ sạc', sku: 'CHG', price: 1_000_000 };
    expect(checkMemberPrice('900.000', product)).toEqual({ price: 900_000 });
    expect(checkMemberPrice('0', product)).toEqual({ problem: 'Giá thành viên phải là số nguyên dương (₫).' });
    expect(checkMemberPrice('abc', product)).toEqual({ problem: 'Giá thành viên phải là số nguyên dương (₫).' });
    expect(checkMemberPrice('1000000', product)).toEqual({ problem: 'Giá thành viên phải thấp hơn giá bán thường của sản phẩm (1.000.000 ₫).' });
  });
});
