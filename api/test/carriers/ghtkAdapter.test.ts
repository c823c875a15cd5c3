import { GHTK_STATUS_MAP } from 'shared-contracts/schemas';
import { CarrierRefusal, ghtkAdapter, ghtkStandIn, type CarrierOrderRequest, type GhtkStandIn } from '../../src/modules/carriers';
import { ProviderUnavailable } from '../../src/outbound';
import { wardNamed, webhookReceiver } from './carrierTestKit';

const TOKEN = 'ghtk-token-for-tests';
const HASH = 'ghtk-webhook-hash-for-tests';

describe('GHTK adapter against its stand-in', () => {
  let standIn: GhtkStandIn;
  const adapter = (overrides: { timeoutMs?: number; token?: string } = {}) => ghtkAdapter({ baseUrl: standIn.url, token: overrides.token ?? TOKEN, webhookHash: HASH, timeoutMs: overrides.timeoutMs ?? 3_000, retries: 0 });
  const hanoi = () => wardNamed('Hà Nội', 'Cầu Giấy');
  const saigon = () => wardNamed('TP. Hồ Chí Minh', 'Bến Thành');
  const order = (clientOrderCode: string, overrides: Partial<CarrierOrderRequest> = {}): CarrierOrderRequest => ({
    clientOrderCode,
    from: { province: 'Hà Nội', wardCode: hanoi().code, wardName: hanoi().name, street: '1 Trần Thái Tông', name: 'Kho EV Shop', phone: '0912345678' },
    to: { province: 'TP. Hồ Chí Minh', wardCode: saigon().code, wardName: saigon().name, street: '12 Lê Lợi', name: 'Nguyễn Văn An', phone: '0987654321' },
    parcel: { weightGrams: 1_800, lengthCm: 30, widthCm: 20, heightCm: 15, value: 2_500_000 },
    service: 'road',
    codAmount: 2_500_000,
    insuredValue: 2_500_000,
    inspection: 'CHOXEMHANGKHONGTHU',
    handover: 'PICKUP',
    note: null,
    items: [{ name: 'Sạc nhanh 7 kW', code: 'SAC-7KW', quantity: 1 }],
    ...overrides,
  });

  beforeEach(async () => {
    standIn = await ghtkStandIn({ token: TOKEN, webhookHash: HASH });
  });
  afterEach(async () => standIn.close());

  it('quotes road and fly across the country by province and ward names, weight in grams', async () => {
    const quotes = await adapter().quote({ from: { province: 'Hà Nội', wardCode: hanoi().code }, to: { province: 'TP. Hồ Chí Minh', wardCode: saigon().code }, parcel: order('x').parcel });
    expect(quotes.map((quote) => [quote.service, quote.serviceLabel])).toEqual([
      ['road', 'Đường bộ'],
      ['fly', 'Đường bay'],
    ]);
    expect(quotes[1]!.fee).toBeGreaterThan(quotes[0]!.fee);
    expect(quotes[1]!.expectedDelivery! < quotes[0]!.expectedDelivery!).toBe(true);
    expect(standIn.calls[0]!.query).toMatchObject({ pick_province: 'Hà Nội', pick_ward: 'Phường Cầu Giấy', province: 'TP. Hồ Chí Minh', ward: 'Phường Bến Thành', weight: '1800', transport: 'road' });
  });

  it('refuses a request missing a field and a wrong token', async () => {
    const response = await fetch(`${standIn.url}/services/shipment/fee?pick_province=H%C3%A0%20N%E1%BB%99i`, { headers: { Token: TOKEN } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: expect.stringContaining('Thiếu tham số') });
    await expect(adapter({ token: 'wrong' }).cancelOrder('S1.A1.1')).rejects.toBeInstanceOf(CarrierRefusal);
  });

  it('creates once per order id, cancels before pickup, refuses after, prints a PDF and reads the status', async () => {
    const created = await adapter().createOrder(order('DH-2001'));
    expect(created.trackingCode).toMatch(/^S885001\./);
    expect(standIn.orders.get(created.trackingCode)!.request.order).toMatchObject({ id: 'DH-2001', hamlet: 'Khác', pick_money: 2_500_000, value: 2_500_000, transport: 'road', pick_option: 'cod', ward: 'Phường Bến Thành', note: 'Cho xem hàng, không cho thử' });
    expect((await adapter().createOrder(order('DH-2001'))).trackingCode).toBe(created.trackingCode);
    expect(standIn.orders.size).toBe(1);
    const pdf = await adapter().labelPdf!(created.trackingCode, 'A5');
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(standIn.calls.at(-1)!.query).toMatchObject({ original: 'portrait', paper_size: 'A5' });
    await adapter().cancelOrder(created.trackingCode);
    expect(standIn.orders.get(created.trackingCode)!.statusId).toBe(-1);

    const picked = await adapter().createOrder(order('DH-2002', { handover: 'DROP_OFF' }));
    expect(standIn.orders.get(picked.trackingCode)!.request.order.pick_option).toBe('post');
    await standIn.sendStatus(picked.trackingCode, 3);
    await expect(adapter().cancelOrder(picked.trackingCode)).rejects.toMatchObject({ reason: 'Đơn hàng đã lấy hàng, không thể hủy' });
    expect(await adapter().orderStatus(picked.trackingCode)).toMatchObject({ status: 'PICKED', carrierStatus: '3', clientOrderCode: 'DH-2002' });
  });

  it('meets a 500 and a stall as the carrier unavailable', async () => {
    standIn.setMode('http500');
    await expect(adapter().cancelOrder('S1.A1.1')).rejects.toBeInstanceOf(ProviderUnavailable);
    standIn.setMode('hang');
    await expect(adapter({ timeoutMs: 300 }).orderStatus('S1.A1.1')).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('verifies the webhook by its hash and maps every GHTK status_id', async () => {
    const created = await adapter().createOrder(order('DH-2003'));
    const body = standIn.webhookBody(created.trackingCode);
    expect(adapter().verifyWebhook({ headers: {}, query: {}, rawBody: JSON.stringify(body) })).toBe(true);
    expect(adapter().verifyWebhook({ headers: {}, query: {}, rawBody: JSON.stringify({ ...body, hash: 'forged' }) })).toBe(false);
    expect(adapter().verifyWebhook({ headers: {}, query: { hash: HASH }, rawBody: 'label_id=S1&status_id=5' })).toBe(true);
    for (const [statusId, shopStatus] of Object.entries(GHTK_STATUS_MAP)) {
      const rawBody = JSON.stringify({ ...body, status_id: Number(statusId), action_time: '2026-11-29T15:00:00+07:00', reason: 'Khách hẹn giao lại' });
      expect(adapter().parseWebhook({ headers: {}, query: {}, rawBody })).toEqual([
        { carrier: 'GHTK', trackingCode: created.trackingCode, clientOrderCode: 'DH-2003', status: shopStatus, carrierStatus: statusId, at: '2026-11-29T08:00:00.000Z', note: 'Khách hẹn giao lại', codAmount: 2_500_000 },
      ]);
    }
    expect(adapter().parseWebhook({ headers: {}, query: {}, rawBody: JSON.stringify({ ...body, status_id: 999 }) })).toEqual([]);
    expect(() => adapter().parseWebhook({ headers: {}, query: {}, rawBody: 'garbage' })).toThrow();
    expect(() => adapter().parseWebhook({ headers: {}, query: {}, rawBody: JSON.stringify({ status_id: 5 }) })).toThrow();
  });

  it('posts the status webhook with the shop’s hash', async () => {
    const receiver = await webhookReceiver();
    try {
      standIn.setCallbackUrl(`${receiver.url}/api/webhooks/carriers/ghtk`);
      const created = await adapter().createOrder(order('DH-2004'));
      const control = await fetch(`${standIn.url}/__standin/orders/${encodeURIComponent(created.trackingCode)}/status`, { method: 'POST', body: JSON.stringify({ status: 5 }) });
      expect(await control.json()).toEqual({ webhook: 200 });
      const rawBody = receiver.received[0]!.body;
      expect(adapter().verifyWebhook({ headers: {}, query: {}, rawBody })).toBe(true);
      expect(adapter().parseWebhook({ headers: {}, query: {}, rawBody })[0]).toMatchObject({ status: 'DELIVERED', trackingCode: created.trackingCode });
    } finally {
      await receiver.close();
    }
  });
});
