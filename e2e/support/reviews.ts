import { expect, type APIRequestContext, type Page } from './fixtures.ts';
import { bookToday, type Booked } from './floor.ts';
import { apiLogin, DEMO_CUSTOMER_NAME, DEMO_EMAILS } from './session.ts';

/**
 * Helpers of the reviews and ratings browser tests (issue 48): what a customer must have received before they
 * may review or rate, made through the API as the desk and the floor would, so that each test has its own (the
 * demo is seeded once for the whole suite, and a retried test makes a new one).
 */

export const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface ListedProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  stock: number;
  category: { slug: string };
  brand: { slug: string };
  ratingAverage: number | null;
  ratingCount: number;
}

/**
 * A product in stock with the fewest reviews, away from the most popular ones other tests buy (they take the first
 * of `sort=popular`): one unit of it is all a test takes.
 */
export async function quietProduct(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get('/api/products?inStock=true&sort=popular&pageSize=48');
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as { data: { items: ListedProduct[] } }).data.items;
  const candidates = items.slice(5).filter((product) => product.stock >= 5);
  expect(candidates.length, 'the catalogue has products in stock').toBeGreaterThan(0);
  // Fewest reviews, then fewest sold: the list is by popularity, so the later of two is the one sold less.
  return candidates.map((product, rank) => ({ product, rank })).sort((left, right) => left.product.ratingCount - right.product.ratingCount || right.rank - left.rank)[0]!.product;
}

interface DeskOrder {
  version: number;
  order: { status: string };
  availableActions: string[];
}

/**
 * The demo customer orders one unit of `productId` (cash on delivery, delivered to Cầu Giấy); the staff of the
 * shipping centre confirm, pack, ship (GHN) and mark it delivered, as the web-order desk does. Returns its code.
 */
