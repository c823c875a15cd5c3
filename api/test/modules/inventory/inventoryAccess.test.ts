import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import { productionDatabase, useFloor, type FloorRole } from '../../support/floorTestKit';
import { addProduct, figures, stockUp, type TestProduct } from '../../support/inventoryTestKit';

type Caller = FloorRole | 'anonymous';
type Operation = 'list' | 'summary' | 'lowStock' | 'movements' | 'availability' | 'receive' | 'adjust' | 'minStock';

/**
 * Every inventory route × every role × centre scope (spec §3: receive, adjust, min stock by the manager of
 * the centre or an admin of any; staff view only; the technician reads a part's availability; customers and
 * anonymous callers refused; another centre's data answers 404). A write that is let in really writes (its
 * figures checked); one that is refused writes nothing.
 */
describe.each(productionDatabase())('inventory routes × roles on $label', (target) => {
  const floor = useFloor(target);
  let product: TestProduct;

  beforeAll(async () => {
    product = await addProduct(floor.db, { stock: 10_000, name: 'Má phanh sau phân quyền' });
    await stockUp(floor.db, floor.centreA.id, product.id, { onHand: 20, minStock: 1 });
    await stockUp(floor.db, floor.centreB.id, product.id, { onHand: 5 });
  });

  const centreParam = (which: 'A' | 'B' | null) => (which === null ? undefined : which === 'A' ? floor.centreA.id : floor.centreB.id);

  /** The centre a call is about: the one named, else the caller's own (B's people: B), an admin's default the first centre. */
  async function centreOfCall(caller: Caller, which: 'A' | 'B' | null): Promise<number> {
    if (which !== null) return centreParam(which)!;
    if (caller === 'staffB' || caller === 'managerB' || caller === 'technicianB') return floor.centreB.id;
    if (caller === 'admin') return (await floor.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    return floor.centreA.id;
  }

  /** Sends `operation` as `caller` about centre `which` (null: the caller's default). */
  async function send(caller: Caller, operation: Operation, which: 'A' | 'B' | null) {
    const user = caller === 'anonymous' ? null : floor.users[caller];
    const centreId = centreParam(which);
    const query = centreId === undefined ? '' : `centreId=${centreId}`;
    const withCentre = <T extends object>(body: T) => (centreId === undefined ? body : { ...body, centreId });
    switch (operation) {
      case 'list':
        return floor.request(user, 'GET', `/api/inventory?${query}`);
      case 'summary':
        return floor.request(user, 'GET', `/api/inventory/summary?${query}`);
      case 'lowStock':
        return floor.request(user, 'GET', `/api/inventory/low-stock?${query}`);
      case 'movements':
        return floor.request(user, 'GET', `/api/inventory/movements?${query}`);
      case 'availability':
        return floor.request(user, 'GET', `/api/inventory/availability?productIds=${product.id}&${query}`);
      case 'receive':
        return floor.request(user, 'POST', '/api/inventory/receive', withCentre({ lines: [{ productId: product.id, quantity: 1 }] }));
      case 'adjust': {
        const current = (await figures(floor.db, await centreOfCall(caller, which), product.id))?.onHand ?? 0;
        return floor.request(user, 'POST', '/api/inventory/adjust', withCentre({ productId: product.id, newOnHand: current + 2, reason: 'Kiểm kê cuối ngày' }));
      }
      case 'minStock':
        return floor.request(user, 'PUT', `/api/inventory/${product.id}/min-stock`, withCentre({ minStock: 2 }));
    }
  }

  const READS: Operation[] = ['list', 'summary', 'lowStock', 'movements'];
  const WRITES: Operation[] = ['receive', 'adjust', 'minStock'];
  const ALL: Operation[] = [...READS, 'availability', ...WRITES];

  const table: Array<[Caller, Operation, 'A' | 'B' | null, number, string | null]> = [
    ...ALL.map((operation): [Caller, Operation, null, number, string] => ['anonymous', operation, null, 401, 'UNAUTHENTICATED']),
    ...ALL.map((operation): [Caller, Operation, null, number, string] => ['customer', operation, null, 403, 'FORBIDDEN']),
    // Staff: every read of the own centre, no write.
    ...[...READS, 'availability' as const].map((operation): [Caller, Operation, null, number, null] => ['staff', operation, null, 200, null]),
    ...WRITES.map((operation): [Caller, Operation, null, number, string] => ['staff', operation, null, 403, 'FORBIDDEN']),
    // Technician: a part's availability only.
    ['technician', 'availability', null, 200, null],
    ...[...READS, ...WRITES].map((operation): [Caller, Operation, null, number, string] => ['technician', operation, null, 403, 'FORBIDDEN']),
    // Manager: everything at the own centre (named or not), nothing at another centre.
    ...ALL.map((operation): [Caller, Operation, null, number, null] => ['manager', operation, null, 200, null]),
    ...ALL.map((operation): [Caller, Operation, 'A', number, null] => ['manager', operation, 'A', 200, null]),
    ...ALL.map((operation): [Caller, Operation, 'B', number, string] => ['manager', operation, 'B', 404, 'NOT_FOUND']),
    // Another centre's people: their own centre, never A's.
    ...[...READS, 'availability' as const].map((operation): [Caller, Operation, 'A', number, string] => ['staffB', operation, 'A', 404, 'NOT_FOUND']),
    ['technicianB', 'availability', 'A', 404, 'NOT_FOUND'],
    ...ALL.map((operation): [Caller, Operation, 'A', number, string] => ['managerB', operation, 'A', 404, 'NOT_FOUND']),
    ...ALL.map((operation): [Caller, Operation, null, number, null] => ['managerB', operation, null, 200, null]),
    // Admin: any centre, named; a write must name it.
    ...ALL.map((operation): [Caller, Operation, 'A', number, null] => ['admin', operation, 'A', 200, null]),
    ...ALL.map((operation): [Caller, Operation, 'B', number, null] => ['admin', operation, 'B', 200, null]),
    ...READS.map((operation): [Caller, Operation, null, number, null] => ['admin', operation, null, 200, null]),
    ...WRITES.map((operation): [Caller, Operation, null, number, string] => ['admin', operation, null, 422, 'CENTRE_REQUIRED']),
  ];

  it.each(table)('%s %s (centre %s) → %i %s', async (caller, operation, which, status, code) => {
    const centre = await centreOfCall(caller, which);
    const before = await figures(floor.db, centre, product.id);
    const movementsBefore = await floor.db.selectFrom('stock_movements').select('id').where('product_id', '=', product.id).execute();

    const response = await send(caller, operation, which);
    expect(response.statusCode).toBe(status);
    const after = await figures(floor.db, centre, product.id);
    const movementsAfter = await floor.db.selectFrom('stock_movements').select('id').where('product_id', '=', product.id).execute();
    if (status !== 200) {
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code).toBe(code);
      expect(body.message).toMatch(/[À-ỹĐđ]/);
      expect(after).toEqual(before);
      expect(movementsAfter).toHaveLength(movementsBefore.length);
      return;
    }
    const data = response.json().data as { centreId: number };
    expect(data.centreId).toBe(centre);
    if (operation === 'receive') {
      expect(after!.onHand).toBe(before!.onHand + 1);
      // The warehouse's TRANSFER_OUT and the centre's TRANSFER_IN.
      expect(movementsAfter).toHaveLength(movementsBefore.length + 2);
    }
    if (operation === 'adjust') {
      expect(after!.onHand).toBe(before!.onHand + 2);
      expect(movementsAfter).toHaveLength(movementsBefore.length + 1);
    }
    if (operation === 'minStock') expect(after!.minStock).toBe(2);
    if (operation === 'list') {
      const items = (response.json().data as { items: Array<{ productId: number; onHand: number }> }).items;
      expect(items.find((item) => item.productId === product.id)?.onHand).toBe(after?.onHand);
    }
  });
});
