import { quoteResponseSchema, type ShippingOption } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { useShippingQuoter, type ShippingQuoteRequest } from '../../../src/modules/orders/shippingQuote';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { createProduct, createPromotion, createUser, orderOf, postOrder, startShopApp, type TestUser } from '../../support/shopTestKit';

const WARD = '00166';

function option(carrier: 'GHN' | 'GHTK', service: string, fee: number, expectedDelivery: string): ShippingOption {
  return { carrier, carrierLabel: carrier === 'GHN' ? 'Giao Hàng Nhanh' : 'Giao Hàng Tiết Kiệm', service, serviceLabel: service, fee, expectedDelivery, cheapest: false, fastest: false };
}

/** The carriers as a stand-in: two services, their fees by weight; it records what it was asked. */
function fakeCarriers() {
  const asked: ShippingQuoteRequest[] = [];
  const quoter = async (_ctx: unknown, request: ShippingQuoteRequest) => {
    asked.push(request);
    const kg = Math.ceil(request.parcel.weightGrams / 1000);
    return {
      options: [option('GHN', '53320', 22_000 + kg * 1_000, '2026-12-02'), option('GHTK', 'road', 18_000 + kg * 1_000, '2026-12-04')],
      fallback: false,
    };
  };
  return { asked, quoter };
}

