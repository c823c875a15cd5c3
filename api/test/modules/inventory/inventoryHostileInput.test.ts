import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { addProduct, figures, stockUp, type TestProduct } from '../../support/inventoryTestKit';

/**
 * Hostile values in every field of the inventory routes, sent by a manager (so they get past the guards and as
 * far as the database): never a 5xx, always the Vietnamese envelope, the stock consistent afterwards. The contract fuzz
 * (test/fuzz) covers the routes from their schema's example; this reaches the handlers with valid neighbours.
 */
const HOSTILE: ReadonlyArray<[string, unknown]> = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800'],
  ['beyond int4', 2_147_483_648],
  ['huge', 1e308],
  ['negative', -1],
  ['fraction', 0.5],
  ['true', true],
  ['array', [1]],
  ['object', {}],
  ['null', null],
  ['long text', 'x'.repeat(20_000)],
  ['digits string beyond int4', '99999999999'],
];

/** A value as a URL part: percent-encoded, a lone surrogate as the bytes of one (invalid UTF-8). */
function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === '\ud800' ? '%ED%A0%80' : encodeURIComponent(text);
}

describe.each(productionDatabase())('inventory routes under hostile input on $label', (target) => {
  const floor = useFloor(target);
  let product: TestProduct;

  beforeAll(async () => {
    product = await addProduct(floor.db, { stock: 50, name: 'Má phanh chịu tải' });
    await stockUp(floor.db, floor.centreA.id, product.id, { onHand: 8, reserved: 2, minStock: 1 });
  });

  const expectCleanRefusal = (response: Awaited<ReturnType<typeof floor.request>>, what: string) => {
    expect([what, response.statusCode < 500]).toEqual([what, true]);
    if (response.statusCode >= 400) {
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.message).toMatch(/[À-ỹĐđ]/);
    }
  };

  it('answers hostile body fields of receive, adjust and min stock without a 5xx; the stock stays consistent', async () => {
    const bodies: Array<[string, 'POST' | 'PUT', string, Record<string, unknown>, (value: unknown) => Record<string, unknown>[]]> = [
      ['receive', 'POST', '/api/inventory/receive', {}, (value) => [
        { lines: [{ productId: value, quantity: 1 }] },
        { lines: [{ productId: product.id, quantity: value }] },
        { lines: value },
        { lines: [{ productId: product.id, quantity: 1 }], note: value },
        { lines: [{ productId: product.id, quantity: 1 }], centreId: value },
      ]],
      ['adjust', 'POST', '/api/inventory/adjust', {}, (value) => [
        { productId: value, newOnHand: 3, reason: 'Kiểm kê thử tải' },
        { productId: product.id, newOnHand: value, reason: 'Kiểm kê thử tải' },
        { productId: product.id, newOnHand: 3, reason: value },
        { productId: product.id, newOnHand: 3, reason: 'Kiểm kê thử tải', centreId: value },
      ]],
      ['min-stock', 'PUT', `/api/inventory/${product.id}/min-stock`, {}, (value) => [{ minStock: value }, { minStock: 2, centreId: value }]],
    ];
    for (const [label, method, url, , variants] of bodies) {
      for (const [name, value] of HOSTILE) {
        for (const body of variants(value)) {
          expectCleanRefusal(await floor.request(floor.users.manager, method, url, body), `${label} ${name} ${JSON.stringify(body).slice(0, 60)}`);
        }
      }
    }
    for (const [name, value] of HOSTILE) {
      expectCleanRefusal(await floor.request(floor.users.manager, 'PUT', `/api/inventory/${urlText(value)}/min-stock`, { minStock: 1 }), `min-stock path ${name}`);
    }
    // Some of these are valid after all (a note or a reason of digits, no note): what was written is consistent.
    const after = (await figures(floor.db, floor.centreA.id, product.id))!;
    expect(after.reserved).toBeLessThanOrEqual(after.onHand);
    expect((await replayStockLedger(floor.db, floor.centreA.id)).mismatches).toEqual([]);
  });

  it('refuses hostile query parameters of every read without a 5xx', async () => {
    const reads: Array<[string, string[]]> = [
      ['/api/inventory', ['centreId', 'q', 'lowOnly', 'page', 'pageSize']],
      ['/api/inventory/summary', ['centreId']],
      ['/api/inventory/low-stock', ['centreId']],
      ['/api/inventory/movements', ['centreId', 'productId', 'kind', 'from', 'to', 'page', 'pageSize']],
      ['/api/inventory/availability', ['centreId', 'productIds']],
    ];
    for (const [path, parameters] of reads) {
      for (const parameter of parameters) {
        for (const [name, value] of HOSTILE) {
          const base = path.endsWith('availability') && parameter !== 'productIds' ? `productIds=${product.id}&` : '';
          for (const user of [floor.users.manager, floor.users.admin]) {
            expectCleanRefusal(await floor.request(user, 'GET', `${path}?${base}${parameter}=${urlText(value)}`), `${path} ${parameter} ${name}`);
          }
        }
      }
    }
  });
});
