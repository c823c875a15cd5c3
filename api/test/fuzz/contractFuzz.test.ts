import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed';
import { manualClock } from '../../src/security/clock';
import { startAuthApp, testConfig, type AuthTestApp } from '../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';
import { fuzzBaselines, type BaselineRequest, type FuzzFixtures } from './fuzzBaselines';
import { hostileValuesFor, toJsonText, toParameterValues, toPathSegment, toQueryString } from './hostileValues';
import { onlineStock } from '../../src/modules/stockLocations/onlineStock';
import { hasValueAt, operationsOf, withValueAt, type ApiOperation, type BodyPath, type OpenApiDocument } from './openApiOperations';

/**
 * Contract fuzz: every operation of the OpenAPI document, every field of it (path and query parameters, each
 * node of the JSON body), each replaced in turn by hostile values (NUL and other control characters, lone
 * surrogates, integers beyond the id columns, 1e308, true, [], {}, a megabyte of text, fast-check draws with a
 * fixed seed), plus invalid JSON and a wrong content type, sent anonymously (unless the route wants a login),
 * as the demo customer, and as the first demo role of staff, technician, manager, admin that the route lets in
 * when it refuses the customer. Nothing may answer 5xx, and no answer may carry a stack trace or SQL; every error is the
 * Vietnamese envelope { success: false, message, code }. An identity a route refuses is sent its hostile values up to
 * the first 403, and on the second database only the baseline (what it would get is the validation the identity let
 * in gets).
 */

/** Operations that are not JSON APIs: sent nothing here (each has its own suite). */
const NOT_JSON_APIS: Record<string, string> = {
  // multipart/form-data upload (an image), validated by the avatar pipeline: test/auth/profile.test.ts.
  'POST /api/auth/upload-avatar': 'multipart upload',
  // Server-sent events: the response never ends, app.inject would wait for ever (test/service/sseStream.test.ts).
  'GET /api/appointments/events': 'SSE stream',
  // Server-sent events of the front desk (test/service/sseStream.test.ts and the front-desk suite).
  'GET /api/staff/events': 'SSE stream',
  // The personal stream of the bell and the messages (test/modules/notifications/centre).
  'GET /api/notifications/events': 'SSE stream',
  // The live release table for the shell's server (test/modules/releases/releaseLiveTable.test.ts).
  'GET /api/releases/live/stream': 'SSE stream',
};

/** Run after the rest: each consumes the resource (or the session) the others need. */
const RUN_LAST = ['POST /api/orders/{code}/cancel', 'POST /api/appointments/{id}/cancel', 'POST /api/auth/logout'];

/**
 * The identities each operation refused (403) on the database fuzzed first: which role a route lets in is no
 * matter of the database, so the next one sends them only the baseline, and a 403 again is expected.
 */
const refusedOnFirstDatabase = new Map<string, Set<string>>();
let firstDatabaseLabel: string | null = null;

/** The API's clock: Thursday 19 November 2026, 08:00 in Vietnam. */
const NOW = '2026-11-19T01:00:00.000Z';

/** A stack frame ('\\n    at fn (/path/file.ts:12:5)', raw or JSON-escaped) or a module path: linear to scan. */
const STACK_TRACE = /(?:\\n|\n)\s+at\s|\.(?:ts|js|cjs|mjs):\d+:\d+\)|node_modules|node:internal/;
const SQL_TEXT =
  /(?:\bselect\b[^{}]{0,200}?\bfrom\b|\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+"?\w+"?\s+set\b|SQLITE_|SqliteError|invalid byte sequence|out of range for type|invalid input syntax|syntax error at|violates [\w ]*constraint|duplicate key value)/i;
/** Every Vietnamese sentence the API writes has at least one letter outside ASCII. */
const VIETNAMESE = /[À-ỹĐđ]/;

interface Identity {
  name: 'anonymous' | StaffRole | 'customer';
  headers: Record<string, string>;
}

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function describeFailure(identity: Identity, what: string, request: SentRequest, status: number, body: string): string {
  const url = request.url.length > 120 ? `${request.url.slice(0, 120)}…` : request.url;
  return `${identity.name} ${request.method} ${url} [${what}] → ${status} ${body.slice(0, 300)}`;
}

