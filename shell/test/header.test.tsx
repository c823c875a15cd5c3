import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { eventBus, sessionStore, STORAGE_KEYS } from 'shared-contracts';
import { fakeRemoteRoutes } from './remoteLoaderMock';
import { renderShell } from './renderShell';
import { setMobileViewport } from './setup';

jest.mock('../src/federation/remoteLoader', () => ({
  loadRemoteRoutes: jest.fn(async (remote: 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice') => fakeRemoteRoutes(remote)),
  loadRemoteModule: jest.fn(async () => ({ default: () => null })),
  resetRemote: jest.fn(async () => undefined),
}));

const customer = { id: '42', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer' as const, emailVerified: true, avatar: null };

describe('header', () => {
  afterEach(() => {
    // unmount first: the session reset is for the next test, not a change for this one's screen to render
    cleanup();
    sessionStore.clear();
    jest.useRealTimers();
  });

  it('shows the five menu items with their links, and guest actions', async () => {
    renderShell('/');
    const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
    const links = within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-haspopup') !== null || link.getAttribute('href') === '/contact');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dịch vụ', '/services'],
      ['Sản phẩm', '/products'],
      ['Ưu đãi', '/promotions'],
      ['Gói dịch vụ', '/packages'],
      ['Liên hệ', '/contact'],
    ]);
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Đặt chỗ ngay' })).toHaveAttribute('href', '/booking');
    expect(screen.queryByRole('button', { name: 'Đăng xuất' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tìm kiếm' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });

  it('links the mega-menu entries: service tiers, AI diagnostics, schedule management to /booking', async () => {
    renderShell('/');
    const services = screen.getByTestId('dropdown-services');
    expect(within(services).getByRole('link', { name: /Bảo dưỡng cơ bản/ })).toHaveAttribute('href', '/services#co-ban');
    expect(within(services).getByRole('link', { name: /Chẩn đoán AI/ })).toHaveAttribute('href', '/services/chan-doan');
    expect(within(services).getByRole('link', { name: /Quản lý lịch hẹn/ })).toHaveAttribute('href', '/booking');
    const products = screen.getByTestId('dropdown-products');
    expect(within(products).getByRole('link', { name: /Pin & bộ sạc/ })).toHaveAttribute('href', '/products?category=pin-bo-sac');
    expect(screen.getByTestId('dropdown-services').style.width).toBe('800px');
    expect(screen.getByTestId('dropdown-products').style.width).toBe('640px');
    expect(screen.getByTestId('dropdown-promotions').style.width).toBe('480px');
    expect(screen.getByTestId('dropdown-packages').style.width).toBe('320px');
    await screen.findByRole('heading', { level: 1 });
  });

  it('opens a dropdown on hover and closes it 100 ms after the pointer leaves', async () => {
    jest.useFakeTimers();
    renderShell('/');
    const item = within(screen.getByRole('navigation', { name: 'Điều hướng chính' })).getByRole('link', { name: 'Dịch vụ' }).closest('li')!;
    const dropdown = screen.getByTestId('dropdown-services');
    expect(dropdown).toHaveAttribute('data-open', 'false');
    fireEvent.mouseEnter(item);
    expect(dropdown).toHaveAttribute('data-open', 'true');
    fireEvent.mouseLeave(item);
    act(() => jest.advanceTimersByTime(99));
    expect(dropdown).toHaveAttribute('data-open', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(dropdown).toHaveAttribute('data-open', 'false');
    await screen.findByRole('heading', { level: 1 });
  });

  it('keeps the dropdown open when the pointer comes back within 100 ms', async () => {
    jest.useFakeTimers();
    renderShell('/');
    const item = within(screen.getByRole('navigation', { name: 'Điều hướng chính' })).getByRole('link', { name: 'Dịch vụ' }).closest('li')!;
    fireEvent.mouseEnter(item);
    fireEvent.mouseLeave(item);
    act(() => jest.advanceTimersByTime(60));
    fireEvent.mouseEnter(item);
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByTestId('dropdown-services')).toHaveAttribute('data-open', 'true');
    await screen.findByRole('heading', { level: 1 });
  });

  it('shows the real cart count from the bus, hidden when the cart is empty', async () => {
    renderShell('/');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    act(() => eventBus.publish('cart/changed', { itemCount: 5, total: 1_500_000 }));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('5');
    expect(screen.getByTestId('cart-link')).toHaveAttribute('href', '/cart');
    act(() => eventBus.publish('cart/changed', { itemCount: 0, total: 0 }));
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });

  it('shows profile and logout when logged in; logout clears the session, toasts and goes home', async () => {
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    sessionStorage.setItem(STORAGE_KEYS.loginToastShown, '1');
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => '{}' })) as unknown as typeof fetch;
    const { router } = renderShell('/products');
    expect(screen.getByRole('link', { name: /Nguyễn Văn An/ })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Đăng nhập' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Đăng xuất' }));

    expect(await screen.findByText('Đã đăng xuất')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.loginToastShown)).toBeNull();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
  });

  it("links a customer's account actions to their points, and asks the API for nothing about them", async () => {
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    sessionStorage.setItem(STORAGE_KEYS.loginToastShown, '1');
    const fetch = jest.fn(async (_url: string) => ({ ok: true, status: 200, text: async () => '{}' }));
    global.fetch = fetch as unknown as typeof global.fetch;
    renderShell('/products');
    expect(screen.getByRole('link', { name: 'Điểm thưởng' })).toHaveAttribute('href', '/loyalty');
    await screen.findByRole('heading', { level: 1 });
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/loyalty'))).toEqual([]);
  });

  it('leaves the points out for staff and guests', async () => {
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: { ...customer, role: 'staff' } });
    sessionStorage.setItem(STORAGE_KEYS.loginToastShown, '1');
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => '{}' })) as unknown as typeof fetch;
    const { unmount } = renderShell('/products');
    expect(screen.getByRole('link', { name: /Nguyễn Văn An/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Điểm thưởng' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
    unmount();
    sessionStore.clear();
    renderShell('/products');
    expect(screen.queryByRole('link', { name: 'Điểm thưởng' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });

  it("puts the points in the mobile menu's account actions for a customer", async () => {
    setMobileViewport(true);
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    sessionStorage.setItem(STORAGE_KEYS.loginToastShown, '1');
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => '{}' })) as unknown as typeof fetch;
    const { router } = renderShell('/products');
    expect(screen.queryByRole('link', { name: 'Điểm thưởng' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mở menu' }));
    const points = screen.getByRole('link', { name: 'Điểm thưởng' });
    expect(points).toHaveAttribute('href', '/loyalty');
    fireEvent.click(points);
    expect(router.state.location.pathname).toBe('/loyalty');
    expect(screen.queryByRole('button', { name: 'Đóng menu' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });

  it('switches to the mobile form below 1024 px with a menu button', async () => {
    setMobileViewport(true);
    renderShell('/');
    expect(screen.queryByRole('navigation', { name: 'Điều hướng chính' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mở menu' }));
    const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
    expect(within(nav).getByRole('link', { name: 'Gói dịch vụ' })).toHaveAttribute('href', '/packages');
    expect(screen.getByRole('link', { name: 'Đặt chỗ ngay' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });

  it('shows the footer with the current year and All rights reserved', async () => {
    renderShell('/');
    expect(screen.getByText(new RegExp(`${new Date().getFullYear()}.*All rights reserved`))).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
  });
});
