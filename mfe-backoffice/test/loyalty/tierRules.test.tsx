import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { LoyaltyTierRulesChange, LoyaltyTierRulesOverview } from 'shared-contracts/schemas';
import { loyaltyApi } from '../../src/loyalty/loyaltyApi';
import { checkTierRules, TierRulesPanel } from '../../src/loyalty/TierRulesPanel';

jest.mock('../../src/loyalty/loyaltyApi', () => ({ loyaltyApi: { tierRules: jest.fn(), changeTierRules: jest.fn() }, newRequestKey: () => 'key-1' }));

const api = jest.mocked(loyaltyApi);

const tiers = (silver: number, gold: number, diamond: number, multipliers: [number, number, number]): LoyaltyTierRulesChange['tiers'] => [
  { code: 'MEMBER', label: 'Thành viên', minSpend: 0, multiplierPercent: 100 },
  { code: 'SILVER', label: 'Bạc', minSpend: silver, multiplierPercent: multipliers[0] },
  { code: 'GOLD', label: 'Vàng', minSpend: gold, multiplierPercent: multipliers[1] },
  { code: 'DIAMOND', label: 'Kim cương', minSpend: diamond, multiplierPercent: multipliers[2] },
];
const FIRST: LoyaltyTierRulesChange = { id: 1, tiers: tiers(5_000_000, 20_000_000, 50_000_000, [110, 125, 150]), effectiveFrom: '2000-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', changedBy: null };
const SECOND: LoyaltyTierRulesChange = { id: 2, tiers: tiers(6_000_000, 25_000_000, 60_000_000, [110, 130, 175]), effectiveFrom: '2026-11-19T01:00:00.000Z', createdAt: '2026-11-19T01:00:00.000Z', changedBy: { id: 9, fullName: 'Lê Quản Trị' } };

const form = () => screen.getByRole('form', { name: 'Thay đổi quy định hạng' });
const field = (name: string) => within(form()).getByRole('textbox', { name });

beforeEach(() => {
  jest.resetAllMocks();
  api.tierRules.mockResolvedValue({ current: FIRST, history: [FIRST] });
});

describe('"Hạng thành viên" on the admin’s loyalty view', () => {
  it('shows the tiers in force, and every change with who made it', async () => {
    api.tierRules.mockResolvedValue({ current: SECOND, history: [SECOND, FIRST] });
    render(<TierRulesPanel />);
    const current = await screen.findByRole('table', { name: 'Hạng đang áp dụng' });
    const gold = within(current).getByRole('row', { name: /Vàng/ });
    expect(gold).toHaveTextContent(/25\.000\.000\s₫/);
    expect(gold).toHaveTextContent('×1,3');
    const history = screen.getByRole('table', { name: 'Mọi thay đổi quy định hạng, mới nhất trước' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Lê Quản Trị');
    expect(rows[0]).toHaveTextContent('Đang áp dụng');
    expect(rows[0]).toHaveTextContent(/từ 60\.000\.000\s₫ · ×1,75/);
    expect(rows[1]).toHaveTextContent('Mặc định của hệ thống');
    expect(rows[1]).toHaveTextContent('Đã thay thế');
  });

  it('refuses minimums out of order and multipliers outside 100–300 before sending anything', async () => {
    const user = userEvent.setup();
    render(<TierRulesPanel />);
    await screen.findByRole('form', { name: 'Thay đổi quy định hạng' });
    const gold = field('Chi tiêu 12 tháng tối thiểu hạng Vàng (₫)');
    await user.clear(gold);
    await user.type(gold, '4000000');
    const diamond = field('Hệ số điểm hạng Kim cương (%)');
    await user.clear(diamond);
    await user.type(diamond, '350');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(gold).toHaveAccessibleDescription(expect.stringContaining('Mức chi tiêu tối thiểu phải tăng dần: Bạc < Vàng < Kim cương.'));
    expect(diamond).toHaveAccessibleDescription(expect.stringContaining('Hệ số điểm hạng Kim cương (%) phải là số nguyên từ 100 đến 300.'));
    expect(gold).toHaveFocus();
    expect(api.changeTierRules).not.toHaveBeenCalled();
  });

  it('sends a valid change and shows the overview it answered; a server refusal stands beside its field', async () => {
    const user = userEvent.setup();
    api.changeTierRules.mockRejectedValueOnce(
      new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'silverMinSpend', message: 'Chi tiêu 12 tháng tối thiểu hạng Bạc (₫) phải là số nguyên từ 1 đến 100.000.000.000 ₫.' }]),
    );
    api.changeTierRules.mockResolvedValueOnce({ current: SECOND, history: [SECOND, FIRST] } satisfies LoyaltyTierRulesOverview);
    render(<TierRulesPanel />);
    await screen.findByRole('form', { name: 'Thay đổi quy định hạng' });
    const silver = field('Chi tiêu 12 tháng tối thiểu hạng Bạc (₫)');
    await user.clear(silver);
    await user.type(silver, '6000000');
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(silver).toHaveAccessibleDescription(expect.stringContaining('phải là số nguyên từ 1 đến 100.000.000.000 ₫.')));
    await user.click(within(form()).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Đã lưu thay đổi quy định hạng thành viên.')).toBeInTheDocument();
    expect(api.changeTierRules).toHaveBeenLastCalledWith({
      silverMinSpend: 6_000_000,
      goldMinSpend: 20_000_000,
      diamondMinSpend: 50_000_000,
      silverMultiplierPercent: 110,
      goldMultiplierPercent: 125,
      diamondMultiplierPercent: 150,
    });
    expect(within(screen.getByRole('table', { name: 'Hạng đang áp dụng' })).getByRole('row', { name: /Bạc/ })).toHaveTextContent(/6\.000\.000\s₫/);
  });

  it('checks the rules as the server does', () => {
    const valid = { silverMinSpend: '5000000', goldMinSpend: '20000000', diamondMinSpend: '50000000', silverMultiplierPercent: '110', goldMultiplierPercent: '125', diamondMultiplierPercent: '150' };
    expect(checkTierRules(valid)).toEqual({ input: { silverMinSpend: 5_000_000, goldMinSpend: 20_000_000, diamondMinSpend: 50_000_000, silverMultiplierPercent: 110, goldMultiplierPercent: 125, diamondMultiplierPercent: 150 } });
    expect(checkTierRules({ ...valid, diamondMinSpend: '20000000' })).toEqual({ problems: { diamondMinSpend: 'Mức chi tiêu tối thiểu phải tăng dần: Bạc < Vàng < Kim cương.' } });
    expect(checkTierRules({ ...valid, silverMultiplierPercent: '99', silverMinSpend: '0' })).toEqual({
      problems: { silverMinSpend: 'Chi tiêu 12 tháng tối thiểu hạng Bạc (₫) phải là số nguyên từ 1 đến 100.000.000.000 ₫.', silverMultiplierPercent: 'Hệ số điểm hạng Bạc (%) phải là số nguyên từ 100 đến 300.' },
    });
  });
});
