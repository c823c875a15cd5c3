import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { buildBenchApi, insertBenchCustomers, loadPasswordHashing, loadProductionKit, loadSearchRelevanceSet, loadSeed, stockWarehouse } from './benchApi.ts';
import { percentile, processCpuMicros, residentMb, runBench, serveBenchApi, startBenchApi, type BenchApi } from './benchProcess.ts';
import { assertCleanLoad, runCustomers, type CustomerRequest, type CustomerStep } from './customerLoad.ts';
import { scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:vendure` (issue 47): each shop path of our API side by side with Vendure's shop-api on the same
 * machine, the same database kind, the same catalogue size and the same number of connections, in interleaved rounds
 * (ours then Vendure's, the order flipped every round). It neither installs nor builds Vendure: it is given a running
 * one (BENCH_VENDURE_URL; how it was set up for the figures is in docs/performance.md). Our API is the production
 * process on a scratch seeded database (startBenchApi, issue 70 §4), the load comes from this process (customerLoad.ts).
 *
 *   product list past our cache   GET /api/products, a random minPrice each    vs  search(groupByProduct, inStock, take 24)
 *   product list from our cache   GET /api/products, 3 queries in turn          vs  the same Vendure listing run
 *   product detail                GET /api/products/:slug, slugs in turn         vs  product(slug), slugs in turn
 *   search past our cache         GET /api/search, random case + punctuation    vs  search(term): a product name, random case
 *   search from our cache         GET /api/search, 3 queries in turn            vs  the same Vendure search run
 *   add to cart                   POST /api/cart/items                           vs  addItemToOrder
 *   checkout (orders/s)           quote + place the order (2 requests)           vs  add 2 items, customer, address,
 *                                                                                    shipping method, ArrangingPayment,
 *                                                                                    payment (7 requests)
 *   login (ours only)             POST /api/auth/login, a password account each connection: not compared (argon2id
 *                                                                                    by design), there for the memory it takes
 * After each run the bench waits until that side is at rest again (its processes under a tenth of a core for half a
 * second, at most two minutes) before the next run starts: work a run left behind (our notifications of each new web
 * order, Vendure's job queue) is neither measured against the next run nor slows the other shop's. That work's time and
 * CPU are printed beside the run ("then busy"), and counted into its CPU per answer.
 * Carts and checkouts: a session per connection (a customer token for ours, Vendure's `vendure-auth-token` sent
 * back as a bearer token), fresh sessions every run so that carts start empty; a cart moves to the connection's next
 * session after TURNS_PER_CART adds (36 lines of 50: a line takes 99 at most). GraphQL answers are checked for
 * `errors` and error results, not only their status. Vendure has no response cache: its requests need no varying
 * (punctuation would only make its search find nothing).
 *
 * Prints per path and round: req/s and CPU µs per answer of each side (Vendure's when BENCH_VENDURE_PIDS names its
 * processes), and the ratio ours/Vendure; then min–max of the ratio over the rounds and whether ≥ 10× holds (the
 * checkout on PostgreSQL ≥ 15×, issue 70 §2); then our API's peak RSS during each path (sampled every 50 ms) and over
 * its whole life (VmHWM), budget ≤ 250 MB, and how often its memory saver turned on (at most once).
 *
 * env: BENCH_VENDURE_URL (required, e.g. http://127.0.0.1:3000/shop-api), BENCH_VENDURE_DATABASE (sqlite | postgres:
 * the database our API runs on, the one Vendure there runs on; default sqlite), BENCH_VENDURE_PIDS (Vendure's server
 * and worker pids, comma-separated), BENCH_ROUNDS (default 3), BENCH_SECONDS (per run, default 10),
 * BENCH_CONNECTIONS (default 10), BENCH_VENDURE_PATHS (keys below, comma-separated; default all),
 * BENCH_POSTGRES_URL (the server to create our scratch database on).
 */
const FACTOR = 10;
/** Issue 70 §2: PostgreSQL's checkout at least this many times Vendure's, in orders per second. */
const POSTGRES_CHECKOUT_FACTOR = 15;
const RSS_BUDGET_MB = 250;
const SAVER_TURNS_BUDGET = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE = process.env.BENCH_VENDURE_DATABASE ?? 'sqlite';
/** Products each cart cycles through (a cart of 36 lines, as in issue 47's profile). */
const CART_PRODUCTS = 36;
/** Adds to one cart before its connection moves to its next session: 50 of each line, under the 99 a line allows. */
const TURNS_PER_CART = CART_PRODUCTS * 50;
/** Cart sessions per connection and run: ours (thousands of adds a second) and Vendure's (hundreds). */
const CART_SESSIONS = { ours: 20, vendure: 2 };
const SEARCH_LIMITS = [6, 20, 50];
const CACHED_LISTS = ['/api/products?inStock=true&maxPrice=20000000&sort=price_asc', '/api/products?inStock=true&minPrice=100000&sort=popular', '/api/products?maxPrice=15000000&sort=newest&pageSize=24'];

interface ServerReady {
  port: number;
  productIds: number[];
  productSlugs: string[];
  searchQueries: string[];
  /** Per round and the warm-up: the customers of the add-to-cart run, then those of the checkout run. */
  customerIds: number[];
  /** The login path's accounts (an email a connection) and their password. */
  login: { emails: string[]; password: string };
}

// ---- Our API (child process) ----------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { RELEVANCE_SET } = await loadSearchRelevanceSet();
  const { app, db } = await buildBenchApi(seed);
  await stockWarehouse(db, 10_000_000);
  const products = await db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').execute();
  const customerIds = await insertBenchCustomers(db, Number(process.env.BENCH_CUSTOMERS_COUNT), 'vendure');
  // The login path's accounts: one password (hashed once, as production hashes it), an account a connection.
  const { hashPassword } = await loadPasswordHashing();
  const loginPassword = `bench-${Math.random().toString(36).slice(2)}-Mk7`;
  const loginIds = await insertBenchCustomers(db, CONNECTIONS, 'vendure-login');
  await db.updateTable('users').set({ password_hash: await hashPassword(loginPassword), email_verified_at: new Date().toISOString() }).where('id', 'in', loginIds).execute();
  const loginEmails = (await db.selectFrom('users').select('email').where('id', 'in', loginIds).orderBy('id').execute()).map((user) => user.email);
  const ready: Omit<ServerReady, 'port'> = {
    productIds: products.map((product) => product.id),
    productSlugs: products.map((product) => product.slug),
    searchQueries: RELEVANCE_SET.map((entry) => entry.query),
    customerIds,
    login: { emails: loginEmails, password: loginPassword },
  };
  await serveBenchApi(app, db, ready);
}

/** Fresh access tokens of these customers, signed here with the API's key (they live 15 minutes: one run's worth). */
async function tokensFor(api: BenchApi<ServerReady>, userIds: number[]): Promise<string[]> {
  const { createAccessTokens, systemClock } = await loadProductionKit();
  const accessTokens = createAccessTokens({ secret: api.jwtSecret, clock: systemClock });
  return Promise.all(userIds.map(async (userId) => (await accessTokens.issue({ userId, role: 'customer' })).token));
}

/** A side is at rest once its processes' CPU grows by less than this share of one core over a QUIET_WINDOW_MS window. */
const QUIET_SHARE = 0.1;
const QUIET_WINDOW_MS = 500;
/** The longest wait for a side to come to rest after a run (then the next run starts anyway). */
const QUIET_MAX_MS = 120_000;

/** The highest RSS of `pid` read every 50 ms until the returned function is called (it returns that peak, MB). */
function sampleRss(pid: number): () => number {
  let highest = residentMb(pid).rss;
  const timer = setInterval(() => (highest = Math.max(highest, residentMb(pid).rss)), 50);
  return () => {
    clearInterval(timer);
    return Math.max(highest, residentMb(pid).rss);
  };
}

// ---- Vendure's shop-api ------------------------------------------------------------------------------------

const LIST = `query List($input: SearchInput!) { search(input: $input) { totalItems items { productId productName slug productAsset { preview }
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } currencyCode inStock } } }`;
const SEARCH = `query Search($input: SearchInput!) { search(input: $input) { totalItems items { productId productName slug productAsset { preview }
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } } } }`;
const DETAIL = `query Detail($slug: String!) { product(slug: $slug) { id name slug description featuredAsset { preview } assets { preview }
  facetValues { name facet { name } } optionGroups { name options { name } }
  variants { id sku name priceWithTax currencyCode stockLevel options { name } } collections { name slug } } }`;
const ORDER = `... on Order { id code state totalQuantity totalWithTax lines { id quantity linePriceWithTax productVariant { id name } } }
  ... on ErrorResult { errorCode message }`;
const ADD = `mutation Add($id: ID!, $quantity: Int!) { addItemToOrder(productVariantId: $id, quantity: $quantity) { ${ORDER} } }`;
const CUSTOMER = `mutation Customer($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) { ${ORDER} } }`;
const ADDRESS = `mutation Address($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ${ORDER} } }`;
const SHIPPING = `mutation Shipping($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${ORDER} } }`;
const TRANSITION = `mutation Transition { transitionOrderToState(state: "ArrangingPayment") { ${ORDER} } }`;
const PAYMENT = `mutation Payment { addPaymentToOrder(input: { method: "standard-payment", metadata: {} }) { ${ORDER} } }`;
const CATALOGUE = `query Catalogue { search(input: { take: 1000, groupByProduct: false }) { totalItems items { productName slug productVariantId } } }`;

/** An answer of Vendure's with no GraphQL error and no error result. */
const vendureAccepts = (body: string) => !body.includes('"errors"') && !body.includes('"errorCode"');

interface Vendure {
  origin: string;
  path: string;
  /** Its processes' CPU time so far (µs), or null when BENCH_VENDURE_PIDS is unset. */
  cpuMicros(): number | null;
  variantIds: string[];
  slugs: string[];
  names: string[];
  products: number;
}

function graphql(vendure: Pick<Vendure, 'path'>, query: string, variables: Record<string, unknown> = {}, token?: string): CustomerRequest {
  return { method: 'POST', path: vendure.path, headers: token ? { authorization: `Bearer ${token}` } : {}, body: { query, variables } };
}

async function callVendure(vendure: Pick<Vendure, 'origin' | 'path'>, request: CustomerRequest): Promise<{ body: string; token: string | null }> {
  const response = await fetch(`${vendure.origin}${request.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...request.headers }, body: JSON.stringify(request.body) });
  const body = await response.text();
  if (response.status !== 200 || !vendureAccepts(body)) throw new Error(`Vendure answered ${response.status}: ${body.slice(0, 300)}`);
  return { body, token: response.headers.get('vendure-auth-token') };
}

