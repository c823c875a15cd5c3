import type { Kysely } from 'kysely';
import type { CarrierAdapter, CarrierQuoteRequest, CarrierServiceQuote } from '../../src/modules/carriers';
import { clearShippingQuotes, quoteShipping } from '../../src/modules/carriers';
import type { Database } from '../../src/db/schema';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/security/clock';

/** A carrier answering `quotes` after `delayMs` (never, when null), counting its calls. */
function fakeCarrier(carrier: 'GHN' | 'GHTK', quotes: Omit<CarrierServiceQuote, 'carrier'>[], delayMs: number | null = 0) {
  const calls: CarrierQuoteRequest[] = [];
  const adapter = {
    carrier,
    quote: (request: CarrierQuoteRequest) => {
      calls.push(request);
      return new Promise<CarrierServiceQuote[]>((resolve, reject) => {
        if (delayMs === null) {
          request.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          return;
        }
        setTimeout(() => resolve(quotes.map((quote) => ({ ...quote, carrier }))), delayMs);
      });
    },
  } as unknown as CarrierAdapter;
  return { adapter, calls };
}

const deps = (carriers: CarrierAdapter[]) => ({ db: {} as Kysely<Database>, config: loadConfig({}), clock: systemClock, carriers, deadlineMs: 300 });
const request = (weightGrams = 1200) => ({ from: { province: 'Hà Nội', wardCode: '00166' }, to: { province: 'TP. Hồ Chí Minh', wardCode: '26734' }, parcel: { weightGrams, lengthCm: 30, widthCm: 20, heightCm: 15, value: 1_500_000 } });

describe('the checkout quote', () => {
  beforeEach(() => clearShippingQuotes());

  it('offers both carriers with the cheapest and the fastest flagged', async () => {
    const ghn = fakeCarrier('GHN', [
      { service: '53320', serviceLabel: 'Chuẩn', fee: 42_000, expectedDelivery: '2026-12-03' },
      { service: '53321', serviceLabel: 'Nhanh', fee: 61_000, expectedDelivery: '2026-12-01' },
    ]);
    const ghtk = fakeCarrier('GHTK', [{ service: 'road', serviceLabel: 'Đường bộ', fee: 35_000, expectedDelivery: '2026-12-04' }]);
    const quote = await quoteShipping(deps([ghn.adapter, ghtk.adapter]), request());
    expect(quote.fallback).toBe(false);
    expect(quote.options.map((option) => [option.carrier, option.fee, option.cheapest, option.fastest])).toEqual([
      ['GHTK', 35_000, true, false],
      ['GHN', 42_000, false, false],
      ['GHN', 61_000, false, true],
    ]);
    expect(quote.options[0]!.carrierLabel).toBe('GHTK (Giao Hàng Tiết Kiệm)');
  });

  it('offers what answered in time when one carrier stalls, and falls back when none answers', async () => {
    const ghn = fakeCarrier('GHN', [], null);
    const ghtk = fakeCarrier('GHTK', [{ service: 'road', serviceLabel: 'Đường bộ', fee: 35_000, expectedDelivery: null }]);
    const started = Date.now();
    const quote = await quoteShipping(deps([ghn.adapter, ghtk.adapter]), request());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(quote).toMatchObject({ fallback: false, options: [{ carrier: 'GHTK', cheapest: true, fastest: false }] });
    const none = await quoteShipping(deps([fakeCarrier('GHN', [], null).adapter, fakeCarrier('GHTK', [], null).adapter]), request(3_000));
    expect(none).toEqual({ options: [], fallback: true });
  });

  it('answers a parcel of the same weight band from the cache without asking again', async () => {
    const ghtk = fakeCarrier('GHTK', [{ service: 'road', serviceLabel: 'Đường bộ', fee: 35_000, expectedDelivery: null }]);
    await quoteShipping(deps([ghtk.adapter]), request(1_200));
    await quoteShipping(deps([ghtk.adapter]), request(1_450));
    expect(ghtk.calls).toHaveLength(1);
    expect(ghtk.calls[0]!.parcel.weightGrams).toBe(1_500);
    await quoteShipping(deps([ghtk.adapter]), request(1_600));
    expect(ghtk.calls).toHaveLength(2);
  });
});
