/**
 * @jest-environment ./test/catalogueAdmin/routerEnvironment.cjs
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { PackageAdmin, ServiceAdmin, ServiceAdminListItem } from 'shared-contracts/schemas';
import { catalogueAdminApi } from '../../src/catalogueAdmin/catalogueAdminApi';
import { serviceAdminApi } from '../../src/catalogueAdmin/serviceAdminApi';
import { signOut } from '../partsRequestFixtures';
import { renderCatalogue } from './catalogueFixtures';

jest.mock('../../src/catalogueAdmin/catalogueAdminApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/catalogueAdminApi');
  return {
    ...actual,
    catalogueAdminApi: { options: jest.fn(), list: jest.fn(), product: jest.fn(), history: jest.fn(), create: jest.fn(), save: jest.fn(), uploadImage: jest.fn() },
  };
});
jest.mock('../../src/catalogueAdmin/serviceAdminApi', () => {
  const actual = jest.requireActual('../../src/catalogueAdmin/serviceAdminApi');
  const names = ['list', 'service', 'history', 'create', 'save', 'setActive', 'packages', 'package', 'packageHistory', 'createPackage', 'savePackage', 'setPackageActive'];
  return { ...actual, serviceAdminApi: Object.fromEntries(names.map((name) => [name, jest.fn()])) };
});

const products = jest.mocked(catalogueAdminApi);
const api = jest.mocked(serviceAdminApi);

const service = (overrides: Partial<ServiceAdmin> = {}): ServiceAdmin => ({
  id: 5,
  version: 2,
  slug: 'bao-duong-phanh',
  name: 'Bảo dưỡng phanh',
  kind: 'brakes',
  tier: null,
  summary: 'Kiểm tra má phanh, đĩa phanh, dầu phanh.',
  description: '',
  price: 250_000,
  durationMinutes: 45,
  vatRate: 10,
  vehicleTypes: ['scooter', 'motorbike'],
  checklist: [
    { code: 'PADS', label: 'Độ mòn má phanh' },
    { code: 'DISC', label: 'Độ dày đĩa phanh' },
  ],
  sortOrder: 40,
  isActive: true,
  ...overrides,
});

const listItem = (from: ServiceAdmin): ServiceAdminListItem => ({
  id: from.id,
  version: from.version,
  slug: from.slug,
  name: from.name,
  kind: from.kind,
  tier: from.tier,
  price: from.price,
  durationMinutes: from.durationMinutes,
  isActive: from.isActive,
  checklistCount: from.checklist.length,
});

const aPackage = (overrides: Partial<PackageAdmin> = {}): PackageAdmin => ({
  id: 2,
  version: 1,
  slug: 'tieu-chuan',
  name: 'Gói Tiêu chuẩn',
  tier: 'tieu-chuan',
  description: 'Hai lần bảo dưỡng trong năm.',
  price: 1_200_000,
  originalPrice: 1_500_000,
  validityMonths: 12,
  vehicleTypes: ['scooter'],
  credits: [{ serviceId: 5, serviceName: 'Bảo dưỡng phanh', quantity: 2 }],
  perks: ['Ưu tiên đặt lịch'],
  highlighted: true,
  sortOrder: 0,
  isActive: true,
  ...overrides,
});

beforeEach(() => {
  jest.resetAllMocks();
  products.options.mockResolvedValue({ categories: [], brands: [], vehicleModels: [] });
  products.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
  api.list.mockResolvedValue({ items: [listItem(service())], total: 1, page: 1, pageSize: 25, totalPages: 1 });
  api.service.mockResolvedValue(service());
  api.history.mockResolvedValue([
    {
      id: 9,
      version: 2,
      field: 'checklist',
      before: [{ code: 'PADS', label: 'Má phanh' }],
      after: [
        { code: 'PADS', label: 'Độ mòn má phanh' },
        { code: 'DISC', label: 'Độ dày đĩa phanh' },
      ],
      actor: { id: 1, name: 'Lê Thu Hà' },
      changedAt: '2026-11-19T01:00:00.000Z',
    },
    { id: 8, version: 2, field: 'price', before: 200_000, after: 250_000, actor: { id: 1, name: 'Lê Thu Hà' }, changedAt: '2026-11-19T01:00:00.000Z' },
  ]);
  api.packages.mockResolvedValue([aPackage()]);
  api.package.mockResolvedValue(aPackage());
  api.packageHistory.mockResolvedValue([]);
});
afterEach(signOut);

const render = (role: 'admin' | 'manager') => renderCatalogue(role);

async function openService(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Dịch vụ' }));
  await user.click(await screen.findByRole('link', { name: 'Sửa Bảo dưỡng phanh' }));
  return screen.findByRole('group', { name: /Danh mục kiểm tra/ });
}

describe('the catalogue’s services', () => {
  it('lists the services with price in VND, searches without diacritics and archives from the list', async () => {
    const user = userEvent.setup();
    api.setActive.mockResolvedValue(service({ isActive: false, version: 3 }));
    render('admin');
    await user.click(await screen.findByRole('tab', { name: 'Dịch vụ' }));
    const row = await screen.findByRole('row', { name: /Bảo dưỡng phanh/ });
    expect(within(row).getByText(/250\.000/)).toBeInTheDocument();
    expect(within(row).getByText('45 phút')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Tìm dịch vụ/ }), 'bao duong');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'bao duong', page: 1 }), expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Lưu trữ Bảo dưỡng phanh' }));
    expect(api.setActive).toHaveBeenCalledWith(5, 2, false);
  });

  it('edits the checklist template with the keyboard: add an item, choose its component by its Vietnamese label, move it up, remove one', async () => {
    const user = userEvent.setup();
    api.save.mockResolvedValue(service({ version: 3 }));
    render('admin');
    const checklist = await openService(user);
    await user.click(within(checklist).getByRole('button', { name: 'Thêm hạng mục' }));
    const code = within(checklist).getByRole('combobox', { name: 'Linh kiện của hạng mục 3' });
    expect(code).toHaveFocus();
    // Typed without diacritics, the Vietnamese name finds the component; Enter chooses the first match.
    await user.keyboard('dau phanh');
    const list = within(checklist).getByRole('listbox', { name: 'Linh kiện của hạng mục 3' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Dầu phanh FLUID']);
    await user.keyboard('{Enter}');
    expect(code).toHaveValue('Dầu phanh');
    expect(within(checklist).getByText('Mã: FLUID')).toBeInTheDocument();
    // Choosing a component fills an empty label with its Vietnamese name.
    expect(within(checklist).getByRole('textbox', { name: 'Nội dung kiểm tra của hạng mục 3' })).toHaveValue('Dầu phanh');
    const up = within(checklist).getByRole('button', { name: 'Đưa hạng mục 3 lên' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(within(checklist).getByRole('combobox', { name: 'Linh kiện của hạng mục 2' })).toHaveValue('Dầu phanh');
    expect(within(checklist).getByRole('button', { name: 'Đưa hạng mục 2 lên' })).toHaveFocus();
    expect(screen.getByText('Đã chuyển hạng mục tới vị trí 2.')).toBeInTheDocument();
    await user.click(within(checklist).getByRole('button', { name: 'Xóa hạng mục 1' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(api.save).toHaveBeenCalledWith(
        5,
        2,
        expect.objectContaining({
          checklist: [
            { code: 'FLUID', label: 'Dầu phanh' },
            { code: 'DISC', label: 'Độ dày đĩa phanh' },
          ],
        }),
      ),
    );
    expect(await screen.findByText('Đã lưu dịch vụ.')).toBeInTheDocument();
  });

  it('shows each item’s component by its Vietnamese name with the code as a hint, and picks one with the mouse', async () => {
    const user = userEvent.setup();
    render('admin');
    const checklist = await openService(user);
    const first = within(checklist).getByRole('combobox', { name: 'Linh kiện của hạng mục 1' });
    expect(first).toHaveValue('Má phanh (dịch vụ phanh)');
    expect(within(checklist).getByText('Mã: PADS')).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, 'ĐIỆN ÁP');
    const list = within(checklist).getByRole('listbox', { name: 'Linh kiện của hạng mục 1' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Cách điện hệ thống cao áp INSULATION', 'Điện áp cell CELL_VOLTAGE', 'Pin (mức và điện áp) BATTERY_LEVEL']);
    await user.click(within(list).getByRole('option', { name: /Điện áp cell/ }));
    expect(first).toHaveValue('Điện áp cell');
    expect(within(checklist).getByText('Mã: CELL_VOLTAGE')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the server’s error beside the checklist item it names', async () => {
    const user = userEvent.setup();
    const message = 'Hạng mục 2: mã linh kiện "NOPE" không có trong danh sách linh kiện.';
    api.save.mockRejectedValue(new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'checklist.1.code', message }]));
    render('admin');
    const checklist = await openService(user);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const code = await within(checklist).findByRole('combobox', { name: 'Linh kiện của hạng mục 2' });
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(message);
  });

  it('on a stale save (409) shows the current values, keeps what the user typed, and saves again from the new version', async () => {
    const user = userEvent.setup();
    const theirs = service({ version: 3, price: 270_000, name: 'Bảo dưỡng phanh đĩa' });
    api.save.mockRejectedValueOnce(new ApiError('Dịch vụ vừa được người khác cập nhật.', 409, 'STALE_VERSION', [], { success: false, code: 'STALE_VERSION', data: { current: theirs } }));
    api.save.mockResolvedValueOnce(service({ version: 4, price: 300_000 }));
    render('admin');
    await openService(user);
    const price = screen.getByRole('textbox', { name: 'Giá (₫)' });
    await user.clear(price);
    await user.type(price, '300000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/người khác cập nhật/);
    const current = screen.getByLabelText('Giá trị hiện tại trên hệ thống');
    expect(within(current).getByText('Bảo dưỡng phanh đĩa')).toBeInTheDocument();
    expect(within(current).getByText(/270\.000/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Giá (₫)' })).toHaveValue('300000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(5, 3, expect.objectContaining({ price: 300_000 })));
  });

  it('shows the history, the checklist’s change summarised in words', async () => {
    const user = userEvent.setup();
    render('admin');
    await openService(user);
    const history = await screen.findByRole('region', { name: 'Lịch sử thay đổi' });
    const checklistRow = await within(history).findByRole('row', { name: /Danh mục kiểm tra/ });
    expect(within(checklistRow).getByText('1 hạng mục')).toBeInTheDocument();
    expect(within(checklistRow).getByText('Thêm: Độ dày đĩa phanh (DISC) · Đổi nhãn: Má phanh → Độ mòn má phanh (PADS)')).toBeInTheDocument();
    const priceRow = within(history).getByRole('row', { name: /Giá/ });
    expect(within(priceRow).getByText(/200\.000/)).toBeInTheDocument();
  });

  it('is read-only for a manager: no create, archive or save, the fields disabled', async () => {
    const user = userEvent.setup();
    render('manager');
    await user.click(await screen.findByRole('tab', { name: 'Dịch vụ' }));
    expect(await screen.findByText('Bạn chỉ có quyền xem dịch vụ.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Thêm dịch vụ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lưu trữ/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Xem Bảo dưỡng phanh' }));
    expect(await screen.findByRole('textbox', { name: 'Tên dịch vụ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Thêm hạng mục' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lưu' })).not.toBeInTheDocument();
  });
});

describe('the catalogue’s packages', () => {
  it('lists the packages with their credits, and edits the credits per service', async () => {
    const user = userEvent.setup();
    api.savePackage.mockResolvedValue(aPackage({ version: 2 }));
    render('admin');
    await user.click(await screen.findByRole('tab', { name: 'Gói dịch vụ' }));
    const row = await screen.findByRole('row', { name: /Gói Tiêu chuẩn/ });
    expect(within(row).getByText('Bảo dưỡng phanh × 2')).toBeInTheDocument();
    expect(within(row).getByText(/1\.200\.000/)).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Sửa Gói Tiêu chuẩn' }));
    const credits = await screen.findByRole('group', { name: 'Lượt dịch vụ trong gói' });
    const quantity = within(credits).getByRole('textbox', { name: 'Số lượt của dịch vụ 1' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.savePackage).toHaveBeenCalledWith(2, 1, expect.objectContaining({ credits: [{ serviceId: 5, quantity: 3 }] })));
    expect(await screen.findByText('Đã lưu gói dịch vụ.')).toBeInTheDocument();
  });

  it('is read-only for a manager', async () => {
    const user = userEvent.setup();
    render('manager');
    await user.click(await screen.findByRole('tab', { name: 'Gói dịch vụ' }));
    expect(await screen.findByText('Bạn chỉ có quyền xem gói dịch vụ.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Thêm gói dịch vụ' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Xem Gói Tiêu chuẩn' }));
    expect(await screen.findByRole('textbox', { name: 'Tên gói' })).toBeDisabled();
  });
});
