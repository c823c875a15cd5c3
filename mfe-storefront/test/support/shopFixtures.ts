import { ApiError, type CartItemAdded, type Session } from 'shared-contracts';
import type { Cart, CartLine, Order, Promotion, Quote } from 'shared-contracts/schemas';
import type { CartApi } from '../../src/cart/cartApi';

/** Cart lines, a fake server cart and orders for the shop's tests (shapes of shared-contracts/schemas/shop). */

export const battery: CartItemAdded = { id: 'product-1', kind: 'product', refId: 1, slug: 'pin-lithium-48v-20ah', name: 'Pin lithium 48V 20Ah', price: 8_900_000, image: '/img/pin.svg', stock: 3 };
export const cable: CartItemAdded = { id: 'product-7', kind: 'product', refId: 7, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', price: 1_250_000, image: null, stock: 30 };
export const premium: CartItemAdded = { id: 'package-3', kind: 'package', refId: 3, slug: 'cao-cap', name: 'Gói cao cấp', price: 4_990_000, image: null, stock: null };

export const customer: Session = {
  token: 'access',
  refreshToken: 'refresh',
  user: { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer', emailVerified: true, avatar: null },
};

export function line(item: CartItemAdded, quantity: number, extra: Partial<CartLine> = {}): CartLine {
  return { ...item, quantity, promoGroup: item.kind === 'product' ? 'parts' : null, issues: [], ...extra };
}

export function cartOf(items: CartLine[]): Cart {
  return { items, itemCount: items.reduce((sum, entry) => sum + entry.quantity, 0), total: items.reduce((sum, entry) => sum + entry.price * entry.quantity, 0) };
}

/** A server cart with stock, answering like the contract (409 with the stock message). */
export interface FakeServerOptions {
  /** units in stock by line id (packages: none) */
  stock?: Record<string, number>;
  /** today's price by line id, when it is not the one the items were added at */
  currentPrices?: Record<string, number>;
  /** more issues POST /cart/validate flags, by line id */
  issues?: Record<string, CartLine['issues']>;
}

export function fakeServer(initial: CartLine[] = [], { stock = { 'product-1': 3, 'product-7': 30 }, currentPrices = {}, issues = {} }: FakeServerOptions = {}) {
  let lines = [...initial];
  const catalogue: Record<string, CartItemAdded> = { 'product-1': battery, 'product-7': cable, 'package-3': premium };
  const refuse = (id: string, wanted: number) => {
    const available = stock[id];
    if (available === undefined || wanted <= available) return;
    throw new ApiError(available === 0 ? 'Sản phẩm đã hết hàng' : `Chỉ còn ${available} sản phẩm trong kho`, 409, 'INSUFFICIENT_STOCK');
  };
  const set = (id: string, quantity: number) => {
    const existing = lines.find((entry) => entry.id === id);
    if (quantity <= 0) lines = lines.filter((entry) => entry.id !== id);
    else if (existing) lines = lines.map((entry) => (entry.id === id ? { ...entry, quantity } : entry));
    else lines = [...lines, line(catalogue[id]!, quantity)];
  };
  const api: jest.Mocked<CartApi> = {
    get: jest.fn(async () => cartOf(lines)),
    add: jest.fn(async ({ kind, refId, quantity = 1 }) => {
      const id = `${kind}-${refId}`;
      const wanted = (lines.find((entry) => entry.id === id)?.quantity ?? 0) + quantity;
      refuse(id, wanted);
      set(id, wanted);
      // What the add changed: its line and the cart's item count (the other lines are not sent).
      return { line: lines.find((entry) => entry.id === id)!, itemCount: cartOf(lines).itemCount };
    }),
    setQuantity: jest.fn(async (id, quantity) => {
      refuse(id, quantity);
      set(id, quantity);
      return cartOf(lines);
    }),
    remove: jest.fn(async (id) => {
      set(id, 0);
      return cartOf(lines);
    }),
    clear: jest.fn(async () => {
      lines = [];
      return cartOf(lines);
    }),
    merge: jest.fn(async (items) => {
      for (const item of items) {
        const id = `${item.kind}-${item.refId}`;
        const wanted = (lines.find((entry) => entry.id === id)?.quantity ?? 0) + item.quantity;
        set(id, Math.min(wanted, stock[id] ?? wanted));
      }
      return cartOf(lines);
    }),
    validate: jest.fn(async (items) =>
      cartOf(
        items.map((item) => {
          const base = catalogue[`${item.kind}-${item.refId}`]!;
          const price = currentPrices[base.id] ?? base.price;
          return line(base, item.quantity, {
            price,
            ...(price !== item.price ? { previousPrice: item.price } : {}),
            issues: [...(price !== item.price ? (['price_changed'] as const) : []), ...(issues[base.id] ?? [])],
          });
        }),
      ),
    ),
  };
  return { api, lines: () => lines };
}


/** A promotion valid for years around the tests' clock (the sample codes of the spec, values in spec order). */
export function shopPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 5,
    code: 'SAVE500K',
    title: 'Giảm 500K',
    description: 'Giảm 500.000 ₫ cho đơn từ 5.000.000 ₫.',
    type: 'fixed',
    value: 500_000,
    minOrder: 5_000_000,
    validFrom: '2020-01-01T00:00:00.000Z',
    validTo: '2099-12-31T16:59:59.000Z',
    isActive: true,
    usageLimit: 100,
    usedCount: 3,
    image: '/api/media/catalogue/promotions/save500k.svg',
    imageWidth: 1200,
    imageHeight: 400,
    kind: 'general',
    eligibility: 'everyone',
    perCustomerLimit: 1,
    ...overrides,
  };
}

