import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, eventBus, sessionStore } from 'shared-contracts';
import { describeConditions, describeDiscount, describeRemaining, describeValidity } from '../../../src/format/promotionText';
import {
  applyPromo,
  initialPromoState,
  promoReducer,
  removePromo,
  savePromo,
  setAvailablePromotions,
  unsavePromo,
} from '../../../src/pages/promotions/promoSlice';
import { createPromoStore, loginRedirectFor, promoStore, savePromotion, unsavePromotion, type PromoDeps } from '../../../src/pages/promotions/promoStore';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');

const [newUser, freeShip, member] = fixtures.promotions as [typeof fixtures.promotions[0], typeof fixtures.promotions[0], typeof fixtures.promotions[0]];
const customer = { id: '42', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer' as const, emailVerified: true, avatar: null };

function logIn() {
  act(() => sessionStore.save({ token: 'access-token', refreshToken: 'refresh-token', user: customer }));
}

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.clear());
  promoStore.dispatch(setAvailablePromotions([]));
  promoStore.dispatch(removePromo());
  for (const saved of promoStore.getState().promo.savedPromotions) promoStore.dispatch(unsavePromo(saved.id));
});

describe('the promo reducer (spec §3, §4)', () => {
  it('starts with nothing saved, nothing applied and nothing available', () => {
    expect(promoReducer(undefined, { type: '@@init' })).toEqual({ savedPromotions: [], appliedPromo: null, availablePromotions: [] });
  });

  it('apply sets appliedPromo and remove clears it', () => {
    const applied = promoReducer(initialPromoState, applyPromo(member));
    expect(applied.appliedPromo).toEqual(member);
    expect(promoReducer(applied, applyPromo(newUser)).appliedPromo).toEqual(newUser);
    expect(promoReducer(applied, removePromo()).appliedPromo).toBeNull();
  });

  it('save adds a promotion only if its id is not already saved', () => {
    let state = promoReducer(initialPromoState, savePromo(newUser));
    state = promoReducer(state, savePromo(freeShip));
    state = promoReducer(state, savePromo({ ...newUser, title: 'Cùng id, bản khác' }));
    expect(state.savedPromotions.map((promotion) => promotion.id)).toEqual([1, 2]);
    expect(state.savedPromotions[0]!.title).toBe('Chào bạn mới');
  });

  it('unsave removes by id (and nothing else)', () => {
    let state = promoReducer(initialPromoState, savePromo(newUser));
    state = promoReducer(state, savePromo(member));
    state = promoReducer(state, unsavePromo(1));
    expect(state.savedPromotions.map((promotion) => promotion.id)).toEqual([3]);
    expect(promoReducer(state, unsavePromo(99)).savedPromotions).toEqual(state.savedPromotions);
  });

  it('set available replaces the list', () => {
    const state = promoReducer(initialPromoState, setAvailablePromotions([newUser, freeShip]));
    expect(promoReducer(state, setAvailablePromotions([member])).availablePromotions).toEqual([member]);
  });
});

