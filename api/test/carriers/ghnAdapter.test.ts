import { GHN_STATUS_MAP } from 'shared-contracts/schemas';
import { CarrierRefusal, ghnAdapter, ghnStandIn, type CarrierOrderRequest, type GhnStandIn } from '../../src/modules/carriers';
import { ProviderUnavailable } from '../../src/outbound';
import { standInWardCodeOf, wardNamed, webhookReceiver } from './carrierTestKit';

const ACCOUNT = { token: 'ghn-token-for-tests', shopId: 885_123 };
const SECRET = 'ghn-webhook-secret-for-tests';

describe('GHN adapter against its stand-in', () => {
  let standIn: GhnStandIn;
  const adapter = (overrides: { timeoutMs?: number; token?: string } = {}) =>
    ghnAdapter({ baseUrl: standIn.url, token: overrides.token ?? ACCOUNT.token, shopId: ACCOUNT.shopId, webhookSecret: SECRET, timeoutMs: overrides.timeoutMs ?? 3_000, retries: 0 }, { wardCodeOf: standInWardCodeOf });
  const hanoi = () => wardNamed('Hà Nội', 'Cầu Giấy');
  const saigon = () => wardNamed('TP. Hồ Chí Minh', 'Bến Thành');
  const order = (clientOrderCode: string, overrides: Partial<CarrierOrderRequest> = {}): CarrierOrderRequest => ({
    clientOrderCode,
    from: { province: 'Hà Nội', wardCode: hanoi().code, wardName: hanoi().name, street: '1 Trần Thái Tông', name: 'Kho EV Shop', phone: '0912345678' },
    to: { province: 'TP. Hồ Chí Minh', wardCode: saigon().code, wardName: saigon().name, street: '12 Lê Lợi', name: 'Nguyễn Văn An', phone: '0987654321' },
    parcel: { weightGrams: 1_800, lengthCm: 30, widthCm: 20, heightCm: 15, value: 2_500_000 },
    service: '2',
    codAmount: 2_500_000,
    insuredValue: 2_500_000,
    inspection: 'CHOXEMHANGKHONGTHU',
    handover: 'PICKUP',
    note: 'Gọi trước khi giao',
    items: [{ name: 'Sạc nhanh 7 kW', code: 'SAC-7KW', quantity: 1 }],
    ...overrides,
  });

  beforeEach(async () => {
    standIn = await ghnStandIn({ account: ACCOUNT });
  });
  afterEach(async () => standIn.close());

  it('quotes each available service with its fee and expected day, sending GHN its own ward codes', async () => {
    const quotes = await adapter().quote({ from: { province: 'Hà Nội', wardCode: hanoi().code }, to: { province: 'TP. Hồ Chí Minh', wardCode: saigon().code }, parcel: order('x').parcel });
    expect(quotes.map((quote) => quote.service)).toEqual(['2', '5']);
    expect(quotes[0]).toMatchObject({ carrier: 'GHN', serviceLabel: 'Chuẩn', fee: expect.any(Number), expectedDelivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const fee = standIn.calls.find((call) => call.path.endsWith('/fee'))!;
    expect(fee.body.to_ward_code).toBe((await standInWardCodeOf(saigon().code))!.wardCode);
    expect(fee.body.to_ward_code).not.toBe(saigon().code);
  });

  it('refuses a request missing a field in GHN’s format, and a wrong token', async () => {
    const response = await fetch(`${standIn.url}/shiip/public-api/v2/shipping-order/fee`, { method: 'POST', headers: { Token: ACCOUNT.token, ShopId: String(ACCOUNT.shopId), 'content-type': 'application/json' }, body: JSON.stringify({ from_district_id: 1001 }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, message: expect.stringContaining('is required') });
    await expect(adapter({ token: 'wrong-token' }).cancelOrder('GABC')).rejects.toThrow(CarrierRefusal);
  });

  it('creates a waybill once per client order code, cancels it before pickup and refuses after', async () => {
    const created = await adapter().createOrder(order('DH-1001'));
    expect(created.trackingCode).toMatch(/^G[0-9A-F]{7}$/);
    expect(standIn.orders.get(created.trackingCode)!.request).toMatchObject({ client_order_code: 'DH-1001', required_note: 'CHOXEMHANGKHONGTHU', cod_amount: 2_500_000, insurance_value: 2_500_000, weight: 1_800, service_type_id: 2, payment_type_id: 1 });
    // Sent again (its answer lost): GHN refuses the code, the adapter answers the waybill it already made.
    expect((await adapter().createOrder(order('DH-1001'))).trackingCode).toBe(created.trackingCode);
    expect(standIn.orders.size).toBe(1);
    await adapter().cancelOrder(created.trackingCode);
    expect(standIn.orders.get(created.trackingCode)!.status).toBe('cancel');

    const picked = await adapter().createOrder(order('DH-1002'));
    await standIn.sendStatus(picked.trackingCode, 'picked');
    await expect(adapter().cancelOrder(picked.trackingCode)).rejects.toThrow(new CarrierRefusal('GHN', 'Đơn hàng đã được lấy, không thể hủy'));
  });

  it('answers GHN’s refusal as a CarrierRefusal with its message', async () => {
    const refused = adapter().createOrder(order('DH-1003', { codAmount: 60_000_000 }));
    await expect(refused).rejects.toBeInstanceOf(CarrierRefusal);
    await expect(refused).rejects.toMatchObject({ reason: 'Tiền thu hộ tối đa 50.000.000 đ' });
  });

  it('prints A5 and 80×80 through GHN’s print page and reads the order’s status', async () => {
    const created = await adapter().createOrder(order('DH-1004'));
    const a5 = await adapter().labelUrl([created.trackingCode], 'A5');
    expect(a5).toMatch(/\/a5\/public-api\/printA5\?token=/);
    expect(await (await fetch(a5!)).text()).toContain(created.trackingCode);
    expect(await adapter().labelUrl([created.trackingCode], '80x80')).toMatch(/print80x80/);
    await standIn.sendStatus(created.trackingCode, 'delivering');
    expect(await adapter().orderStatus(created.trackingCode)).toMatchObject({ status: 'DELIVERING', carrierStatus: 'delivering', clientOrderCode: 'DH-1004', codAmount: 2_500_000 });
    expect(await adapter().orderStatus('GNOPE')).toBeNull();
  });

  it('meets a 500 and a stall as the carrier unavailable', async () => {
    standIn.setMode('http500');
    await expect(adapter().cancelOrder('GABC')).rejects.toBeInstanceOf(ProviderUnavailable);
    standIn.setMode('hang');
    const started = Date.now();
    await expect(adapter({ timeoutMs: 300 }).cancelOrder('GABC')).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('verifies the webhook by its key and maps every GHN status', async () => {
    const created = await adapter().createOrder(order('DH-1005'));
    const rawBody = JSON.stringify(standIn.webhookBody(created.trackingCode));
    expect(adapter().verifyWebhook({ headers: {}, query: { key: SECRET }, rawBody })).toBe(true);
    expect(adapter().verifyWebhook({ headers: {}, query: { key: 'wrong' }, rawBody })).toBe(false);
    expect(adapter().verifyWebhook({ headers: {}, query: {}, rawBody })).toBe(false);
    for (const [status, shopStatus] of Object.entries(GHN_STATUS_MAP)) {
      const body = { ...standIn.webhookBody(created.trackingCode, 'Khách hẹn giao lại'), Status: status, Time: '2026-11-29T08:00:00.000Z' };
      expect(adapter().parseWebhook({ headers: {}, query: { key: SECRET }, rawBody: JSON.stringify(body) })).toEqual([
        { carrier: 'GHN', trackingCode: created.trackingCode, clientOrderCode: 'DH-1005', status: shopStatus, carrierStatus: status, at: '2026-11-29T08:00:00.000Z', note: 'Khách hẹn giao lại', codAmount: 2_500_000 },
      ]);
    }
    expect(adapter().parseWebhook({ headers: {}, query: {}, rawBody: JSON.stringify({ ...JSON.parse(rawBody), Type: 'update_weight' }) })).toEqual([]);
    expect(() => adapter().parseWebhook({ headers: {}, query: {}, rawBody: 'not json' })).toThrow();
    expect(() => adapter().parseWebhook({ headers: {}, query: {}, rawBody: JSON.stringify({ Type: 'switch_status', Status: 'picked' }) })).toThrow();
  });

  it('posts the status webhook to the callback URL when told to move a parcel', async () => {
    const receiver = await webhookReceiver();
    try {
      standIn.setCallbackUrl(`${receiver.url}/api/webhooks/carriers/ghn?key=${SECRET}`);
      const created = await adapter().createOrder(order('DH-1006'));
      const control = await fetch(`${standIn.url}/__standin/orders/${created.trackingCode}/status`, { method: 'POST', body: JSON.stringify({ status: 'delivered' }) });
      expect(await control.json()).toEqual({ webhook: 200 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.url).toBe(`/api/webhooks/carriers/ghn?key=${SECRET}`);
      const [update] = adapter().parseWebhook({ headers: {}, query: { key: SECRET }, rawBody: receiver.received[0]!.body });
      expect(update).toMatchObject({ trackingCode: created.trackingCode, status: 'DELIVERED' });
    } finally {
      await receiver.close();
    }
  });
});