export const save500k = shopPromotion();
export const member10 = shopPromotion({ id: 6, code: 'MEMBER10', title: 'Ưu đãi thành viên', type: 'percentage', value: 10, minOrder: 2_000_000, maxDiscount: 300_000, eligibility: 'member', perCustomerLimit: 5 });
export const freeship = shopPromotion({ id: 7, code: 'FREESHIP', title: 'Miễn phí giao hàng', type: 'shipping', value: 200_000, minOrder: 1_500_000 });

/** The server's quote of these lines (no promotion unless given). */
export function quoteOf(lines: CartLine[], overrides: Partial<Quote> = {}): Quote {
  const subtotal = lines.reduce((sum, entry) => sum + entry.price * entry.quantity, 0);
  const base: Quote = { lines, subtotal, eligibleSubtotal: subtotal, discount: 0, shippingFee: 30_000, shippingDiscount: 0, total: subtotal + 30_000, promotion: null, promoError: null };
  const quote = { ...base, ...overrides };
  return { ...quote, total: quote.subtotal - quote.discount + quote.shippingFee - quote.shippingDiscount };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    code: 'EV2611220007',
    status: 'PLACED',
    statusLabel: 'Đã đặt hàng',
    paymentMethod: 'COD',
    paymentStatus: 'UNPAID',
    paymentStatusLabel: 'Chưa thanh toán',
    lines: [{ kind: 'product', refId: 7, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', image: null, unitPrice: 1_250_000, quantity: 2, lineTotal: 2_500_000 }],
    subtotal: 2_500_000,
    discount: 0,
    shippingFee: 30_000,
    total: 2_530_000,
    promotionCode: null,
    recipientName: 'Nguyễn Minh Anh',
    phone: '0912345678',
    fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy' }, centre: null },
    note: null,
    history: [{ status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'UNPAID', note: null, at: '2026-11-22T03:00:00.000Z' }],
    vietQr: null,
    canCancel: true,
    createdAt: '2026-11-22T03:00:00.000Z',
    updatedAt: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

export const vietQr = {
  payload: '00020101021238570010A000000727012700069704360113001234567890208QRIBFTTA53037045407253000058002VN62160812EV26112200076304ABCD',
  imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  bankName: 'Vietcombank',
  bankBin: '970436',
  accountNumber: '0011234567890',
  accountName: 'CONG TY EV SERVICE',
  amount: 2_530_000,
  transferContent: 'EV2611220007',
  payBefore: '2026-11-23T02:00:00.000Z',
};