export async function deliveredOrder(request: APIRequestContext, productId: number, label: string): Promise<string> {
  const buyer = await apiLogin(request, DEMO_EMAILS.customer);
  const placed = await request.post('/api/orders', {
    headers: { ...bearer(buyer.accessToken), 'Idempotency-Key': `${label}-${Date.now()}` },
    data: {
      items: [{ kind: 'product', refId: productId, quantity: 1 }],
      recipientName: DEMO_CUSTOMER_NAME,
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '25 Trần Thái Tông' } },
      paymentMethod: 'COD',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { code } = ((await placed.json()) as { data: { code: string } }).data;

  await deliverOrder(request, code);
  return code;
}

/** The demo staff's desk takes web order `code` of Cầu Giấy through confirm, pack, ship and deliver (its hand-over). */
export async function deliverOrder(request: APIRequestContext, code: string): Promise<void> {
  const desk = await apiLogin(request, DEMO_EMAILS.staff);
  const steps = [
    { action: 'confirm' },
    { action: 'pack' },
    { action: 'ship', carrier: 'GHN', trackingCode: `GHNREV${Date.now() % 1_000_000}` },
    { action: 'deliver' },
  ];
  for (const step of steps) {
    const read = await request.get(`/api/staff/web-orders/${code}`, { headers: bearer(desk.accessToken) });
    expect(read.status(), await read.text()).toBe(200);
    const detail = ((await read.json()) as { data: DeskOrder }).data;
    expect(detail.availableActions).toContain(step.action);
    const acted = await request.post(`/api/staff/web-orders/${code}/actions`, { headers: bearer(desk.accessToken), data: { ...step, version: detail.version } });
    expect(acted.status(), `${step.action}: ${await acted.text()}`).toBe(200);
  }
  const done = await request.get(`/api/staff/web-orders/${code}`, { headers: bearer(desk.accessToken) });
  expect(((await done.json()) as { data: DeskOrder }).data.order.status).toBe('DELIVERED');
}

interface ServiceOrderDetail {
  id: number;
  code: string;
  version: number;
  status: string;
  checklistItems: Array<{ id: number; result: string | null }>;
}

async function serviceOrder(request: APIRequestContext, token: string, id: number): Promise<ServiceOrderDetail> {
  const response = await request.get(`/api/service-orders/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ServiceOrderDetail }).data;
}

export interface InvoicedVisit extends Booked {
  serviceOrderId: number;
  /** The service invoice's total (VND). */
  total: number;
}

export interface ClosedVisit extends Booked {
  serviceOrderId: number;
  serviceOrderCode: string;
  /** What the counter took (VND). */
  total: number;
}

/**
 * A visit of the demo customer invoiced today at the demo staff's centre, waiting for its payment: booked, checked in
 * with the demo technician, worked (every checklist item PASS) and invoiced, through the floor's APIs.
 */
export async function invoicedVisit(customer: Page, staff: Page): Promise<InvoicedVisit> {
  const booked = await bookToday(customer, staff);
  const request = staff.request;
  const desk = await apiLogin(request, DEMO_EMAILS.staff);
  const technician = await apiLogin(request, DEMO_EMAILS.technician);
  const buyer = await apiLogin(request, DEMO_EMAILS.customer);

  const vehicles = ((await (await request.get('/api/vehicles', { headers: bearer(buyer.accessToken) })).json()) as { data: Array<{ licensePlate: string; odometerKm: number }> }).data;
  const vehicle = vehicles.find((candidate) => candidate.licensePlate === booked.licensePlate)!;
  const checkedIn = await request.post(`/api/staff/appointments/${booked.id}/check-in`, {
    headers: bearer(desk.accessToken),
    data: { odometerKm: vehicle.odometerKm, technicianId: technician.userId },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(201);
  const { id } = ((await checkedIn.json()) as { data: ServiceOrderDetail }).data;

  // The demo technician's clock may run on another car of today's floor (other tests): paused first.
  const paused = await request.post('/api/technician/clock/out', { headers: bearer(technician.accessToken) });
  expect([200, 409], await paused.text()).toContain(paused.status());
  const started = await request.post(`/api/service-orders/${id}/start`, {
    headers: bearer(technician.accessToken),
    data: { version: (await serviceOrder(request, technician.accessToken, id)).version },
  });
  expect(started.status(), await started.text()).toBe(200);
  for (const item of (await serviceOrder(request, technician.accessToken, id)).checklistItems) {
    const answered = await request.put(`/api/service-orders/${id}/checklist/${item.id}`, { headers: bearer(technician.accessToken), data: { result: 'PASS' } });
    expect(answered.status(), await answered.text()).toBe(200);
  }
  const finished = await request.post(`/api/service-orders/${id}/finish`, {
    headers: bearer(technician.accessToken),
    data: { version: (await serviceOrder(request, technician.accessToken, id)).version },
  });
  expect(finished.status(), await finished.text()).toBe(200);

  const invoiced = await request.post(`/api/service-orders/${id}/invoice`, { headers: bearer(desk.accessToken) });
  expect(invoiced.status(), await invoiced.text()).toBe(201);
  const { total } = ((await invoiced.json()) as { data: { total: number } }).data;
  return { ...booked, serviceOrderId: id, total };
}

/**
 * A visit of the demo customer closed today at the demo staff's centre: booked, checked in with the demo
 * technician, worked (every checklist item PASS), invoiced and paid in cash, through the floor's APIs.
 */
export async function closedVisit(customer: Page, staff: Page): Promise<ClosedVisit> {
  const { total, ...visit } = await invoicedVisit(customer, staff);
  const request = staff.request;
  const desk = await apiLogin(request, DEMO_EMAILS.staff);
  const id = visit.serviceOrderId;
  const paid = await request.post(`/api/service-orders/${id}/payment/confirm`, { headers: bearer(desk.accessToken), data: { method: 'CASH', amountReceived: total } });
  expect(paid.status(), await paid.text()).toBe(200);
  const closed = await serviceOrder(request, desk.accessToken, id);
  expect(closed.status).toBe('CLOSED');
  return { ...visit, total, serviceOrderCode: closed.code };
}
