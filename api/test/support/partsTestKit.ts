import {
  envelopeSchema,
  partsRequestSchema,
  type PartsRequest,
  type PartsRequestStatus,
  type ServiceOrderDetail,
} from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import { toNumber } from '../../src/db/portable';
import { recordMovement } from '../../src/modules/stockLocations/centreStockMoves';
import type { TestUser } from './serviceTestKit';
import { useFloor, type BookTodayOptions, type Floor } from './floorTestKit';
import type { TestDatabaseTarget } from './testDatabases';

export { productionDatabase, testDatabases, TODAY } from './floorTestKit';

/**
 * The parts suites' floor: the back office's test floor (floorTestKit: centres A and B, people of every role,
 * a manual clock) plus parts made on the spot (active or not, compatible with given models), stock put on a
 * centre's shelf as a stock-take does (an ADJUST movement, so the ledger replays), and helpers that drive a
 * request through the API to any status.
 */

type InjectResponse = Awaited<ReturnType<App['inject']>>;

export const requestResponse = envelopeSchema(partsRequestSchema);

export interface TestPart {
  id: number;
  name: string;
  sku: string;
  price: number;
}

export interface PartsFloor {
  readonly floor: Floor;
  /** An active (or inactive) product of a parts category, compatible with `models` (default: the test cars' 'VinFast VF 8'). */
  addPart(options?: { price?: number; active?: boolean; models?: string[]; vehicleTypes?: string[]; name?: string }): Promise<TestPart>;
  /** Puts `onHand` of the product on the centre's shelf (default centre A). */
  stock(productId: number, onHand: number, centreId?: number): Promise<void>;
  /** on_hand and reserved of the product at the centre (default A). */
  figures(productId: number, centreId?: number): Promise<{ onHand: number; reserved: number }>;
  /** An IN_PROGRESS order of its own technician (each order its own technician: one running clock each). */
  startedOrder(options?: BookTodayOptions): Promise<{ order: ServiceOrderDetail; technician: TestUser }>;
  /** POST the technician's request (raw response). */
  create(orderId: number, technician: TestUser, body: Record<string, unknown>): Promise<InjectResponse>;
  /** POST the technician's request for `quantity` of `productId` (201 asserted). */
  requestPart(orderId: number, technician: TestUser, productId: number, quantity?: number, extra?: Record<string, unknown>): Promise<PartsRequest>;
  /** POST /api/staff/parts-requests/:id/<action> as `user` (default staff of A) with the request's current version. */
  act(requestId: number, action: 'decision' | 'customer-decision' | 'withdraw' | 'reserve' | 'issue' | 'return' | 'release', body?: Record<string, unknown>, user?: TestUser): Promise<InjectResponse>;
  /** The request's row as the database has it now. */
  row(requestId: number): Promise<{ status: string; version: number; issued_qty: number; returned_qty: number; expires_at: Date | string | null; customer_decision: string | null }>;
  /**
   * A request driven through the API to `status` (on a new order of its own, for a product of its own with
   * `stock` units on centre A's shelf, default 5; APPROVED is reached with an empty shelf).
   */
  requestIn(status: PartsRequestStatus, options?: { quantity?: number; stock?: number; customer?: TestUser | null; price?: number }): Promise<{ request: PartsRequest; order: ServiceOrderDetail; technician: TestUser; part: TestPart }>;
}

let partCounter = 0;
let timeCounter = 0;

