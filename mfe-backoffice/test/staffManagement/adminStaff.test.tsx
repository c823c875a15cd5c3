import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { StaffMember, StaffRoster } from 'shared-contracts/schemas';
import { StaffManagementPage } from '../../src/pages/admin/StaffManagementPage';
import { staffApi } from '../../src/staffManagement/staffApi';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/staffManagement/staffApi', () => ({
  staffApi: { centres: jest.fn(), roster: jest.fn(), assign: jest.fn(), end: jest.fn() },
}));

const api = jest.mocked(staffApi);

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  userId: 30,
  fullName: 'Hoàng Quản Lý',
  email: 'ql@evshop.vn',
  phone: null,
  role: 'manager',
  disabled: false,
  assignment: { centreId: 1, centreName: 'EV Service Hà Nội', assignedAt: '2026-01-05T02:00:00.000Z' },
  activeWorkCount: 0,
  ...overrides,
});

const manager = member({});
const technician = member({ userId: 31, fullName: 'Nguyễn Kỹ Thuật', email: 'kt@evshop.vn', role: 'technician', activeWorkCount: 1 });
const roster = (centreId = 1): StaffRoster => ({
  centreId,
  centreName: CENTRES.find((centre) => centre.id === centreId)!.name,
  members: centreId === 1 ? [manager, technician] : [],
  unassigned: [{ userId: 40, fullName: 'Cao Chưa Phân Công', email: 'moi@evshop.vn', role: 'staff', disabled: false }],
});

beforeEach(() => {
  jest.resetAllMocks();
  api.centres.mockResolvedValue(CENTRES);
  api.roster.mockImplementation(async (centreId?: number) => roster(centreId ?? 1));
  signIn('admin');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/admin/staff-management" element={<StaffManagementPage />} />
    </Routes>,
    '/admin/staff-management',
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('/admin/staff-management', () => {
  it('shows the chosen centre’s people with their assignment and work in progress, and the unassigned ones', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Nhân sự tại EV Service Hà Nội' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /Nguyễn Kỹ Thuật/ });
    expect(within(rowOf('Nguyễn Kỹ Thuật')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Kỹ thuật viên', '09:00 05/01/2026', '1 phiếu', expect.stringContaining('Điều chuyển')]);
    expect(within(screen.getByRole('list', { name: 'Chưa được phân công' })).getByText(/Cao Chưa Phân Công/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Trung tâm'), 'EV Service Đà Nẵng');
    await waitFor(() => expect(api.roster).toHaveBeenLastCalledWith(2, expect.anything()));
    expect(await screen.findByText('Trung tâm chưa có nhân sự nào.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nhân sự tại EV Service Đà Nẵng' })).toBeInTheDocument();
  });

  it('moves a member to another centre, announces it and reloads', async () => {
    api.assign.mockResolvedValue({ data: { userId: 30, assignment: { centreId: 2, centreName: 'EV Service Đà Nẵng', assignedAt: '2026-11-19T01:00:00.000Z' }, previousCentreId: 1 }, message: 'Đã cập nhật phân công.' });
    renderPage();
    await screen.findByRole('row', { name: /Hoàng Quản Lý/ });
    await userEvent.click(screen.getByRole('button', { name: 'Điều chuyển Hoàng Quản Lý' }));
    const dialog = screen.getByRole('dialog', { name: 'Điều chuyển Hoàng Quản Lý' });
    // Only the other centres are offered.
    expect(within(within(dialog).getByLabelText('Trung tâm mới')).getAllByRole('option').map((option) => option.textContent)).toEqual(['EV Service Đà Nẵng']);
    const calls = api.roster.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Điều chuyển' }));
    expect(api.assign).toHaveBeenCalledWith(30, 2);
    expect(await screen.findByRole('status')).toHaveTextContent('Đã điều chuyển Hoàng Quản Lý về EV Service Đà Nẵng.');
    await waitFor(() => expect(api.roster.mock.calls.length).toBeGreaterThan(calls));
  });

  it('a technician with work in progress: the 409 HAS_ACTIVE_WORK message is shown and the roster reloaded', async () => {
    const busy = 'Kỹ thuật viên đang thực hiện 1 phiếu dịch vụ. Hãy hoàn thành hoặc chuyển phiếu cho người khác trước khi điều chuyển.';
    api.end.mockRejectedValue(new ApiError(busy, 409, 'HAS_ACTIVE_WORK'));
    renderPage();
    await screen.findByRole('row', { name: /Nguyễn Kỹ Thuật/ });
    await userEvent.click(screen.getByRole('button', { name: 'Kết thúc phân công của Nguyễn Kỹ Thuật' }));
    const dialog = screen.getByRole('dialog', { name: 'Kết thúc phân công của Nguyễn Kỹ Thuật?' });
    const calls = api.roster.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kết thúc phân công' }));
    expect(api.end).toHaveBeenCalledWith(31);
    expect(await screen.findByRole('alert')).toHaveTextContent(`${busy} Danh sách đã được tải lại.`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.roster.mock.calls.length).toBeGreaterThan(calls));
  });

  it('every action button says what it shows: its visible text is part of its accessible name (speech input, axe label-content-name-mismatch)', async () => {
    renderPage();
    await screen.findByRole('row', { name: /Hoàng Quản Lý/ });
    const actions = [...screen.getAllByRole('row').slice(1), screen.getByRole('list', { name: 'Chưa được phân công' })].flatMap((scope) => within(scope).getAllByRole('button'));
    expect(actions.length).toBe(5);
    for (const button of actions) expect(button).toHaveAccessibleName(expect.stringContaining(button.textContent!.trim()));
  });

  it('assigns an unassigned member to the shown centre after a confirmation', async () => {
    api.assign.mockResolvedValue({ data: { userId: 40, assignment: { centreId: 1, centreName: 'EV Service Hà Nội', assignedAt: '2026-11-19T01:00:00.000Z' }, previousCentreId: null }, message: 'Đã cập nhật phân công.' });
    renderPage();
    await screen.findByRole('row', { name: /Hoàng Quản Lý/ });
    await userEvent.click(screen.getByRole('button', { name: 'Phân công Cao Chưa Phân Công về trung tâm này' }));
    const dialog = screen.getByRole('dialog', { name: 'Phân công Cao Chưa Phân Công về EV Service Hà Nội?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quay lại' }));
    expect(api.assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Phân công Cao Chưa Phân Công về trung tâm này' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Phân công' }));
    expect(api.assign).toHaveBeenCalledWith(40, 1);
    expect(await screen.findByRole('status')).toHaveTextContent('Đã phân công Cao Chưa Phân Công về EV Service Hà Nội.');
  });
});
