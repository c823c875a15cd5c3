import type { Kysely } from 'kysely';
import { CARRIER_LABELS, type ShippingOption } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { CarrierAdapter, CarrierServiceQuote, Parcel } from './carrierAdapter';
import { createQuoteCache } from './quoteCache';
import { installedAdapters } from './carrierRegistry';

/** The checkout waits this long for the carriers altogether; what has not answered by then is not offered. */
export const QUOTE_DEADLINE_MS = 1_500;
const QUOTE_TTL_MS = 10 * 60 * 1000;
const WEIGHT_BAND_GRAMS = 500;
const SIZE_BAND_CM = 10;

export interface QuoteShippingDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'carriers'>;
  clock: Clock;
  /** The carriers to ask (tests); default the ones installed at start (CARRIERS). */
  carriers?: readonly CarrierAdapter[];
  /** Overrides QUOTE_DEADLINE_MS (tests). */
  deadlineMs?: number;
}

export interface ShippingQuoteRequest {
  from: { province: string; wardCode: string };
  to: { province: string; wardCode: string };
  parcel: Parcel;
}

export interface ShippingQuote {
  options: ShippingOption[];
  fallback: boolean;
}

/** Quotes per (carrier, origin ward, destination ward, weight band, size band): a few thousand routes cover a shop's customers. */
const cache = createQuoteCache<CarrierServiceQuote[]>({ maxEntries: 5_000, ttlMs: QUOTE_TTL_MS });

/** Forgets every cached quote (tests, and a carrier's settings changed). */
export function clearShippingQuotes(): void {
  cache.clear();
}

/**
 * The parcel as the carrier is asked about it: weight rounded UP to its 500 g band and each side up to 10 cm, so every
 * parcel of a band costs what the band's heaviest does (the cached quote is never below the real fee).
 */
export function bandedParcel(parcel: Parcel): Parcel {
  const up = (value: number, band: number) => Math.max(band, Math.ceil(value / band) * band);
  return {
    weightGrams: up(parcel.weightGrams, WEIGHT_BAND_GRAMS),
    lengthCm: up(parcel.lengthCm, SIZE_BAND_CM),
    widthCm: up(parcel.widthCm, SIZE_BAND_CM),
    heightCm: up(parcel.heightCm, SIZE_BAND_CM),
    value: parcel.value,
  };
}

function cacheKey(carrier: string, request: ShippingQuoteRequest, banded: Parcel): string {
  return [carrier, request.from.wardCode, request.to.wardCode, banded.weightGrams, banded.lengthCm, banded.widthCm, banded.heightCm].join('|');
}

/**
 * The carriers' fees and expected delivery days for a parcel: every enabled carrier asked in parallel under one
 * deadline (QUOTE_DEADLINE_MS); what answered in time is offered, flagged cheapest/fastest. No answer at all →
 * `fallback: true` and no options (the checkout then charges its flat fee). The goods' value (insurance) does not
 * vary the cached fee: the quote is asked without insurance and the order's own waybill declares it.
 */
export async function quoteShipping(deps: QuoteShippingDeps, request: ShippingQuoteRequest): Promise<ShippingQuote> {
  const carriers = deps.carriers ?? installedAdapters();
  if (carriers.length === 0) return { options: [], fallback: true };
  const banded = { ...bandedParcel(request.parcel), value: 0 };
  const signal = AbortSignal.timeout(deps.deadlineMs ?? QUOTE_DEADLINE_MS);
  const deadline = new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }));
  const answers = await Promise.all(
    carriers.map(async (adapter): Promise<CarrierServiceQuote[] | null> => {
      const key = cacheKey(adapter.carrier, request, banded);
      const cached = cache.get(key, Date.now());
      if (cached) return cached;
      const asked = adapter
        .quote({ from: request.from, to: request.to, parcel: banded, signal })
        .then((quotes) => {
          cache.set(key, quotes, Date.now());
          return quotes;
        })
        .catch(() => null);
      return Promise.race([asked, deadline]);
    }),
  );
  const quotes = answers.flatMap((answer) => answer ?? []);
  if (quotes.length === 0) return { options: [], fallback: true };
  return { options: flagged(quotes), fallback: false };
}

/** The options, cheapest first, the cheapest fee's and the earliest day's flagged (ties all flagged). */
function flagged(quotes: CarrierServiceQuote[]): ShippingOption[] {
  const cheapestFee = Math.min(...quotes.map((quote) => quote.fee));
  const days = quotes.map((quote) => quote.expectedDelivery).filter((day): day is string => day !== null).sort();
  const earliest = days[0] ?? null;
  return [...quotes]
    .sort((a, b) => a.fee - b.fee || (a.expectedDelivery ?? '9999').localeCompare(b.expectedDelivery ?? '9999'))
    .map((quote) => ({
      carrier: quote.carrier,
      carrierLabel: CARRIER_LABELS[quote.carrier],
      service: quote.service,
      serviceLabel: quote.serviceLabel,
      fee: quote.fee,
      expectedDelivery: quote.expectedDelivery,
      cheapest: quote.fee === cheapestFee,
      fastest: earliest !== null && quote.expectedDelivery === earliest,
    }));
}
