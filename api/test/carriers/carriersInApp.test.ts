import { carrierFor, enabledCarriers, quoteShipping } from '../../src/modules/carriers';
import { manualClock, systemClock } from '../../src/security/clock';
import { startAuthApp, testConfig } from '../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';
import { wardNamed } from './carrierTestKit';

describe.each(productionDatabase())('the carriers in the running API on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('installs both stand-ins by default, quotes through them and moves a parcel by the development route', async () => {
    // The API's clock 8 hours ahead of the world (CLOCK_START in the browser suite): the stand-ins keep its time.
    const ahead = new Date(Date.now() + 8 * 3_600_000);
    const api = await startAuthApp(scratch.db, { clock: manualClock(ahead) });
    try {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      expect(enabledCarriers()).toEqual(['GHN', 'GHTK']);
      // Listening warmed the stand-ins up; a call waits for them.
      expect(await carrierFor('GHN')!.orderStatus('GNOPE123')).toBeNull();
      const hanoi = wardNamed('Hà Nội', 'Cầu Giấy');
      const danang = wardNamed('Đà Nẵng', 'Hải Châu');
      const quote = await quoteShipping({ db: scratch.db, config: api.config, clock: systemClock }, { from: { province: 'Hà Nội', wardCode: hanoi.code }, to: { province: 'Đà Nẵng', wardCode: danang.code }, parcel: { weightGrams: 900, lengthCm: 20, widthCm: 20, heightCm: 10, value: 500_000 } });
      expect(quote.fallback).toBe(false);
      expect(new Set(quote.options.map((option) => option.carrier))).toEqual(new Set(['GHN', 'GHTK']));
      // Their start synced GHN's ward codes from the stand-in.
      expect(Number((await scratch.db.selectFrom('carrier_ward_codes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(3_000);

      const created = await carrierFor('GHN')!.createOrder({
        clientOrderCode: `DH-APP-${target.dialect}`,
        from: { province: 'Hà Nội', wardCode: hanoi.code, wardName: hanoi.name, street: '1 Trần Thái Tông', name: 'Kho', phone: '0912345678' },
        to: { province: 'Đà Nẵng', wardCode: danang.code, wardName: danang.name, street: '2 Bạch Đằng', name: 'Lê Thị Hoa', phone: '0987654321' },
        parcel: { weightGrams: 900, lengthCm: 20, widthCm: 20, heightCm: 10, value: 500_000 },
        service: '2',
        codAmount: 0,
        insuredValue: 500_000,
        inspection: 'KHONGCHOXEMHANG',
        handover: 'PICKUP',
        note: null,
        items: [{ name: 'Má phanh', code: null, quantity: 2 }],
      });
      const moved = await api.app.inject({ method: 'POST', url: `/api/dev/carriers/ghn/${created.trackingCode}/status`, payload: { status: 'PICKED' } });
      expect(moved.statusCode).toBe(200);
      // The webhook reached our own API (whatever the shipments module answered a waybill it does not know).
      expect(moved.json()).toMatchObject({ carrier: 'GHN', trackingCode: created.trackingCode, webhook: expect.any(Number) });
      expect(await carrierFor('GHN')!.orderStatus(created.trackingCode)).toMatchObject({ status: 'PICKED', carrierStatus: 'picked', at: ahead.toISOString() });

      const unknown = await api.app.inject({ method: 'POST', url: '/api/dev/carriers/ghn/GNOPE123/status', payload: { status: 'delivered' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'Không tìm thấy vận đơn ở đơn vị vận chuyển giả lập.' });
      const badStatus = await api.app.inject({ method: 'POST', url: `/api/dev/carriers/ghn/${created.trackingCode}/status`, payload: { status: 'teleported' } });
      expect(badStatus.statusCode).toBe(422);
    } finally {
      await api.close();
    }
    expect(enabledCarriers()).toEqual([]);
  });

  it('has no development route in production', async () => {
    const api = await startAuthApp(scratch.db, { config: testConfig({ nodeEnv: 'production' }) });
    try {
      const response = await api.app.inject({ method: 'POST', url: '/api/dev/carriers/ghn/GABC1234/status', payload: { status: 'delivered' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await api.close();
    }
  });
});
