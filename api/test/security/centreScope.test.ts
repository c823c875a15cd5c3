import { vietnamDateOf } from 'shared-contracts/schemas';
import { operationsOf, type ApiOperation, type OpenApiDocument } from '../fuzz/openApiOperations';
import { productionDatabase, useFloor } from '../support/floorTestKit';
import { changedTables, COMPANY, digestTables, makeCentreATargets, type CentreATargets, type CentreRecord } from '../support/scopeTestKit';
import type { TestUser } from '../support/serviceTestKit';

/**
 * Centre scope, from the route table (issue 44): every back-office operation that reads or moves a web order, a
 * payment, a payment exception, a VAT-invoice request, stock, a stock transfer or a parts request is sent, aimed at
 * centre A's records (path parameters naming them, `centreId` = A in the query or the body), by centre B's staff
 * member and B's manager. Each must answer 403 or 404 and leave every table of those records as it was.
 *
 * The operations are chosen by path prefix from the app's OpenAPI document, so a new route under them is sent
 * too; one that this file cannot aim at A (a path parameter no rule maps, no centre in its request) fails the
 * suite until it gets a rule here or a line in NOT_CENTRE_DATA. A 400/422 fails as well: the request was refused
 * before its scope was checked, so it needs a valid body in BODIES.
 */

/** Every operation whose path starts with one of these is about another centre's records unless excluded. */
const SELECTED_PREFIXES = [
  '/api/staff/',
  '/api/payment-exceptions',
  '/api/inventory',
  '/api/vat-invoice-requests',
  '/api/reconciliation',
  '/api/orders/{code}',
  '/api/service-orders/{id}/vat-invoice-request',
];

/** Selected by prefix, but not about an order, a payment, an exception, a VAT request, stock or a transfer: why. */
const NOT_CENTRE_DATA: Record<string, string> = {
  'GET /api/staff/plate-claims': 'vehicle plate claims (vehicles, not orders or stock)',
  'POST /api/staff/plate-claims/{id}': 'vehicle plate claims (vehicles, not orders or stock)',
  'GET /api/staff/appointments': 'the floor: appointments of the day',
  'POST /api/staff/appointments/walk-in': 'the floor: a walk-in booking at the caller’s own centre',
  'GET /api/staff/customers': 'the floor: customer lookup',
  'GET /api/staff/customers/{id}': 'the floor: customer lookup',
  // Customers belong to no centre: any active manager (or an admin) reads and adjusts their points (loyaltyBackOffice.test.ts).
  'GET /api/staff/customers/{userId}/loyalty': 'a customer’s points (customers belong to no centre)',
  'POST /api/staff/customers/{userId}/loyalty/adjustments': 'a customer’s points (customers belong to no centre)',
  'GET /api/staff/summary': 'the floor: today’s appointment and service-order counts',
  'GET /api/staff/bays': 'the floor: bays and the vehicles in them',
  'GET /api/staff/events': 'the floor’s SSE stream (never ends under app.inject; scoped in test/service/sseStream.test.ts)',
  'POST /api/staff/appointments/{id}/check-in': 'the floor: check-in of an appointment',
  'GET /api/staff/technicians': 'the floor: the centre’s technicians',
  // Answers hold no order, payment or transfer to find: that B sees B's own centre only is asserted in
  // test/modules/inventory/goodsReceipts.test.ts ('locations and stock per location').
  'GET /api/inventory/locations': 'the locations the caller sees (own centre only: goodsReceipts.test.ts)',
  'GET /api/inventory/products/{productId}/stock': 'a product’s stock where the caller sees (own centre only: goodsReceipts.test.ts)',
  // Conversations hold messages, not orders, payments or stock: another centre's staff get 404 on every thread route
  // in test/modules/conversations/conversations.test.ts ('keeps a thread, its messages and its photos from anyone…').
  'POST /api/staff/conversations': 'a thread with a customer (scope: conversations.test.ts)',
  'GET /api/staff/battery-reports/{id}/certificate.pdf': "a battery report's certificate: B's staff get 404 (scope: batteryHealth.test.ts)",
  'GET /api/staff/conversations/{id}': 'a thread with a customer (scope: conversations.test.ts)',
  'POST /api/staff/conversations/{id}/messages': 'a thread with a customer (scope: conversations.test.ts)',
  'POST /api/staff/conversations/{id}/photos': 'a thread with a customer (scope: conversations.test.ts)',
  'PUT /api/staff/conversations/{id}/read': 'a thread with a customer (scope: conversations.test.ts)',
  'PUT /api/staff/conversations/{id}/assignee': 'a thread with a customer (scope: conversations.test.ts)',
  'PUT /api/staff/conversations/{id}/status': 'a thread with a customer (scope: conversations.test.ts)',
  'POST /api/staff/check-in-codes/resolve': 'the floor: a scanned check-in code (another centre’s: 404 in checkInCodeResolve.test.ts)',
};