describe.each(productionDatabase())('the carriers\' fees at checkout on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let restore: (() => void) | null = null;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
  });
  afterEach(() => {
    restore?.();
    restore = null;
  });
  afterAll(() => shop.close());

  const sized = async (price: number, size: { weight: number; length: number; width: number; height: number }) => {
    const product = await createProduct(scratch.db, { price, stock: 20 });
    await scratch.db
      .updateTable('products')
      .set({ weight_grams: size.weight, length_cm: size.length, width_cm: size.width, height_cm: size.height })
      .where('id', '=', product.id)
      .execute();
    return product;
  };
  const quote = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: user.headers, payload: body });
    expect(response.statusCode).toBe(200);
    return quoteResponseSchema.parse(response.json()).data;
  };
  const codedDelivery = { method: 'delivery', province: 'Hà Nội', wardCode: WARD };

  it('lists the carriers\' options for the basket\'s parcel and charges the cheapest, or the one chosen', async () => {
    const fake = fakeCarriers();
    restore = useShippingQuoter(fake.quoter);
    const user = await createUser(app, scratch.db);
    const charger = await sized(900_000, { weight: 1500, length: 30, width: 20, height: 10 });
    const pads = await sized(200_000, { weight: 400, length: 15, width: 25, height: 5 });
    const items = [
      { kind: 'product', refId: charger.id, quantity: 1 },
      { kind: 'product', refId: pads.id, quantity: 2 },
    ];
    const cheapest = await quote(user, { items, fulfilment: codedDelivery });
    // 1,500 g + 2 × 400 g; the largest length and width; the heights stacked; the goods' price.
    expect(fake.asked[0]).toEqual({ to: { province: 'Hà Nội', wardCode: WARD }, parcel: { weightGrams: 2300, lengthCm: 30, widthCm: 25, heightCm: 20, value: 1_300_000 } });
    expect(cheapest.shippingOptions?.map((entry) => [entry.carrier, entry.fee])).toEqual([['GHTK', 21_000], ['GHN', 25_000]]);
    expect(cheapest).toMatchObject({ shippingFee: 21_000, shippingChoice: { carrier: 'GHTK', service: 'road' }, shippingFallback: false, shippingNotice: null, total: 1_321_000 });

    const chosen = await quote(user, { items, fulfilment: codedDelivery, shippingChoice: { carrier: 'GHN', service: '53320' } });
    expect(chosen).toMatchObject({ shippingFee: 25_000, shippingChoice: { carrier: 'GHN', service: '53320' }, total: 1_325_000 });
  });

  it('lays a stack taller than a carrier takes (200 cm) out wider, keeping its volume', async () => {
    const fake = fakeCarriers();
    restore = useShippingQuoter(fake.quoter);
    const user = await createUser(app, scratch.db);
    const tyres = await sized(400_000, { weight: 2000, length: 50, width: 50, height: 20 });
    await quote(user, { items: [{ kind: 'product', refId: tyres.id, quantity: 15 }], fulfilment: codedDelivery });
    // 15 × 20 cm stacked is 300 cm: 200 cm high, 75 cm wide, the same 750,000 cm³.
    expect(fake.asked[0]!.parcel).toEqual({ weightGrams: 30_000, lengthCm: 50, widthCm: 75, heightCm: 200, value: 6_000_000 });
  });

  it('takes the flat fee, and says so, when the carriers do not answer within 1.5 s or the ward is not coded', async () => {
    const user = await createUser(app, scratch.db);
    const product = await sized(500_000, { weight: 800, length: 20, width: 20, height: 10 });
    const items = [{ kind: 'product', refId: product.id, quantity: 1 }];
    let calls = 0;
    restore = useShippingQuoter(() => {
      calls += 1;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    const late = await quote(user, { items, fulfilment: codedDelivery });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(late).toMatchObject({ shippingFee: 30_000, shippingFallback: true, shippingOptions: [], shippingChoice: null, total: 530_000 });
    expect(late.shippingNotice).toBe('Chưa lấy được phí từ đơn vị vận chuyển, áp dụng phí giao hàng cố định.');

    // An older client (no ward code): the flat fee by province, the carriers not asked.
    const uncoded = await quote(user, { items, fulfilment: { method: 'delivery', province: 'Lào Cai' } });
    expect(uncoded).toMatchObject({ shippingFee: 50_000, shippingFallback: true, total: 550_000 });
    expect(calls).toBe(1);
  });

  it('takes a free-shipping promotion off the quoted fee', async () => {
    restore = useShippingQuoter(fakeCarriers().quoter);
    const user = await createUser(app, scratch.db);
    const product = await sized(700_000, { weight: 2000, length: 30, width: 30, height: 20 });
    const code = await createPromotion(scratch.db, { type: 'shipping', value: 200_000, minOrder: 0 });
    const quoted = await quote(user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: codedDelivery, promoCode: code });
    expect(quoted).toMatchObject({ shippingFee: 20_000, shippingDiscount: 20_000, total: 700_000, promoError: null });
  });

  it('charges the order the fee quoted again, keeps the carrier for the desk, and refuses a fee that moved', async () => {
    const fake = fakeCarriers();
    restore = useShippingQuoter(fake.quoter);
    const user = await createUser(app, scratch.db);
    const product = await sized(1_000_000, { weight: 3000, length: 40, width: 30, height: 20 });
    const items = [{ kind: 'product' as const, refId: product.id, quantity: 1, price: 1_000_000 }];
    const fulfilment = { method: 'delivery' as const, address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '1 Trần Thái Tông', wardCode: WARD } };
    const placed = await postOrder(app, user, { items, fulfilment, shippingChoice: { carrier: 'GHN', service: '53320', fee: 25_000 } } as Parameters<typeof postOrder>[2]);
    expect(placed.statusCode).toBe(201);
    expect(orderOf(placed)).toMatchObject({ shippingFee: 25_000, total: 1_025_000 });
    const row = await scratch.db.selectFrom('orders').select(['shipping_carrier', 'shipping_service', 'shipping_fee']).where('code', '=', orderOf(placed).code).executeTakeFirstOrThrow();
    expect(row).toEqual({ shipping_carrier: 'GHN', shipping_service: '53320', shipping_fee: 25_000 });

    // The customer saw 24.000 ₫: the fee is 25.000 ₫ now, nothing is placed.
    const moved = await postOrder(app, user, { items, fulfilment, shippingChoice: { carrier: 'GHN', service: '53320', fee: 24_000 } } as Parameters<typeof postOrder>[2]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'PRICE_CHANGED', message: 'Phí giao hàng vừa thay đổi từ 24.000 ₫ thành 25.000 ₫. Vui lòng kiểm tra lại trước khi đặt hàng.' });
    const gone = await postOrder(app, user, { items, fulfilment, shippingChoice: { carrier: 'GHN', service: '99999' } } as Parameters<typeof postOrder>[2]);
    expect(gone.statusCode).toBe(409);

    // The carriers down at the order: the flat fee, no carrier.
    restore();
    restore = useShippingQuoter(async () => ({ options: [], fallback: true }));
    const flat = await postOrder(app, user, { items, fulfilment });
    expect(orderOf(flat)).toMatchObject({ shippingFee: 30_000 });
    const flatRow = await scratch.db.selectFrom('orders').select(['shipping_carrier', 'shipping_service']).where('code', '=', orderOf(flat).code).executeTakeFirstOrThrow();
    expect(flatRow).toEqual({ shipping_carrier: null, shipping_service: null });
  });
});
