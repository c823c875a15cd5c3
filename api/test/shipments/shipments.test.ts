import { GHN_STATUS_MAP, ORDER_STATUS_LABELS, type CreateShipmentRequest, type IntegratedCarrier, type WebOrderDetail } from 'shared-contracts/schemas';
import { CarrierRefusal, type CarrierAdapter, type CarrierOrderRequest, type CarrierStatusUpdate, type CarrierWebhookRequest } from '../../src/modules/carriers';
import { applyCarrierWebhook, cancelShipment, createShipment, followQuietParcels, shipmentViewOfOrder, type ShipmentContext, type ShipmentDeps } from '../../src/modules/shipments';
import type { CentreScope } from '../../src/security/centreScope';
import { startServiceApp, type ServiceApp } from '../support/serviceTestKit';
import { emailOutbox } from '../support/emailOutbox';
import { createProduct, createUser, orderOf, postOrder, type TestUser } from '../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** A carrier stand-in following GHN's webhook shape: token header, {OrderCode, Status, Time, Reason, CODAmount}. */
class FakeCarrier implements CarrierAdapter {
  readonly carrier: IntegratedCarrier = 'GHN';
  created: CarrierOrderRequest[] = [];
  cancelled: string[] = [];
  mode: 'ok' | 'refuse' | 'down' = 'ok';
  delayMs = 0;
  private next = 1;
  async quote() {
    return [];
  }
  async createOrder(request: CarrierOrderRequest) {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.mode === 'refuse') throw new CarrierRefusal('GHN', 'Số điện thoại người nhận không hợp lệ');
    if (this.mode === 'down') throw new Error('connect ETIMEDOUT');
    this.created.push(request);
    return { trackingCode: `GHN${process.pid}X${(this.next += 1)}${Date.now() % 100000}`, fee: 32_000, expectedDelivery: '2026-12-03' };
  }
  async cancelOrder(trackingCode: string) {
    this.cancelled.push(trackingCode);
  }
  async labelUrl() {
    return null;
  }
  verifyWebhook(request: CarrierWebhookRequest) {
    return request.headers.token === 'ghn-secret';
  }
  parseWebhook(request: CarrierWebhookRequest): CarrierStatusUpdate[] {
    const body = JSON.parse(request.rawBody) as { OrderCode: string; Status: string; Time: string; Reason?: string; CODAmount?: number };
    const status = GHN_STATUS_MAP[body.Status];
    if (!status || typeof body.OrderCode !== 'string') throw new Error('malformed');
    return [{ carrier: 'GHN', trackingCode: body.OrderCode, clientOrderCode: null, status, carrierStatus: body.Status, at: body.Time, note: body.Reason ?? null, codAmount: body.CODAmount ?? null }];
  }
  /** What the carrier's order detail says per tracking code (an Error: the carrier does not answer). */
  details = new Map<string, CarrierStatusUpdate | Error>();
  async orderStatus(trackingCode: string) {
    const detail = this.details.get(trackingCode);
    if (detail instanceof Error) throw detail;
    return detail ?? null;
  }
}

