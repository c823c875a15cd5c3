import { EventBus, readStoredCartItemCount, type BusEvents, type Session } from 'shared-contracts';
import { watchCartSession } from '../../src/cart/cartSession';
import { readStoredCart, writeStoredCart } from '../../src/cart/cartStorage';
import { newCheckoutAttempt, readCheckoutAttempt, saveCheckoutAttempt } from '../../src/cart/checkoutAttempt';

const customer: Session = {
  token: 'access',
  refreshToken: 'refresh',
  user: { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer', emailVerified: true, avatar: null },
};

const cable = { id: 'product-7', kind: 'product' as const, refId: 7, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', image: null, price: 1_250_000, quantity: 2, stock: 30, promoGroup: 'accessories' as const, issues: [] };

function watch(session: Session | null) {
  const bus = new EventBus();
  const load = jest.fn(async () => undefined);
  const changes: BusEvents['cart/changed'][] = [];
  bus.on('cart/changed').subscribe((change) => changes.push(change));
  watchCartSession(bus, () => session, load, localStorage);
  return { bus, load, changes };
}

beforeEach(() => localStorage.clear());

describe('the cart session watcher (first load, without the cart owner)', () => {
  it('loads nothing for a guest, nor for a customer whose mirror is current', () => {
    writeStoredCart({ items: [cable], userId: null });
    expect(watch(null).load).not.toHaveBeenCalled();
    writeStoredCart({ items: [cable], userId: '42' });
    expect(watch(customer).load).not.toHaveBeenCalled();
  });

  it('loads the cart owner at start for a customer with a guest cart to merge, or with another customer’s mirror', () => {
    writeStoredCart({ items: [cable], userId: null });
    expect(watch(customer).load).toHaveBeenCalledTimes(1);
    writeStoredCart({ items: [cable], userId: '7' });
    expect(watch(customer).load).toHaveBeenCalledTimes(1);
  });

  it('loads the cart owner on every login (it merges and shows the customer’s cart)', () => {
    const { bus, load } = watch(null);
    bus.publish('auth/login', { user: customer.user, token: customer.token });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a customer's mirror on logout and when it is found without a session, and tells the header", () => {
    writeStoredCart({ items: [cable], userId: '42' });
    const { changes } = watch(null);
    expect(localStorage.getItem('cart')).toBeNull();
    expect(changes).toEqual([{ itemCount: 0, total: 0 }]);

    writeStoredCart({ items: [cable], userId: '42' });
    const loggedIn = watch(customer);
    loggedIn.bus.publish('auth/logout', { reason: 'user' });
    expect(localStorage.getItem('cart')).toBeNull();
    expect(loggedIn.changes).toEqual([{ itemCount: 0, total: 0 }]);
  });

  it('keeps a guest cart on logout (a merge that has not happened yet)', () => {
    writeStoredCart({ items: [cable], userId: null });
    const { bus, changes } = watch(null);
    bus.publish('auth/logout', { reason: 'unauthorized' });
    expect(readStoredCart().items).toHaveLength(1);
    expect(changes).toEqual([]);
  });
});

describe('the unanswered order attempt', () => {
  const body = JSON.stringify({
    items: [{ kind: 'product', refId: 7, quantity: 2, price: 1_250_000 }],
    recipientName: 'Nguyễn Minh Anh',
    phone: '0912345678',
    fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy' } },
    paymentMethod: 'COD',
  });
  const attempt = newCheckoutAttempt('42', 'key-0123456789', body, [cable]);

  it('is read back for its customer only, with the lines as shown', () => {
    saveCheckoutAttempt(attempt);
    expect(readCheckoutAttempt('42')).toEqual({ userId: '42', key: 'key-0123456789', body, lines: [{ id: 'product-7', name: 'Cáp sạc Type 2', quantity: 2, price: 1_250_000 }] });
    expect(readCheckoutAttempt('7')).toBeNull();
    expect(readCheckoutAttempt(null)).toBeNull();
    localStorage.setItem('checkout-attempt', JSON.stringify({ ...attempt, body: '{"items":[]}' }));
    expect(readCheckoutAttempt('42')).toBeNull();
  });

  it("is forgotten on the customer's own logout (their address stays off the browser), kept when the session expired", () => {
    saveCheckoutAttempt(attempt);
    watch(customer).bus.publish('auth/logout', { reason: 'unauthorized' });
    expect(readCheckoutAttempt('42')).not.toBeNull();
    watch(customer).bus.publish('auth/logout', { reason: 'user' });
    expect(localStorage.getItem('checkout-attempt')).toBeNull();
  });
});

describe('the stored cart', () => {
  it('drops lines it cannot read and derives the line id from kind and refId', () => {
    localStorage.setItem(
      'cart',
      JSON.stringify({
        items: [
          { ...cable, id: 'anything' },
          { id: '1', slug: 'old', name: 'Dòng cũ', price: 10, quantity: 1 },
          { ...cable, refId: 8, quantity: 0 },
          { ...cable, refId: 9, price: -5 },
          { kind: 'package', refId: 3, slug: 'cao-cap', name: 'Gói cao cấp', price: 4_990_000, quantity: 1, stock: 5, image: null },
        ],
      }),
    );
    expect(readStoredCart()).toEqual({
      userId: null,
      items: [
        { ...cable, id: 'product-7' },
        { id: 'package-3', kind: 'package', refId: 3, slug: 'cao-cap', name: 'Gói cao cấp', image: null, price: 4_990_000, quantity: 1, stock: null, promoGroup: null, issues: [] },
      ],
    });
    localStorage.setItem('cart', '{broken');
    expect(readStoredCart()).toEqual({ items: [], userId: null });
  });

  it("the header's count: a guest cart always, a customer's mirror only while a session is stored", () => {
    writeStoredCart({ items: [cable, { ...cable, id: 'product-8', refId: 8, quantity: 3 }], userId: null });
    expect(readStoredCartItemCount(localStorage)).toBe(5);
    writeStoredCart({ items: [cable], userId: '42' });
    expect(readStoredCartItemCount(localStorage)).toBe(0);
    localStorage.setItem('authToken', 'access');
    expect(readStoredCartItemCount(localStorage)).toBe(2);
  });
});
