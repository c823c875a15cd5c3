import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { LoyaltyKpis } from 'shared-contracts/schemas';
import { loyaltyApi } from '../../src/loyalty/loyaltyApi';
import { AdminDashboardPage } from '../../src/pages/admin/AdminDashboardPage';

jest.mock('../../src/loyalty/loyaltyApi', () => ({ loyaltyApi: { settings: jest.fn(), changeSettings: jest.fn(), customer: jest.fn(), adjust: jest.fn(), kpis: jest.fn() }, newRequestKey: () => 'key-1' }));
jest.mock('../../src/adminOverview', () => ({ AdminOverview: () => <p>Tổng quan các trung tâm</p> }));

const api = jest.mocked(loyaltyApi);
const zero = { issued: 0, redeemed: 0, returned: 0, reversed: 0, expired: 0, deducted: 0 };
const YEAR: LoyaltyKpis = {
  from: '2025-12',
  to: '2026-11',
  months: [
    { ...zero, month: '2025-12', issued: 12_500, redeemed: 3_000, outstanding: 9_500, pointValue: 10, liability: 95_000 },
    { ...zero, month: '2026-11', issued: 1_000, expired: 250, reversed: 100, outstanding: 10_150, pointValue: 20, liability: 203_000 },
  ],
  totals: { ...zero, issued: 13_500, redeemed: 3_000, expired: 250, reversed: 100 },
};

const renderAdmin = () =>
  render(
    <MemoryRouter initialEntries={['/admin?view=loyalty']}>
      <Routes>
        <Route path="/admin" element={<AdminDashboardPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  jest.resetAllMocks();
  api.settings.mockReturnValue(new Promise(() => undefined));
  api.kpis.mockResolvedValue(YEAR);
});

describe('"Chỉ số điểm thưởng" beside the rules', () => {
  it('shows the last 12 months’ points and liability, months as MM/yyyy, numbers and ₫ the Vietnamese way', async () => {
    renderAdmin();
    const section = await screen.findByRole('region', { name: 'Chỉ số điểm thưởng' });
    const table = await within(section).findByRole('table', { name: 'Chỉ số điểm thưởng từ 12/2025 đến 11/2026' });
    expect(api.kpis).toHaveBeenCalledWith({}, expect.anything());
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Tháng',
      'Phát hành',
      'Đã dùng',
      'Hoàn lại',
      'Thu hồi do hoàn tiền',
      'Hết hạn',
      'Điều chỉnh giảm',
      'Điểm còn lại cuối tháng',
      'Giá trị 1 điểm',
      'Giá trị phải trả',
    ]);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('12/2025');
    expect(cells(rows[1]!)).toEqual(['12.500', '3.000', '0', '0', '0', '0', '9.500', '10 ₫', '95.000 ₫']);
    expect(cells(rows[2]!)).toEqual(['1.000', '0', '0', '100', '250', '0', '10.150', '20 ₫', '203.000 ₫']);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('Tổng');
    expect(within(section).getByLabelText('Từ tháng')).toHaveValue('2025-12');
    expect(within(section).getByLabelText('Đến tháng')).toHaveValue('2026-11');
  });

  it('checks the range first, then asks for the months chosen', async () => {
    const user = userEvent.setup();
    renderAdmin();
    const section = await screen.findByRole('region', { name: 'Chỉ số điểm thưởng' });
    await within(section).findByRole('table');
    const from = within(section).getByLabelText('Từ tháng');
    const to = within(section).getByLabelText('Đến tháng');
    await user.clear(from);
    await user.type(from, '2023-01');
    await user.click(within(section).getByRole('button', { name: 'Xem' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Chỉ xem được tối đa 24 tháng một lần.');
    expect(api.kpis).toHaveBeenCalledTimes(1);

    api.kpis.mockResolvedValue({ ...YEAR, from: '2026-01', to: '2026-03', months: [] });
    await user.clear(from);
    await user.type(from, '2026-01');
    await user.clear(to);
    await user.type(to, '2026-03');
    await user.click(within(section).getByRole('button', { name: 'Xem' }));
    expect(await within(section).findByRole('table', { name: 'Chỉ số điểm thưởng từ 01/2026 đến 03/2026' })).toBeInTheDocument();
    expect(api.kpis).toHaveBeenLastCalledWith({ from: '2026-01', to: '2026-03' }, expect.anything());
  });
});
