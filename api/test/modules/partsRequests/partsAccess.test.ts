import type { PartsRequest, ServiceOrderDetail } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useParts, type TestPart } from '../../support/partsTestKit';

/** Who calls: the floor's people ('assigned' is the order's own technician), a stranger customer, nobody. */
type Caller = 'assigned' | 'technician2' | 'technicianB' | 'staff' | 'manager' | 'admin' | 'staffB' | 'managerB' | 'customer' | 'stranger' | 'anonymous';
const CALLERS: readonly Caller[] = ['assigned', 'technician2', 'technicianB', 'staff', 'manager', 'admin', 'staffB', 'managerB', 'customer', 'stranger', 'anonymous'];

interface Scene {
  order: ServiceOrderDetail;
  technician: TestUser;
  request: PartsRequest;
  part: TestPart;
}

interface RouteCase {
  name: string;
  method: 'GET' | 'POST';
  /** The request's state each call needs (a fresh one for every call that may change it). */
  state: 'REQUESTED' | 'AWAITING_CUSTOMER' | 'APPROVED' | 'RESERVED' | 'ISSUED';
  url: (scene: Scene, centreA: number) => string;
  body?: (scene: Scene) => Record<string, unknown>;
  /** The answer's status by caller (and code where it says more). */
  expected: Record<Caller, number | [number, string]>;
}

const FORBIDDEN: [number, string] = [403, 'FORBIDDEN'];
const NOT_ASSIGNED: [number, string] = [403, 'NOT_ASSIGNED'];
const ADMIN_READ_ONLY: [number, string] = [403, 'ADMIN_READ_ONLY'];
const NO_TOKEN: [number, string] = [401, 'UNAUTHENTICATED'];

/** A desk write: staff and manager of the centre; the admin reads only; another centre's 404; nobody else. */
const deskWrite = (ok: number): Record<Caller, number | [number, string]> => ({
  assigned: FORBIDDEN,
  technician2: FORBIDDEN,
  technicianB: FORBIDDEN,
  staff: ok,
  manager: ok,
  admin: ADMIN_READ_ONLY,
  staffB: 404,
  managerB: 404,
  customer: FORBIDDEN,
  stranger: FORBIDDEN,
  anonymous: NO_TOKEN,
});

