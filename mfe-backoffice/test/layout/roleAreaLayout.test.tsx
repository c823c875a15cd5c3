import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { pages } from '../../src/routes';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';

/** Renders the page at `url` and waits for it (each page arrives in a chunk of its own: lazyPage, decision 0074). */
async function renderAt(url: string) {
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {pages.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The page's reads fail (no test reaches the API): it says it could not load. */
async function expectLoadFailureShown() {
  expect(await screen.findAllByText(/^Không tải được/)).not.toHaveLength(0);
}

function sideNavLinks(areaName: string) {
  return within(screen.getByRole('navigation', { name: areaName }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

const AREAS = [
  {
    name: 'Khu vực nhân viên',
    visit: '/staff/appointments',
    links: [
      ['Bảng điều khiển', '/staff'],
      ['Khách hàng', '/staff/customers'],
      ['Lịch hẹn', '/staff/appointments'],
      ['Phiếu dịch vụ', '/staff/service-orders'],
      ['Đơn hàng online', '/staff/web-orders'],
      ['Tin nhắn', '/staff/messages'],
      ['Chốt ca', '/staff/cash-close'],
    ],
  },
  {
    name: 'Khu vực quản lý',
    visit: '/manager',
    links: [
      ['Bảng điều khiển', '/manager'],
      ['Danh mục sản phẩm', '/manager/catalogue'],
      ['Kho hàng', '/manager/stock'],
      ['Đơn hàng online', '/manager/web-orders'],
      ['Đánh giá dịch vụ', '/manager/ratings'],
      ['Đối soát COD', '/manager/cod-statements'],
      ['Bảo hành hãng', '/manager/warranty-claims'],
      ['Nhân sự', '/manager?view=roster'],
      ['Khách hàng', '/staff/customers'],
      ['Tin nhắn', '/staff/messages'],
      ['Chốt ca', '/staff/cash-close'],
    ],
  },
  {
    name: 'Khu vực kỹ thuật viên',
    visit: '/technician/checklists',
    links: [
      ['Bảng điều khiển', '/technician'],
      ['Hàng đợi công việc', '/technician/work-queue'],
      ['Danh sách kiểm tra', '/technician/checklists'],
      ['Yêu cầu phụ tùng', '/technician/parts-request'],
    ],
  },
  {
    name: 'Khu vực quản trị',
    visit: '/admin/users',
    links: [
      ['Bảng điều khiển', '/admin'],
      ['Người dùng', '/admin/users'],
      ['Báo cáo', '/admin/reports'],
      ['Quản lý nhân sự', '/admin/staff-management'],
      ['Mô hình dự đoán', '/admin/models'],
      ['Danh mục sản phẩm', '/admin/catalogue'],
      ['Dòng xe', '/admin/vehicle-models'],
      ['Triệu hồi', '/admin/recalls'],
      ['Kho hàng', '/admin/stock'],
      ['Đơn hàng online', '/admin/web-orders'],
      ['Đánh giá sản phẩm', '/admin/reviews'],
      ['Đánh giá dịch vụ', '/admin/ratings'],
      ['Hóa đơn điện tử', '/admin/e-invoices'],
      ['Đối soát COD', '/admin/cod-statements'],
      ['Bảo hành hãng', '/admin/warranty-claims'],
      ['Phát hành giao diện', '/admin/releases'],
      ['Điểm thưởng', '/admin?view=loyalty'],
      ['Khách hàng', '/staff/customers'],
      ['Tin nhắn', '/staff/messages'],
    ],
  },
];

describe('the role side navigation', () => {
  it.each(AREAS)('$name lists exactly its pages (managers and admins also the inbox) and marks the current one', async ({ name, visit, links }) => {
    await renderAt(visit);
    expect(screen.getByText(name, { selector: 'p' })).toBeInTheDocument();
    expect(sideNavLinks(name)).toEqual(links);
    const nav = screen.getByRole('navigation', { name });
    const current = within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual([visit]);
    await expectLoadFailureShown();
  });

  it('the dashboard entry is current only on the dashboard itself', async () => {
    await renderAt('/staff');
    const nav = screen.getByRole('navigation', { name: 'Khu vực nhân viên' });
    expect(within(nav).getByRole('link', { name: 'Bảng điều khiển' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Khách hàng' })).not.toHaveAttribute('aria-current');
    await expectLoadFailureShown();
  });

  it.each([
    ['manager', 'Khu vực quản lý'],
    ['admin', 'Khu vực quản trị'],
  ] as const)('the inbox keeps the %s’s own navigation around it, its entry current', async (role, name) => {
    signIn(role);
    const centres = jest.spyOn(inventoryApi, 'centres').mockResolvedValue(CENTRES);
    const view = await renderAt('/staff/messages');
    try {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tin nhắn');
      expect(within(screen.getByRole('navigation', { name })).getByRole('link', { name: 'Tin nhắn' })).toHaveAttribute('aria-current', 'page');
      expect(screen.queryByRole('navigation', { name: 'Khu vực nhân viên' })).not.toBeInTheDocument();
      // only the admin chooses the centre
      if (role === 'admin') await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trung tâm' })).toBeEnabled());
      else expect(screen.queryByRole('combobox', { name: 'Trung tâm' })).not.toBeInTheDocument();
    } finally {
      // the page goes before the session, which it follows
      view.unmount();
      centres.mockRestore();
      signOut();
    }
  });

  it('moves between the pages of an area', async () => {
    await renderAt('/technician');
    const nav = screen.getByRole('navigation', { name: 'Khu vực kỹ thuật viên' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Yêu cầu phụ tùng' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Yêu cầu phụ tùng' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Khu vực kỹ thuật viên' })).getByRole('link', { name: 'Yêu cầu phụ tùng' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectLoadFailureShown();
  });
});

describe('the area dashboards', () => {
  it("link to the area's other pages", async () => {
    await renderAt('/admin');
    const shortcuts = screen.getByRole('navigation', { name: 'Đi tới' });
    expect(within(shortcuts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/users',
      '/admin/reports',
      '/admin/staff-management',
      '/admin/models',
      '/admin/catalogue',
      '/admin/vehicle-models',
      '/admin/recalls',
      '/admin/stock',
      '/admin/web-orders',
      '/admin/reviews',
      '/admin/ratings',
      '/admin/e-invoices',
      '/admin/cod-statements',
      '/admin/warranty-claims',
      '/admin/releases',
    ]);
    await expectLoadFailureShown();
  });

  it('the manager dashboard links to the read-only catalogue', async () => {
    await renderAt('/manager');
    const shortcuts = screen.getByRole('navigation', { name: 'Đi tới' });
    expect(within(shortcuts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/manager/catalogue', '/manager/stock', '/manager/web-orders', '/manager/ratings', '/manager/cod-statements', '/manager/warranty-claims']);
    await expectLoadFailureShown();
  });
});
