import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { CustomerLoyalty, StaffCustomerDetail } from 'shared-contracts/schemas';
import { CustomerDetailView } from '../../src/frontDesk/CustomerDetailView';
import { CustomerLoyaltyPanel } from '../../src/loyalty/CustomerLoyaltyPanel';
import { loyaltyApi } from '../../src/loyalty/loyaltyApi';
import { signIn, signOut } from '../partsRequestFixtures';

let keys = 0;
jest.mock('../../src/loyalty/loyaltyApi', () => ({
  loyaltyApi: { settings: jest.fn(), changeSettings: jest.fn(), customer: jest.fn(), adjust: jest.fn() },
  newRequestKey: () => `key-${(keys += 1)}`,
}));

const api = jest.mocked(loyaltyApi);

const LEDGER: CustomerLoyalty = {
  userId: 7,
  fullName: 'Phạm Khách Hàng',
  balance: 300,
  pointValue: 10,
  balanceValue: 3_000,
  entries: [{ id: 11, kind: 'EARN', kindLabel: 'Tích điểm', points: 300, reason: 'Tích điểm dịch vụ', createdAt: '2026-11-18T03:00:00.000Z', expiresAt: '2027-11-18T03:00:00.000Z', actor: null }],
  tier: { code: 'GOLD', label: 'Vàng', multiplierPercent: 125, spend12m: 23_000_000, next: { code: 'DIAMOND', label: 'Kim cương', minSpend: 50_000_000, remaining: 27_000_000 } },
  page: 1,
  pageSize: 50,
  total: 1,
};
const AFTER: CustomerLoyalty = {
  ...LEDGER,
  balance: 400,
  balanceValue: 4_000,
  entries: [{ id: 12, kind: 'ADJUST', kindLabel: 'Điều chỉnh', points: 100, reason: 'Bù điểm do lỗi hệ thống', createdAt: '2026-11-19T03:00:00.000Z', expiresAt: '2027-11-19T03:00:00.000Z', actor: { id: 4, fullName: 'Hoàng Quản Lý' } }, ...LEDGER.entries],
  total: 2,
};

const adjustForm = () => screen.getByRole('form', { name: 'Điều chỉnh điểm' });
const fill = async (user: ReturnType<typeof userEvent.setup>, points: string, reason: string) => {
  const form = adjustForm();
  await user.clear(within(form).getByLabelText('Số điểm (±)'));
  if (points) await user.type(within(form).getByLabelText('Số điểm (±)'), points);
  await user.clear(within(form).getByLabelText('Lý do'));
  if (reason) await user.type(within(form).getByLabelText('Lý do'), reason);
};
const send = (user: ReturnType<typeof userEvent.setup>) => user.click(within(adjustForm()).getByRole('button', { name: 'Điều chỉnh điểm' }));

beforeEach(() => {
  jest.resetAllMocks();
  api.customer.mockResolvedValue(LEDGER);
});
afterEach(signOut);

