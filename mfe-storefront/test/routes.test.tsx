import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { isRemoteRoutesModule, routesOwnedBy } from 'shared-contracts';
import * as routesModule from '../src/routes';
import { answerWithFixtures } from './support/render';

jest.mock('../src/api/storefrontApi');
jest.mock('../src/batteryVerify/batteryVerifyApi');

const { pages } = routesModule;

/** The Vietnamese title each storefront page must have (the product's page names). */
const EXPECTED_TITLES: Record<string, string> = {
  '/': 'Trang chủ',
  '/about': 'Giới thiệu',
  '/services': 'Dịch vụ',
  '/services/chan-doan': 'Chẩn đoán AI',
  '/products': 'Sản phẩm',
  '/products/:slug': 'Chi tiết sản phẩm',
  '/promotions': 'Ưu đãi',
  '/packages': 'Gói dịch vụ',
  '/contact': 'Liên hệ',
  '/booking': 'Đặt lịch dịch vụ',
  '/cart': 'Giỏ hàng',
  '/checkout': 'Thanh toán',
  '/search': 'Tìm kiếm',
  '/xac-minh-pin/:code': 'Xác minh chứng nhận pin',
};

/** The h1: the page title, except a product page, headed by the product's name. */
const EXPECTED_H1: Record<string, string> = { ...EXPECTED_TITLES, '/products/:slug': 'Pin lithium 48V 20Ah' };

function concrete(path: string): string {
  return path.replace(':slug', 'pin-lithium-48v-20ah').replace(':code', 'ABCDEFGH2345');
}

beforeEach(() => answerWithFixtures());

describe('the storefront routes module', () => {
  it('has the shape the shell expects', () => {
    expect(isRemoteRoutesModule(routesModule)).toBe(true);
  });

  it('provides exactly the paths the route table assigns to mfe_storefront, once each', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...routesOwnedBy('mfe_storefront')].sort());
  });

  it.each(pages.map((page) => [page.path, page] as const))('%s renders its Vietnamese h1 (the only one) and document title', async (path, page) => {
    expect(page.title).toBe(EXPECTED_TITLES[path]);
    render(
      <MemoryRouter initialEntries={[concrete(path)]}>
        <Routes>
          <Route path={path} element={<page.Component />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(EXPECTED_H1[path]!);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // A lazy page commits when its chunk arrives, outside act: its title's effect may run after the h1 shows.
    await waitFor(() => expect(document.title).toBe(`${EXPECTED_H1[path]} | EV Service`));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/\p{L}{3,}/u);
  });
});
