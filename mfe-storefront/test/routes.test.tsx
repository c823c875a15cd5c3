import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { isRemoteRoutesModule, routesOwnedBy } from 'shared-contracts';
import * as routesModule from '../src/routes';

const { pages } = routesModule;

/** The Vietnamese title each storefront page must show (the product's page names). */
const EXPECTED_TITLES: Record<string, string> = {
  '/': 'Trang chủ',
  '/about': 'Giới thiệu',
  '/services': 'Dịch vụ',
  '/products': 'Sản phẩm',
  '/products/:slug': 'Chi tiết sản phẩm',
  '/promotions': 'Ưu đãi',
  '/packages': 'Gói dịch vụ',
  '/contact': 'Liên hệ',
  '/booking': 'Đặt lịch dịch vụ',
  '/cart': 'Giỏ hàng',
};

function concrete(path: string): string {
  return path.replace(':slug', 'pin-lithium-48v-20ah');
}

describe('the storefront routes module', () => {
  it('has the shape the shell expects', () => {
    expect(isRemoteRoutesModule(routesModule)).toBe(true);
  });

  it('provides exactly the paths the route table assigns to mfe_storefront, once each', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...routesOwnedBy('mfe_storefront')].sort());
  });

  it.each(pages.map((page) => [page.path, page] as const))('%s renders its Vietnamese title as the only h1', (path, page) => {
    expect(page.title).toBe(EXPECTED_TITLES[path]);
    render(
      <MemoryRouter initialEntries={[concrete(path)]}>
        <Routes>
          <Route path={path} element={<page.Component />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(EXPECTED_TITLES[path]!);
  });
});
