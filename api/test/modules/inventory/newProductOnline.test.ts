import { goodsReceiptResultSchema, productAdminSchema, productStockSchema } from 'shared-contracts/schemas';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { newIdempotencyKey, orderBody } from '../../support/shopTestKit';

/**
 * A new product goes from created to sold online without touching the database (issue 45 §1): the admin creates
 * it in the catalogue (no stock: "Hết hàng"), receives 5 units from a supplier into the online warehouse, the
 * shop shows 5 at once, and a customer's order of it succeeds.
 */
describe.each(productionDatabase())('a new product from the catalogue to an online order on $label', (target) => {
  const floor = useFloor(target);

  it('is created out of stock, received into the warehouse, shown with 5 in stock and bought', async () => {
    const categoryId = (await floor.db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow()).id;
    const brandId = (await floor.db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', {
      name: 'Bơm lốp điện Mới Về',
      sku: `NEW-${process.pid}-${Date.now() % 100_000}`,
      categoryId,
      brandId,
      price: 690_000,
      compareAtPrice: null,
      vatRate: 10,
      unit: 'cái',
      weightGrams: 1200,
      compatibleModels: [],
      specifications: [],
      description: 'Bơm lốp điện cho xe máy và ô tô điện.',
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const product = productAdminSchema.parse(created.json().data);
    const publicProduct = async () => {
      const response = await floor.app.inject({ method: 'GET', url: `/api/products/${product.slug}` });
      expect(response.statusCode).toBe(200);
      return response.json().data as { stock: number; inStock: boolean };
    };
    expect(await publicProduct()).toMatchObject({ stock: 0, inStock: false });

    const locations = (await floor.request(floor.users.admin, 'GET', '/api/inventory/locations')).json().data as Array<{ id: number; shipsOnline: boolean }>;
    const warehouse = locations.find((location) => location.shipsOnline)!;
    const received = await floor.request(floor.users.admin, 'POST', '/api/inventory/goods-receipts', {
      centreId: warehouse.id,
      supplier: 'Công ty TNHH Thiết bị Ô tô Sao Việt',
      reference: 'PN-2026-001',
      lines: [{ productId: product.id, quantity: 5, unitCost: 420_000 }],
    });
    expect(received.statusCode).toBe(201);
    expect(goodsReceiptResultSchema.parse(received.json().data).items).toEqual([expect.objectContaining({ productId: product.id, onHand: 5, available: 5 })]);
    expect(await publicProduct()).toMatchObject({ stock: 5, inStock: true });

    const order = await floor.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(await floor.headers(floor.users.customer)), 'idempotency-key': newIdempotencyKey() },
      payload: orderBody({ items: [{ kind: 'product', refId: product.id, quantity: 2 }] }),
    });
    expect({ status: order.statusCode, body: order.statusCode === 201 ? null : order.json() }).toEqual({ status: 201, body: null });
    const stock = productStockSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/inventory/products/${product.id}/stock`)).json().data);
    expect(stock.locations[0]).toMatchObject({ centreId: warehouse.id, onHand: 5, reserved: 2, available: 3 });
  });
});
