import { screen, within } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import { LoyaltyPage } from '../../../src/pages/loyalty/LoyaltyPage';
import { fail, logIn, mockFetch, ok, renderAccountPage } from '../../helpers';
import { summary } from '../../loyaltyFixtures';

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

const serve = (body: ReturnType<typeof summary>) => mockFetch((call) => (call.method === 'GET' && call.path === '/api/loyalty/me' ? ok(body) : fail(404, 'Không tìm thấy')));

describe('/loyalty: the member’s tier', () => {
  it('shows the tier, its multiplier and the way to the next with a progress bar', async () => {
    serve(summary());
    renderAccountPage('/loyalty', <LoyaltyPage />);
    const card = await screen.findByRole('region', { name: 'Hạng thành viên' });
    expect(within(card).getByTestId('loyalty-tier')).toHaveTextContent('Hạng Bạc');
    expect(within(card).getByText('Điểm tích lũy ×1,1')).toBeInTheDocument();
    expect(within(card).getByTestId('loyalty-tier-progress')).toHaveTextContent('Chi tiêu 12 tháng: 8.000.000 ₫ · Còn 12.000.000 ₫ để lên hạng Vàng');
    const bar = within(card).getByRole('progressbar', { name: 'Tiến độ lên hạng Vàng' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
  });

  it('says the top tier is reached, and tells a member who spent enough that the review moves them up', async () => {
    serve(summary({ tier: { code: 'DIAMOND', label: 'Kim cương', multiplierPercent: 150, spend12m: 61_500_000, next: null } }));
    const first = renderAccountPage('/loyalty', <LoyaltyPage />);
    let card = await screen.findByRole('region', { name: 'Hạng thành viên' });
    expect(within(card).getByTestId('loyalty-tier')).toHaveTextContent('Hạng Kim cương');
    expect(within(card).getByText('Điểm tích lũy ×1,5')).toBeInTheDocument();
    expect(within(card).getByTestId('loyalty-tier-progress')).toHaveTextContent('Chi tiêu 12 tháng: 61.500.000 ₫');
    expect(within(card).getByText('Bạn đang ở hạng cao nhất.')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    first.unmount();

    serve(summary({ tier: { code: 'MEMBER', label: 'Thành viên', multiplierPercent: 100, spend12m: 5_200_000, next: { code: 'SILVER', label: 'Bạc', minSpend: 5_000_000, remaining: 0 } } }));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    card = await screen.findByRole('region', { name: 'Hạng thành viên' });
    expect(within(card).getByRole('progressbar', { name: 'Tiến độ lên hạng Bạc' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(card).getByText('Bạn đã đủ mức chi tiêu của hạng Bạc: hạng mới được cập nhật trong lần xét hạng hằng ngày.')).toBeInTheDocument();
  });
});
