import { PROVINCES } from 'shared-contracts/schemas';
import { clearShippingQuotes, ghnAdapter, ghnStandIn, ghnStandInMasterData, ghnWardCodeReader, ghtkAdapter, ghtkStandIn, quoteShipping, syncCarrierWardCodes, type GhnStandIn, type GhtkStandIn } from '../../src/modules/carriers';
import { wardsOfProvince } from '../../src/modules/addresses';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/security/clock';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';
import { wardNamed } from './carrierTestKit';

describe.each(productionDatabase())('GHN ward codes and the live quote on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let ghn: GhnStandIn;
  let ghtk: GhtkStandIn;

  beforeAll(async () => {
    ghn = await ghnStandIn({ account: { token: 'ghn-token', shopId: 1 } });
    ghtk = await ghtkStandIn({ token: 'ghtk-token' });
  });
  afterAll(async () => {
    await ghn.close();
    await ghtk.close();
  });
  beforeEach(() => clearShippingQuotes());

  it('maps every ward of GHN’s master data to its official code by province and name', async () => {
    const sync = await syncCarrierWardCodes(scratch.db, { baseUrl: ghn.url, token: 'ghn-token' });
    const allWards = PROVINCES.reduce((sum, province) => sum + wardsOfProvince(province.name).length, 0);
    expect(sync).toMatchObject({ matched: allWards, unmatchedCarrierWards: 0, wardsWithoutCode: 0 });
    expect(ghnStandInMasterData().wards).toHaveLength(allWards);
    const rows = await scratch.db.selectFrom('carrier_ward_codes').selectAll().where('carrier', '=', 'GHN').execute();
    expect(rows).toHaveLength(sync.matched);
    const cauGiay = wardNamed('Hà Nội', 'Cầu Giấy');
    const expected = ghnStandInMasterData().wards.find((ward) => ward.officialCode === cauGiay.code)!;
    expect(await ghnWardCodeReader(scratch.db)(cauGiay.code)).toEqual({ districtId: expected.districtId, wardCode: expected.wardCode });
    // A second sync replaces the rows (no duplicates).
    await syncCarrierWardCodes(scratch.db, { baseUrl: ghn.url, token: 'ghn-token' });
    expect(Number((await scratch.db.selectFrom('carrier_ward_codes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(sync.matched);
  });

  it('quotes both carriers through their stand-ins, and offers the one that answers when the other stalls', async () => {
    const carriers = [
      ghnAdapter({ baseUrl: ghn.url, token: 'ghn-token', shopId: 1, webhookSecret: 'k', retries: 0 }, { wardCodeOf: ghnWardCodeReader(scratch.db) }),
      ghtkAdapter({ baseUrl: ghtk.url, token: 'ghtk-token', webhookHash: 'h', retries: 0 }),
    ];
    const request = { from: { province: 'Hà Nội', wardCode: wardNamed('Hà Nội', 'Cầu Giấy').code }, to: { province: 'TP. Hồ Chí Minh', wardCode: wardNamed('TP. Hồ Chí Minh', 'Bến Thành').code }, parcel: { weightGrams: 1_200, lengthCm: 30, widthCm: 20, heightCm: 15, value: 900_000 } };
    const deps = { db: scratch.db, config: loadConfig({}), clock: systemClock, carriers };
    const both = await quoteShipping(deps, request);
    expect(both.fallback).toBe(false);
    expect(new Set(both.options.map((option) => option.carrier))).toEqual(new Set(['GHN', 'GHTK']));
    const cheapest = Math.min(...both.options.map((option) => option.fee));
    expect(both.options.filter((option) => option.cheapest).every((option) => option.fee === cheapest)).toBe(true);
    const earliest = both.options.map((option) => option.expectedDelivery!).sort()[0];
    expect(both.options.filter((option) => option.fastest).map((option) => option.expectedDelivery)).toEqual(both.options.filter((option) => option.expectedDelivery === earliest).map(() => earliest));

    clearShippingQuotes();
    ghn.setMode('hang');
    try {
      const started = Date.now();
      const one = await quoteShipping(deps, request);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(one.fallback).toBe(false);
      expect(new Set(one.options.map((option) => option.carrier))).toEqual(new Set(['GHTK']));
      clearShippingQuotes();
      ghtk.setMode('hang');
      expect(await quoteShipping(deps, request)).toEqual({ options: [], fallback: true });
    } finally {
      ghn.setMode('normal');
      ghtk.setMode('normal');
    }
  });
});
