import { ApiError, EventBus, type BusEvents, type Session } from 'shared-contracts';
import type { CartLine } from 'shared-contracts/schemas';
import { createCartService, stockRefusal } from '../../src/cart/cartService';
import { readStoredCart, writeStoredCart } from '../../src/cart/cartStorage';
import { createShopStore } from '../../src/cart/shopStore';
import { applyPromo } from '../../src/pages/promotions/promoSlice';
import * as fixtures from '../support/fixtures';
import { battery, cable, customer, fakeServer, line, premium } from '../support/shopFixtures';

function setup({ session = null as Session | null, server = fakeServer() } = {}) {
  const bus = new EventBus();
  let current = session;
  const store = createShopStore(null);
  const service = createCartService(store, { api: server.api, session: () => current, bus, storage: localStorage });
  const toasts: BusEvents['toast/show'][] = [];
  const changes: BusEvents['cart/changed'][] = [];
  bus.on('toast/show').subscribe((toast) => toasts.push(toast));
  bus.on('cart/changed').subscribe((change) => changes.push(change));
  const logIn = (next: Session = customer) => {
    current = next;
    bus.publish('auth/login', { user: next.user, token: next.token });
  };
  const logOut = () => {
    current = null;
    bus.publish('auth/logout', { reason: 'user' });
  };
  return { bus, store, service, server, toasts, changes, logIn, logOut, cart: () => store.getState().cart };
}

/** What localStorage holds under 'cart' (nothing counts as the empty guest cart). */
function storedGuestCart(): unknown {
  return JSON.parse(localStorage.getItem('cart') ?? '{"items":[]}');
}

beforeEach(() => localStorage.clear());

describe("a guest's cart", () => {
  it('adds items (a new line at 1, again +1), keeps them in localStorage and tells the header', async () => {
    const { service, cart, changes, toasts } = setup();
    await service.start();
    await service.add(battery);
    await service.add(cable);
    await service.add(battery);
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-1', 2],
      ['product-7', 1],
    ]);
    expect(changes.at(-1)).toEqual({ itemCount: 3, total: 2 * 8_900_000 + 1_250_000 });
    expect(toasts.at(-1)).toEqual({ type: 'success', message: 'Đã thêm vào giỏ hàng' });
    const stored = JSON.parse(localStorage.getItem('cart')!);
    expect(stored.userId).toBeUndefined();
    expect(stored.items.map((item: CartLine) => [item.id, item.kind, item.refId, item.quantity])).toEqual([
      ['product-1', 'product', 1, 2],
      ['product-7', 'product', 7, 1],
    ]);
  });

  it('survives a reload: a new owner reads the stored guest cart', async () => {
    const first = setup();
    await first.service.start();
    await first.service.add(cable, 2);
    await first.service.add(premium);

    const reloaded = setup();
    await reloaded.service.start();
    expect(reloaded.cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-7', 2],
      ['package-3', 1],
    ]);
    expect(reloaded.changes).toEqual([{ itemCount: 3, total: 2 * 1_250_000 + 4_990_000 }]);
  });

  it('refuses more than the stock with the message of the contract, cart unchanged', async () => {
    const { service, cart, toasts } = setup();
    await service.start();
    expect(await service.add(battery, 2)).toBe(true);
    expect(await service.add(battery, 2)).toBe(false);
    expect(toasts.at(-1)).toEqual({ type: 'error', message: 'Chỉ còn 3 sản phẩm trong kho' });
    expect(cart().items[0]!.quantity).toBe(2);
    expect(await service.setQuantity('product-1', 4)).toBe(false);
    expect(await service.setQuantity('product-1', 3)).toBe(true);
    expect(cart().itemCount).toBe(3);
    expect(await service.add({ ...cable, stock: 0 })).toBe(false);
    expect(toasts.at(-1)).toEqual({ type: 'error', message: 'Sản phẩm đã hết hàng' });
  });

  it('a package has no stock limit; adding several at once tells the header once', async () => {
    const { service, cart, changes } = setup();
    await service.start();
    await service.add(premium, 5);
    expect(cart().items).toEqual([expect.objectContaining({ id: 'package-3', quantity: 5, stock: null })]);
    expect(changes).toEqual([
      { itemCount: 0, total: 0 },
      { itemCount: 5, total: 5 * 4_990_000 },
    ]);
  });

  it('quantity 0 removes a line; remove and clear work', async () => {
    const { service, cart } = setup();
    await service.start();
    await service.add(battery);
    await service.add(cable);
    await service.add(premium);
    await service.setQuantity('product-1', 0);
    expect(cart().items.map((item) => item.id)).toEqual(['product-7', 'package-3']);
    await service.remove('package-3');
    expect(cart().items.map((item) => item.id)).toEqual(['product-7']);
    await service.clear();
    expect(cart()).toMatchObject({ items: [], itemCount: 0, total: 0 });
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual({ items: [] });
  });

  it('refresh asks the server (POST /cart/validate) with the prices shown and flags what changed', async () => {
    const { service, cart, server } = setup({ server: fakeServer([], { currentPrices: { 'product-1': 8_500_000 } }) });
    await service.start();
    await service.add(battery);
    await service.refresh();
    expect(server.api.validate).toHaveBeenCalledWith([{ kind: 'product', refId: 1, quantity: 1, price: 8_900_000 }], undefined);
    expect(cart().items[0]).toMatchObject({ price: 8_500_000, issues: ['price_changed'], promoGroup: 'parts' });
    expect(cart().total).toBe(8_500_000);
  });

  it('the cart/item-added event of the bus adds the item', async () => {
    const { service, bus, cart } = setup();
    await service.start();
    bus.publish('cart/item-added', { item: cable, quantity: 2 });
    await service.idle();
    expect(cart().items).toEqual([expect.objectContaining({ id: 'product-7', quantity: 2 })]);
  });

  it("forgets a customer's mirror left behind without a session", async () => {
    writeStoredCart({ items: [line(cable, 4)], userId: '42' });
    const { service, cart, changes } = setup();
    await service.start();
    expect(cart().items).toEqual([]);
    expect(storedGuestCart()).toEqual({ items: [] });
    expect(changes).toEqual([{ itemCount: 0, total: 0 }]);
  });
});