/** Which of A's records a path parameter names, by the start of the path (the first rule that fits wins). */
const PATH_TARGETS: Array<{ under: string; param: string; record: (t: CentreATargets) => CentreRecord }> = [
  { under: '/api/staff/web-orders/{code}', param: 'code', record: (t) => t.unpaidOrder },
  { under: '/api/orders/{code}/receipt.pdf', param: 'code', record: (t) => t.paidOrder },
  { under: '/api/orders/{code}/vat-invoice-request', param: 'code', record: (t) => t.paidOrder },
  { under: '/api/orders/{code}', param: 'code', record: (t) => t.unpaidOrder },
  { under: '/api/payment-exceptions/{id}', param: 'id', record: (t) => t.exception },
  { under: '/api/vat-invoice-requests/{id}', param: 'id', record: (t) => t.vatRequest },
  { under: '/api/inventory/transfers/{id}', param: 'id', record: (t) => t.transfer },
  { under: '/api/inventory/goods-receipts/{id}', param: 'id', record: (t) => t.goodsReceipt },
  { under: '/api/inventory/{productId}', param: 'productId', record: (t) => t.product },
  { under: '/api/staff/parts-requests/{id}', param: 'id', record: (t) => t.partsRequest },
  { under: '/api/staff/shipments/{id}', param: 'id', record: (t) => t.shipment },
  { under: '/api/staff/parts-free-lines/{id}', param: 'id', record: (t) => t.freeLine },
  { under: '/api/service-orders/{id}', param: 'id', record: (t) => t.serviceOrder },
  { under: '/api/staff/service-invoices/{id}', param: 'id', record: (t) => t.serviceInvoice },
  // the thread of A's car: B's people must not open or read it
  { under: '/api/staff/service-orders/{id}/conversation', param: 'id', record: (t) => t.serviceOrder },
];

interface BodyContext {
  t: CentreATargets;
  /** The version of the record the path names now (null: unversioned or none). */
  version: number | null;
  /** Today in Vietnam, by the app's clock. */
  today: string;
}

/**
 * Valid bodies, aimed at A's records, where the schema's example would not pass validation or would not name A
 * (otherwise: the example, with `centreId` = A and `version` = the record's current version when the schema has them).
 */
