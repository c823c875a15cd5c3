import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import DevHarness from '../../src/dev/DevHarness';
import { pages } from '../../src/routes';
import { answerWithFixtures } from '../support/render';

jest.mock('../../src/api/storefrontApi');

beforeEach(() => answerWithFixtures());

describe('the development harness', () => {
  it('links to every page and shows the one at the URL', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <DevHarness />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Các trang của cửa hàng' });
    // one link per page of the remote (14 with the battery certificate's verify page)
    expect(pages).toHaveLength(14);
    expect(bar.querySelectorAll('a')).toHaveLength(pages.length);
    await screen.findByText('EV Service Quận 1');
    await userEvent.click(within(bar).getByRole('link', { name: 'Giới thiệu' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Giới thiệu');
    await screen.findByText('88 Xuân Thủy, Cầu Giấy, Hà Nội');
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