/** What is wrong with an answer, or null. */
function problemWith(status: number, contentType: string, body: string): string | null {
  if (status >= 500) return '5xx';
  if (STACK_TRACE.test(body)) return 'stack trace in the body';
  if (SQL_TEXT.test(body)) return 'SQL or database text in the body';
  if (status >= 400) {
    if (!contentType.startsWith('application/json')) return `error answered as ${contentType || 'nothing'}`;
    const parsed = errorEnvelopeSchema.safeParse(JSON.parse(body));
    if (!parsed.success) return 'error body is not the envelope';
    if (!VIETNAMESE.test(parsed.data.message)) return `message not Vietnamese: ${parsed.data.message}`;
    const english = parsed.data.errors?.find((error) => !VIETNAMESE.test(error.message));
    if (english) return `field message not Vietnamese: ${english.message}`;
  }
  return null;
}

function urlOf(operation: ApiOperation, params: Record<string, string>, query: Record<string, string[]>): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => params[name] ?? 'x');
  return `${path}${toQueryString(query)}`;
}

/** A body that holds `path` (or its parent), else the first. */
function bodyFor(bodies: unknown[], path: BodyPath): unknown {
  return bodies.find((body) => hasValueAt(body, path)) ?? bodies.find((body) => hasValueAt(body, path.slice(0, -1))) ?? bodies[0];
}

function baselineParts(baseline: BaselineRequest): { params: Record<string, string>; query: Record<string, string[]> } {
  return {
    params: Object.fromEntries(Object.entries(baseline.params ?? {}).map(([name, value]) => [name, encodeURIComponent(value)])),
    query: Object.fromEntries(Object.entries(baseline.query ?? {}).map(([name, value]) => [name, [value]])),
  };
}

/** The operation's valid request, untouched. */
function baselineRequest(operation: ApiOperation, baseline: BaselineRequest): SentRequest {
  const { params, query } = baselineParts(baseline);
  const url = urlOf(operation, params, query);
  const body = baseline.bodies?.[0];
  if (operation.bodyPaths.length === 0 || body === undefined) return { method: operation.method, url, headers: baseline.headers?.() ?? {} };
  return { method: operation.method, url, headers: { 'content-type': 'application/json', ...baseline.headers?.() }, payload: toJsonText(body) };
}

/** Every request the fuzz sends to one operation: one per field per hostile value, then the malformed bodies. */
function* fuzzRequests(operation: ApiOperation, baseline: BaselineRequest): Generator<{ what: string; request: SentRequest }> {
  const { params, query } = baselineParts(baseline);
  const bodies = baseline.bodies ?? [{}];
  const jsonHeaders = () => ({ 'content-type': 'application/json', ...baseline.headers?.() });
  const hasJsonBody = operation.bodyPaths.length > 0;
  const validPayload = hasJsonBody ? toJsonText(bodies[0]) : undefined;
  const request = (url: string, payload: string | undefined, headers = jsonHeaders()): SentRequest =>
    payload === undefined ? { method: operation.method, url, headers: baseline.headers?.() ?? {} } : { method: operation.method, url, headers, payload };

  for (const name of operation.pathParameters) {
    for (const hostile of hostileValuesFor(`${operation.key} path ${name}`, { inUrl: true })) {
      yield { what: `path ${name} = ${hostile.label}`, request: request(urlOf(operation, { ...params, [name]: toPathSegment(hostile.value) }, query), validPayload) };
    }
  }
  for (const name of operation.queryParameters) {
    for (const hostile of hostileValuesFor(`${operation.key} query ${name}`, { inUrl: true })) {
      const url = urlOf(operation, params, { ...query, [name]: toParameterValues(hostile.value) });
      yield { what: `query ${name} = ${hostile.label}`, request: request(url, validPayload) };
    }
  }
  const url = urlOf(operation, params, query);
  for (const path of operation.bodyPaths) {
    const field = path.length === 0 ? 'the body' : `body ${path.join('.')}`;
    for (const hostile of hostileValuesFor(`${operation.key} ${field}`)) {
      yield { what: `${field} = ${hostile.label}`, request: request(url, toJsonText(withValueAt(bodyFor(bodies, path), path, hostile.value))) };
    }
  }
  if (hasJsonBody) {
    yield { what: 'invalid JSON', request: request(url, '{"items": [1, 2,', jsonHeaders()) };
    yield { what: 'wrong content type', request: request(url, validPayload, { ...jsonHeaders(), 'content-type': 'text/plain' }) };
  }
}

type StaffRole = 'staff' | 'technician' | 'manager' | 'admin';
/** Tried in this order on a route that refuses the customer. */
const STAFF_ROLES: readonly StaffRole[] = ['staff', 'technician', 'manager', 'admin'];

