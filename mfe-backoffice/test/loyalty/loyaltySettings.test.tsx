import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { LoyaltySettingsChange, LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { loyaltyApi } from '../../src/loyalty/loyaltyApi';
import { AdminDashboardPage } from '../../src/pages/admin/AdminDashboardPage';

jest.mock('../../src/loyalty/loyaltyApi', () => ({ loyaltyApi: { settings: jest.fn(), changeSettings: jest.fn(), customer: jest.fn(), adjust: jest.fn() }, newRequestKey: () => 'key-1' }));
jest.mock('../../src/adminOverview', () => ({ AdminOverview: () => <p>Tổng quan các trung tâm</p> }));

const api = jest.mocked(loyaltyApi);

const FIRST: LoyaltySettingsChange = { id: 1, pointsPer1000: 1, pointValue: 10, redeemCapPercent: 50, redeemMinimum: 100, signupBonus: 50, birthdayBonus: 100, effectiveFrom: '2000-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', changedBy: null };
const SECOND: LoyaltySettingsChange = { id: 2, pointsPer1000: 2, pointValue: 15, redeemCapPercent: 40, redeemMinimum: 200, signupBonus: 60, birthdayBonus: 120, effectiveFrom: '2026-11-19T01:00:00.000Z', createdAt: '2026-11-19T01:00:00.000Z', changedBy: { id: 9, fullName: 'Lê Quản Trị' } };
const OVERVIEW: LoyaltySettingsOverview = { current: SECOND, history: [SECOND, FIRST] };

const renderAdmin = (url = '/admin?view=loyalty') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin" element={<AdminDashboardPage />} />
      </Routes>
    </MemoryRouter>,
  );

const form = () => screen.getByRole('form', { name: 'Thay đổi quy định' });

beforeEach(() => {
  jest.resetAllMocks();
  api.settings.mockResolvedValue(OVERVIEW);
});

describe('"Điểm thưởng" on the admin’s dashboard', () => {
  it('is a view of /admin beside the overview', async () => {
    renderAdmin('/admin');
    expect(screen.getByText('Tổng quan các trung tâm')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Các mục của quản trị' });
    expect(within(tabs).getByRole('link', { name: 'Điểm thưởng' })).toHaveAttribute('href', '/admin?view=loyalty');
    expect(api.settings).not.toHaveBeenCalled();
  });

  it('shows the rules in force and every change with who made it', async () => {
    renderAdmin();
    const current = await screen.findByRole('region', { name: 'Đang áp dụng' });
    expect(within(current).getByText('Số điểm cho mỗi 1.000 ₫').nextSibling).toHaveTextContent('2');
    expect(within(current).getByText('Giá trị một điểm (₫)').nextSibling).toHaveTextContent('15 ₫');
    expect(within(current).getByText('Tối đa dùng điểm (% đơn hàng)').nextSibling).toHaveTextContent('40 %');
    expect(within(current).getByText('Điểm thưởng khi đăng ký').nextSibling).toHaveTextContent('60');
    expect(within(current).getByText('Điểm thưởng sinh nhật').nextSibling).toHaveTextContent('120');
    const rows = within(screen.getByRole('region', { name: 'Lịch sử thay đổi' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lê Quản Trị');
    expect(rows[0]).toHaveTextContent('Đang áp dụng');
    expect(rows[1]).toHaveTextContent('Mặc định của hệ thống');
    expect(rows[1]).toHaveTextContent('Đã thay thế');
    // The form starts from the rules in force.
    expect(within(form()).getByLabelText('Số điểm cho mỗi 1.000 ₫')).toHaveValue('2');
  });

  it('checks the values first, then saves a change from now and shows the new history', async () => {
    const user = userEvent.setup();
    renderAdmin();
    const points = await screen.findByLabelText('Số điểm cho mỗi 1.000 ₫');
    await user.clear(points);
    await user.type(points, '101');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(screen.getByText('Số điểm cho mỗi 1.000 ₫ phải là số nguyên từ 0 đến 100.')).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(points).toHaveFocus();
    expect(api.changeSettings).not.toHaveBeenCalled();

    const THIRD: LoyaltySettingsChange = { ...SECOND, id: 3, pointsPer1000: 3, effectiveFrom: '2026-11-19T02:00:00.000Z', createdAt: '2026-11-19T02:00:00.000Z' };
    api.changeSettings.mockResolvedValue({ current: SECOND, history: [THIRD, SECOND, FIRST] });
    await user.clear(points);
    await user.type(points, '3');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Đã lưu thay đổi quy định điểm thưởng.')).toBeInTheDocument();
    expect(api.changeSettings).toHaveBeenCalledWith({ pointsPer1000: 3, pointValue: 15, redeemCapPercent: 40, redeemMinimum: 200, signupBonus: 60, birthdayBonus: 120 });
    expect(within(screen.getByRole('region', { name: 'Lịch sử thay đổi' })).getAllByRole('row')).toHaveLength(4);
  });

  it('sends a later instant, refuses a past one, and explains the server’s 422 beside its field', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('radio', { name: 'Từ thời điểm' }));
    const when = screen.getByLabelText('Ngày giờ áp dụng');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(screen.getByText('Vui lòng chọn ngày giờ áp dụng.')).toBeInTheDocument();

    await user.type(when, '2000-01-01T08:00');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(screen.getByText('Không được chọn thời điểm trong quá khứ: thay đổi không áp dụng hồi tố.')).toBeInTheDocument();
    expect(api.changeSettings).not.toHaveBeenCalled();

    const message = 'Áp dụng từ: không được chọn thời điểm trong quá khứ (thay đổi không áp dụng hồi tố).';
    api.changeSettings.mockRejectedValue(new ApiError(message, 422, 'VALIDATION_ERROR', [{ field: 'effectiveFrom', message }]));
    await user.clear(when);
    await user.type(when, '2099-12-31T08:00');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.changeSettings).toHaveBeenCalledWith(expect.objectContaining({ effectiveFrom: new Date('2099-12-31T08:00').toISOString() }));
  });
});
