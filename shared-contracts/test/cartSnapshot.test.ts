import { CART_STORAGE_KEY, readStoredCartItemCount } from '../src';

const lines = [
  { id: 'product-7', kind: 'product', refId: 7, quantity: 2 },
  { id: 'package-3', kind: 'package', refId: 3, quantity: 1 },
];

beforeEach(() => localStorage.clear());

describe("the stored cart's item count (the header badge on reload)", () => {
  it("counts a guest's cart", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: lines }));
    expect(readStoredCartItemCount(localStorage)).toBe(3);
  });

  it("counts a customer's mirror only while a session token is stored", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: lines, userId: '42' }));
    expect(readStoredCartItemCount(localStorage)).toBe(0);
    localStorage.setItem('authToken', 'access');
    expect(readStoredCartItemCount(localStorage)).toBe(3);
    localStorage.removeItem('authToken');
    localStorage.setItem('token', 'legacy');
    expect(readStoredCartItemCount(localStorage)).toBe(3);
  });

  it('ignores quantities that are not counts', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ quantity: 2.7 }, { quantity: -4 }, { quantity: '5' }, null] }));
    expect(readStoredCartItemCount(localStorage)).toBe(2);
  });
});