async function connectVendure(url: string): Promise<Vendure> {
  const { origin, pathname } = new URL(url);
  const pids = (process.env.BENCH_VENDURE_PIDS ?? '').split(',').map(Number).filter((pid) => pid > 0);
  const catalogue = JSON.parse((await callVendure({ origin, path: pathname }, graphql({ path: pathname }, CATALOGUE))).body) as {
    data: { search: { items: Array<{ productName: string; slug: string; productVariantId: string }> } };
  };
  const items = catalogue.data.search.items;
  const slugs = [...new Set(items.map((item) => item.slug))];
  return {
    origin,
    path: pathname,
    cpuMicros: () => (pids.length === 0 ? null : pids.reduce((sum, pid) => sum + processCpuMicros(pid), 0)),
    variantIds: items.map((item) => item.productVariantId),
    slugs,
    names: [...new Set(items.map((item) => item.productName.replace(/ EV \d+$/, '')))],
    products: slugs.length,
  };
}

/** Fresh anonymous Vendure sessions (the token of a first addItemToOrder each). */
async function vendureSessions(vendure: Vendure, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { token } = await callVendure(vendure, graphql(vendure, ADD, { id: vendure.variantIds[index % vendure.variantIds.length], quantity: 1 }));
    if (!token) throw new Error('Vendure gave no vendure-auth-token');
    tokens.push(token);
  }
  return tokens;
}