const BODIES: Record<string, (context: BodyContext) => unknown> = {
  'POST /api/staff/service-invoices/{id}/points': () => ({ points: 100, consentCode: '123456' }),
  'POST /api/staff/shipments/labels': ({ t }) => ({ shipmentIds: [t.shipment.id], size: 'A5' }),
  'POST /api/staff/web-orders/{code}/actions': ({ version }) => ({ action: 'cancel', version, reason: 'Khách không nhận hàng nữa.' }),
  'POST /api/staff/web-orders/{code}/transfers': ({ t, today }) => ({ amount: t.unpaidOrder.total, bankReference: `FTSCOPE${process.pid}`, transferredOn: today }),
  'POST /api/payment-exceptions/{id}/match': ({ t, version }) => ({ orderCode: t.matchableOrder.code, version }),
  'POST /api/payment-exceptions/{id}/refund': ({ t, version }) => ({ amount: t.exception.amount, method: 'BANK_TRANSFER', reason: 'Khách chuyển nhầm số tiền.', version }),
  'POST /api/payment-exceptions/{id}/dismiss': ({ version }) => ({ note: 'Giao dịch trùng, bỏ qua.', version }),
  'POST /api/inventory/receive': ({ t }) => ({ centreId: t.centreA, lines: [{ productId: t.product.id, quantity: 5 }] }),
  'POST /api/inventory/adjust': ({ t }) => ({ centreId: t.centreA, productId: t.product.id, newOnHand: 15, reason: 'Kiểm kê thiếu hàng.' }),
  'POST /api/inventory/goods-receipts': ({ t }) => ({ centreId: t.centreA, supplier: 'Công ty Phụ tùng Phạm Vi', lines: [{ productId: t.product.id, quantity: 3, unitCost: 50_000 }] }),
  // B's manager takes A's units to B (the manager of the source may; anyone else sends a request)
  'POST /api/inventory/transfers': ({ t }) => ({ fromLocationId: t.centreA, toLocationId: t.centreB, lines: [{ productId: t.product.id, quantity: 1 }] }),
  // a request is the destination's manager's: B asks for A's units to go to the warehouse
  'POST /api/inventory/transfers/requests': ({ t }) => ({ fromLocationId: t.centreA, toLocationId: t.warehouse, lines: [{ productId: t.product.id, quantity: 1 }] }),
  'POST /api/orders/{code}/vat-invoice-request': () => COMPANY,
  'POST /api/service-orders/{id}/vat-invoice-request': () => COMPANY,
  'POST /api/staff/parts-requests/{id}/decision': ({ version }) => ({ action: 'inScope', version }),
  'POST /api/staff/parts-requests/{id}/customer-decision': ({ version }) => ({ version, decision: 'approve', note: 'Khách đồng ý qua điện thoại.' }),
  'POST /api/staff/parts-requests/{id}/return': ({ version }) => ({ version, quantity: 1, reason: 'Lắp không vừa.' }),
  'POST /api/staff/parts-free-lines/{id}/link': ({ t, version }) => ({ productId: t.product.id, version }),
  'POST /api/staff/parts-free-lines/{id}/special-order': ({ version }) => ({ supplierNote: 'Nhà cung cấp Phụ Tùng Việt, giao trong 2 ngày.', expectedDate: '2026-11-25', version }),
};

/** Query parameters of A's records beyond `centreId` (the schema's example would not name them). */
const QUERIES: Record<string, (t: CentreATargets, today: string) => Record<string, string>> = {
  'GET /api/inventory/availability': (t) => ({ productIds: String(t.product.id) }),
  'GET /api/inventory/movements': (t) => ({ productId: String(t.product.id) }),
  'GET /api/vat-invoice-requests': (t) => ({ orderCode: t.paidOrder.code }),
  'GET /api/reconciliation': (_t, today) => ({ from: today, to: today }),
  'GET /api/reconciliation.csv': (_t, today) => ({ from: today, to: today }),
};

/**
 * Selected operations whose request cannot name a centre (no centre parameter, no record in the path): what B's
 * people should get. `ownCentreList`: the caller's own centre's list (200 allowed), in which none of A's records
 * may appear; otherwise 403/404 as every other.
 */
const NO_CENTRE_IN_REQUEST: Record<string, { reason: string; ownCentreList?: true }> = {
  'GET /api/payment-exceptions': { reason: 'the exceptions queue of the caller’s desk', ownCentreList: true },
  'GET /api/reconciliation': { reason: 'admins only' },
  'GET /api/reconciliation.csv': { reason: 'admins only' },
};

const ACCEPTED = [403, 404];

interface PlannedRequest {
  method: string;
  url: string;
  payload?: unknown;
  /** 200 is fine when none of A's records shows in the answer. */
  ownCentreList: boolean;
}

type Plan = { kind: 'excluded'; reason: string } | { kind: 'undecided'; problem: string } | { kind: 'send'; requests: PlannedRequest[]; aim: string };

const selected = (operation: ApiOperation) => SELECTED_PREFIXES.some((prefix) => operation.path.startsWith(prefix));

