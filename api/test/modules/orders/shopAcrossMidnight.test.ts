import { AsyncLocalStorage } from 'node:async_hooks';
import { InsertQueryNode, RawNode, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Order } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import type { Database } from '../../../src/db/schema';
import { setWarehouseStock } from '../../../src/modules/stockLocations/onlineStock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { bearer, createUser, type TestUser } from '../../support/shopTestKit';

/**
 * Issue 70 §5: the shop's load (catalogue list and detail, cart add/get/delete, COD and VietQR orders) must cost the
 * same just after Vietnam's midnight (17:00 UTC) as just before: no cache, read model, window or counter keyed on
 * Vietnam's calendar day that misses or widens when the day changes.
 *
 * Statements are counted per stretch of the mix through AsyncLocalStorage, entered when a request reaches validation
 * (app.inject does not carry the caller's context into the route): a statement counts for the stretch whose request
 * ran it, the work an answer leaves behind (notifications announced after the commit, the list's background refresh)
 * included, and timers started outside the requests (the session-revocation feed) not at all. The live bus's log
 * appends are left out: the bus writes the messages of one turn of the event loop in one insert (eventLog.ts), so how
 * many inserts a stretch makes depends on timing, not on the day.
 */

interface Stretch {
  statements: number;
  answers: number;
}

const stretches = new AsyncLocalStorage<Stretch>();
/** The stretch the next request belongs to. */
let current: Stretch | undefined;

/** Whether a statement appends to the live bus's log (a built insert on SQLite, raw SQL on PostgreSQL). */
function appendsToLiveLog(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node)) return node.into?.table.identifier.name === 'live_event_log';
  return RawNode.is(node) && node.sqlFragments.some((fragment) => fragment.includes('insert into live_event_log'));
}

const liveLogAppends = new WeakSet<QueryId>();

const countStatements: KyselyPlugin = {
  transformQuery: (args) => {
    if (appendsToLiveLog(args.node)) liveLogAppends.add(args.queryId);
    return args.node;
  },
  transformResult: async (args) => {
    const stretch = stretches.getStore();
    if (stretch && !liveLogAppends.has(args.queryId)) stretch.statements += 1;
    return args.result;
  },
};

/** The stretches of the mix: a warm-up, then the same requests at 23:40 and at 00:10 in Vietnam (UTC+7). */
const WARM_UP = '2026-11-20T16:10:00.000Z';
const BEFORE_MIDNIGHT = '2026-11-20T16:40:00.000Z';
const AFTER_MIDNIGHT = '2026-11-20T17:10:00.000Z';
const TURNS = 6;
const CUSTOMERS = 3;
const SORTS = ['price_asc', 'popular', 'newest'] as const;

describe.each(testDatabases())('the shop across Vietnam’s midnight on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let customers: TestUser[] = [];
  let products: { id: number; slug: string }[] = [];

  beforeAll(async () => {
    const counted: Kysely<Database> = scratch.db.withPlugin(countStatements);
    shop = await startAuthApp(counted, {
      routes: (built) => built.addHook('preValidation', (_request, _reply, done) => (current ? stretches.run(current, done) : done())),
    });
    app = shop.app;
    products = await scratch.db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').execute();
    for (const product of products) await setWarehouseStock(scratch.db, product.id, 100_000);
    for (let index = 0; index < CUSTOMERS; index += 1) customers.push(await createUser(app, scratch.db));
  });
  afterAll(() => shop.close());

  /** Waits until the work the stretch's answers left behind is done (its count holds for a few turns of the loop). */
  async function settled(stretch: Stretch): Promise<void> {
    for (let quiet = 0, last = -1; quiet < 5; quiet = stretch.statements === last ? quiet + 1 : 0) {
      last = stretch.statements;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The mix at `at` (the clock moving 250 ms an answer): what it cost and the orders it placed. */
  async function runMix(name: string, at: string): Promise<{ stretch: Stretch; orders: Order[] }> {
    shop.clock.set(at);
    // Access tokens live 15 minutes: the customers sign in again at each stretch.
    customers = await Promise.all(customers.map(async (customer) => ({ ...customer, headers: bearer((await app.accessTokens.issue({ userId: customer.id, role: 'customer' })).token) })));
    const stretch: Stretch = { statements: 0, answers: 0 };
    const orders: Order[] = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      for (const [index, customer] of customers.entries()) {
        const product = products[(index + turn) % products.length]!;
        const requests = [
          { method: 'GET' as const, url: `/api/products?inStock=true&sort=${SORTS[(index + turn) % 3]}&page=${1 + (turn % 3)}` },
          { method: 'GET' as const, url: `/api/products/${product.slug}` },
          { method: 'POST' as const, url: '/api/cart/items', headers: customer.headers, payload: { kind: 'product', refId: product.id, quantity: 1 } },
          { method: 'GET' as const, url: '/api/cart', headers: customer.headers },
          { method: 'DELETE' as const, url: `/api/cart/items/product-${product.id}`, headers: customer.headers },
          {
            method: 'POST' as const,
            url: '/api/orders',
            headers: { ...customer.headers, 'idempotency-key': `midnight-${name}-${index}-${turn}` },
            payload: {
              items: [{ kind: 'product', refId: product.id, quantity: 1 }],
              recipientName: 'Khách Nửa Đêm',
              phone: '0912345678',
              fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
              paymentMethod: turn % 2 === 0 ? 'VIETQR' : 'COD',
            },
          },
        ];
        for (const request of requests) {
          current = stretch;
          const response = await app.inject(request);
          current = undefined;
          expect([200, 201]).toContain(response.statusCode);
          if (request.url === '/api/orders') orders.push((response.json() as { data: Order }).data);
          stretch.answers += 1;
          shop.clock.advance(250);
        }
      }
    }
    await settled(stretch);
    return { stretch, orders };
  }

  it('answers the same requests with the same statements at 00:10 as at 23:40', async () => {
    await runMix('warm', WARM_UP);
    const before = await runMix('before', BEFORE_MIDNIGHT);
    const after = await runMix('after', AFTER_MIDNIGHT);

    // The day changed for the shop: the orders' codes carry Vietnam's date (EV + yyMMdd + id).
    expect(before.orders.every((order) => order.code.startsWith('EV261120'))).toBe(true);
    expect(after.orders.every((order) => order.code.startsWith('EV261121'))).toBe(true);
    // The same answers for the same statements: nothing keyed on the day missed or widened after midnight.
    expect(after.stretch.answers).toBe(before.stretch.answers);
    expect(after.stretch.statements).toBe(before.stretch.statements);
  });
});
