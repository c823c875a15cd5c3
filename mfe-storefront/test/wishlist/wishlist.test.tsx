import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventBus, eventBus, sessionStore, type Session } from 'shared-contracts';
import type { Wishlist, WishlistItem } from 'shared-contracts/schemas';
import { GUEST_WISHLIST_MAX_ITEMS, readGuestWishlist, setGuestWishlisted } from 'shared-contracts/wishlist';
import { wishlistApi } from '../../src/wishlist/wishlistApi';
import { createWishlistStore } from '../../src/wishlist/wishlistStore';
import { watchWishlistSession } from '../../src/wishlist/wishlistSession';
import * as fixtures from '../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../support/render';

jest.mock('../../src/api/storefrontApi');
jest.mock('../../src/wishlist/wishlistApi', () => ({
  wishlistApi: { get: jest.fn(), save: jest.fn(), remove: jest.fn(), merge: jest.fn() },
}));

const wishlist = wishlistApi as jest.Mocked<typeof wishlistApi>;

const customer: Session = {
  token: 'access',
  refreshToken: 'refresh',
  user: { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer', emailVerified: true, avatar: null },
};

function item(productId: number): WishlistItem {
  return {
    productId,
    slug: `p-${productId}`,
    name: `Sản phẩm ${productId}`,
    image: null,
    price: 100_000,
    originalPrice: null,
    priceWhenAdded: 100_000,
    stock: 5,
    available: true,
    notifyPriceDrop: false,
    notifyBackInStock: false,
    addedAt: '2026-11-20T08:00:00.000Z',
  };
}
const list = (...ids: number[]): Wishlist => ({ items: ids.map(item), count: ids.length });

const threeProducts = () =>
  api.products.mockResolvedValue(
    fixtures.productPage([
      fixtures.product(),
      fixtures.product({ id: 2, slug: 'sac-nhanh-60v', name: 'Bộ sạc nhanh 60V' }),
      fixtures.product({ id: 3, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2' }),
    ]),
  );

const heartOf = (card: HTMLElement) => within(card).getByTestId('wishlist-heart');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  localStorage.clear();
  act(() => sessionStore.clear());
});

describe('the heart on product cards and the product page', () => {
  it("keeps a guest's hearts in this browser, with the Vietnamese label and aria-pressed", async () => {
    threeProducts();
    renderAt('/products');
    const cards = await screen.findAllByTestId('product-card');
    const heart = within(cards[1]!).getByRole('button', { name: 'Thêm vào yêu thích' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleDescription('Bộ sạc nhanh 60V');

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Bỏ khỏi yêu thích');
    expect(readGuestWishlist()).toEqual([2]);
    expect(wishlist.save).not.toHaveBeenCalled();

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(readGuestWishlist()).toEqual([]);
  });

  it("shows a customer's hearts from one GET for the whole page and saves a new heart through the API", async () => {
    act(() => sessionStore.save(customer));
    threeProducts();
    wishlist.get.mockResolvedValue(list(3));
    wishlist.save.mockResolvedValue(item(1));
    renderAt('/products');
    const cards = await screen.findAllByTestId('product-card');
    await waitFor(() => expect(heartOf(cards[2]!)).toHaveAttribute('aria-pressed', 'true'));
    expect(heartOf(cards[0]!)).toHaveAttribute('aria-pressed', 'false');
    expect(wishlist.get).toHaveBeenCalledTimes(1);

    await userEvent.click(heartOf(cards[0]!));
    expect(wishlist.save).toHaveBeenCalledWith(1);
    expect(heartOf(cards[0]!)).toHaveAttribute('aria-pressed', 'true');
    expect(readGuestWishlist()).toEqual([]);

    await userEvent.click(heartOf(cards[2]!));
    expect(wishlist.remove).toHaveBeenCalledWith(3);
    expect(wishlist.get).toHaveBeenCalledTimes(1);
  });

  it('puts the heart back and says why when the API refuses', async () => {
    act(() => sessionStore.save(customer));
    wishlist.get.mockResolvedValue(list());
    wishlist.save.mockRejectedValue(new Error('Danh sách yêu thích đã đủ 200 sản phẩm.'));
    renderAt('/products');
    const [card] = await screen.findAllByTestId('product-card');
    await waitFor(() => expect(wishlist.get).toHaveBeenCalled());
    const toasts: string[] = [];
    const subscription = eventBus.on('toast/show').subscribe((toast) => toasts.push(toast.message));
    await userEvent.click(heartOf(card!));
    await waitFor(() => expect(heartOf(card!)).toHaveAttribute('aria-pressed', 'false'));
    expect(toasts).toEqual(['Danh sách yêu thích đã đủ 200 sản phẩm.']);
    subscription.unsubscribe();
  });

  it('has a heart on the product page', async () => {
    renderAt('/products/pin-lithium-48v-20ah');
    const heart = await screen.findByRole('button', { name: 'Thêm vào yêu thích' });
    await userEvent.click(heart);
    expect(readGuestWishlist()).toEqual([fixtures.productDetail().id]);
  });
});

describe("the guest's hearts in the browser", () => {
  it('keeps the newest first and at most 200', () => {
    for (let id = 1; id <= GUEST_WISHLIST_MAX_ITEMS + 5; id += 1) setGuestWishlisted(id, true);
    const ids = readGuestWishlist();
    expect(ids).toHaveLength(GUEST_WISHLIST_MAX_ITEMS);
    expect(ids[0]).toBe(GUEST_WISHLIST_MAX_ITEMS + 5);
    expect(ids).not.toContain(1);
  });

  it('reads a damaged entry as no hearts', () => {
    localStorage.setItem('wishlist', '{not json');
    expect(readGuestWishlist()).toEqual([]);
    localStorage.setItem('wishlist', JSON.stringify({ productIds: [3, 'x', -1, 3, 4.5, 7] }));
    expect(readGuestWishlist()).toEqual([3, 7]);
  });
});

describe('the merge at login', () => {
  function watch(session: Session | null) {
    const bus = new EventBus();
    const merge = jest.fn(async (ids: number[]) => list(...ids));
    const store = { afterMerge: jest.fn(), reset: jest.fn() };
    watchWishlistSession(bus, () => session, { merge }, store, localStorage);
    return { bus, merge, store };
  }

  it("merges the guest's hearts into the account at login and forgets them once merged", async () => {
    setGuestWishlisted(5, true);
    setGuestWishlisted(9, true);
    const { bus, merge, store } = watch(null);
    expect(merge).not.toHaveBeenCalled();

    bus.publish('auth/login', { user: customer.user, token: customer.token });
    expect(store.reset).toHaveBeenCalled();
    expect(store.afterMerge).toHaveBeenCalledTimes(1);
    await store.afterMerge.mock.calls[0]![0];
    expect(merge).toHaveBeenCalledWith([5, 9]);
    expect(readGuestWishlist()).toEqual([]);
  });

  it('merges at start when a session finds hearts not merged yet, and sends nothing without hearts', () => {
    setGuestWishlisted(5, true);
    expect(watch(customer).merge).toHaveBeenCalledTimes(1);
    localStorage.clear();
    const { bus, merge } = watch(null);
    bus.publish('auth/login', { user: customer.user, token: customer.token });
    expect(merge).not.toHaveBeenCalled();
  });

  it('keeps the hearts when the merge fails (tried again at the next start)', async () => {
    setGuestWishlisted(5, true);
    const { bus, merge, store } = watch(null);
    merge.mockRejectedValue(new Error('offline'));
    bus.publish('auth/login', { user: customer.user, token: customer.token });
    await store.afterMerge.mock.calls[0]![0];
    expect(readGuestWishlist()).toEqual([5]);
  });

  it('loads the customer’s hearts only after the merge, so the merged ones show', async () => {
    let finish: (value: Wishlist) => void = () => undefined;
    const get = jest.fn(async () => list(5));
    const store = createWishlistStore({ api: { get, save: jest.fn(), remove: jest.fn() }, session: () => customer, bus: new EventBus() });
    store.afterMerge(new Promise<Wishlist>((resolve) => (finish = resolve)));
    store.load({ pathname: '/products' });
    await Promise.resolve();
    expect(get).not.toHaveBeenCalled();
    finish(list(5));
    await waitFor(() => expect(store.has(5)).toBe(true));
    expect(get).toHaveBeenCalledTimes(1);
  });
});
