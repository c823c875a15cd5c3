import { AsyncLocalStorage } from 'node:async_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import type { App } from '../../../src/app';
import type { Dialect } from '../../../src/db/portable';
import { orderCodeFor } from '../../../src/modules/orders/orderCode';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { createProduct, createUser, orderOf, postOrder } from '../../support/shopTestKit';

/**
 * Issue 70 §2: what placing one order sends to the database. Statements are counted at the driver (pg's
 * Client#query, better-sqlite3's statement runs), so `begin` and `commit` count as the round trips they are, for the
 * request whose AsyncLocalStorage context ran them: entered when the request reaches validation (app.inject does not
 * carry the caller's context into the route), the work its answer leaves behind (the notifications announced after
 * the commit) included. The live bus's log appends are left out: the bus writes the messages of one turn of the event
 * loop in one insert (eventLog.ts), so how many inserts an answer makes depends on timing.
 *
 * The bounds are what the order costs now: a statement more fails the test, and its message lists the statements.
 */
const BOUNDS: Record<Dialect, { transaction: number; request: number }> = {
  // The transaction: begin, the customer, the products, their member prices, the stock, the sales count, the order (its
  // code in the insert), its line, history row and timeline step, the cart, the notification, its channels and reach,
  // its email, commit. The request adds the key's check before, and after the commit the notification announced with
  // the unread count, the desk's staff read and told (a transaction of 5) and their unread counts.
  sqlite: { transaction: 15, request: 24 },
  // The same, the customer locked as read and the order written with its line, history row and step in one statement.
  postgres: { transaction: 12, request: 21 },
};

interface Trace {
  statements: string[];
}

const traces = new AsyncLocalStorage<Trace>();
/** The trace the next request runs in. */
let current: Trace | undefined;

function record(text: string): void {
  const trace = traces.getStore();
  const statement = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (trace && !/^insert into "?live_event_log"?/.test(statement)) trace.statements.push(statement);
}

/** Every statement run through pg and better-sqlite3 recorded from now on; answers the undoing. */
function recordAtTheDrivers(): () => void {
  const pgQuery = Client.prototype.query;
  Client.prototype.query = function (this: Client, config: unknown, ...rest: unknown[]) {
    record(typeof config === 'string' ? config : (config as { text: string }).text);
    return (pgQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof pgQuery;
  const probe = new BetterSqlite3(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'run' | 'get' | 'all' | 'iterate', (...args: unknown[]) => unknown>;
  probe.close();
  const originals = { run: statement.run, get: statement.get, all: statement.all, iterate: statement.iterate };
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = originals[method];
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source);
      return original.apply(this, args);
    };
  }
  return () => {
    Client.prototype.query = pgQuery;
    Object.assign(statement, originals);
  };
}

/** The statements from the trace's first `begin` to its `commit`, both included. */
function firstTransaction(statements: readonly string[]): string[] {
  const begin = statements.findIndex((statement) => statement.startsWith('begin'));
  const commit = statements.indexOf('commit', begin);
  return begin < 0 || commit < 0 ? [] : statements.slice(begin, commit + 1);
}

/** 'within' when the list holds at most `bound` statements, else the list (so a failure shows what was sent). */
const within = (statements: readonly string[], bound: number) => (statements.length <= bound ? 'within' : `${statements.length} statements:\n${statements.join('\n')}`);

describe.each(testDatabases())('what placing an order sends to $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let undo: () => void = () => undefined;

  beforeAll(async () => {
    undo = recordAtTheDrivers();
    shop = await startAuthApp(scratch.db, {
      routes: (built) => built.addHook('preValidation', (_request, _reply, done) => (current ? traces.run(current, done) : done())),
    });
    app = shop.app;
  });
  afterAll(async () => {
    await shop.close();
    undo();
  });

  /** Waits until the work the answer left behind is done (the count holds for a few turns of the loop). */
  async function settled(trace: Trace): Promise<void> {
    for (let quiet = 0, last = -1; quiet < 5; quiet = trace.statements.length === last ? quiet + 1 : 0) {
      last = trace.statements.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('places a COD order of one product for delivery within its statements, the order written whole', async () => {
    const product = await createProduct(scratch.db, { price: 450_000, stock: 100 });
    const place = async () => {
      const customer = await createUser(app, scratch.db);
      const trace: Trace = { statements: [] };
      current = trace;
      const response = await postOrder(app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'COD' });
      current = undefined;
      await settled(trace);
      expect(response.statusCode).toBe(201);
      return { trace, order: orderOf(response) };
    };
    // The first order of the process fills its caches (the shop's locations, prepared statements): the second is measured.
    await place();
    const { trace, order } = await place();

    const transaction = firstTransaction(trace.statements);
    expect(transaction[0]).toMatch(/^begin/);
    expect(transaction.some((statement) => statement.includes('insert into "orders"'))).toBe(true);
    expect(within(transaction, BOUNDS[target.dialect].transaction)).toBe('within');
    expect(within(trace.statements, BOUNDS[target.dialect].request)).toBe('within');

    // What the one statement wrote is the order the customer was answered: its code from its id, its line, its first
    // history row and timeline step, the notification's email in the outbox.
    const row = await scratch.db.selectFrom('orders').select(['id', 'code', 'created_at']).where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(order.code).toBe(orderCodeFor(row.id, new Date(order.createdAt)));
    expect(order).toMatchObject({ status: 'PLACED', paymentMethod: 'COD', lines: [expect.objectContaining({ refId: product.id, quantity: 1, unitPrice: 450_000 })] });
    const written = await Promise.all([
      scratch.db.selectFrom('order_lines').select(['ref_id', 'quantity', 'unit_price', 'line_total']).where('order_id', '=', row.id).execute(),
      scratch.db.selectFrom('order_status_history').select(['status', 'payment_status', 'actor_user_id']).where('order_id', '=', row.id).execute(),
      scratch.db.selectFrom('web_order_events').select(['action', 'status', 'actor_kind']).where('order_id', '=', row.id).execute(),
      scratch.db.selectFrom('notification_deliveries').select(['channel', 'template']).where('kind', '=', 'order_placed').where('title', 'like', `%${order.code}%`).execute(),
    ]);
    expect(written).toEqual([
      [{ ref_id: product.id, quantity: 1, unit_price: 450_000, line_total: 450_000 }],
      [{ status: 'PLACED', payment_status: 'UNPAID', actor_user_id: expect.any(Number) }],
      [{ action: 'placed', status: 'PLACED', actor_kind: 'customer' }],
      [{ channel: 'email', template: expect.any(String) }],
    ]);
  });
});
