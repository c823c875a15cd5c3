import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { isRemoteRoutesModule, routesOwnedBy } from 'shared-contracts';
import * as routesModule from '../src/routes';

const { pages } = routesModule;

const EXPECTED_TITLES: Record<string, string> = {
  '/staff': 'Bảng điều khiển nhân viên',
  '/staff/customers': 'Khách hàng',
  '/staff/appointments': 'Lịch hẹn',
  '/staff/service-orders': 'Phiếu dịch vụ',
  '/manager': 'Bảng điều khiển quản lý',
  '/technician': 'Bảng điều khiển kỹ thuật viên',
  '/technician/work-queue': 'Hàng đợi công việc',
  '/technician/checklists': 'Danh sách kiểm tra',
  '/technician/parts-request': 'Yêu cầu phụ tùng',
  '/admin': 'Bảng điều khiển quản trị',
  '/admin/users': 'Người dùng',
  '/admin/reports': 'Báo cáo',
  '/admin/staff-management': 'Quản lý nhân sự',
  '/admin/models': 'Mô hình dự đoán',
  '/admin/catalogue': 'Danh mục sản phẩm',
  '/manager/catalogue': 'Danh mục sản phẩm',
  '/admin/vehicle-models': 'Dòng xe',
  '/admin/recalls': 'Triệu hồi',
  '/admin/stock': 'Kho hàng',
  '/manager/stock': 'Kho hàng',
  '/staff/web-orders': 'Đơn hàng online',
  '/manager/web-orders': 'Đơn hàng online',
  '/admin/web-orders': 'Đơn hàng online',
  '/admin/reviews': 'Đánh giá sản phẩm',
  '/manager/ratings': 'Đánh giá dịch vụ',
  '/admin/ratings': 'Đánh giá dịch vụ',
  '/staff/messages': 'Tin nhắn',
  '/staff/cash-close': 'Chốt ca',
  '/admin/e-invoices': 'Hóa đơn điện tử',
  '/admin/cod-statements': 'Đối soát COD',
  '/manager/cod-statements': 'Đối soát COD',
  '/admin/warranty-claims': 'Bảo hành hãng',
  '/manager/warranty-claims': 'Bảo hành hãng',
  '/admin/releases': 'Phát hành giao diện',
  ...Object.fromEntries(['admin', 'manager'].flatMap((area) => ['products', 'services', 'packages', 'promotions'].map((kind) => [`/${area}/catalogue/${kind}/:id`, 'Danh mục sản phẩm']))),
};

/** An item page at its bare pattern (no item id) says so in its h1; its title is the catalogue's until the item loads. */
const headingAt = (path: string) => (path.endsWith('/:id') ? 'Không tìm thấy mục này trong danh mục.' : EXPECTED_TITLES[path]!);

/**
 * The pages that show no failed load here: their reads never answer (test/setup.ts), or an item page at its bare
 * pattern reads nothing. Every other page reads the API, which no test reaches, and says what it could not load.
 */
const NO_FAILED_LOAD = new Set([
  ...Object.keys(EXPECTED_TITLES).filter((path) => path.endsWith('/:id')),
  '/staff/web-orders',
  '/manager/web-orders',
  '/admin/web-orders',
  '/admin/reviews',
  '/manager/ratings',
  '/staff/messages',
]);

describe('the back-office routes module', () => {
  it('has the shape the shell expects', () => {
    expect(isRemoteRoutesModule(routesModule)).toBe(true);
  });

  it('provides exactly the paths the route table assigns to mfe_backoffice, once each', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...routesOwnedBy('mfe_backoffice')].sort());
  });

  it.each(pages.map((page) => [page.path, page] as const))('%s renders its Vietnamese title as the only h1, then says when it cannot load', async (path, page) => {
    expect(page.title).toBe(EXPECTED_TITLES[path]);
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={<page.Component />} />
        </Routes>
      </MemoryRouter>,
    );
    // each page arrives in a chunk of its own (lazyPage, decision 0074)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(headingAt(path));
    if (!NO_FAILED_LOAD.has(path)) expect(await screen.findAllByText(/^Không tải được/)).not.toHaveLength(0);
  });
});
