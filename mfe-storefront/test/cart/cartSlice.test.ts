import {
  addItem,
  applyChange,
  cartReducer,
  clearCart,
  initialCartState,
  removeItem,
  setCartOpen,
  setItems,
  toggleCart,
  updateQuantity,
  type CartState,
  type NewCartItem,
} from '../../src/cart/cartSlice';

const battery: NewCartItem = {
  id: 'product-1',
  kind: 'product',
  refId: 1,
  slug: 'pin-lithium-48v-20ah',
  name: 'Pin lithium 48V 20Ah',
  image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg',
  price: 8_900_000,
  stock: 12,
};
const cable: NewCartItem = { ...battery, id: 'product-7', refId: 7, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', price: 1_250_000, stock: 30 };
const premium: NewCartItem = { id: 'package-3', kind: 'package', refId: 3, slug: 'cao-cap', name: 'Gói cao cấp', image: null, price: 4_990_000, stock: null };

function reduce(...actions: Parameters<typeof cartReducer>[1][]): CartState {
  return actions.reduce<CartState>((state, action) => cartReducer(state, action), initialCartState);
}

describe('the cart reducer (spec §3, §4)', () => {
  it('starts empty and closed with zero totals', () => {
    expect(cartReducer(undefined, { type: '@@init' })).toEqual({ items: [], isOpen: false, total: 0, itemCount: 0 });
  });

  it('a new item starts at quantity 1, with no issues and its totals', () => {
    const state = reduce(addItem(battery));
    expect(state.items).toEqual([{ ...battery, quantity: 1, issues: [], promoGroup: null }]);
    expect(state.itemCount).toBe(1);
    expect(state.total).toBe(8_900_000);
  });

  it('adding an existing item increases its quantity by 1 (one line, not two)', () => {
    const state = reduce(addItem(battery), addItem(cable), addItem(battery));
    expect(state.items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-1', 2],
      ['product-7', 1],
    ]);
    expect(state.itemCount).toBe(3);
    expect(state.total).toBe(2 * 8_900_000 + 1_250_000);
  });

  it('a product and a package with the same number are different lines', () => {
    const state = reduce(addItem(battery), addItem({ ...premium, id: 'package-1', refId: 1 }));
    expect(state.items.map((item) => item.id)).toEqual(['product-1', 'package-1']);
  });

  it('remove works by id and leaves the other lines', () => {
    const state = reduce(addItem(battery), addItem(cable), addItem(premium), removeItem('product-7'));
    expect(state.items.map((item) => item.id)).toEqual(['product-1', 'package-3']);
    expect(state.itemCount).toBe(2);
    expect(state.total).toBe(8_900_000 + 4_990_000);
    expect(cartReducer(state, removeItem('product-99'))).toEqual(state);
  });

  it('updating a quantity sets it and recomputes the totals', () => {
    const state = reduce(addItem(battery), addItem(cable), updateQuantity({ id: 'product-7', quantity: 4 }));
    expect(state.items.find((item) => item.id === 'product-7')?.quantity).toBe(4);
    expect(state.itemCount).toBe(5);
    expect(state.total).toBe(8_900_000 + 4 * 1_250_000);
  });

  it.each([0, -1, -20])('updating a quantity to %i removes the item', (quantity) => {
    const state = reduce(addItem(battery), addItem(cable), updateQuantity({ id: 'product-1', quantity }));
    expect(state.items.map((item) => item.id)).toEqual(['product-7']);
    expect(state.itemCount).toBe(1);
    expect(state.total).toBe(1_250_000);
  });

  it('clear empties the cart and zeroes the totals', () => {
    const state = reduce(addItem(battery), addItem(cable), addItem(cable), clearCart());
    expect(state).toMatchObject({ items: [], itemCount: 0, total: 0 });
  });

  it('the open flag toggles or is set, and leaves the items alone', () => {
    const withItem = reduce(addItem(battery));
    const opened = cartReducer(withItem, toggleCart());
    expect(opened.isOpen).toBe(true);
    expect(cartReducer(opened, toggleCart()).isOpen).toBe(false);
    expect(cartReducer(opened, setCartOpen(true)).isOpen).toBe(true);
    expect(cartReducer(opened, setCartOpen(false)).isOpen).toBe(false);
    expect(opened.items).toBe(withItem.items);
  });

  it("setItems takes the server's lines (prices, issues) and recomputes the totals", () => {
    const state = reduce(
      addItem(battery),
      setItems([
        { ...battery, price: 8_500_000, quantity: 2, issues: ['price_changed'], promoGroup: 'parts' },
        { ...premium, quantity: 1, issues: [], promoGroup: null },
      ]),
    );
    expect(state.items.map((item) => [item.id, item.price, item.quantity, item.issues])).toEqual([
      ['product-1', 8_500_000, 2, ['price_changed']],
      ['package-3', 4_990_000, 1, []],
    ]);
    expect(state.itemCount).toBe(3);
    expect(state.total).toBe(2 * 8_500_000 + 4_990_000);
  });

  it("applyChange puts a customer's added line in place (or appends it) and takes the server's item count", () => {
    const loaded = reduce(setItems([{ ...battery, quantity: 1, issues: [], promoGroup: 'parts' }, { ...premium, quantity: 1, issues: [], promoGroup: null }]));
    const grown = cartReducer(loaded, applyChange({ line: { ...battery, quantity: 3, issues: [], promoGroup: 'parts' }, itemCount: 4 }));
    expect(grown.items.map((item) => [item.id, item.quantity])).toEqual([
      ['product-1', 3],
      ['package-3', 1],
    ]);
    expect([grown.itemCount, grown.total]).toEqual([4, 3 * 8_900_000 + 4_990_000]);
    // A line the store did not have goes last; the count is the server's, lines not loaded included.
    const added = cartReducer(grown, applyChange({ line: { ...cable, quantity: 1, issues: [], promoGroup: 'accessories' }, itemCount: 7 }));
    expect(added.items.map((item) => item.id)).toEqual(['product-1', 'package-3', 'product-7']);
    expect(added.itemCount).toBe(7);
    expect(added.total).toBe(3 * 8_900_000 + 4_990_000 + 1_250_000);
  });
});
