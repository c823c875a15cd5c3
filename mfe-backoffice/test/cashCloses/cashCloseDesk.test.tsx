import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { CashClose, CashCloseHistory, CurrentCashPeriod } from 'shared-contracts/schemas';
import { CashCloseDesk } from '../../src/cashCloses/CashCloseDesk';
import { cashClosesApi } from '../../src/cashCloses/cashClosesApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';

jest.mock('../../src/cashCloses/cashClosesApi', () => ({ cashClosesApi: { current: jest.fn(), close: jest.fn(), history: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(cashClosesApi);
const floor = jest.mocked(subscribeFloorEvents);

const clerk = { id: 7, fullName: 'Trần Nhân Viên' };
const period = (overrides: Partial<CurrentCashPeriod> = {}): CurrentCashPeriod => ({
  centreId: 1,
  centreName: 'EV Hà Nội',
  from: '2026-11-18T17:00:00.000Z',
  sinceLastClose: false,
  until: '2026-11-19T10:00:00.000Z',
  expected: 1_250_000,
  cashIn: 1_300_000,
  cashRefunded: 50_000,
  paymentsCount: 2,
  refundsCount: 1,
  lines: [
    { kind: 'PAYMENT', code: 'HD261119AB12', amount: 800_000, by: clerk, at: '2026-11-19T01:30:00.000Z' },
    { kind: 'PAYMENT', code: 'EV7F3K2M', amount: 500_000, by: clerk, at: '2026-11-19T03:05:00.000Z' },
    { kind: 'REFUND', code: 'EV7F3K2M', amount: 50_000, by: null, at: '2026-11-19T04:00:00.000Z' },
  ],
  linesTruncated: false,
  lastClose: null,
  ...overrides,
});
const closeOf = (overrides: Partial<CashClose> = {}): CashClose => ({
  id: 31,
  centreId: 1,
  centreName: 'EV Hà Nội',
  periodFrom: '2026-11-18T17:00:00.000Z',
  closedAt: '2026-11-19T10:00:00.000Z',
  expected: 1_250_000,
  counted: 1_200_000,
  difference: -50_000,
  reason: 'Trả nhầm tiền thừa cho khách',
  paymentsCount: 2,
  refundsCount: 1,
  closedBy: clerk,
  ...overrides,
});
const historyOf = (items: CashClose[]): CashCloseHistory => ({
  centreId: 1,
  centreName: 'EV Hà Nội',
  from: '2026-11-13',
  to: '2026-11-19',
  items,
  truncated: false,
  totals: {
    expected: items.reduce((sum, item) => sum + item.expected, 0),
    counted: items.reduce((sum, item) => sum + item.counted, 0),
    difference: items.reduce((sum, item) => sum + item.difference, 0),
    withDifference: items.filter((item) => item.difference !== 0).length,
  },
});

const balanced = closeOf({ id: 30, closedAt: '2026-11-18T11:00:00.000Z', periodFrom: '2026-11-18T01:00:00.000Z', expected: 900_000, counted: 900_000, difference: 0, reason: null });
const short = closeOf();

beforeEach(() => {
  jest.clearAllMocks();
  api.current.mockResolvedValue(period());
  api.history.mockResolvedValue(historyOf([short, balanced]));
});

describe('Chốt ca', () => {
  it('shows the expected cash with its lines, and records a shortfall with its reason on Enter', async () => {
    const user = userEvent.setup();
    render(<CashCloseDesk viewer="staff" today="2026-11-19" />);

    expect(await screen.findByTestId('cash-expected')).toHaveTextContent('1.250.000 ₫');
    expect(screen.getByText(/Từ đầu ngày 19\/11\/2026 00:00/)).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Các khoản tiền mặt của ca' });
    const first = within(lines).getByRole('row', { name: /HD261119AB12/ });
    expect(first).toHaveTextContent('800.000 ₫');
    expect(first).toHaveTextContent('Trần Nhân Viên');
    expect(first).toHaveTextContent('19/11/2026 08:30');
    expect(within(lines).getByRole('row', { name: /Hoàn tiền/ })).toHaveTextContent('−50.000 ₫');

    const counted = screen.getByLabelText('Tiền mặt đếm được (₫)');
    // The exact amount needs no reason.
    await user.type(counted, '1250000');
    expect(counted).toHaveValue('1.250.000');
    expect(screen.getByText('Khớp với số dự kiến.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Lý do chênh lệch')).not.toBeInTheDocument();

    // 50.000 ₫ short: the reason appears and is required before anything is sent.
    await user.clear(counted);
    await user.type(counted, '1.200.000{Enter}');
    expect(counted).toHaveValue('1.200.000');
    expect(screen.getByText('Thiếu 50.000 ₫ so với số dự kiến.')).toBeInTheDocument();
    expect(await screen.findByText('Vui lòng ghi lý do chênh lệch.')).toBeInTheDocument();
    expect(api.close).not.toHaveBeenCalled();

    api.close.mockResolvedValue(short);
    api.current.mockResolvedValue(period({ from: short.closedAt, sinceLastClose: true, expected: 0, cashIn: 0, cashRefunded: 0, paymentsCount: 0, refundsCount: 0, lines: [], lastClose: short }));
    await user.type(screen.getByLabelText('Lý do chênh lệch'), 'Trả nhầm tiền thừa cho khách{Enter}');
    expect(api.close).toHaveBeenCalledWith({ counted: 1_200_000, reason: 'Trả nhầm tiền thừa cho khách', expectedSeen: 1_250_000, periodFrom: '2026-11-18T17:00:00.000Z' });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã chốt ca lúc 19/11/2026 17:00.');
    // The next shift starts at the close.
    expect(await screen.findByText(/Từ 19\/11\/2026 17:00 · Lần chốt trước: 19\/11\/2026 17:00, Trần Nhân Viên/)).toBeInTheDocument();
    expect(screen.getByTestId('cash-expected')).toHaveTextContent('0 ₫');
    expect(screen.getByText('Chưa có khoản tiền mặt nào trong ca này.')).toBeInTheDocument();
  });

  it('explains a close someone else made meanwhile and shows the new period', async () => {
    const user = userEvent.setup();
    render(<CashCloseDesk viewer="staff" today="2026-11-19" />);
    await screen.findByTestId('cash-expected');
    const taken = 'Ca này vừa được người khác chốt. Số liệu đã được tải lại: ca mới bắt đầu từ lần chốt đó, vui lòng xem lại trước khi chốt.';
    api.close.mockRejectedValue(new ApiError(taken, 409, 'CASH_CLOSE_TAKEN'));
    api.current.mockResolvedValue(period({ from: short.closedAt, sinceLastClose: true, expected: 0, lines: [], lastClose: closeOf({ closedBy: { id: 9, fullName: 'Hoàng Quản Lý' } }) }));
    await user.type(screen.getByLabelText('Tiền mặt đếm được (₫)'), '1250000');
    await user.click(screen.getByRole('button', { name: /Xác nhận chốt ca/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(await screen.findByText(/Lần chốt trước: 19\/11\/2026 17:00, Hoàng Quản Lý/)).toBeInTheDocument();
    expect(api.current).toHaveBeenCalledTimes(2);
  });

  it('shows the manager each close with a difference in red, marked "Lệch", with its reason', async () => {
    render(<CashCloseDesk viewer="manager" today="2026-11-19" />);
    expect(api.history).toHaveBeenCalledWith('2026-11-13', '2026-11-19', expect.anything());
    const table = await screen.findByRole('table', { name: 'Chốt ca từ 13/11/2026 đến 19/11/2026' });
    const differing = within(table).getByRole('row', { name: /^19\/11\/2026 17:00/ });
    expect(differing).toHaveTextContent('−50.000 ₫Lệch');
    expect(differing).toHaveTextContent('Trả nhầm tiền thừa cho khách');
    expect(within(differing).getByText('Lệch').closest('td')).toHaveClass('differenceCell');
    const even = within(table).getByRole('row', { name: /^18\/11\/2026 18:00/ });
    expect(within(even).queryByText('Lệch')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Tổng/ })).toHaveTextContent('1 lần chốt có chênh lệch.');
  });

  it('shows staff the difference without the manager’s highlight', async () => {
    render(<CashCloseDesk viewer="staff" today="2026-11-19" />);
    const table = await screen.findByRole('table', { name: 'Chốt ca từ 13/11/2026 đến 19/11/2026' });
    const differing = within(table).getByRole('row', { name: /^19\/11\/2026 17:00/ });
    expect(differing).toHaveTextContent('−50.000 ₫');
    expect(within(table).queryByText('Lệch')).not.toBeInTheDocument();
  });

  it('reloads the period when the centre’s floor changes (a payment at the counter)', async () => {
    render(<CashCloseDesk viewer="staff" today="2026-11-19" />);
    await screen.findByTestId('cash-expected');
    api.current.mockResolvedValue(period({ expected: 1_750_000 }));
    const { onChange } = floor.mock.calls[0]![0];
    act(() => onChange({ centreId: 1, kind: 'service-order', appointmentId: null, serviceOrderId: 5, at: '2026-11-19T10:01:00.000Z' }));
    expect(await screen.findByText('1.750.000 ₫')).toBeInTheDocument();
  });
});