async function login(app: App, role: 'customer' | StaffRole): Promise<Record<string, string>> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: DEMO_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login as ${role} failed: ${response.body}`);
  return { authorization: `Bearer ${(response.json().data as { accessToken: string }).accessToken}` };
}

describe.each(testDatabases())('contract fuzz of every operation on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true, seed: true });
  let t: AuthTestApp;
  let anonymous: Identity;
  let customer: Identity;
  let staffMembers: Identity[];
  let fixtures: FuzzFixtures;

  /** A request that must succeed while setting up: its data. */
  async function setUp<T>(identity: Identity | null, method: 'POST' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await t.app.inject({ method, url, payload: payload as object, headers: { ...identity?.headers, ...headers } });
    if (response.statusCode >= 300) throw new Error(`setup ${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json().data as T;
  }

  beforeAll(async () => {
    t = await startAuthApp(scratch.db, {
      clock: manualClock(NOW),
      // Google sign-in configured (else its routes answer 503 "not configured"), pointed at nothing reachable.
      config: testConfig({
        publicUrl: 'http://shop.test',
        google: {
          clientId: 'fuzz-client.apps.example',
          clientSecret: 'fuzz-secret',
          jwksUrl: 'http://127.0.0.1:9/jwks',
          issuers: ['https://accounts.google.com'],
          authorizationUrl: 'http://127.0.0.1:9/authorize',
          tokenUrl: 'http://127.0.0.1:9/token',
          redirectUri: 'http://shop.test/api/auth/google/callback',
        },
      }),
    });
    anonymous = { name: 'anonymous', headers: {} };
    customer = { name: 'customer', headers: await login(t.app, 'customer') };
    staffMembers = [];
    for (const role of STAFF_ROLES) staffMembers.push({ name: role, headers: await login(t.app, role) });

    const db = scratch.db;
    const customerId = (await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((a) => a.role === 'customer')!.email).executeTakeFirstOrThrow()).id;
    const centreId = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    const serviceId = (await db.selectFrom('services').select('id').where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow()).id;
    const product = await db.selectFrom('products').select(['id', 'slug']).where(onlineStock('products.id'), '>', 20).orderBy('id').executeTakeFirstOrThrow();
    const promotionId = (await db.selectFrom('promotions').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const vehicleId = (await db.selectFrom('vehicles').select('id').where('user_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
    const maintenanceRecordId = (await db.selectFrom('maintenance_records').select('id').where('vehicle_id', '=', vehicleId).orderBy('id').executeTakeFirstOrThrow()).id;
    const disposable = await setUp<{ id: number }>(customer, 'POST', '/api/vehicles', { type: 'scooter', brand: 'VinFast', model: 'Klara S', year: 2023, licensePlate: '29MĐ1-111.22', odometerKm: 10 });

    let key = 0;
    const placeOrder = (paymentMethod: string) =>
      setUp<{ code: string }>(
        customer,
        'POST',
        '/api/orders',
        { items: [{ kind: 'product', refId: product.id, quantity: 1 }], recipientName: 'Nguyễn Văn Khách', phone: '0912345678', fulfilment: { method: 'pickup', centreId }, paymentMethod },
        { 'idempotency-key': `fuzz-setup-${(key += 1)}` },
      );
    const book = (start: string) => setUp<{ id: number }>(customer, 'POST', '/api/appointments', { vehicleId, serviceIds: [serviceId], centreId, start });
    const guestEmail = 'khach.vang.lai.setup@example.vn';
    const guest = await setUp<{ code: string }>(null, 'POST', '/api/appointments', {
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-333.44' },
      contact: { fullName: 'Lê Văn Khách', phone: '0987000111', email: guestEmail },
      serviceIds: [serviceId],
      centreId,
      start: '2026-11-23T10:00:00+07:00',
    });

    // The back office's seeded work at the demo staff's centre (api/seed/backOffice.ts, partsApprovalDemo.ts).
    const accountId = async (role: 'staff' | 'technician') =>
      (await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((a) => a.role === role)!.email).executeTakeFirstOrThrow()).id;
    const technicianId = await accountId('technician');
    const floorCentreId = (await db.selectFrom('staff_assignments').select('centre_id').where('user_id', '=', await accountId('staff')).where('ended_at', 'is', null).executeTakeFirstOrThrow()).centre_id;
    const floorOrder = await db
      .selectFrom('service_orders')
      .select(['id', 'version'])
      .where('centre_id', '=', floorCentreId)
      .where('technician_id', '=', technicianId)
      .where('status', '=', 'IN_PROGRESS')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const floorItem = await db.selectFrom('service_order_checklist_items').select('id').where('service_order_id', '=', floorOrder.id).orderBy('id').executeTakeFirstOrThrow();
    const floorAppointment = await db
      .selectFrom('appointments')
      .select('id')
      .where('centre_id', '=', floorCentreId)
      .where('status', '=', 'CONFIRMED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const partsRequest = await db
      .selectFrom('parts_requests')
      .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
      .select('parts_requests.id')
      .where('service_orders.centre_id', '=', floorCentreId)
      .orderBy('parts_requests.id')
      .executeTakeFirstOrThrow();
    const awaiting = await db
      .selectFrom('parts_requests')
      .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
      .select('parts_requests.id')
      .where('service_orders.user_id', '=', customerId)
      .where('parts_requests.status', '=', 'AWAITING_CUSTOMER')
      .orderBy('parts_requests.id')
      .executeTakeFirstOrThrow();
    const part = await db.selectFrom('centre_stock').select('product_id').where('centre_id', '=', floorCentreId).where('on_hand', '>', 0).orderBy('product_id').executeTakeFirstOrThrow();

    // A shift of the demo technician (kept if the seed planned that day) and a finished time entry of theirs on a
    // Sunday the seed leaves free (no shift, no clock), so that correcting it overlaps nothing.
    const floorCentre = await db.selectFrom('service_centres').select(['open_time', 'close_time']).where('id', '=', floorCentreId).executeTakeFirstOrThrow();
    await db
      .insertInto('technician_shifts')
      .values({ technician_id: technicianId, centre_id: floorCentreId, work_date: '2026-11-18', start_time: floorCentre.open_time, end_time: floorCentre.close_time, created_by: null })
      .onConflict((conflict) => conflict.columns(['technician_id', 'work_date']).doNothing())
      .execute();
    const shift = await db.selectFrom('technician_shifts').select('id').where('technician_id', '=', technicianId).where('work_date', '=', '2026-11-18').executeTakeFirstOrThrow();
    const timeEntry = await db
      .insertInto('work_time_entries')
      .values({ service_order_id: floorOrder.id, technician_id: technicianId, started_at: '2026-11-14T20:00:00.000Z', ended_at: '2026-11-14T20:30:00.000Z', edited_by: null, edit_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    const admin = staffMembers.find((member) => member.name === 'admin')!;
    const staffMember = await setUp<{ id: number }>(admin, 'POST', '/api/admin/users', {
      fullName: 'Ngô Kỹ Thuật Thử',
      email: 'ky.thuat.thu@example.vn',
      role: 'technician',
      centreId: floorCentreId,
    });

    fixtures = {
      staffMemberId: staffMember.id,
      shiftId: shift.id,
      timeEntryId: timeEntry.id,
      floorCentreId,
      customerId,
      technicianId,
      floorAppointmentId: floorAppointment.id,
      serviceOrderId: floorOrder.id,
      serviceOrderVersion: floorOrder.version,
      checklistItemId: floorItem.id,
      partsRequestId: partsRequest.id,
      awaitingApprovalId: awaiting.id,
      partProductId: part.product_id,
      centreId,
      serviceId,
      productId: product.id,
      productSlug: product.slug,
      promotionId,
      vehicleId,
      disposableVehicleId: disposable.id,
      maintenanceRecordId,
      cancellableOrderCode: (await placeOrder('COD')).code,
      staffOrderCode: (await placeOrder('COD')).code,
      vietQrOrderCode: (await placeOrder('VIETQR')).code,
      appointmentId: (await book('2026-11-24T09:00:00+07:00')).id,
      staffAppointmentId: (await book('2026-11-24T10:00:00+07:00')).id,
      guestAppointmentCode: guest.code,
      guestEmail,
      bookingStart: '2026-11-25T09:00:00+07:00',
      rescheduleStart: '2026-11-26T14:00:00+07:00',
      availabilityDate: '2026-11-25',
    };
  }, 120_000);
  afterAll(() => t?.close());

  it('answers every hostile request with a 4xx Vietnamese envelope (or a success), never a 5xx, a stack trace or SQL', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const operations = operationsOf(doc);
    const baselines = fuzzBaselines(fixtures);

    // Skip nothing silently: every operation is fuzzed, or named above with its reason.
    const fuzzed = operations.filter((operation) => !(operation.key in NOT_JSON_APIS));
    expect(operations.length - fuzzed.length).toBe(Object.keys(NOT_JSON_APIS).length);
    expect(fuzzed.length).toBeGreaterThan(50);
    // An operation without a hand-made baseline (a route newer than fuzzBaselines.ts) is fuzzed from the
    // example its schema describes: shallower (a refinement may stop it at validation), reported below.
    const derived = fuzzed.filter((operation) => !(operation.key in baselines)).map((operation) => operation.key);
    const baselineOf = (operation: ApiOperation): BaselineRequest =>
      baselines[operation.key] ??
      (operation.example.body === undefined
        ? { params: operation.example.params, query: operation.example.query }
        : { params: operation.example.params, query: operation.example.query, bodies: [operation.example.body] });
    const ordered = [...fuzzed.filter((operation) => !RUN_LAST.includes(operation.key)), ...RUN_LAST.flatMap((key) => fuzzed.filter((operation) => operation.key === key))];

    firstDatabaseLabel ??= target.label;
    const firstDatabase = firstDatabaseLabel === target.label;
    const failures: string[] = [];
    /** Operations whose baseline passed validation for some identity (else the fuzz would only test zod). */
    const validBaselines = new Set<string>();
    let sent = 0;

    async function send(identity: Identity, operation: ApiOperation, what: string, request: SentRequest): Promise<number> {
      const response = await t.app.inject({ ...request, method: request.method as 'GET', headers: { ...request.headers, ...identity.headers } });
      sent += 1;
      const problem = problemWith(response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
      if (problem) failures.push(`${problem}: ${describeFailure(identity, what, request, response.statusCode, response.body)}`);
      if (what === 'baseline' && !(response.statusCode === 400 && response.body.includes('"code":"VALIDATION_ERROR"'))) validBaselines.add(operation.key);
      return response.statusCode;
    }

    /**
     * `identity`'s requests to the operation (fuzzHostileAs); its baseline's status. On the second database an identity
     * the first refused is sent only the baseline, which must be refused again.
     */
    async function fuzzAs(identity: Identity, operation: ApiOperation, baseline: BaselineRequest): Promise<number> {
      if (!firstDatabase && refusedOnFirstDatabase.get(operation.key)?.has(identity.name)) {
        const status = await send(identity, operation, 'baseline', baselineRequest(operation, baseline));
        if (status !== 403) failures.push(`refused on the first database, ${status} here: ${identity.name} ${operation.key}`);
        return status;
      }
      const status = await fuzzHostileAs(identity, operation, baseline);
      if (status === 403 && firstDatabase) refusedOnFirstDatabase.set(operation.key, (refusedOnFirstDatabase.get(operation.key) ?? new Set()).add(identity.name));
      return status;
    }

    /**
     * The hostile requests as `identity`, then the untouched baseline (last: it may consume the resource); its status.
     * A 403 stops the hostile ones early when the baseline is refused too (a 403 changes nothing): the route checks
     * the role after validating, so the rest would only repeat, as a refused identity, what the identity it lets in
     * sends. A baseline the route lets in is followed by the rest.
     */
    async function fuzzHostileAs(identity: Identity, operation: ApiOperation, baseline: BaselineRequest): Promise<number> {
      const hostile = fuzzRequests(operation, baseline);
      for (let next = hostile.next(); !next.done; next = hostile.next()) {
        if ((await send(identity, operation, next.value.what, next.value.request)) !== 403) continue;
        const status = await send(identity, operation, 'baseline', baselineRequest(operation, baseline));
        if (status === 403) return status;
        for (let rest = hostile.next(); !rest.done; rest = hostile.next()) await send(identity, operation, rest.value.what, rest.value.request);
        return status;
      }
      return send(identity, operation, 'baseline', baselineRequest(operation, baseline));
    }

    const started = Date.now();
    for (const operation of ordered) {
      const baseline = baselineOf(operation);
      // Anonymously unless the route wants a login (a 401 needs no side effect to find out).
      if ((await send(anonymous, operation, 'baseline', baselineRequest(operation, baseline))) !== 401) await fuzzAs(anonymous, operation, baseline);
      // As the customer; when the route refuses the customer, as the first staff role it lets in.
      if ((await fuzzAs(customer, operation, baseline)) === 403) {
        for (const member of staffMembers) if ((await fuzzAs(member, operation, baseline)) !== 403) break;
      }
    }
    console.log(`contract fuzz on ${target.label}: ${sent} requests to ${fuzzed.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    if (derived.length > 0) console.log(`contract fuzz on ${target.label}: baselines derived from the schema for ${derived.join(', ')}`);
    // Every hand-made baseline gets past validation (else its fuzzing would stop at zod too).
    expect(fuzzed.map((operation) => operation.key).filter((key) => !derived.includes(key) && !validBaselines.has(key))).toEqual([]);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