describe('"Điểm thưởng của khách hàng" with "Điều chỉnh điểm"', () => {
  it('shows the balance, its worth and the ledger newest first with who adjusted', async () => {
    api.customer.mockResolvedValue(AFTER);
    render(<CustomerLoyaltyPanel userId={7} />);
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent('400 điểm');
    expect(screen.getByText(/trị giá 4\.000/)).toBeInTheDocument();
    expect(screen.getByTestId('loyalty-tier')).toHaveTextContent(/^Hạng Vàng \(×1,25\) · chi tiêu 12 tháng 23\.000\.000\s₫$/);
    const rows = within(screen.getByRole('region', { name: 'Sổ điểm' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Điều chỉnh');
    expect(rows[0]).toHaveTextContent('+100');
    expect(rows[0]).toHaveTextContent('Hoàng Quản Lý');
    expect(rows[1]).toHaveTextContent('Hệ thống');
    expect(api.customer).toHaveBeenCalledWith(7, 1, expect.anything());
  });

  it('writes an adjustment once for a double click, then shows the ledger it answered', async () => {
    const user = userEvent.setup();
    let answer: (ledger: CustomerLoyalty) => void = () => undefined;
    api.adjust.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<CustomerLoyaltyPanel userId={7} />);
    await screen.findByTestId('loyalty-balance');
    await fill(user, '100', 'Bù điểm do lỗi hệ thống');
    const button = within(adjustForm()).getByRole('button', { name: 'Điều chỉnh điểm' });
    await user.dblClick(button);
    expect(api.adjust).toHaveBeenCalledTimes(1);
    expect(api.adjust).toHaveBeenCalledWith(7, { points: 100, reason: 'Bù điểm do lỗi hệ thống' }, expect.stringMatching(/^key-/));
    await act(async () => answer(AFTER));
    expect(await screen.findByText('Đã cộng 100 điểm cho khách hàng.')).toBeInTheDocument();
    expect(screen.getByTestId('loyalty-balance')).toHaveTextContent('400 điểm');
    expect(within(adjustForm()).getByLabelText('Số điểm (±)')).toHaveValue('');
  });

  it('keeps the same key when the answer was lost, so the retry writes once', async () => {
    const user = userEvent.setup();
    api.adjust.mockRejectedValueOnce(new ApiError('Không kết nối được máy chủ.', 0, 'NETWORK_ERROR')).mockResolvedValueOnce(AFTER);
    render(<CustomerLoyaltyPanel userId={7} />);
    await screen.findByTestId('loyalty-balance');
    await fill(user, '100', 'Bù điểm do lỗi hệ thống');
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được máy chủ.');
    await send(user);
    expect(await screen.findByText('Đã cộng 100 điểm cho khách hàng.')).toBeInTheDocument();
    expect(api.adjust.mock.calls[0]![2]).toBe(api.adjust.mock.calls[1]![2]);
  });

  it('checks the points and the reason first, in Vietnamese, sending nothing', async () => {
    const user = userEvent.setup();
    render(<CustomerLoyaltyPanel userId={7} />);
    await screen.findByTestId('loyalty-balance');
    await fill(user, '0', 'abc');
    await send(user);
    expect(screen.getByText('Số điểm điều chỉnh phải là số nguyên khác 0.')).toBeInTheDocument();
    expect(screen.getByText('Lý do điều chỉnh tối thiểu 5 ký tự.')).toBeInTheDocument();
    await fill(user, '-301', 'Thu hồi điểm tặng nhầm');
    await send(user);
    expect(screen.getByText('Không thể trừ quá số điểm hiện có: khách hàng còn 300 điểm.')).toBeInTheDocument();
    await fill(user, '1000001', 'Thu hồi điểm tặng nhầm');
    await send(user);
    expect(screen.getByText('Số điểm điều chỉnh tối đa ±1.000.000.')).toBeInTheDocument();
    expect(api.adjust).not.toHaveBeenCalled();
  });

  it('explains the server’s 422 beside the points, and a 409 with the ledger read again', async () => {
    const user = userEvent.setup();
    const message = 'Không thể trừ quá số điểm hiện có: khách hàng còn 250 điểm.';
    api.adjust.mockRejectedValueOnce(new ApiError(message, 422, 'VALIDATION_ERROR', [{ field: 'points', message }]));
    render(<CustomerLoyaltyPanel userId={7} />);
    await screen.findByTestId('loyalty-balance');
    await fill(user, '-300', 'Thu hồi điểm tặng nhầm');
    await send(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(adjustForm()).getByLabelText('Số điểm (±)')).toHaveAttribute('aria-invalid', 'true');

    api.adjust.mockRejectedValueOnce(new ApiError('Mã yêu cầu đã được dùng cho một điều chỉnh khác.', 409, 'IDEMPOTENCY_KEY_REUSED'));
    api.customer.mockResolvedValue(AFTER);
    await fill(user, '50', 'Tặng điểm khách thân thiết');
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Điều chỉnh không được ghi vì dữ liệu vừa thay đổi');
    expect(await screen.findByText('400 điểm')).toBeInTheDocument();
    expect(api.customer).toHaveBeenCalledTimes(2);
    // each try went with its own key
    expect(new Set(api.adjust.mock.calls.map((call) => call[2])).size).toBe(2);
  });
});

describe('the customer’s record', () => {
  const CUSTOMER = { id: 7, access: 'walk-in', fullName: 'Phạm Khách Hàng', phone: '0912345678', vehicles: [] } as unknown as StaffCustomerDetail;
  const renderRecord = () =>
    render(
      <MemoryRouter>
        <CustomerDetailView customer={CUSTOMER} />
      </MemoryRouter>,
    );

  it('shows the points to a manager and an admin', async () => {
    signIn('manager');
    renderRecord();
    expect(await screen.findByRole('region', { name: 'Điểm thưởng của khách hàng' })).toBeInTheDocument();
    expect(api.customer).toHaveBeenCalledWith(7, 1, expect.anything());
  });

  it('shows no points to the counter’s staff', () => {
    signIn('staff');
    renderRecord();
    expect(screen.queryByRole('region', { name: 'Điểm thưởng của khách hàng' })).not.toBeInTheDocument();
    expect(api.customer).not.toHaveBeenCalled();
  });
});
