import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import DevHarness from '../src/dev/DevHarness';

describe('the development harness', () => {
  it('links to every page and shows the one at the URL', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <DevHarness />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Các trang của cửa hàng' });
    expect(bar.querySelectorAll('a')).toHaveLength(10);
    await userEvent.click(screen.getByRole('link', { name: 'Giới thiệu' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Giới thiệu');
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