export function useParts(target: TestDatabaseTarget): PartsFloor {
  const floor = useFloor(target);

  async function addPart(options: { price?: number; active?: boolean; models?: string[]; vehicleTypes?: string[]; name?: string } = {}): Promise<TestPart> {
    partCounter += 1;
    const db = floor.db;
    const category = await db.selectFrom('catalogue_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
    const suffix = `${process.pid % 10_000}-${Date.now() % 1_000_000}-${partCounter}`;
    const name = options.name ?? `Má phanh trước thử nghiệm ${partCounter}`;
    const sku = `PRQ-${suffix}`;
    const price = options.price ?? 350_000;
    const models = options.models ?? ['VinFast VF 8'];
    const row = await db
      .insertInto('products')
      .values({
        sku,
        slug: `phu-tung-thu-${suffix}`,
        name,
        category_id: category.id,
        brand_id: brand.id,
        price,
        original_price: null,
        description: 'Phụ tùng dùng cho kiểm thử yêu cầu phụ tùng.',
        compatible_models: JSON.stringify(models),
        vehicle_types: JSON.stringify(options.vehicleTypes ?? ['car']),
        models_search: models.map((model) => model.toLowerCase()).join(' | '),
        is_active: options.active === false ? 0 : 1,
        search_text: `${name.toLowerCase()} ${sku.toLowerCase()}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name, sku, price };
  }

  async function stock(productId: number, onHand: number, centreId = floor.centreA.id): Promise<void> {
    const at = new Date().toISOString();
    await floor.db.insertInto('centre_stock').values({ centre_id: centreId, product_id: productId, on_hand: onHand, reserved: 0, min_stock: 0, updated_at: at }).execute();
    if (onHand > 0) {
      await recordMovement(floor.db, { centreId, productId, kind: 'ADJUST', quantity: onHand, onHandAfter: onHand, partsRequestId: null, actorId: null, reason: 'Tồn đầu kỳ', at });
    }
  }

  async function figures(productId: number, centreId = floor.centreA.id) {
    const row = await floor.db.selectFrom('centre_stock').select(['on_hand', 'reserved']).where('centre_id', '=', centreId).where('product_id', '=', productId).executeTakeFirst();
    return { onHand: toNumber(row?.on_hand ?? 0), reserved: toNumber(row?.reserved ?? 0) };
  }

  async function startedOrder(options: BookTodayOptions = {}) {
    timeCounter += 1;
    const technician = await floor.addMember('technician');
    const time = `${String(7 + (timeCounter % 12)).padStart(2, '0')}:${timeCounter % 2 === 0 ? '00' : '30'}`;
    const order = await floor.startedOrder({ time, ...options, technician });
    return { order, technician };
  }

  function create(orderId: number, technician: TestUser, body: Record<string, unknown>) {
    return floor.request(technician, 'POST', `/api/technician/service-orders/${orderId}/parts-requests`, body);
  }

  async function requestPart(orderId: number, technician: TestUser, productId: number, quantity = 1, extra: Record<string, unknown> = {}): Promise<PartsRequest> {
    const response = await create(orderId, technician, { productId, quantity, reason: 'Má phanh mòn quá giới hạn.', ...extra });
    if (response.statusCode !== 201) throw new Error(`parts request failed: ${response.statusCode} ${response.body}`);
    return requestResponse.parse(response.json()).data;
  }

  async function row(requestId: number) {
    return floor.db
      .selectFrom('parts_requests')
      .select(['status', 'version', 'issued_qty', 'returned_qty', 'expires_at', 'customer_decision'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
  }

  async function act(requestId: number, action: string, body: Record<string, unknown> = {}, user: TestUser = floor.users.staff) {
    const { version } = await row(requestId);
    return floor.request(user, 'POST', `/api/staff/parts-requests/${requestId}/${action}`, { version, ...body });
  }

  async function expectOk(response: InjectResponse, what: string): Promise<PartsRequest> {
    if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
    return requestResponse.parse(response.json()).data;
  }

  async function requestIn(status: PartsRequestStatus, options: { quantity?: number; stock?: number; customer?: TestUser | null; price?: number } = {}) {
    const part = await addPart({ price: options.price });
    const onHand = status === 'APPROVED' ? 0 : (options.stock ?? 5);
    await stock(part.id, onHand);
    const { order, technician } = await startedOrder(options.customer === undefined ? {} : { customer: options.customer });
    let request = await requestPart(order.id, technician, part.id, options.quantity ?? 1);
    const decide = (action: string, extra: Record<string, unknown> = {}) => act(request.id, 'decision', { action, ...extra });
    switch (status) {
      case 'REQUESTED':
        break;
      case 'REJECTED':
        request = await expectOk(await decide('reject', { reason: 'Không cần thay lúc này.' }), 'reject');
        break;
      case 'APPROVED':
      case 'RESERVED':
      case 'ISSUED':
      case 'RELEASED':
        request = await expectOk(await decide('inScope'), 'in scope');
        if (status === 'ISSUED') request = await expectOk(await act(request.id, 'issue'), 'issue');
        if (status === 'RELEASED') request = await expectOk(await act(request.id, 'release'), 'release');
        break;
      case 'AWAITING_CUSTOMER':
      case 'DECLINED':
      case 'WITHDRAWN':
        request = await expectOk(await decide('sendToCustomer'), 'send to customer');
        if (status === 'DECLINED') request = await expectOk(await act(request.id, 'customer-decision', { decision: 'decline', note: 'Khách gọi lại: để lần sau.' }), 'decline');
        if (status === 'WITHDRAWN') request = await expectOk(await act(request.id, 'withdraw'), 'withdraw');
        break;
    }
    if (request.status !== status) throw new Error(`expected ${status}, got ${request.status}`);
    return { request, order, technician, part };
  }

  return {
    floor,
    addPart,
    stock,
    figures,
    startedOrder,
    create,
    requestPart,
    act: act as PartsFloor['act'],
    row,
    requestIn,
  };
}
