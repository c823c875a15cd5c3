import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { isRemoteRoutesModule, routesOwnedBy, sessionStore } from 'shared-contracts';
import * as routesModule from '../src/routes';
import { logIn } from './helpers';

const { pages } = routesModule;

const EXPECTED_TITLES: Record<string, string> = {
  '/profile': 'Hồ sơ cá nhân',
  '/dashboard': 'Bảng điều khiển',
  '/my-vehicles': 'Xe của tôi',
  '/maintenance-history': 'Lịch sử bảo dưỡng',
  '/orders': 'Đơn hàng của tôi',
  '/orders/:code': 'Chi tiết đơn hàng',
  '/wishlist': 'Sản phẩm yêu thích',
  '/messages': 'Tin nhắn',
  '/messages/:id': 'Trao đổi với trung tâm',
  '/notifications': 'Thông báo',
  '/loyalty': 'Điểm thưởng',
  '/auth/login': 'Đăng nhập',
  '/auth/register': 'Đăng ký tài khoản',
  '/auth/forgot-password': 'Quên mật khẩu',
  '/auth/forgot-password/confirm': 'Đặt lại mật khẩu',
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {pages.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

afterEach(() => sessionStore.clear());

describe('the account routes module', () => {
  it('has the shape the shell expects', () => {
    expect(isRemoteRoutesModule(routesModule)).toBe(true);
  });

  it('provides exactly the paths the route table assigns to mfe_account, once each', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...routesOwnedBy('mfe_account')].sort());
  });

  it.each(pages.map((page) => [page.path, page] as const))('%s renders its Vietnamese title as the only h1', async (path, page) => {
    expect(page.title).toBe(EXPECTED_TITLES[path]);
    // the profile needs a login; the auth pages are for guests
    if (path === '/profile') logIn();
    renderPage(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(EXPECTED_TITLES[path]!);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends a guest from /profile to /auth/login?redirect=/profile', async () => {
    renderPage('/profile');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Đăng nhập');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login?redirect=%2Fprofile');
  });
});

describe('the auth screens link to each other', () => {
  it('login → register and forgot password', async () => {
    renderPage('/auth/login?redirect=%2Fdashboard');
    await screen.findByRole('heading', { level: 1 });
    // where the visitor was going goes with them to sign-up
    expect(screen.getByRole('link', { name: 'Đăng ký ngay' })).toHaveAttribute('href', '/auth/register?redirect=%2Fdashboard');
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('register → login', async () => {
    renderPage('/auth/register');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login');
  });

  it('forgot password → login', async () => {
    renderPage('/auth/forgot-password');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Quay lại đăng nhập' })).toHaveAttribute('href', '/auth/login');
  });

  it('confirm → request again and login', async () => {
    renderPage('/auth/forgot-password/confirm');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Gửi lại yêu cầu đặt lại mật khẩu' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Quay lại đăng nhập' })).toHaveAttribute('href', '/auth/login');
  });
});

describe('the dashboard', () => {
  it('leads to the vehicles, the maintenance history and the profile', async () => {
    logIn();
    renderPage('/dashboard');
    expect(await screen.findByRole('link', { name: 'Xe của tôi' })).toHaveAttribute('href', '/my-vehicles');
    expect(screen.getByRole('link', { name: 'Lịch sử bảo dưỡng' })).toHaveAttribute('href', '/maintenance-history');
    expect(screen.getByRole('link', { name: 'Hồ sơ cá nhân' })).toHaveAttribute('href', '/profile');
  });
});
