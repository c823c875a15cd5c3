import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { StaffMember, StaffRoster } from 'shared-contracts/schemas';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { rosterApi } from '../../src/roster/rosterApi';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/roster/rosterApi', () => ({ rosterApi: { roster: jest.fn() } }));

const api = jest.mocked(rosterApi);

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  userId: 30,
  fullName: 'Hoàng Quản Lý',
  email: 'ql@evshop.vn',
  phone: '0912000111',
  role: 'manager',
  disabled: false,
  // 23:30 UTC on 4 January is 06:30 on 5 January in Vietnam.
  assignment: { centreId: 1, centreName: 'EV Service Hà Nội', assignedAt: '2026-01-04T23:30:00.000Z' },
  activeWorkCount: 0,
  ...overrides,
});

const roster: StaffRoster = {
  centreId: 1,
  centreName: 'EV Service Hà Nội',
  members: [
    member({}),
    member({ userId: 31, fullName: 'Nguyễn Kỹ Thuật', email: 'kt@evshop.vn', phone: null, role: 'technician', activeWorkCount: 1, assignment: { centreId: 1, centreName: 'EV Service Hà Nội', assignedAt: '2026-03-10T02:00:00.000Z' } }),
    member({ userId: 32, fullName: 'Trần Văn Bình', email: 'binh@evshop.vn', role: 'technician', disabled: true }),
    member({ userId: 33, fullName: 'Lê Lễ Tân', email: 'letan@evshop.vn', role: 'staff' }),
  ],
  unassigned: [],
};

beforeEach(() => {
  jest.resetAllMocks();
  api.roster.mockResolvedValue(roster);
  signIn('manager');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/manager" element={<ManagerDashboardPage />} />
    </Routes>,
    '/manager?view=roster',
  );
}

const table = () => screen.getByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' });
const names = () => within(table()).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('/manager?view=roster', () => {
  it('lists the centre’s people with contact, role, since when and status, and offers no action', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' });
    expect(names()).toEqual(['Hoàng Quản Lý', 'Lê Lễ Tân', 'Nguyễn Kỹ Thuật', 'Trần Văn Bình']);
    const cells = (name: string) => within(within(table()).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Hoàng Quản Lý')).toEqual(['Quản lý', 'ql@evshop.vn', '0912000111', '05/01/2026', 'Đang hoạt động']);
    expect(cells('Nguyễn Kỹ Thuật')).toEqual(['Kỹ thuật viên', 'kt@evshop.vn', '—', '10/03/2026', 'Đang hoạt động']);
    expect(cells('Trần Văn Bình')).toEqual(['Kỹ thuật viên', 'binh@evshop.vn', '0912000111', '05/01/2026', 'Đã khoá']);
    expect(within(table()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/Quản trị viên phân công và điều chuyển nhân sự/)).toBeInTheDocument();
    expect(api.roster).toHaveBeenCalledTimes(1);
  });

  it('filters by role', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' });
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Kỹ thuật viên');
    expect(names()).toEqual(['Nguyễn Kỹ Thuật', 'Trần Văn Bình']);
    expect(screen.getByRole('status')).toHaveTextContent('2 / 4 người');
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Nhân viên');
    expect(names()).toEqual(['Lê Lễ Tân']);
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Tất cả vai trò');
    expect(names()).toHaveLength(4);
  });

  it('says when a role has nobody', async () => {
    api.roster.mockResolvedValue({ ...roster, members: roster.members.filter((item) => item.role !== 'staff') });
    renderPage();
    await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' });
    await userEvent.selectOptions(screen.getByLabelText('Vai trò'), 'Nhân viên');
    expect(screen.getByText('Không có ai với vai trò nhân viên.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load shows the server’s message and loads again on request', async () => {
    api.roster.mockRejectedValueOnce(new ApiError('Không tìm thấy trung tâm.', 404, 'NOT_FOUND'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không tìm thấy trung tâm.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });
});