describe("a customer's cart (server)", () => {
  it('loads GET /cart, mirrors it in localStorage with the user id, and changes it through the API', async () => {
    const server = fakeServer([line(cable, 1)]);
    const { service, cart, changes, toasts } = setup({ session: customer, server });
    await service.start();
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([['product-7', 1]]);

    await service.add(battery, 2);
    expect(server.api.add).toHaveBeenCalledWith({ kind: 'product', refId: 1, quantity: 2 });
    expect(toasts.at(-1)).toEqual({ type: 'success', message: 'Đã thêm vào giỏ hàng' });
    await service.setQuantity('product-7', 3);
    expect(server.api.setQuantity).toHaveBeenCalledWith('product-7', 3);
    expect(changes.at(-1)).toEqual({ itemCount: 5, total: 2 * 8_900_000 + 3 * 1_250_000 });
    expect(readStoredCart()).toMatchObject({ userId: '42', items: [expect.objectContaining({ id: 'product-7', quantity: 3 }), expect.objectContaining({ id: 'product-1', quantity: 2 })] });

    await service.remove('product-7');
    expect(server.api.remove).toHaveBeenCalledWith('product-7');
    expect(server.lines().map((entry) => entry.id)).toEqual(['product-1']);
    expect(cart().items.map((item) => item.id)).toEqual(['product-1']);
  });

  it('an add puts the line the server answered in place and takes its item count; the other lines stay as loaded', async () => {
    const server = fakeServer([line(cable, 1), line(premium, 1)]);
    const { service, cart, changes, toasts } = setup({ session: customer, server });
    await service.start();
    // Changed on the server since it was loaded (another tab): the add does not read the other lines again.
    await server.api.setQuantity('package-3', 2);

    await service.add(cable, 2);
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-7', 3],
      ['package-3', 1],
    ]);
    expect(cart().itemCount).toBe(5);
    expect(changes.at(-1)).toEqual({ itemCount: 5, total: 3 * 1_250_000 + 4_990_000 });
    expect(toasts.at(-1)).toEqual({ type: 'success', message: 'Đã thêm vào giỏ hàng' });

    await service.add(battery);
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-7', 3],
      ['package-3', 1],
      ['product-1', 1],
    ]);
    expect(cart().itemCount).toBe(6);
    expect(readStoredCart()).toMatchObject({ userId: '42', items: [expect.objectContaining({ id: 'product-7' }), expect.objectContaining({ id: 'package-3' }), expect.objectContaining({ id: 'product-1' })] });

    // The cart page reads the whole cart again.
    await service.refresh();
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-7', 3],
      ['package-3', 2],
      ['product-1', 1],
    ]);
    expect(cart().itemCount).toBe(6);
  });

  it("more than the stock is refused with the server's message and the cart stays as it was", async () => {
    const server = fakeServer([line(battery, 2)]);
    const { service, cart, toasts } = setup({ session: customer, server });
    await service.start();
    expect(await service.add(battery, 2)).toBe(false);
    expect(toasts.at(-1)).toEqual({ type: 'error', message: 'Chỉ còn 3 sản phẩm trong kho' });
    expect(cart().items[0]!.quantity).toBe(2);
  });

  it('a login merges the guest cart (POST /cart/merge, capped by stock), clears the guest cart and shows the result', async () => {
    const server = fakeServer([line(battery, 2)]);
    const { service, cart, logIn, toasts, changes } = setup({ server });
    await service.start();
    await service.add(battery, 2);
    await service.add(premium);
    expect(readStoredCart().userId).toBeNull();

    logIn();
    await service.idle();
    expect(server.api.merge).toHaveBeenCalledWith([
      { kind: 'product', refId: 1, quantity: 2 },
      { kind: 'package', refId: 3, quantity: 1 },
    ]);
    // 2 on the server + 2 from the guest cart, only 3 in stock
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-1', 3],
      ['package-3', 1],
    ]);
    expect(readStoredCart()).toMatchObject({ userId: '42', items: [expect.objectContaining({ quantity: 3 }), expect.objectContaining({ quantity: 1 })] });
    expect(toasts.at(-1)).toEqual({ type: 'info', message: 'Các sản phẩm trong giỏ của bạn đã được thêm vào tài khoản.' });
    expect(changes.at(-1)).toEqual({ itemCount: 4, total: 3 * 8_900_000 + 4_990_000 });
  });

  it('at start with a token and a stored guest cart, the guest cart is merged once', async () => {
    writeStoredCart({ items: [line(cable, 2)], userId: null });
    const server = fakeServer([line(cable, 1)]);
    const { service, cart } = setup({ session: customer, server });
    await service.start();
    expect(server.api.merge).toHaveBeenCalledTimes(1);
    expect(server.api.get).not.toHaveBeenCalled();
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([['product-7', 3]]);
    expect(readStoredCart().userId).toBe('42');
  });

  it('a failed merge keeps the guest cart in storage and is tried again before the next change', async () => {
    writeStoredCart({ items: [line(cable, 2)], userId: null });
    const server = fakeServer();
    server.api.merge.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'));
    const { service, cart, toasts } = setup({ session: customer, server });
    await service.start();
    expect(toasts.at(-1)).toEqual({ type: 'error', message: 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.' });
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([['product-7', 2]]);
    expect(readStoredCart()).toMatchObject({ userId: null, items: [expect.objectContaining({ id: 'product-7', quantity: 2 })] });

    await service.add(battery);
    expect(server.api.merge).toHaveBeenCalledTimes(2);
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-7', 2],
      ['product-1', 1],
    ]);
    expect(readStoredCart().userId).toBe('42');
  });

  it('logout goes back to the empty guest cart and drops the applied code', async () => {
    const server = fakeServer([line(cable, 2)]);
    const { service, store, cart, logOut, changes } = setup({ session: customer, server });
    await service.start();
    store.dispatch(applyPromo(fixtures.promotions[0]!));
    logOut();
    await service.idle();
    expect(cart().items).toEqual([]);
    expect(store.getState().promo.appliedPromo).toBeNull();
    expect(storedGuestCart()).toEqual({ items: [] });
    expect(changes.at(-1)).toEqual({ itemCount: 0, total: 0 });
  });

  it("an answer that arrives after a logout does not put the customer's cart in the guest cart", async () => {
    const server = fakeServer([line(cable, 2)]);
    let release!: () => void;
    server.api.add.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { line: line(cable, 3), itemCount: 3 };
    });
    const { service, cart, logOut } = setup({ session: customer, server });
    await service.start();
    const adding = service.add(cable);
    await new Promise((resolve) => setTimeout(resolve, 0));
    logOut();
    release();
    await adding;
    await service.idle();
    expect(cart().items).toEqual([]);
    expect(storedGuestCart()).toEqual({ items: [] });
  });
});

describe('stockRefusal', () => {
  it.each([
    [null, 50, null],
    [5, 5, null],
    [5, 6, 'Chỉ còn 5 sản phẩm trong kho'],
    [0, 1, 'Sản phẩm đã hết hàng'],
  ])('stock %p, wanted %i → %p', (stock, wanted, message) => {
    expect(stockRefusal(stock, wanted)).toBe(message);
  });
});
