import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { LOYALTY_REFRESH_MS, LoyaltyPage } from '../../../src/pages/loyalty/LoyaltyPage';
import { fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply } from '../../helpers';
import { entry, summary } from '../../loyaltyFixtures';

function serve(reply: () => FakeReply) {
  return mockFetch((call) => (call.method === 'GET' && call.path === '/api/loyalty/me' ? reply() : fail(404, 'Không tìm thấy')));
}

const loyaltyCalls = (calls: Array<{ path: string }>) => calls.filter((call) => call.path === '/api/loyalty/me').length;

beforeEach(() => logIn());
afterEach(() => {
  jest.useRealTimers();
  sessionStore.clear();
});

describe('/loyalty', () => {
  it('shows the balance and its worth, the lots that expire next and the history with signed points and Vietnam dates', async () => {
    serve(() => ok(summary()));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Điểm thưởng' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải điểm thưởng…');

    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent(/^1\.250 điểm · trị giá 12\.500\s₫$/);
    expect(screen.getByText(/Mỗi điểm trị giá 10\s₫\./)).toBeInTheDocument();
    expect(screen.queryByText(/Bạn đang nợ/)).not.toBeInTheDocument();

    const expiring = screen.getByRole('region', { name: 'Điểm sắp hết hạn' });
    expect(within(expiring).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '200 điểm hết hạn ngày 15/03/2027',
      '1.050 điểm hết hạn ngày 21/11/2027',
    ]);

    const history = within(screen.getByRole('region', { name: 'Lịch sử điểm thưởng' })).getAllByTestId('loyalty-entry');
    expect(history).toHaveLength(3);
    expect(history[0]).toHaveTextContent('Tích điểm');
    expect(history[0]).toHaveTextContent('Đơn hàng EV2611220001');
    expect(history[0]).toHaveTextContent('+1.250 điểm');
    expect(within(history[0]!).getByText('21/11/2026')).toHaveAttribute('datetime', '2026-11-20T18:30:00.000Z');
    expect(history[1]).toHaveTextContent('Dùng điểm');
    expect(history[1]).toHaveTextContent('Dùng điểm cho đơn EV2611150002');
    expect(history[1]).toHaveTextContent('-50 điểm');
    expect(history[1]).toHaveTextContent('15/11/2026');
    expect(history[2]).toHaveTextContent('+50 điểm');
  });

  it('explains a negative balance left by a refund', async () => {
    serve(() =>
      ok(
        summary({
          balance: -120,
          balanceValue: -1_200,
          expiring: [],
          history: [entry({ id: 9, kind: 'REVERSE', kindLabel: 'Trừ điểm do hoàn tiền', points: -1_370, reason: 'Hoàn tiền đơn EV2611220001', expiresAt: null })],
        }),
      ),
    );
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent(/^-120 điểm$/);
    expect(screen.getByText('Bạn đang nợ 120 điểm do đơn đã hoàn tiền; điểm tích lũy tiếp theo sẽ bù trước.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Điểm sắp hết hạn' })).getByText('Không có điểm nào sắp hết hạn.')).toBeInTheDocument();
    const [reversed] = screen.getAllByTestId('loyalty-entry');
    expect(reversed).toHaveTextContent('Trừ điểm do hoàn tiền');
    expect(reversed).toHaveTextContent('-1.370 điểm');
  });

  it('says how points are earned when there are none yet, without a rate of its own', async () => {
    serve(() => ok(summary({ balance: 0, balanceValue: 0, expiring: [], history: [] })));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(await screen.findByText(/^Bạn chưa có điểm thưởng nào\./)).toHaveTextContent('đơn hàng của bạn đã giao thành công hoặc khi bạn thanh toán dịch vụ');
    expect(screen.queryByTestId('loyalty-balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lịch sử điểm thưởng' })).not.toBeInTheDocument();
  });

  it('explains a failed load in Vietnamese and loads again on "Thử lại"', async () => {
    let failing = true;
    const api = serve(() => (failing ? fail(503, 'Hệ thống đang bận, vui lòng thử lại.') : ok(summary())));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Hệ thống đang bận, vui lòng thử lại.');
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent(/1\.250 điểm/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loyaltyCalls(api.calls)).toBe(2);
  });

  it('reads the points again when the page regains focus, keeping them on screen meanwhile', async () => {
    let balance = 1_250;
    const api = serve(() => ok(summary({ balance, balanceValue: balance * 10 })));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent(/^1\.250 điểm/);
    balance = 1_400;
    act(() => {
      fireEvent.focus(window);
    });
    expect(screen.getByTestId('loyalty-balance')).toBeInTheDocument();
    expect(await screen.findByText(/^1\.400 điểm · trị giá 14\.000\s₫$/)).toBeInTheDocument();
    expect(loyaltyCalls(api.calls)).toBe(2);
  });

  it(`reads the points again every ${LOYALTY_REFRESH_MS / 1000} s while the page stays open`, async () => {
    jest.useFakeTimers();
    let balance = 1_250;
    const api = serve(() => ok(summary({ balance, balanceValue: balance * 10 })));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent(/^1\.250 điểm/);
    balance = 900;
    await act(async () => {
      jest.advanceTimersByTime(LOYALTY_REFRESH_MS - 1);
    });
    expect(loyaltyCalls(api.calls)).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(await screen.findByText(/^900 điểm · trị giá 9\.000\s₫$/)).toBeInTheDocument();
    expect(loyaltyCalls(api.calls)).toBe(2);
  });

  it('offers a guest the login page and asks for nothing', () => {
    sessionStore.clear();
    const api = serve(() => ok(summary()));
    renderAccountPage('/loyalty', <LoyaltyPage />);
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login?redirect=%2Floyalty');
    expect(loyaltyCalls(api.calls)).toBe(0);
  });
});
