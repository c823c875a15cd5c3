import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import { toNumber } from '../../../src/db/portable';
import { inTransaction } from '../../../src/db/inTransaction';
import { issueCentreStock, releaseCentreStock, reserveCentreStock, returnCentreStock } from '../../../src/modules/stockLocations/centreStockMoves';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { createCentre, createUser, type TestUser } from '../../support/serviceTestKit';
import { newIdempotencyKey, orderBody } from '../../support/shopTestKit';
import { addProduct, figures, warehouseStock } from '../../support/inventoryTestKit';
import { seededRandom } from '../../support/seededRandom';

/**
 * Rule 10 of the spec (a centre receiving from the online warehouse while the web shop sells its last units:
 * both take from the warehouse's available units conditionally, so neither oversells) with 20 parallel requests, and a
 * randomised run (fixed seed) of receive / reserve / issue / return / release / adjust / web checkout /
 * min stock against a model: every answer is the one the model predicts, every figure equals the model's,
 * nothing goes negative, and the ledger replays to the stock table.
 */
describe.each(testDatabases())('inventory under concurrency and a random walk on $label', (target) => {
  const floor = useFloor(target);

  const checkout = async (customer: TestUser, productId: number, quantity: number) =>
    floor.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(await floor.headers(customer)), 'idempotency-key': newIdempotencyKey() },
      // Shipped: its units are reserved at the online warehouse, the place receives take them from.
      payload: orderBody({ items: [{ kind: 'product', refId: productId, quantity }] }),
    });
  const receive = async (manager: TestUser, lines: Array<{ productId: number; quantity: number }>) =>
    floor.request(manager, 'POST', '/api/inventory/receive', { lines });
  const ordersOf = async (productId: number) =>
    toNumber(
      (await floor.db.selectFrom('order_lines').select((eb) => eb.fn.coalesce(eb.fn.sum('quantity'), eb.lit(0)).as('units')).where('ref_id', '=', productId).where('kind', '=', 'product').executeTakeFirstOrThrow()).units,
    );

  describe('rule 10: receive vs web checkout of the last units', () => {
    let customers: TestUser[] = [];
    beforeAll(async () => {
      customers = await Promise.all(Array.from({ length: 12 }, (_, index) => createUser(floor.db, 'customer', `Khách Mua Cuối ${index + 1}`)));
    });

    it('10 receives of 1 and 10 checkouts of 1 on 10 units: exactly 10 succeed, the warehouse ends at 0, never below', async () => {
      const product = await addProduct(floor.db, { stock: 10, name: 'Pin cuối kho' });
      const requests = [
        ...Array.from({ length: 10 }, () => receive(floor.users.manager, [{ productId: product.id, quantity: 1 }]).then((response) => ({ kind: 'receive' as const, response }))),
        ...Array.from({ length: 10 }, (_, index) => checkout(customers[index]!, product.id, 1).then((response) => ({ kind: 'order' as const, response }))),
      ];
      const answers = await Promise.all(requests);
      const received = answers.filter((answer) => answer.kind === 'receive' && answer.response.statusCode === 200).length;
      const sold = answers.filter((answer) => answer.kind === 'order' && answer.response.statusCode === 201).length;
      expect(received + sold).toBe(10);
      for (const answer of answers.filter((candidate) => candidate.response.statusCode !== 200 && candidate.response.statusCode !== 201)) {
        expect(answer.response.statusCode).toBe(409);
        const body = errorEnvelopeSchema.parse(answer.response.json());
        if (answer.kind === 'receive') {
          expect(body).toMatchObject({ code: 'TRANSFER_INSUFFICIENT_STOCK' });
          expect(answer.response.json().data).toEqual({ productId: product.id, available: 0 });
        } else {
          expect(['OUT_OF_STOCK', 'ITEM_UNAVAILABLE']).toContain(body.code);
        }
      }
      expect(await warehouseStock(floor.db, product.id)).toBe(0);
      expect(await figures(floor.db, floor.centreA.id, product.id)).toEqual(received > 0 ? { onHand: received, reserved: 0, minStock: 0 } : null);
      expect(await ordersOf(product.id)).toBe(sold);
      // The centre's ledger: one TRANSFER_IN per receive (the warehouse's: its OPENING, one TRANSFER_OUT each).
      const movements = await floor.db.selectFrom('stock_movements').select('quantity').where('product_id', '=', product.id).where('centre_id', '=', floor.centreA.id).execute();
      expect(movements.map((movement) => movement.quantity)).toEqual(Array.from({ length: received }, () => 1));
      expect((await replayStockLedger(floor.db)).mismatches).toEqual([]);
    });

    it('receives of 2 and checkouts of 1 on 7 units: exact totals, and whoever lost found too little left', async () => {
      const product = await addProduct(floor.db, { stock: 7, name: 'Bộ sạc cuối kho' });
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => receive(floor.users.manager, [{ productId: product.id, quantity: 2 }]).then((response) => ({ kind: 'receive' as const, response }))),
        ...Array.from({ length: 6 }, (_, index) => checkout(customers[index]!, product.id, 1).then((response) => ({ kind: 'order' as const, response }))),
      ]);
      const receivedUnits = 2 * answers.filter((answer) => answer.kind === 'receive' && answer.response.statusCode === 200).length;
      const sold = answers.filter((answer) => answer.kind === 'order' && answer.response.statusCode === 201).length;
      const left = await warehouseStock(floor.db, product.id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(receivedUnits + sold + left).toBe(7);
      if (answers.some((answer) => answer.kind === 'receive' && answer.response.statusCode !== 200)) expect(left).toBeLessThan(2);
      if (answers.some((answer) => answer.kind === 'order' && answer.response.statusCode !== 201)) expect(left).toBe(0);
      expect((await figures(floor.db, floor.centreA.id, product.id))?.onHand ?? 0).toBe(receivedUnits);
      expect(await ordersOf(product.id)).toBe(sold);
      expect((await replayStockLedger(floor.db, floor.centreA.id)).mismatches).toEqual([]);
    });
  });

  it('a random walk of 3,000 steps (fixed seed) keeps every figure exact, nothing negative, and the ledger replays', async () => {
    const random = seededRandom(20_261_119);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

    const centres = [await createCentre(floor.db, { bays: 2 }), await createCentre(floor.db, { bays: 2 })];
    const managers = new Map<number, TestUser>();
    for (const centre of centres) managers.set(centre, await floor.addMember('manager', centre, `Quản Lý Ngẫu Nhiên ${centre}`));
    const products = [] as number[];
    for (let index = 0; index < 4; index += 1) products.push((await addProduct(floor.db, { stock: 150, name: `Phụ tùng ngẫu nhiên ${index + 1}` })).id);
    const customers = await Promise.all([1, 2, 3].map((index) => createUser(floor.db, 'customer', `Khách Ngẫu Nhiên ${index}`)));
    const actor = floor.users.staff.id;

    // The model.
    const warehouse = new Map(products.map((id) => [id, 150]));
    const key = (centre: number, product: number) => `${centre}:${product}`;
    const stock = new Map<string, { onHand: number; reserved: number; minStock: number }>();
    const row = (centre: number, product: number) => stock.get(key(centre, product)) ?? { onHand: 0, reserved: 0, minStock: 0 };
    const reservations: Array<{ centre: number; product: number; quantity: number }> = [];
    const issued: Array<{ centre: number; product: number; left: number; request: number }> = [];
    let requestSeq = 0;
    let movements = 0;
    const tally: Record<string, number> = {};
    /** Steps the model expected to be refused (no stock left, below reserved...), by kind. */
    const refused: Record<string, number> = {};
    const refuse = (op: string) => {
      refused[op] = (refused[op] ?? 0) + 1;
    };

    const steps = 3_000;
    for (let step = 0; step < steps; step += 1) {
      const centre = pick(centres);
      const product = pick(products);
      const current = row(centre, product);
      const roll = random();
      let op: string;
      if (roll < 0.18) {
        op = 'receive';
        const quantity = between(1, 8);
        const response = await receive(managers.get(centre)!, [{ productId: product, quantity }]);
        const expected = warehouse.get(product)! >= quantity;
        expect([step, response.statusCode]).toEqual([step, expected ? 200 : 409]);
        if (expected) {
          warehouse.set(product, warehouse.get(product)! - quantity);
          stock.set(key(centre, product), { ...current, onHand: current.onHand + quantity });
          movements += 1;
        } else refuse(op);
      } else if (roll < 0.38) {
        op = 'reserve';
        const quantity = between(1, 3);
        const result = await inTransaction(floor.db, (trx) => reserveCentreStock(trx, { centreId: centre, productId: product, quantity }, floor.service.clock));
        const expected = current.onHand - current.reserved >= quantity;
        expect([step, result.reserved]).toEqual([step, expected]);
        if (expected) {
          stock.set(key(centre, product), { ...current, reserved: current.reserved + quantity });
          reservations.push({ centre, product, quantity });
        } else if (!result.reserved) {
          expect(result.available).toBe(current.onHand - current.reserved);
          refuse(op);
        }
      } else if (roll < 0.48 && reservations.length > 0) {
        op = 'release';
        const reservation = reservations.splice(Math.floor(random() * reservations.length), 1)[0]!;
        await inTransaction(floor.db, (trx) => releaseCentreStock(trx, { centreId: reservation.centre, productId: reservation.product, quantity: reservation.quantity }, floor.service.clock));
        const before = row(reservation.centre, reservation.product);
        stock.set(key(reservation.centre, reservation.product), { ...before, reserved: before.reserved - reservation.quantity });
      } else if (roll < 0.62 && reservations.length > 0) {
        op = 'issue';
        const reservation = reservations.splice(Math.floor(random() * reservations.length), 1)[0]!;
        requestSeq += 1;
        await inTransaction(floor.db, (trx) =>
          issueCentreStock(trx, { centreId: reservation.centre, productId: reservation.product, quantity: reservation.quantity, partsRequestId: requestSeq, actorId: actor }, floor.service.clock),
        );
        const before = row(reservation.centre, reservation.product);
        stock.set(key(reservation.centre, reservation.product), { ...before, onHand: before.onHand - reservation.quantity, reserved: before.reserved - reservation.quantity });
        issued.push({ centre: reservation.centre, product: reservation.product, left: reservation.quantity, request: requestSeq });
        movements += 1;
      } else if (roll < 0.7 && issued.length > 0) {
        op = 'return';
        const index = Math.floor(random() * issued.length);
        const entry = issued[index]!;
        const quantity = between(1, entry.left);
        await inTransaction(floor.db, (trx) =>
          returnCentreStock(trx, { centreId: entry.centre, productId: entry.product, quantity, partsRequestId: entry.request, actorId: actor, reason: 'Trả lại sau sửa chữa' }, floor.service.clock),
        );
        entry.left -= quantity;
        if (entry.left === 0) issued.splice(index, 1);
        const before = row(entry.centre, entry.product);
        stock.set(key(entry.centre, entry.product), { ...before, onHand: before.onHand + quantity });
        movements += 1;
      } else if (roll < 0.8) {
        op = 'adjust';
        // Now and then below what is reserved, or the same as on hand: refused.
        const newOnHand = current.reserved > 0 && random() < 0.15 ? current.reserved - 1 : between(current.reserved, current.onHand + 4);
        const response = await floor.request(managers.get(centre)!, 'POST', '/api/inventory/adjust', { productId: product, newOnHand, reason: `Kiểm kê bước ${step}` });
        const expected = newOnHand < current.reserved ? 'ADJUST_BELOW_RESERVED' : newOnHand === current.onHand ? 'ADJUST_NO_CHANGE' : null;
        expect([step, response.statusCode, expected === null ? null : response.json().code]).toEqual([step, expected === null ? 200 : 422, expected]);
        if (expected === null) {
          stock.set(key(centre, product), { ...current, onHand: newOnHand });
          movements += 1;
        } else refuse(op);
      } else if (roll < 0.95) {
        op = 'checkout';
        const quantity = between(1, 3);
        const response = await checkout(pick(customers), product, quantity);
        const expected = warehouse.get(product)! >= quantity;
        expect([step, response.statusCode]).toEqual([step, expected ? 201 : 409]);
        if (expected) warehouse.set(product, warehouse.get(product)! - quantity);
        else refuse(op);
      } else {
        op = 'min-stock';
        const minStock = between(0, 6);
        const response = await floor.request(managers.get(centre)!, 'PUT', `/api/inventory/${product}/min-stock`, { minStock });
        expect([step, response.statusCode]).toEqual([step, 200]);
        stock.set(key(centre, product), { ...current, minStock });
      }
      tally[op] = (tally[op] ?? 0) + 1;
      const actual = await figures(floor.db, centre, product);
      expect([step, op, actual ?? { onHand: 0, reserved: 0, minStock: 0 }]).toEqual([step, op, row(centre, product)]);
    }

    // Every kind of step happened often enough to mean something.
    for (const op of ['receive', 'reserve', 'release', 'issue', 'return', 'adjust', 'checkout', 'min-stock']) expect(tally[op]).toBeGreaterThan(50);
    // ...and the refusals too: the warehouse ran dry, reservations found too little, stock-takes went below reserved.
    for (const op of ['receive', 'reserve', 'adjust', 'checkout']) expect(refused[op]).toBeGreaterThan(10);
    for (const centre of centres) {
      for (const product of products) {
        const actual = (await figures(floor.db, centre, product)) ?? { onHand: 0, reserved: 0, minStock: 0 };
        expect(actual).toEqual(row(centre, product));
        expect(actual.onHand).toBeGreaterThanOrEqual(0);
        expect(actual.reserved).toBeGreaterThanOrEqual(0);
        expect(actual.reserved).toBeLessThanOrEqual(actual.onHand);
      }
    }
    for (const product of products) {
      expect(await warehouseStock(floor.db, product)).toBe(warehouse.get(product));
      expect(warehouse.get(product)).toBeGreaterThanOrEqual(0);
    }
    // Every centre's ledger and the warehouse's (its OPENINGs, TRANSFER_OUTs and the checkouts' reservations).
    expect((await replayStockLedger(floor.db)).mismatches).toEqual([]);
    const written = await floor.db.selectFrom('stock_movements').select('id').where('centre_id', 'in', centres).execute();
    expect(written).toHaveLength(movements);
  }, 240_000);
});