describe('saving on the server', () => {
  function deps(overrides: Partial<PromoDeps> = {}): PromoDeps {
    return {
      api: { savedPromotions: jest.fn(), savePromotion: jest.fn().mockResolvedValue([fixtures.saved(member)]), unsavePromotion: jest.fn().mockResolvedValue([]) },
      isLoggedIn: () => true,
      notifyError: jest.fn(),
      ...overrides,
    };
  }

  it('saves in the store and POSTs the id once', async () => {
    const store = createPromoStore();
    const d = deps();
    await expect(savePromotion(store, member, d)).resolves.toBe('saved');
    await expect(savePromotion(store, member, d)).resolves.toBe('saved');
    expect(store.getState().promo.savedPromotions).toEqual([fixtures.saved(member)]);
    expect(d.api.savePromotion).toHaveBeenCalledTimes(1);
    expect(d.api.savePromotion).toHaveBeenCalledWith(3);
  });

  it('undoes a save the server refused and shows its message', async () => {
    const store = createPromoStore();
    const d = deps();
    (d.api.savePromotion as jest.Mock).mockRejectedValue(new ApiError('Ưu đãi đã hết hạn.', 409, 'PROMOTION_EXPIRED'));
    await expect(savePromotion(store, member, d)).resolves.toBe('failed');
    expect(store.getState().promo.savedPromotions).toEqual([]);
    expect(d.notifyError).toHaveBeenCalledWith('Ưu đãi đã hết hạn.');
  });

  it('unsaves in the store and DELETEs, putting it back when that fails', async () => {
    const store = createPromoStore();
    store.dispatch(savePromo(member));
    const d = deps();
    await expect(unsavePromotion(store, member, d)).resolves.toBe('unsaved');
    expect(d.api.unsavePromotion).toHaveBeenCalledWith(3);
    expect(store.getState().promo.savedPromotions).toEqual([]);

    store.dispatch(savePromo(member));
    expect(store.getState().promo.savedPromotions).toEqual([member]);
    (d.api.unsavePromotion as jest.Mock).mockRejectedValue(new ApiError('Không thể kết nối tới máy chủ.', 0, 'NETWORK'));
    await expect(unsavePromotion(store, member, d)).resolves.toBe('failed');
    expect(store.getState().promo.savedPromotions).toEqual([member]);
  });

  it('a guest is not saved anything and is told to log in', async () => {
    const store = createPromoStore();
    const d = deps({ isLoggedIn: () => false });
    await expect(savePromotion(store, member, d)).resolves.toBe('login');
    expect(d.api.savePromotion).not.toHaveBeenCalled();
    expect(store.getState().promo.savedPromotions).toEqual([]);
  });

  it('builds the login redirect back to the promotions', () => {
    expect(loginRedirectFor('/promotions')).toBe('/auth/login?redirect=/promotions');
    expect(new URLSearchParams(loginRedirectFor('/promotions?type=vip').split('?')[1]).get('redirect')).toBe('/promotions?type=vip');
  });
});

describe('promotion conditions in plain Vietnamese', () => {
  it.each([
    [{ type: 'percentage', value: 20, minOrder: 1_000_000, maxDiscount: 500_000 }, `Giảm 20%, tối đa ${money(500_000)} cho đơn từ ${money(1_000_000)}`],
    [{ type: 'percentage', value: 15, minOrder: 0, maxDiscount: undefined }, 'Giảm 15% cho mọi đơn hàng'],
    [{ type: 'fixed', value: 500_000, minOrder: 5_000_000 }, `Giảm ${money(500_000)} cho đơn từ ${money(5_000_000)}`],
    [{ type: 'shipping', value: 200_000, minOrder: 1_500_000 }, `Miễn phí vận chuyển, tối đa ${money(200_000)} cho đơn từ ${money(1_500_000)}`],
  ] as const)('%j → %s', (terms, expected) => {
    expect(describeDiscount(terms).replace(/\s/g, ' ')).toBe(expected);
  });

  it('shows the last valid day in Vietnam and the uses left', () => {
    expect(describeValidity('2026-12-31T16:59:59.000Z')).toBe('Hiệu lực đến 31/12/2026');
    expect(describeValidity('2026-06-30T18:00:00.000Z')).toBe('Hiệu lực đến 01/07/2026');
    expect(describeRemaining({ usageLimit: 100, usedCount: 97 })).toBe('Còn 3 lượt');
    expect(describeRemaining({ usageLimit: 1, usedCount: 1 })).toBe('Đã hết lượt');
    expect(describeConditions({ eligibility: 'birthday-month', category: ['parts', 'equipment'], perCustomerLimit: 1 })).toEqual([
      'Dành cho khách hàng trong tháng sinh nhật',
      'Áp dụng cho phụ tùng, thiết bị',
      'Mỗi khách hàng dùng 1 lần',
    ]);
  });
});

