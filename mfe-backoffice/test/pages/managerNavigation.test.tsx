import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { StaffRoster } from 'shared-contracts/schemas';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { rosterApi } from '../../src/roster/rosterApi';
import { kpiApi } from '../../src/kpis/kpiApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/roster/rosterApi', () => ({ rosterApi: { roster: jest.fn() } }));
// The overview's sections load nothing here: the side navigation is what is tested.
jest.mock('../../src/kpis/kpiApi', () => ({ kpiApi: { centre: jest.fn(), mine: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const roster: StaffRoster = {
  centreId: 1,
  centreName: 'EV Service Hà Nội',
  members: [
    {
      userId: 33,
      fullName: 'Lê Lễ Tân',
      email: 'letan@evshop.vn',
      phone: null,
      role: 'staff',
      disabled: false,
      assignment: { centreId: 1, centreName: 'EV Service Hà Nội', assignedAt: '2026-03-10T02:00:00.000Z' },
      activeWorkCount: 0,
    },
  ],
  unassigned: [],
};

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(rosterApi).roster.mockResolvedValue(roster);
  jest.mocked(kpiApi).centre.mockReturnValue(new Promise(() => undefined));
  (jest.mocked(subscribeFloorEvents) as unknown as jest.Mock).mockImplementation(() => () => undefined);
});
afterEach(signOut);

function renderManager(url = '/manager') {
  return renderAt(
    <Routes>
      <Route path="/manager" element={<ManagerDashboardPage />} />
    </Routes>,
    url,
  );
}

describe("the manager's navigation", () => {
  it('links to the staff board, which opens and is marked current', async () => {
    signIn('manager');
    renderManager();
    const nav = screen.getByRole('navigation', { name: 'Khu vực quản lý' });
    expect(within(nav).getByRole('link', { name: 'Bảng điều khiển' })).toHaveAttribute('aria-current', 'page');
    const staffBoard = within(nav).getByRole('link', { name: 'Nhân sự' });
    expect(staffBoard).toHaveAttribute('href', '/manager?view=roster');
    expect(staffBoard).not.toHaveAttribute('aria-current');

    await userEvent.click(staffBoard);
    expect(await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Nhân sự' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Bảng điều khiển' })).not.toHaveAttribute('aria-current');
  });

  it("shows the signed-in user's role badge: 'Quản lý' for a manager, 'Quản trị viên' for an admin looking in", async () => {
    signIn('manager');
    const { unmount } = renderManager('/manager?view=roster');
    expect(screen.getByText('Quản lý', { selector: 'p' })).toHaveAttribute('data-role', 'manager');
    expect(await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' })).toBeInTheDocument();
    unmount();
    signIn('admin');
    renderManager('/manager?view=roster');
    expect(screen.getByText('Quản trị viên', { selector: 'p' })).toHaveAttribute('data-role', 'admin');
    expect(await screen.findByRole('table', { name: 'Nhân sự tại EV Service Hà Nội' })).toBeInTheDocument();
  });
});
