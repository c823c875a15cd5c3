import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { AdminUser, AdminUserPage } from 'shared-contracts/schemas';
import { UsersPage } from '../../src/pages/admin/UsersPage';
import { usersApi } from '../../src/users/usersApi';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/users/usersApi', () => ({
  usersApi: { centres: jest.fn(), list: jest.fn(), create: jest.fn(), changeRole: jest.fn(), disable: jest.fn(), enable: jest.fn() },
}));

const api = jest.mocked(usersApi);

const user = (overrides: Partial<AdminUser>): AdminUser => ({
  id: 10,
  fullName: 'Trần Văn Bình',
  email: 'binh@evshop.vn',
  phone: '0912345678',
  role: 'staff',
  emailVerified: true,
  hasPassword: true,
  disabled: false,
  disabledAt: null,
  centre: { id: 1, name: 'EV Service Hà Nội' },
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const binh = user({});
const lan = user({ id: 11, fullName: 'Nguyễn Thị Lan', email: 'lan@evshop.vn', role: 'technician', disabled: true, disabledAt: '2026-11-01T00:00:00.000Z' });
const admin2 = user({ id: 12, fullName: 'Phạm Quản Trị', email: 'qt@evshop.vn', role: 'admin', centre: null });
/** The signed-in admin (signIn gives the session user id 3). */
const me = user({ id: 3, fullName: 'Lê Thu Hà', email: 'admin@evshop.vn', role: 'admin', centre: null });

const page = (items: AdminUser[], total = items.length, pageNumber = 1): AdminUserPage => ({ items, total, page: pageNumber, pageSize: 20 });

beforeEach(() => {
  jest.resetAllMocks();
  api.centres.mockResolvedValue(CENTRES);
  api.list.mockResolvedValue(page([binh, lan, admin2, me], 45));
  signIn('admin');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/admin/users" element={<UsersPage />} />
    </Routes>,
    '/admin/users',
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('/admin/users', () => {
  it('lists the accounts with role, centre and status; searches, filters by role and pages', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Người dùng' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
    expect(within(rowOf('Trần Văn Bình')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['binh@evshop.vn', 'Nhân viên', 'EV Service Hà Nội', 'Đang hoạt động']),
    );
    expect(within(rowOf('Nguyễn Thị Lan')).getByText('Đã khoá')).toBeInTheDocument();
    expect(within(rowOf('Nguyễn Thị Lan')).getByRole('button', { name: 'Mở khoá tài khoản Nguyễn Thị Lan' })).toBeInTheDocument();
    // One's own row offers no action (an admin cannot demote or disable themself).
    expect(within(rowOf('Lê Thu Hà')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Lê Thu Hà')).getByText('Tài khoản của bạn')).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith({ q: '', role: '', page: 1, pageSize: 20 }, expect.anything());

    await userEvent.type(screen.getByLabelText('Tìm theo tên, email hoặc số điện thoại'), 'binh{Enter}');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ q: 'binh', role: '', page: 1, pageSize: 20 }, expect.anything()));
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Kỹ thuật viên');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ q: 'binh', role: 'technician', page: 1, pageSize: 20 }, expect.anything()));

    const pager = screen.getByRole('navigation', { name: 'Phân trang danh sách tài khoản' });
    expect(within(pager).getByText('Trang 1/3 · 45 tài khoản')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ q: 'binh', role: 'technician', page: 2, pageSize: 20 }, expect.anything()));
  });

  it('creates an account by invite with its role and centre, announces it and reloads', async () => {
    api.create.mockResolvedValue({ data: user({ id: 20, fullName: 'Đỗ Mới', email: 'moi@evshop.vn', role: 'technician' }), message: 'Đã tạo tài khoản và gửi email mời.' });
    renderPage();
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản nhân sự' }));
    const dialog = screen.getByRole('dialog', { name: 'Tạo tài khoản nhân sự' });
    // The name field has the focus; empty fields are refused before any call.
    expect(within(dialog).getByLabelText('Họ và tên')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo và gửi lời mời' }));
    expect(within(dialog).getByText('Vui lòng nhập họ và tên (ít nhất 2 ký tự).')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập email hợp lệ.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Họ và tên'), 'Đỗ Mới');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Moi@evshop.vn');
    await userEvent.selectOptions(within(dialog).getByLabelText('Vai trò'), 'Kỹ thuật viên');
    await userEvent.selectOptions(within(dialog).getByLabelText('Trung tâm làm việc'), 'EV Service Đà Nẵng');
    expect(within(within(dialog).getByLabelText('Vai trò')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nhân viên', 'Kỹ thuật viên', 'Quản lý']);
    const calls = api.list.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo và gửi lời mời' }));
    expect(api.create).toHaveBeenCalledWith({ fullName: 'Đỗ Mới', email: 'Moi@evshop.vn', phone: null, role: 'technician', centreId: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã tạo tài khoản Đỗ Mới và gửi email mời tới moi@evshop.vn.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.list.mock.calls.length).toBeGreaterThan(calls);
  });

  it('a taken email is shown on its field and the dialog stays open', async () => {
    const message = 'Email này đã được dùng cho một tài khoản khác.';
    api.create.mockRejectedValue(new ApiError(message, 409, 'EMAIL_TAKEN', [{ field: 'email', message }]));
    renderPage();
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản nhân sự' }));
    const dialog = screen.getByRole('dialog', { name: 'Tạo tài khoản nhân sự' });
    await userEvent.type(within(dialog).getByLabelText('Họ và tên'), 'Người Trùng');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'binh@evshop.vn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo và gửi lời mời' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes a role; a 409 LAST_ADMIN is explained and the list reloaded', async () => {
    api.changeRole.mockResolvedValueOnce({ data: { ...binh, role: 'manager' }, message: 'Đã đổi vai trò.' });
    renderPage();
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
    await userEvent.click(screen.getByRole('button', { name: 'Đổi vai trò của Trần Văn Bình' }));
    let dialog = screen.getByRole('dialog', { name: 'Đổi vai trò của Trần Văn Bình' });
    expect(within(dialog).getByRole('button', { name: 'Đổi vai trò' })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Vai trò mới'), 'Quản lý');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đổi vai trò' }));
    expect(api.changeRole).toHaveBeenCalledWith(10, 'manager');
    expect(await screen.findByRole('status')).toHaveTextContent('Đã đổi vai trò của Trần Văn Bình thành Quản lý.');

    const lastAdmin = 'Không thể thực hiện: đây là quản trị viên cuối cùng còn hoạt động. Hãy cấp quyền quản trị cho người khác trước.';
    api.changeRole.mockRejectedValueOnce(new ApiError(lastAdmin, 409, 'LAST_ADMIN'));
    const calls = api.list.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Đổi vai trò của Phạm Quản Trị' }));
    dialog = screen.getByRole('dialog', { name: 'Đổi vai trò của Phạm Quản Trị' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Vai trò mới'), 'Nhân viên');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đổi vai trò' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${lastAdmin} Danh sách đã được tải lại.`);
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
  });

  it('disables after a confirmation (Escape backs out), and enables', async () => {
    api.disable.mockResolvedValue({ data: { ...binh, disabled: true }, message: 'Đã khoá tài khoản.' });
    api.enable.mockResolvedValue({ data: { ...lan, disabled: false }, message: 'Đã mở khoá tài khoản.' });
    renderPage();
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
    await userEvent.click(screen.getByRole('button', { name: 'Khoá tài khoản Trần Văn Bình' }));
    expect(screen.getByRole('dialog', { name: 'Khoá tài khoản Trần Văn Bình?' })).toHaveTextContent('Mọi phiên đăng nhập của người này kết thúc ngay');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.disable).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Khoá tài khoản Trần Văn Bình' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Khoá tài khoản' });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(api.disable).toHaveBeenCalledWith(10);
    expect(await screen.findByRole('status')).toHaveTextContent('Đã khoá tài khoản Trần Văn Bình.');

    await userEvent.click(screen.getByRole('button', { name: 'Mở khoá tài khoản Nguyễn Thị Lan' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mở khoá' }));
    expect(api.enable).toHaveBeenCalledWith(11);
    expect(await screen.findByRole('status')).toHaveTextContent('Đã mở khoá tài khoản Nguyễn Thị Lan.');
  });

  it('a failed load says so and retries', async () => {
    api.list.mockRejectedValueOnce(new ApiError('Máy chủ đang bận, vui lòng thử lại.', 503, 'UNAVAILABLE'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ đang bận, vui lòng thử lại.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    await screen.findByRole('row', { name: /Trần Văn Bình/ });
  });
});
