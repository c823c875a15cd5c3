import { GHN_STATUS_MAP, type IntegratedCarrier, type Order, type ShipmentView } from 'shared-contracts/schemas';
import { installCarriers, type CarrierAdapter, type CarrierOrderRequest, type CarrierStatusUpdate, type CarrierWebhookRequest } from '../../src/modules/carriers';
import { startServiceApp, type ServiceApp } from '../support/serviceTestKit';
import { createProduct, createUser, orderOf, postOrder, type TestUser } from '../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';

/** GHN as the routes meet it: a Token header on its webhook and a JSON body, read from the raw text. */
class RouteCarrier implements CarrierAdapter {
  readonly carrier: IntegratedCarrier = 'GHN';
  created: CarrierOrderRequest[] = [];
  private next = 0;
  async quote() {
    return [];
  }
  async createOrder(request: CarrierOrderRequest) {
    this.created.push(request);
    return { trackingCode: `GHNR${process.pid}${(this.next += 1)}${Date.now() % 100000}`, fee: 28_500, expectedDelivery: '2026-12-02' };
  }
  async cancelOrder() {}
  async labelUrl() {
    return null;
  }
  verifyWebhook(request: CarrierWebhookRequest) {
    return request.headers.token === 'route-secret';
  }
  parseWebhook(request: CarrierWebhookRequest): CarrierStatusUpdate[] {
    const body = JSON.parse(request.rawBody) as { OrderCode: string; Status: string; Time: string };
    const status = GHN_STATUS_MAP[body.Status];
    if (!status) throw new Error('unknown status');
    return [{ carrier: 'GHN', trackingCode: body.OrderCode, clientOrderCode: null, status, carrierStatus: body.Status, at: body.Time, note: null, codAmount: null }];
  }
  async orderStatus() {
    return null;
  }
}

/** The routes of issue 65 §4–5 end to end: the desk creates and reads the waybill, GHN's webhook moves the order, the customer sees the parcel. */
describe.each(productionDatabase())('shipment routes on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let staff: TestUser;
  let otherStaff: TestUser;
  let customer: TestUser;
  let restore: () => void;
  const carrier = new RouteCarrier();

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    // After the app starts: its carriers module installs the configured adapters.
    restore = installCarriers([carrier]);
    const centres = await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute();
    customer = await createUser(service.app, scratch.db);
    staff = await createUser(service.app, scratch.db, { role: 'staff' });
    otherStaff = await createUser(service.app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: centres[0]!.id, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    await scratch.db.insertInto('staff_assignments').values({ user_id: otherStaff.id, centre_id: centres[1]!.id, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    // The warehouse's coded ward (the carriers' origin).
    await scratch.db.updateTable('service_centres').set({ ward_code: '00493' }).where('ships_online', '=', 1).execute();
  });
  afterAll(async () => {
    restore();
    await service.close();
  });

  const post = (user: TestUser | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    service.app.inject({ method: 'POST', url, headers: { ...(user?.headers ?? {}), ...headers }, payload: payload as Record<string, unknown> });
  const version = async (code: string) =>
    ((await service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: staff.headers })).json() as { data: { version: number } }).data.version;
  const packed = async () => {
    const product = await createProduct(scratch.db, { price: 300_000, stock: 5, name: 'Gạt mưa VF 5' });
    const order = orderOf(await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] }));
    await scratch.db.updateTable('orders').set({ ward_code: '00166' }).where('code', '=', order.code).execute();
    for (const action of ['confirm', 'pack']) expect((await post(staff, `/api/staff/web-orders/${order.code}/actions`, { action, version: await version(order.code) })).statusCode).toBe(200);
    return order;
  };
  const ghn = (body: Record<string, unknown>, token = 'route-secret') =>
    service.app.inject({ method: 'POST', url: '/api/webhooks/carriers/ghn', headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('creates the waybill, reads it, and the webhook moves the order; the customer sees each status', async () => {
    const order = await packed();
    const created = await post(staff, `/api/staff/web-orders/${order.code}/shipment`, {
      version: await version(order.code),
      carrier: 'GHN',
      service: '53320',
      codAmount: order.total,
      insuredValue: 300_000,
      inspection: 'CHOXEMHANGKHONGTHU',
      handover: 'PICKUP',
    });
    expect(created.statusCode).toBe(200);
    const shipment = (created.json() as { data: ShipmentView; message: string }).data;
    expect(shipment).toMatchObject({ orderCode: order.code, status: 'READY_TO_PICK', fee: 28_500, codAmount: order.total });
    expect(carrier.created.at(-1)?.from.wardCode).toBe('00493');

    expect((await service.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}`, headers: otherStaff.headers })).statusCode).toBe(404);
    expect((await ghn({ OrderCode: shipment.trackingCode, Status: 'picked', Time: '2026-11-29T03:00:00.000Z' }, 'forged')).statusCode).toBe(401);
    const moved = await ghn({ OrderCode: shipment.trackingCode, Status: 'picked', Time: '2026-11-29T03:00:00.000Z' });
    expect({ status: moved.statusCode, body: moved.json() }).toMatchObject({ status: 200, body: { data: { received: 1, applied: 1 } } });
    expect((await service.app.inject({ method: 'POST', url: '/api/webhooks/carriers/ghn', headers: { token: 'route-secret', 'content-type': 'application/json' }, payload: '{"OrderCode":' })).statusCode).toBe(400);

    const read = await service.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}`, headers: staff.headers });
    expect((read.json() as { data: ShipmentView }).data).toMatchObject({ status: 'PICKED', canCancel: false });
    expect((await post(staff, `/api/staff/shipments/${shipment.id}/cancel`, {})).statusCode).toBe(409);

    const mine = (await service.app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: customer.headers })).json() as { data: Order };
    expect(mine.data.status).toBe('SHIPPING');
    expect(mine.data.parcel?.events.map((event) => event.status)).toEqual(['READY_TO_PICK', 'PICKED']);
    const raw = await scratch.db.selectFrom('shipment_events').select('raw_body').where('event_key', 'like', `GHN:${shipment.trackingCode}:picked:%`).executeTakeFirstOrThrow();
    expect(raw.raw_body).toBe(JSON.stringify({ OrderCode: shipment.trackingCode, Status: 'picked', Time: '2026-11-29T03:00:00.000Z' }));
  });

  it('refuses a waybill for an order without a coded ward', async () => {
    const order = await packed();
    await scratch.db.updateTable('orders').set({ ward_code: null }).where('code', '=', order.code).execute();
    const response = await post(staff, `/api/staff/web-orders/${order.code}/shipment`, { version: await version(order.code), carrier: 'GHN', service: '53320', codAmount: 0, insuredValue: 0, inspection: 'KHONGCHOXEMHANG', handover: 'DROP_OFF' });
    expect({ status: response.statusCode, message: (response.json() as { message: string }).message }).toEqual({ status: 422, message: 'Vui lòng chọn phường/xã mã hóa cho địa chỉ giao hàng trước khi tạo vận đơn.' });
  });
});