const CASES: RouteCase[] = [
  {
    name: 'POST /technician/service-orders/:id/parts-requests',
    method: 'POST',
    state: 'REQUESTED',
    url: (scene) => `/api/technician/service-orders/${scene.order.id}/parts-requests`,
    body: (scene) => ({ productId: scene.part.id, quantity: 1, reason: 'Cần thêm một bộ má phanh.' }),
    expected: {
      assigned: 201,
      technician2: NOT_ASSIGNED,
      technicianB: 404,
      staff: FORBIDDEN,
      manager: FORBIDDEN,
      admin: FORBIDDEN,
      staffB: FORBIDDEN,
      managerB: FORBIDDEN,
      customer: FORBIDDEN,
      stranger: FORBIDDEN,
      anonymous: NO_TOKEN,
    },
  },
  {
    name: 'GET /technician/parts-requests?serviceOrderId=',
    method: 'GET',
    state: 'REQUESTED',
    url: (scene) => `/api/technician/parts-requests?serviceOrderId=${scene.order.id}`,
    expected: {
      assigned: 200,
      technician2: NOT_ASSIGNED,
      technicianB: 404,
      staff: FORBIDDEN,
      manager: FORBIDDEN,
      admin: FORBIDDEN,
      staffB: FORBIDDEN,
      managerB: FORBIDDEN,
      customer: FORBIDDEN,
      stranger: FORBIDDEN,
      anonymous: NO_TOKEN,
    },
  },
  {
    name: 'GET /service-orders/:id/parts',
    method: 'GET',
    state: 'REQUESTED',
    url: (scene) => `/api/service-orders/${scene.order.id}/parts?q=phanh`,
    expected: {
      assigned: 200,
      technician2: NOT_ASSIGNED,
      technicianB: 404,
      staff: 200,
      manager: 200,
      admin: 200,
      staffB: 404,
      managerB: 404,
      customer: FORBIDDEN,
      stranger: FORBIDDEN,
      anonymous: NO_TOKEN,
    },
  },
  {
    name: 'GET /parts-requests/:id',
    method: 'GET',
    state: 'REQUESTED',
    url: (scene) => `/api/parts-requests/${scene.request.id}`,
    expected: {
      assigned: 200,
      technician2: NOT_ASSIGNED,
      technicianB: 404,
      staff: 200,
      manager: 200,
      admin: 200,
      staffB: 404,
      managerB: 404,
      customer: FORBIDDEN,
      stranger: FORBIDDEN,
      anonymous: NO_TOKEN,
    },
  },
  {
    name: 'GET /staff/parts-requests?centreId=A',
    method: 'GET',
    state: 'REQUESTED',
    url: (_scene, centreA) => `/api/staff/parts-requests?centreId=${centreA}`,
    expected: {
      assigned: FORBIDDEN,
      technician2: FORBIDDEN,
      technicianB: FORBIDDEN,
      staff: 200,
      manager: 200,
      admin: 200,
      staffB: 404,
      managerB: 404,
      customer: FORBIDDEN,
      stranger: FORBIDDEN,
      anonymous: NO_TOKEN,
    },
  },
  {
    name: 'POST /staff/parts-requests/:id/decision',
    method: 'POST',
    state: 'REQUESTED',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/decision`,
    body: (scene) => ({ action: 'sendToCustomer', version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'POST /staff/parts-requests/:id/customer-decision',
    method: 'POST',
    state: 'AWAITING_CUSTOMER',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/customer-decision`,
    body: (scene) => ({ decision: 'approve', note: 'Khách đồng ý qua điện thoại.', version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'POST /staff/parts-requests/:id/withdraw',
    method: 'POST',
    state: 'AWAITING_CUSTOMER',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/withdraw`,
    body: (scene) => ({ version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'POST /staff/parts-requests/:id/reserve',
    method: 'POST',
    state: 'APPROVED',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/reserve`,
    body: (scene) => ({ version: scene.request.version }),
    // The shelf is empty for an APPROVED scene: the desk's call gets as far as the stock.
    expected: deskWrite(409),
  },
  {
    name: 'POST /staff/parts-requests/:id/issue',
    method: 'POST',
    state: 'RESERVED',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/issue`,
    body: (scene) => ({ version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'POST /staff/parts-requests/:id/release',
    method: 'POST',
    state: 'RESERVED',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/release`,
    body: (scene) => ({ version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'POST /staff/parts-requests/:id/return',
    method: 'POST',
    state: 'ISSUED',
    url: (scene) => `/api/staff/parts-requests/${scene.request.id}/return`,
    body: (scene) => ({ quantity: 1, version: scene.request.version }),
    expected: deskWrite(200),
  },
  {
    name: 'GET /me/approvals',
    method: 'GET',
    state: 'AWAITING_CUSTOMER',
    url: () => '/api/me/approvals',
    expected: { assigned: 200, technician2: 200, technicianB: 200, staff: 200, manager: 200, admin: 200, staffB: 200, managerB: 200, customer: 200, stranger: 200, anonymous: NO_TOKEN },
  },
  {
    name: 'POST /me/approvals/:requestId',
    method: 'POST',
    state: 'AWAITING_CUSTOMER',
    url: (scene) => `/api/me/approvals/${scene.request.id}`,
    body: () => ({ decision: 'approve' }),
    expected: { assigned: 404, technician2: 404, technicianB: 404, staff: 404, manager: 404, admin: 404, staffB: 404, managerB: 404, customer: 200, stranger: 404, anonymous: NO_TOKEN },
  },
];

/**
 * Every parts route × every role × the centre scope (spec §3, §5): the centre's staff and manager run the desk,
 * the admin reads only (403 ADMIN_READ_ONLY), another centre's people get 404 as for a missing record, a
 * technician acts on the order assigned to them only (403 NOT_ASSIGNED), customers see only their own
 * orders' approvals (another's answers 404), and nobody signed out gets past 401. A refused call changes nothing.
 */
describe.each(productionDatabase())('parts routes by role and centre on $label', (target) => {
  const parts = useParts(target);
  let stranger: TestUser;

  beforeAll(async () => {
    const { createUser } = await import('../../support/serviceTestKit');
    stranger = await createUser(parts.floor.db, 'customer', 'Người Lạ');
  });

  function userOf(caller: Caller, scene: Scene): TestUser | null {
    const users = parts.floor.users;
    switch (caller) {
      case 'assigned':
        return scene.technician;
      case 'stranger':
        return stranger;
      case 'anonymous':
        return null;
      default:
        return users[caller];
    }
  }

  async function scene(state: RouteCase['state']): Promise<Scene> {
    const { request, order, technician, part } = await parts.requestIn(state === 'REQUESTED' ? 'REQUESTED' : state, { quantity: 2 });
    return { request, order, technician, part };
  }

  for (const route of CASES) {
    it(`${route.name}`, async () => {
      const shared = await scene(route.state);
      const answers: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const caller of CALLERS) {
        const want = route.expected[caller];
        const [status, code] = Array.isArray(want) ? want : [want, undefined];
        // A call that may change the request gets a scene of its own; refusals share one (and must leave it as it was).
        const own = status < 300 && route.method === 'POST' ? await scene(route.state) : shared;
        const before = await parts.row(own.request.id);
        const response = await parts.floor.request(userOf(caller, own), route.method, route.url(own, parts.floor.centreA.id), route.body?.(own));
        answers[caller] = code ? [response.statusCode, response.json().code] : response.statusCode;
        expected[caller] = want;
        if (response.statusCode >= 400) expect(await parts.row(own.request.id)).toEqual(before);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      }
      expect(answers).toEqual(expected);
    });
  }

  it("lists the centre's requests to its desk only, and a customer's approvals to that customer only", async () => {
    const { request } = await parts.requestIn('AWAITING_CUSTOMER');
    const ids = async (user: TestUser, url: string) => {
      const body = (await parts.floor.request(user, 'GET', url)).json().data;
      return (Array.isArray(body) ? body : body.requests).map((entry: { id?: number; requestId?: number }) => entry.id ?? entry.requestId);
    };
    expect(await ids(parts.floor.users.staff, '/api/staff/parts-requests')).toContain(request.id);
    expect(await ids(parts.floor.users.staffB, '/api/staff/parts-requests')).not.toContain(request.id);
    expect(await ids(parts.floor.users.admin, `/api/staff/parts-requests?centreId=${parts.floor.centreA.id}`)).toContain(request.id);
    expect(await ids(parts.floor.users.customer, '/api/me/approvals')).toContain(request.id);
    expect(await ids(stranger, '/api/me/approvals')).toEqual([]);
  });
});