function withQuery(path: string, query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

/** The requests that aim `operation` at A's records, or why it cannot be. */
async function planOf(operation: ApiOperation, t: CentreATargets, today: string): Promise<Plan> {
  const excluded = NOT_CENTRE_DATA[operation.key];
  if (excluded) return { kind: 'excluded', reason: excluded };
  const records: CentreRecord[] = [];
  let path = operation.path;
  for (const param of operation.pathParameters) {
    const rule = PATH_TARGETS.find((candidate) => candidate.param === param && operation.path.startsWith(candidate.under));
    if (!rule) return { kind: 'undecided', problem: `no rule of PATH_TARGETS names A's record for {${param}}` };
    const record = rule.record(t);
    records.push(record);
    path = path.replace(`{${param}}`, encodeURIComponent(record.key));
  }
  const version = records.length > 0 ? await records[records.length - 1]!.version() : null;
  const hasCentreQuery = operation.queryParameters.includes('centreId');
  const bodyHasCentre = operation.bodyPaths.some((bodyPath) => bodyPath.length === 1 && bodyPath[0] === 'centreId');
  const handMade = BODIES[operation.key];
  const noCentre = NO_CENTRE_IN_REQUEST[operation.key];
  const aimsAtRecord = records.some((record) => !record.shared);
  if (!aimsAtRecord && !hasCentreQuery && !bodyHasCentre && !handMade && !noCentre) {
    return { kind: 'undecided', problem: 'its request names no record or centre of A: add a rule (PATH_TARGETS, BODIES, NO_CENTRE_IN_REQUEST) or a NOT_CENTRE_DATA line' };
  }

  let payload: unknown;
  if (handMade) payload = handMade({ t, version, today });
  else if (operation.example.body !== undefined) {
    payload = operation.example.body;
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      const body = { ...(payload as Record<string, unknown>) };
      if (bodyHasCentre) body.centreId = t.centreA;
      if (operation.bodyPaths.some((bodyPath) => bodyPath.length === 1 && bodyPath[0] === 'version') && version !== null) body.version = version;
      payload = body;
    }
  }
  const query = { ...operation.example.query, ...QUERIES[operation.key]?.(t, today) };
  const request = (q: Record<string, string>): PlannedRequest => ({
    method: operation.method,
    url: withQuery(path, q),
    ...(payload === undefined ? {} : { payload }),
    ownCentreList: noCentre?.ownCentreList === true,
  });
  const requests: PlannedRequest[] = [];
  if (hasCentreQuery) requests.push(request({ ...query, centreId: String(t.centreA) }));
  // A's record in the path without naming A: the record's own centre must be checked, not only the parameter.
  if (!hasCentreQuery || aimsAtRecord) requests.push(request(query));
  const aim = [
    ...records.map((record) => record.label),
    ...(hasCentreQuery ? ['?centreId=A'] : []),
    ...(bodyHasCentre ? ['body centreId=A'] : []),
    ...(handMade ? ['hand-made body'] : []),
    ...(noCentre ? [`no centre in the request (${noCentre.reason})`] : []),
  ].join(', ');
  return { kind: 'send', requests, aim };
}

