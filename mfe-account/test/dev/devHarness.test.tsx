import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { sessionStore } from 'shared-contracts';
import DevHarness from '../../src/dev/DevHarness';
import { logIn } from '../helpers';

afterEach(() => sessionStore.clear());

describe('the development harness', () => {
  it('links to every page and shows the one at the URL', async () => {
    render(
      <MemoryRouter initialEntries={['/auth/login']}>
        <DevHarness />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Các trang tài khoản' });
    expect(bar.querySelectorAll('a')).toHaveLength(15);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Đăng nhập');
    await userEvent.click(screen.getByRole('link', { name: 'Xe của tôi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Xe của tôi' })).toBeInTheDocument();
  });

  it('shows the verification banner for an unverified session', async () => {
    logIn();
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <DevHarness />
      </MemoryRouter>,
    );
    expect(screen.getByText('Tài khoản của bạn chưa được xác thực email.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Hồ sơ cá nhân');
  });

  it('has a Vietnamese not-found page', () => {
    render(
      <MemoryRouter initialEntries={['/khong-ton-tai']}>
        <DevHarness />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Không tìm thấy trang');
  });
});