describe.each(testDatabases())('shipments on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let staff: TestUser;
  let customer: TestUser;
  let scope: CentreScope;
  let ctx: ShipmentContext;
  const carrier = new FakeCarrier();
  let wardCode: string | null = '00166';
  const deps: ShipmentDeps = {
    carrierFor: (name) => (name === 'GHN' ? carrier : null),
    shipFrom: async () => ({ province: 'Hà Nội', wardCode: '00004', wardName: 'Phường Ba Đình', street: '1 Kho', name: 'EV Service', phone: '0900000000' }),
    wardCodeOf: async () => wardCode,
  };

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    const shipping = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    customer = await createUser(service.app, scratch.db);
    staff = await createUser(service.app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: shipping, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    scope = { userId: staff.id, role: 'staff', centreId: shipping };
    ctx = { db: scratch.db, clock: service.clock, config: service.config, events: service.events };
  });
  afterAll(() => service.close());
  beforeEach(() => {
    carrier.mode = 'ok';
    carrier.delayMs = 0;
    wardCode = '00166';
  });

  const detailOf = async (code: string): Promise<WebOrderDetail> =>
    ((await service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: staff.headers })).json() as { data: WebOrderDetail }).data;
  const act = async (code: string, action: string) => {
    const { version } = await detailOf(code);
    const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${code}/actions`, headers: staff.headers, payload: { action, version } });
    expect(response.statusCode).toBe(200);
  };
  /** A COD delivery order of 2 × 450.000 ₫, confirmed and packed. */
  const packedOrder = async () => {
    const product = await createProduct(scratch.db, { price: 450_000, stock: 10, name: 'Má phanh trước VF 8' });
    const response = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }] });
    expect(response.statusCode).toBe(201);
    const order = orderOf(response);
    await act(order.code, 'confirm');
    await act(order.code, 'pack');
    const { id } = await scratch.db.selectFrom('orders').select('id').where('code', '=', order.code).executeTakeFirstOrThrow();
    return { code: order.code, id, productId: product.id, total: order.total };
  };
  const request = (version: number, codAmount: number): CreateShipmentRequest => ({ version, carrier: 'GHN', service: '53320', codAmount, insuredValue: 900_000, inspection: 'CHOXEMHANGKHONGTHU', handover: 'PICKUP' });
  const shipped = async () => {
    const order = await packedOrder();
    const { version } = await detailOf(order.code);
    const shipment = await createShipment(ctx, deps, scope, order.code, request(version, order.total));
    return { order, shipment };
  };
  const webhook = (trackingCode: string, status: string, time: string, extra: Record<string, unknown> = {}, token = 'ghn-secret') =>
    applyCarrierWebhook(ctx, deps, 'GHN', { headers: { token }, query: {}, rawBody: JSON.stringify({ OrderCode: trackingCode, Status: status, Time: time, ...extra }) });
  const orderRow = (id: number) => scratch.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = (id: number) => scratch.db.selectFrom('web_order_events').select(['action', 'note']).where('order_id', '=', id).orderBy('id').execute();
  const shipmentRow = (id: number) => scratch.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const error = async (promise: Promise<unknown>) => promise.then(() => null, (e: { status?: number; statusCode?: number; message: string }) => ({ status: e.statusCode ?? e.status, message: e.message }));

  describe('creating a waybill', () => {
    it('records the carrier order with the order code as client_order_code and the COD of what is unpaid', async () => {
      const { order, shipment } = await shipped();
      expect(shipment).toMatchObject({ status: 'READY_TO_PICK', client_order_code: order.code, carrier: 'GHN' });
      expect(Number(shipment.cod_amount)).toBe(order.total);
      expect(carrier.created.at(-1)).toMatchObject({ clientOrderCode: order.code, codAmount: order.total, to: { wardCode: '00166' } });
      // The parcel the checkout quoted: two of the product, their weights added and their heights stacked.
      const size = await scratch.db.selectFrom('products').select(['weight_grams', 'length_cm', 'width_cm', 'height_cm']).where('id', '=', order.productId).executeTakeFirstOrThrow();
      expect(carrier.created.at(-1)!.parcel).toEqual({ weightGrams: 2 * size.weight_grams, lengthCm: size.length_cm, widthCm: size.width_cm, heightCm: 2 * size.height_cm, value: 900_000 });
      const view = await shipmentViewOfOrder(scratch.db, order);
      expect(view).toMatchObject({ trackingCode: shipment.tracking_code, canCancel: true, statusLabel: 'Chờ lấy hàng' });
    });

    it('refuses without a coded ward, with a stale version, a COD above the unpaid total, a refusal or the carrier down', async () => {
      const order = await packedOrder();
      const { version } = await detailOf(order.code);
      wardCode = null;
      expect(await error(createShipment(ctx, deps, scope, order.code, request(version, 0)))).toMatchObject({ status: 422, message: 'Vui lòng chọn phường/xã mã hóa cho địa chỉ giao hàng trước khi tạo vận đơn.' });
      wardCode = '00166';
      expect(await error(createShipment(ctx, deps, scope, order.code, request(version - 1, 0)))).toMatchObject({ status: 409 });
      expect(await error(createShipment(ctx, deps, scope, order.code, request(version, order.total + 1)))).toMatchObject({ status: 422 });
      carrier.mode = 'refuse';
      expect(await error(createShipment(ctx, deps, scope, order.code, request(version, 0)))).toMatchObject({ status: 422, message: 'GHN từ chối: Số điện thoại người nhận không hợp lệ' });
      carrier.mode = 'down';
      expect(await error(createShipment(ctx, deps, scope, order.code, request(version, 0)))).toMatchObject({ status: 503, message: 'Không kết nối được GHN, vui lòng thử lại.' });
      expect(await scratch.db.selectFrom('shipments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
    });

    it('gives two clerks at once one waybill; the loser gets 409 and its carrier order is cancelled', async () => {
      const order = await packedOrder();
      const { version } = await detailOf(order.code);
      carrier.delayMs = 30;
      const before = carrier.cancelled.length;
      const results = await Promise.all([0, 1].map(() => error(createShipment(ctx, deps, scope, order.code, request(version, 0)))));
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.find((r) => r !== null)).toMatchObject({ status: 409 });
      expect(await scratch.db.selectFrom('shipments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
      expect(carrier.cancelled.length).toBe(before + 1);
    });

    it('cancels before pickup (the next waybill is <code>-2) and refuses after', async () => {
      const { order, shipment } = await shipped();
      // The order itself cannot be cancelled at the desk while its waybill is live: not offered, and refused.
      expect((await detailOf(order.code)).availableActions).not.toContain('cancel');
      const refused = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${order.code}/actions`, headers: staff.headers, payload: { action: 'cancel', reason: 'Khách đổi ý', version: (await detailOf(order.code)).version } });
      expect({ status: refused.statusCode, message: (refused.json() as { message: string }).message }).toEqual({ status: 409, message: 'Đơn hàng đang có vận đơn với đơn vị vận chuyển: vui lòng hủy vận đơn trước khi hủy đơn hàng.' });
      const cancelled = await cancelShipment(ctx, deps, scope, shipment.id);
      expect(cancelled.status).toBe('CANCELLED');
      const { version, availableActions } = await detailOf(order.code);
      expect(availableActions).toContain('cancel');
      const second = await createShipment(ctx, deps, scope, order.code, request(version, 0));
      expect(second.client_order_code).toBe(`${order.code}-2`);
      await webhook(second.tracking_code, 'picked', '2026-11-29T03:00:00.000Z');
      expect(await error(cancelShipment(ctx, deps, scope, second.id))).toMatchObject({ status: 409, message: 'Chỉ hủy được vận đơn trước khi đơn vị vận chuyển lấy hàng.' });
    });
  });

  describe('carrier webhooks', () => {
    it('catches up a missed webhook from the carrier, once; a carrier that does not answer skips only its parcel', async () => {
      const missed = await shipped();
      const silent = await shipped();
      const before = service.clock.now();
      try {
        const deliveredAt = new Date(before.getTime() + 3_600_000).toISOString();
        carrier.details.set(missed.shipment.tracking_code, { carrier: 'GHN', trackingCode: missed.shipment.tracking_code, clientOrderCode: missed.order.code, status: 'DELIVERED', carrierStatus: 'delivered', at: deliveredAt, note: null, codAmount: missed.order.total });
        carrier.details.set(silent.shipment.tracking_code, new Error('connect ETIMEDOUT'));
        // Not quiet long enough yet: nobody is asked.
        service.clock.advance(2 * 3_600_000);
        expect(await followQuietParcels(ctx, deps)).toMatchObject({ moved: 0, failed: 0 });
        expect((await orderRow(missed.order.id)).status).toBe('PACKED');

        service.clock.advance(5 * 3_600_000);
        expect(await followQuietParcels(ctx, deps)).toMatchObject({ moved: 1, failed: 1 });
        expect((await shipmentRow(missed.shipment.id)).status).toBe('DELIVERED');
        expect(await orderRow(missed.order.id)).toMatchObject({ status: 'DELIVERED', payment_status: 'PAID' });
        expect((await shipmentRow(silent.shipment.id)).status).toBe('READY_TO_PICK');
        // The late webhook of the same event, and the next round, change nothing.
        expect(await webhook(missed.shipment.tracking_code, 'delivered', deliveredAt)).toEqual({ received: 1, applied: 0 });
        expect(await followQuietParcels(ctx, deps)).toMatchObject({ moved: 0 });
        expect(await scratch.db.selectFrom('shipment_events').select('status').where('shipment_id', '=', missed.shipment.id).where('applied', '=', 1).execute()).toEqual([{ status: 'DELIVERED' }]);
      } finally {
        carrier.details.clear();
        service.clock.set(before);
      }
    });

    it('refuses a forged webhook and changes nothing', async () => {
      const { shipment } = await shipped();
      expect(await error(webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z', {}, 'wrong'))).toMatchObject({ status: 401, message: 'Chữ ký không hợp lệ.' });
      expect((await shipmentRow(shipment.id)).status).toBe('READY_TO_PICK');
      expect(await scratch.db.selectFrom('shipment_events').select('id').where('shipment_id', '=', shipment.id).execute()).toHaveLength(0);
    });

    it('keeps a malformed body and answers 400', async () => {
      const raw = JSON.stringify({ nonsense: true, n: Date.now() });
      expect(await error(applyCarrierWebhook(ctx, deps, 'GHN', { headers: { token: 'ghn-secret' }, query: {}, rawBody: raw }))).toMatchObject({ status: 400 });
      expect(await scratch.db.selectFrom('shipment_events').select('status').where('raw_body', '=', raw).execute()).toEqual([{ status: 'MALFORMED' }]);
    });

    it('applies a replay once and never goes back on an older event; the order ships once', async () => {
      const { order, shipment } = await shipped();
      expect((await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z')).applied).toBe(1);
      expect((await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z')).applied).toBe(0);
      await webhook(shipment.tracking_code, 'delivering', '2026-11-29T06:00:00.000Z');
      expect((await webhook(shipment.tracking_code, 'picking', '2026-11-29T02:00:00.000Z')).applied).toBe(0);
      expect((await shipmentRow(shipment.id)).status).toBe('DELIVERING');
      expect((await orderRow(order.id)).status).toBe('SHIPPING');
      expect((await timeline(order.id)).filter((e) => e.action === 'ship')).toHaveLength(1);
      expect(await scratch.db.selectFrom('shipment_events').select('id').where('shipment_id', '=', shipment.id).execute()).toHaveLength(3);
    });

    it('50 concurrent identical delivered webhooks: one step, one message, one COD payment, cod_state EXPECTED', async () => {
      const { order, shipment } = await shipped();
      await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z');
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => webhook(shipment.tracking_code, 'delivered', '2026-11-29T08:00:00.000Z', { CODAmount: order.total })));
      expect(outcomes.reduce((sum, o) => sum + o.applied, 0)).toBe(1);
      const row = await orderRow(order.id);
      expect({ status: row.status, payment: row.payment_status }).toEqual({ status: 'DELIVERED', payment: 'PAID' });
      expect((await timeline(order.id)).filter((e) => e.action === 'deliver')).toHaveLength(1);
      const payments = await scratch.db.selectFrom('sale_payments').select(['amount', 'channel', 'reference']).where('order_id', '=', order.id).execute();
      expect(payments).toEqual([{ amount: order.total, channel: 'CARRIER_COD', reference: shipment.tracking_code }]);
      expect((await shipmentRow(shipment.id)).cod_state).toBe('EXPECTED');
      const subjects = (await emailOutbox(scratch.db).select('subject').where('to_address', '=', customer.email).execute()).map((e) => e.subject);
      expect(subjects.filter((subject) => subject.includes(order.code) && subject.includes(ORDER_STATUS_LABELS.DELIVERED))).toHaveLength(1);
    });

    it('counts failed attempts with one message each', async () => {
      const { order, shipment } = await shipped();
      await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z');
      await webhook(shipment.tracking_code, 'delivery_fail', '2026-11-29T08:00:00.000Z', { Reason: 'Khách hẹn giao lại' });
      await webhook(shipment.tracking_code, 'delivery_fail', '2026-11-29T08:00:00.000Z', { Reason: 'Khách hẹn giao lại' });
      await webhook(shipment.tracking_code, 'delivering', '2026-11-30T02:00:00.000Z');
      await webhook(shipment.tracking_code, 'delivery_fail', '2026-11-30T08:00:00.000Z', { Reason: 'Không liên lạc được' });
      expect((await shipmentRow(shipment.id)).attempts).toBe(2);
      const notes = (await timeline(order.id)).filter((e) => e.action === 'note' && e.note?.startsWith('Giao hàng không thành công')).map((e) => e.note);
      expect(notes).toEqual([
        'Giao hàng không thành công (lần 1): Khách hẹn giao lại. Đơn vị vận chuyển sẽ liên hệ giao lại.',
        'Giao hàng không thành công (lần 2): Không liên lạc được. Đơn vị vận chuyển sẽ liên hệ giao lại.',
      ]);
      const emails = await emailOutbox(scratch.db).select('subject').where('subject', 'like', `%${order.code}: giao hàng không thành công%`).execute();
      expect(emails).toHaveLength(2);
    });

    it('50 concurrent returned webhooks put the goods back once and cancel the order', async () => {
      const { order, shipment } = await shipped();
      await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z');
      const stock = () => scratch.db.selectFrom('stock_movements').select(['kind', 'quantity']).where('order_id', '=', order.id).orderBy('id').execute();
      expect(await stock()).toEqual([{ kind: 'ISSUE', quantity: -2 }]);
      await webhook(shipment.tracking_code, 'waiting_to_return', '2026-11-30T03:00:00.000Z');
      await Promise.all(Array.from({ length: 50 }, () => webhook(shipment.tracking_code, 'returned', '2026-12-01T03:00:00.000Z')));
      expect(await stock()).toEqual([{ kind: 'ISSUE', quantity: -2 }, { kind: 'RETURN', quantity: 2 }]);
      const row = await orderRow(order.id);
      expect({ status: row.status, reason: row.cancel_reason }).toEqual({ status: 'CANCELLED', reason: 'Đơn vị vận chuyển đã hoàn hàng về cửa hàng.' });
      expect((await shipmentRow(shipment.id)).restocked_at).not.toBeNull();
    });

    it('shows the parcel with each status and its time', async () => {
      const { order, shipment } = await shipped();
      await webhook(shipment.tracking_code, 'picked', '2026-11-29T03:00:00.000Z');
      await webhook(shipment.tracking_code, 'lost', '2026-11-29T09:00:00.000Z');
      const view = await shipmentViewOfOrder(scratch.db, order);
      expect(view?.events.map((e) => [e.status, e.statusLabel])).toEqual([
        ['READY_TO_PICK', 'Chờ lấy hàng'],
        ['PICKED', 'Đã lấy hàng'],
        ['LOST', 'Thất lạc'],
      ]);
      expect(view?.events[1]?.at).toBe('2026-11-29T03:00:00.000Z');
      expect((await timeline(order.id)).some((e) => e.action === 'note' && e.note?.includes('thất lạc'))).toBe(true);
      // The desk's detail carries the same parcel.
      expect((await detailOf(order.code)).carrierShipment).toMatchObject({ trackingCode: shipment.tracking_code, status: 'LOST', statusLabel: 'Thất lạc' });
    });
  });
});