describe('the promotions page', () => {
  it('shows the active promotions from the API with their conditions, by kind', async () => {
    const { container } = renderAt('/promotions');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Miễn phí giao hàng' })).closest('article')!;
    expect(card).toHaveTextContent(`Miễn phí vận chuyển, tối đa ${money(200_000)} cho đơn từ ${money(1_500_000)}`);
    expect(card).toHaveTextContent('Hiệu lực đến 31/12/2026');
    expect(card).toHaveTextContent('Còn 3 lượt');
    expect(card).toHaveTextContent('FREESHIP');
    expect(container.querySelector('section#flash-sale')).toContainElement(card);
    expect(container.querySelector('section#vip')).toHaveTextContent('Ưu đãi thành viên');
    expect(promoStore.getState().promo.availablePromotions).toEqual(fixtures.promotions);
    expect(document.title).toBe('Ưu đãi | EV Service');
  });

  it.each([
    ['flash-sale', 'Flash sale', 'Miễn phí giao hàng'],
    ['vip', 'Thành viên VIP', 'Ưu đãi thành viên'],
  ])('?type=%s (the header link) shows the %s section', async (type, heading, title) => {
    renderAt(`/promotions?type=${type}`);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Chào bạn mới' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when a kind has no promotion right now', async () => {
    renderAt('/promotions?type=seasonal');
    expect(await screen.findByText('Hiện chưa có chương trình ưu đãi theo mùa nào. Hãy quay lại sau nhé.')).toBeInTheDocument();
  });

  it('sends a guest who clicks Lưu to /auth/login?redirect=/promotions', async () => {
    renderAt('/promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'Lưu mã MEMBER10' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login?redirect=/promotions');
    expect(api.savePromotion).not.toHaveBeenCalled();
  });

  it('lets a logged-in user save and unsave, persisted on the server', async () => {
    logIn();
    await api.savePromotion(newUser.id); // saved earlier, on another device
    api.savePromotion.mockClear();
    renderAt('/promotions');
    const savedSection = (await screen.findByRole('heading', { level: 2, name: 'Ưu đãi đã lưu' })).closest('section')!;
    expect(await within(savedSection).findByRole('heading', { level: 3, name: /Chào bạn mới/ })).toBeInTheDocument();
    expect(api.savedPromotions).toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: 'Lưu mã MEMBER10' }));
    expect(api.savePromotion).toHaveBeenCalledWith(3);
    expect(within(savedSection).getByRole('heading', { level: 3, name: /Ưu đãi thành viên/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Bỏ lưu mã MEMBER10' })[0]).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getAllByRole('button', { name: 'Bỏ lưu mã NEWUSER20' })[0]!);
    expect(api.unsavePromotion).toHaveBeenCalledWith(1);
    await waitFor(() => expect(within(savedSection).queryByRole('heading', { level: 3, name: /Chào bạn mới/ })).not.toBeInTheDocument());
    expect(promoStore.getState().promo.savedPromotions.map((promotion) => promotion.id)).toEqual([3]);
    expect(await api.savedPromotions()).toEqual([fixtures.saved(member)]);
  });

  it('shows the server\'s refusal as a toast and leaves the promotion unsaved', async () => {
    logIn();
    const toasts = jest.fn();
    const subscription = eventBus.on('toast/show').subscribe(toasts);
    api.savePromotion.mockRejectedValue(new ApiError('Bạn đã lưu tối đa số ưu đãi.', 409, 'LIMIT'));
    try {
      renderAt('/promotions');
      await userEvent.click(await screen.findByRole('button', { name: 'Lưu mã MEMBER10' }));
      await waitFor(() => expect(toasts).toHaveBeenCalledWith({ type: 'error', message: 'Bạn đã lưu tối đa số ưu đãi.' }));
      expect(screen.getByRole('button', { name: 'Lưu mã MEMBER10' })).toHaveAttribute('aria-pressed', 'false');
    } finally {
      subscription.unsubscribe();
    }
  });

  it('offers Thử lại when the promotions cannot be loaded', async () => {
    api.promotions.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 500, 'HTTP_500'));
    renderAt('/promotions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Chào bạn mới' })).toBeInTheDocument();
  });
});