describe.each(productionDatabase())('centre scope of the back office on $label', (target) => {
  const floor = useFloor(target);
  let targets: CentreATargets;

  beforeAll(async () => {
    targets = await makeCentreATargets(floor);
  }, 60_000);

  it('refuses B’s staff and manager every operation on A’s orders, payments, exceptions, VAT requests, stock and transfers, and changes nothing', async () => {
    const operations = operationsOf(floor.app.swagger() as unknown as OpenApiDocument).filter(selected);
    const keys = new Set(operations.map((operation) => operation.key));
    const failures: string[] = [];
    for (const [name, table] of Object.entries({ NOT_CENTRE_DATA, BODIES, QUERIES, NO_CENTRE_IN_REQUEST })) {
      for (const key of Object.keys(table)) if (!keys.has(key)) failures.push(`${name} names ${key}, which is not a selected operation any more`);
    }

    const today = vietnamDateOf(floor.service.clock.now());
    const plans = new Map<ApiOperation, Plan>();
    for (const operation of operations) plans.set(operation, await planOf(operation, targets, today));
    const table = [...plans].map(([operation, plan]) =>
      plan.kind === 'send' ? `  SENT      ${operation.key}  → ${plan.aim}` : plan.kind === 'excluded' ? `  EXCLUDED  ${operation.key}  (${plan.reason})` : `  UNDECIDED ${operation.key}  (${plan.problem})`,
    );
    console.log(`centre scope on ${target.label}: ${operations.length} operations selected by prefix\n${table.join('\n')}`);
    for (const [operation, plan] of plans) if (plan.kind === 'undecided') failures.push(`${operation.key}: ${plan.problem}`);

    const callers: Array<[string, TestUser]> = [
      ['staff of B', floor.users.staffB],
      ['manager of B', floor.users.managerB],
    ];
    const initial = await digestTables(floor.db);
    let before = initial;
    let sent = 0;
    for (const plan of plans.values()) {
      if (plan.kind !== 'send') continue;
      for (const request of plan.requests) {
        for (const [name, user] of callers) {
          const response = await floor.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: await floor.headers(user),
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });
          sent += 1;
          const body = response.body.replace(/\s+/g, ' ').slice(0, 240);
          const leaked = targets.markers.filter((marker) => response.body.includes(marker));
          const seen = `${name}: ${request.method} ${request.url} → ${response.statusCode} ${body}`;
          if (response.statusCode === 400 || response.statusCode === 422) failures.push(`${seen}  [refused as invalid before its scope was checked: give it a valid request in BODIES or QUERIES]`);
          else if (request.ownCentreList && response.statusCode === 200) {
            if (leaked.length > 0) failures.push(`${seen}  [shows A's ${leaked.join(', ')}]`);
          } else if (!ACCEPTED.includes(response.statusCode)) failures.push(seen);
          const after = await digestTables(floor.db);
          const changes = changedTables(before, after);
          if (changes.length > 0) failures.push(`${name}: ${request.method} ${request.url} changed ${changes.join('; ')}`);
          before = after;
        }
      }
    }
    const changedOverall = changedTables(initial, await digestTables(floor.db));
    if (changedOverall.length > 0) failures.push(`the guarded tables changed: ${changedOverall.join('; ')}`);

    // The requests do reach A's records: for each read, one of A's people (or the order's customer, or an admin) gets 200.
    const insiders: Array<[string, TestUser]> = [
      ['staff of A', floor.users.staff],
      ['manager of A', floor.users.manager],
      ['customer', floor.users.customer],
      ['admin', floor.users.admin],
    ];
    let controls = 0;
    for (const [operation, plan] of plans) {
      if (plan.kind !== 'send' || operation.method !== 'GET') continue;
      for (const request of plan.requests) {
        const answers: string[] = [];
        for (const [name, user] of insiders) {
          const response = await floor.app.inject({ method: 'GET', url: request.url, headers: await floor.headers(user) });
          controls += 1;
          answers.push(`${name} ${response.statusCode}`);
          if (response.statusCode === 200) {
            // an own-centre list shows A's records to A: the leak check above looks for something that is there
            if (request.ownCentreList && !targets.markers.some((marker) => response.body.includes(marker))) {
              failures.push(`control: GET ${request.url} as ${name} shows none of A's records (${targets.markers.join(', ')}): the leak check finds nothing to find`);
            }
            break;
          }
        }
        if (!answers.at(-1)!.endsWith(' 200')) failures.push(`control: GET ${request.url} answers none of A's people 200 (${answers.join(', ')}): it does not reach A's record`);
      }
    }

    const counts = [...plans.values()].reduce((sum, plan) => ({ ...sum, [plan.kind]: (sum[plan.kind] ?? 0) + 1 }), {} as Record<string, number>);
    console.log(`centre scope on ${target.label}: ${counts.send ?? 0} sent, ${counts.excluded ?? 0} excluded, ${counts.undecided ?? 0} undecided; ${sent} requests as B, ${controls} control reads as A`);
    expect(failures).toEqual([]);
  }, 120_000);
});