// ---- The paths -----------------------------------------------------------------------------------------------

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomCase = (text: string) => Array.from(text, (c) => (Math.random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
const punctuation = () => Array.from({ length: Math.floor(Math.random() * 7) }, () => pick(['.', ',', ';', '!', '?'])).join('');
const searchPath = (query: string, limit: number) => `/api/search?q=${encodeURIComponent(query)}&limit=${limit}`;

/** What one run of a side needs: the sessions of this round. */
interface RunContext {
  round: number;
  tokens: string[];
}

interface Side {
  steps(context: RunContext): CustomerStep[];
  /** Sessions per connection (cart and checkout paths), made before each run. */
  sessions?: 'cart' | 'checkout';
}

interface ShopPath {
  key: string;
  label: string;
  ours: Side;
  /**
   * Vendure's run, or the key of the path whose Vendure run (the same request) this one is compared with; null for a
   * path of ours alone (login: measured for the memory it takes, not compared).
   */
  vendure: Side | string | null;
  /** Requests per order (checkout): orders per second are printed too. */
  perOrder?: { ours: number; vendure: number };
  /** How many times Vendure's throughput this path must reach in every round (FACTOR unless set). */
  factor?: number;
}

function shopPaths(ready: ServerReady, vendure: Vendure): ShopPath[] {
  const get = (label: string, paths: (customer: number, turn: number) => string): CustomerStep[] => [{ label, build: (c, t) => ({ method: 'GET', path: paths(c, t) }), expect: [200] }];
  const query = (label: string, build: (customer: number, turn: number) => CustomerRequest, accept = vendureAccepts): CustomerStep[] => [{ label, build, expect: [200], accept }];
  const cartProducts = ready.productIds.slice(0, CART_PRODUCTS);
  const cartVariants = vendure.variantIds.slice(0, CART_PRODUCTS);
  const bearer = (context: RunContext, customer: number) => ({ authorization: `Bearer ${context.tokens[customer]}` });
  // A connection's carts in turn: its next session once a cart has had TURNS_PER_CART adds.
  const cartToken = (context: RunContext, customer: number, turn: number) => {
    const token = context.tokens[customer + CONNECTIONS * Math.floor(turn / TURNS_PER_CART)];
    if (!token) throw new Error('add to cart: more adds than the run has cart sessions for (CART_SESSIONS)');
    return token;
  };
  return [
    {
      key: 'list',
      label: 'product list past our cache',
      ours: { steps: () => get('GET /api/products (random minPrice)', () => `/api/products?inStock=true&sort=popular&minPrice=${Math.floor(Math.random() * 100_000)}`) },
      vendure: {
        steps: () =>
          query('search listing', () => graphql(vendure, LIST, { input: { take: 24, groupByProduct: true, inStock: true, sort: { price: 'ASC' } } })),
      },
    },
    { key: 'list-cached', label: 'product list from our cache', ours: { steps: () => get('GET /api/products (3 in turn)', (_c, t) => CACHED_LISTS[t % CACHED_LISTS.length]!) }, vendure: 'list' },
    {
      key: 'detail',
      label: 'product detail',
      ours: { steps: () => get('GET /api/products/:slug', (c, t) => `/api/products/${ready.productSlugs[(c + t) % ready.productSlugs.length]}`) },
      vendure: { steps: () => query('product(slug)', (c, t) => graphql(vendure, DETAIL, { slug: vendure.slugs[(c + t) % vendure.slugs.length] })) },
    },
    {
      key: 'search',
      label: 'search past our cache',
      ours: { steps: () => get('GET /api/search (random case, punctuation)', () => searchPath(randomCase(pick(ready.searchQueries)) + punctuation(), pick(SEARCH_LIMITS))) },
      vendure: { steps: () => query('search(term)', () => graphql(vendure, SEARCH, { input: { term: randomCase(pick(vendure.names)), take: pick(SEARCH_LIMITS), groupByProduct: true } })) },
    },
    { key: 'search-cached', label: 'search from our cache', ours: { steps: () => get('GET /api/search (3 in turn)', (_c, t) => searchPath(ready.searchQueries[t % 3]!, 20)) }, vendure: 'search' },
    {
      key: 'cart',
      label: 'add to cart',
      ours: {
        sessions: 'cart',
        steps: (context) => [
          {
            label: 'POST /api/cart/items',
            build: (c, t) => ({ method: 'POST', path: '/api/cart/items', headers: { authorization: `Bearer ${cartToken(context, c, t)}` }, body: { kind: 'product', refId: cartProducts[(c + t) % cartProducts.length], quantity: 1 } }),
            expect: [200],
          },
        ],
      },
      vendure: { sessions: 'cart', steps: (context) => query('addItemToOrder', (c, t) => graphql(vendure, ADD, { id: cartVariants[(c + t) % cartVariants.length], quantity: 1 }, cartToken(context, c, t))) },
    },
    {
      key: 'checkout',
      label: 'checkout (orders/s)',
      perOrder: { ours: 2, vendure: 7 },
      factor: DATABASE === 'postgres' ? POSTGRES_CHECKOUT_FACTOR : FACTOR,
      ours: {
        sessions: 'checkout',
        steps: (context) => {
          const items = (c: number, t: number) => [
            { kind: 'product', refId: ready.productIds[(c + t) % ready.productIds.length], quantity: 1 },
            { kind: 'product', refId: ready.productIds[(c + t + 1) % ready.productIds.length], quantity: 2 },
          ];
          return [
            {
              label: 'POST /api/checkout/quote',
              build: (c, t) => ({ method: 'POST', path: '/api/checkout/quote', headers: bearer(context, c), body: { items: items(c, t), fulfilment: { method: 'delivery', province: 'Hà Nội' } } }),
              expect: [200],
            },
            {
              label: 'POST /api/orders',
              build: (c, t) => ({
                method: 'POST',
                path: '/api/orders',
                headers: { ...bearer(context, c), 'idempotency-key': `bench-vendure-${context.round}-${c}-${t}` },
                body: {
                  items: items(c, t),
                  recipientName: 'Khách Benchmark',
                  phone: '0912345678',
                  fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
                  paymentMethod: 'COD',
                },
              }),
              expect: [201],
            },
          ];
        },
      },
      vendure: {
        sessions: 'checkout',
        steps: (context) => {
          const variant = (c: number, t: number) => vendure.variantIds[(c + t) % vendure.variantIds.length];
          const as = (c: number, document: string, variables: Record<string, unknown> = {}) => graphql(vendure, document, variables, context.tokens[c]);
          return [
            ...query('addItemToOrder (1)', (c, t) => as(c, ADD, { id: variant(c, t), quantity: 1 })),
            ...query('addItemToOrder (2)', (c, t) => as(c, ADD, { id: variant(c, t + 1), quantity: 2 })),
            ...query('setCustomerForOrder', (c) => as(c, CUSTOMER, { input: { emailAddress: `bench.${context.round}.${c}@example.com`, firstName: 'Khách', lastName: 'Benchmark' } })),
            ...query('setOrderShippingAddress', (c) => as(c, ADDRESS, { input: { fullName: 'Khách Benchmark', streetLine1: '12 Tràng Thi', city: 'Hà Nội', postalCode: '100000', countryCode: 'VN', phoneNumber: '0912345678' } })),
            ...query('setOrderShippingMethod', (c) => as(c, SHIPPING, { id: ['1'] })),
            ...query('transitionOrderToState', (c) => as(c, TRANSITION)),
            ...query('addPaymentToOrder', (c) => as(c, PAYMENT)),
          ];
        },
      },
    },
    {
      key: 'login',
      label: 'login (ours only)',
      ours: {
        steps: () => [
          {
            label: 'POST /api/auth/login',
            build: (c) => ({ method: 'POST', path: '/api/auth/login', body: { email: ready.login.emails[c % ready.login.emails.length], password: ready.login.password } }),
            expect: [200],
          },
        ],
      },
      vendure: null,
    },
  ];
}

// ---- Measuring -----------------------------------------------------------------------------------------------

interface Measured {
  perSecond: number;
  /** CPU µs of the answering processes per answer, null when not measurable. */
  cpuPerAnswer: number | null;
  p50: number;
  answers: number;
  /** How long the side stayed busy after the run (ms), and the CPU it used meanwhile (µs; null when not measurable). */
  afterMs: number;
  afterCpu: number | null;
}

/** Waits until `cpuMicros` grows by less than QUIET_SHARE of a core over QUIET_WINDOW_MS (or QUIET_MAX_MS passed). */
async function untilAtRest(cpuMicros: () => Promise<number | null>): Promise<{ waitedMs: number; cpu: number | null }> {
  const started = Date.now();
  const first = await cpuMicros();
  if (first === null) return { waitedMs: 0, cpu: null };
  let last = first;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const now = (await cpuMicros())!;
    const quiet = now - last < QUIET_SHARE * QUIET_WINDOW_MS * 1000;
    last = now;
    if (quiet || Date.now() - started >= QUIET_MAX_MS) return { waitedMs: Date.now() - started, cpu: now - first };
  }
}

async function measure(side: string, origin: string, steps: CustomerStep[], cpuMicros: () => Promise<number | null>, seconds = SECONDS): Promise<Measured> {
  const before = await cpuMicros();
  const result = await runCustomers({ origin, customers: CONNECTIONS, steps, seconds });
  const after = await cpuMicros();
  assertCleanLoad(side, result);
  const rest = await untilAtRest(cpuMicros);
  const sorted = [...result.all].sort((a, b) => a - b);
  return {
    perSecond: (result.all.length / result.elapsedMs) * 1000,
    cpuPerAnswer: before === null || after === null || rest.cpu === null ? null : (after - before + rest.cpu) / result.all.length,
    p50: percentile(sorted, 50),
    answers: result.all.length,
    afterMs: rest.waitedMs,
    afterCpu: rest.cpu,
  };
}

/** The work a run left behind, when it kept the side busy past one rest window: "then busy 7.1 s, 1,850 µs an answer". */
function leftBehind(measured: Measured): string {
  if (measured.afterMs <= 2 * QUIET_WINDOW_MS || measured.afterCpu === null) return '';
  return `, then busy ${(measured.afterMs / 1000).toFixed(1)} s (${(measured.afterCpu / measured.answers).toFixed(0)} µs an answer)`;
}

const fixed = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const url = process.env.BENCH_VENDURE_URL;
  if (!url) throw new Error('BENCH_VENDURE_URL: Vendure shop-api to compare with (e.g. http://127.0.0.1:3000/shop-api); docs/performance.md, bench:vendure');
  const vendure = await connectVendure(url);
  const scratch = await scratchDatabase(DATABASE, 'vendure', 'BENCH_VENDURE_DATABASE');
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-vendure-'));
  // Customers, per run (the rounds and the warm-up): CART_SESSIONS.ours per connection for the carts, one per
  // connection for the checkouts.
  const cartCustomers = CONNECTIONS * CART_SESSIONS.ours;
  const customersPerRun = cartCustomers + CONNECTIONS;
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl ?? '', BENCH_CUSTOMERS_COUNT: String(customersPerRun * (ROUNDS + 1)) });
  const { ready } = api;
  const apiPid = api.child.pid!;
  const origin = `http://127.0.0.1:${ready.port}`;
  const name = DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite';
  try {
    const wanted = new Set((process.env.BENCH_VENDURE_PATHS ?? '').split(',').filter(Boolean));
    const paths = shopPaths(ready, vendure).filter((shopPath) => wanted.size === 0 || wanted.has(shopPath.key) || [...wanted].some((key) => shopPath.vendure === key));
    console.log(`${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}; ${name}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds; load average ${load()}`);
    console.log(`ours: ${origin}, ${ready.productIds.length} products; Vendure: ${url}, ${vendure.products} products (${vendure.variantIds.length} variants); Vendure CPU ${vendure.cpuMicros() === null ? 'not measured (BENCH_VENDURE_PIDS unset)' : `of pids ${process.env.BENCH_VENDURE_PIDS}`}`);
    console.log(`our API (pid ${apiPid}) at rest: ${residentMb(apiPid).rss.toFixed(1)} MB RSS`);

    const contextFor = async (side: 'ours' | 'vendure', sessions: Side['sessions'], round: number): Promise<RunContext> => {
      if (!sessions) return { round, tokens: [] };
      if (side === 'vendure') return { round, tokens: await vendureSessions(vendure, CONNECTIONS * (sessions === 'cart' ? CART_SESSIONS.vendure : 1)) };
      const first = round * customersPerRun + (sessions === 'cart' ? 0 : cartCustomers);
      return { round, tokens: await tokensFor(api, ready.customerIds.slice(first, first + (sessions === 'cart' ? cartCustomers : CONNECTIONS))) };
    };
    const oursCpu = async () => (await api.cpuMs()) * 1000;
    const vendureCpu = async () => vendure.cpuMicros();
    // Our API's highest RSS during each path's runs (MB).
    const peakRss = new Map<string, number>();
    const runSide = async (side: 'ours' | 'vendure', shopPath: ShopPath, round: number, seconds = SECONDS): Promise<Measured> => {
      const definition = side === 'ours' ? shopPath.ours : (shopPath.vendure as Side);
      const context = await contextFor(side, definition.sessions, round);
      if (side === 'vendure') return measure(`Vendure ${shopPath.label}`, vendure.origin, definition.steps(context), vendureCpu, seconds);
      const stopSampling = sampleRss(apiPid);
      const measured = await measure(`ours ${shopPath.label}`, origin, definition.steps(context), oursCpu, seconds);
      peakRss.set(shopPath.key, Math.max(peakRss.get(shopPath.key) ?? 0, stopSampling()));
      return measured;
    };
    const comparedWith = (shopPath: ShopPath): Side | null => (shopPath.vendure === null || typeof shopPath.vendure === 'string' ? null : shopPath.vendure);

    // Warm-up (JIT, caches, pools, the first sessions): every path of both, 2 s, not reported; round 0's customers.
    for (const shopPath of paths) {
      await runSide('ours', shopPath, 0, 2);
      if (comparedWith(shopPath)) await runSide('vendure', shopPath, 0, 2);
    }

    const results = new Map<string, Array<{ ours: Measured; vendure: Measured | null }>>(paths.map((shopPath) => [shopPath.key, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} (load average ${load()}):`);
      const vendureRuns = new Map<string, Measured>();
      for (const shopPath of paths) {
        const shared = typeof shopPath.vendure === 'string' ? vendureRuns.get(shopPath.vendure) : undefined;
        let ours: Measured;
        let theirs: Measured | null = null;
        if (shared || !comparedWith(shopPath)) {
          ours = await runSide('ours', shopPath, round);
          theirs = shared ?? null;
        } else if (round % 2 === 1) {
          ours = await runSide('ours', shopPath, round);
          theirs = await runSide('vendure', shopPath, round);
        } else {
          theirs = await runSide('vendure', shopPath, round);
          ours = await runSide('ours', shopPath, round);
        }
        if (theirs) vendureRuns.set(shopPath.key, theirs);
        results.get(shopPath.key)!.push({ ours, vendure: theirs });
        const orders = shopPath.perOrder && theirs ? `; orders/s ${(ours.perSecond / shopPath.perOrder.ours).toFixed(0)} vs ${(theirs.perSecond / shopPath.perOrder.vendure).toFixed(0)}` : '';
        console.log(
          `  ${shopPath.label.padEnd(30)} ours ${ours.perSecond.toFixed(0).padStart(6)} req/s (p50 ${ours.p50.toFixed(1)} ms, CPU ${fixed(ours.cpuPerAnswer)} µs${leftBehind(ours)})   ` +
            (theirs ? `Vendure ${theirs.perSecond.toFixed(0).padStart(5)} req/s (p50 ${theirs.p50.toFixed(1)} ms, CPU ${fixed(theirs.cpuPerAnswer)} µs${leftBehind(theirs)})   ${(ours.perSecond / theirs.perSecond).toFixed(1)}×${orders}` : 'not compared') +
            `   RSS peak ${peakRss.get(shopPath.key)!.toFixed(1)} MB`,
        );
      }
    }

    console.log(`\nSummary, ${name} (median of ${ROUNDS} rounds; ratio ours/Vendure in req/s, min–max over the rounds); load average now ${load()}:`);
    const misses: string[] = [];
    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
    for (const shopPath of paths) {
      const rounds = results.get(shopPath.key)!;
      const cpu = (side: 'ours' | 'vendure') => {
        const values = rounds.map((r) => r[side]?.cpuPerAnswer).filter((value): value is number => typeof value === 'number');
        return values.length === 0 ? null : median(values);
      };
      const oursLine = `  ${shopPath.label.padEnd(30)} ours ${median(rounds.map((r) => r.ours.perSecond)).toFixed(0).padStart(6)} req/s (${fixed(cpu('ours'))} µs)   `;
      const rss = `   RSS peak ${peakRss.get(shopPath.key)!.toFixed(1)} MB`;
      const compared = rounds.flatMap((r) => (r.vendure ? [{ ours: r.ours, vendure: r.vendure }] : []));
      if (compared.length === 0) {
        console.log(`${oursLine}not compared${rss}`);
        continue;
      }
      // A checkout is compared whole (orders/s): the shops split one into 2 and 7 requests of different weight.
      const ratios = compared.map((r) => r.ours.perSecond / r.vendure.perSecond / (shopPath.perOrder ? shopPath.perOrder.ours / shopPath.perOrder.vendure : 1));
      const requestRatios = compared.map((r) => r.ours.perSecond / r.vendure.perSecond);
      const factor = shopPath.factor ?? FACTOR;
      const holds = Math.min(...ratios) >= factor;
      if (!holds) misses.push(`${shopPath.label} ${Math.min(...ratios).toFixed(1)}× < ${factor}×`);
      console.log(
        `${oursLine}Vendure ${median(compared.map((r) => r.vendure.perSecond)).toFixed(0).padStart(5)} req/s (${fixed(cpu('vendure'))} µs)   ` +
          `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×${shopPath.perOrder ? ' in orders/s' : ''}   ${holds ? `≥ ${factor}× holds` : `below ${factor}×`}` +
          (shopPath.perOrder ? `   (per request ${Math.min(...requestRatios).toFixed(1)}–${Math.max(...requestRatios).toFixed(1)}×)` : '') +
          rss,
      );
    }
    const { peak } = residentMb(apiPid);
    const turns = api.memorySaverTurns();
    console.log(`our API: peak RSS ${peak.toFixed(1)} MB over its life (VmHWM; budget ≤ ${RSS_BUDGET_MB}), RSS now ${residentMb(apiPid).rss.toFixed(1)} MB; its memory saver turned on ${turns} time(s) (budget ≤ ${SAVER_TURNS_BUDGET})`);
    if (peak > RSS_BUDGET_MB) misses.push(`peak RSS ${peak.toFixed(1)} MB > ${RSS_BUDGET_MB}`);
    if (turns > SAVER_TURNS_BUDGET) misses.push(`memory saver on ${turns} times > ${SAVER_TURNS_BUDGET}`);
    console.log(
      misses.length === 0
        ? `Budget met: every path ≥ ${FACTOR}× Vendure in every round${DATABASE === 'postgres' ? ` (checkout ≥ ${POSTGRES_CHECKOUT_FACTOR}×)` : ''}; peak RSS ≤ ${RSS_BUDGET_MB} MB; the saver on at most ${SAVER_TURNS_BUDGET}×.`
        : `Budget missed (${name}): ${misses.join('; ')}.`,
    );
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    await api.stop();
    await scratch.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

runBench({ server: runServer, main });
