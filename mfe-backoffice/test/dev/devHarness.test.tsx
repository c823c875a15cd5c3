import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import DevHarness from '../../src/dev/DevHarness';
import { pages } from '../../src/routes';

describe('the development harness', () => {
  it('links to every page but the items’ own (reached from their lists) and shows the one at the URL', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/reports']}>
        <DevHarness />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Các trang quản trị' });
    expect(bar.querySelectorAll('a')).toHaveLength(pages.filter((page) => !page.path.includes(':')).length);
    expect(bar.querySelector('a[href*=":"]')).toBeNull();
    expect(pages.length).toBeGreaterThanOrEqual(19);
    // the page arrives in a chunk of its own
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Báo cáo');
    // the page reads the API, which no test reaches
    expect(await screen.findByText('Không tải được báo cáo. Vui lòng thử lại.')).toBeInTheDocument();
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
