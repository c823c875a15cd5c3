import type { EventBus } from './eventBus';

/**
 * Ready-serialised answers (JSON bytes, http/readyJson.ts) of the floor's busiest reads — the front desk's day view, the service order board
 * and the centre's stock table —
 * per centre and date. Every staff screen of a centre asks for the same answer again after each floor-changed
 * event, and many times a minute besides; building it (one join over the day, cards, zod encode, JSON) costs
 * milliseconds, serving the kept string a few microseconds.
 *
 * An answer is kept until its centre's floor changes in a way the view shows, as the bus tells
 * (`onCentreChange`: synchronously for this instance's own writes, before the request that made them answers,
 * and on delivery for other instances'), and for at most `maxAgeMs` of the app's clock, which bounds what the
 * bus cannot tell: the time that passes (worked minutes, when a no-show may be recorded) and a message another
 * instance sent but this one has not yet received.
 *
 * An answer built while a change arrived is served to the requests that waited for it but not kept: it may
 * have read the floor from before the change. Requests that miss at the same time share one build.
 */

/** Which screen an answer is for: a change of a given kind may leave one of them as it was. */
export type FloorView = 'day' | 'board' | 'inventory';

/**
 * Whether a change of `kind` can alter `view`. Stock changes ('inventory') show on neither floor screen, parts
 * requests ('parts-request') on the board only; the stock table shows every change but the checklist's. Checklist answers are published as 'checklist' (a result changed,
 * the order's answered count did not) or 'checklist-progress' (an item became answered or unanswered): the day
 * view shows neither, the board shows the count.
 */
export function changeAlters(view: FloorView, kind: string): boolean {
  // The stock table (GET /api/inventory) moves with stock moves ('inventory'), reservations and their release
  // ('parts-request'; an order cancelled or closed gives its parts back: 'service-order'), and whatever kind may
  // come; only the checklist's answers never touch a shelf.
  if (view === 'inventory') return kind !== 'checklist' && kind !== 'checklist-progress' && kind !== 'conversation';
  // Stock figures are on neither floor screen.
  if (kind === 'checklist' || kind === 'inventory') return false;
  // Web orders ('web-order') have a desk of their own; the floor screens show none of them.
  if (kind === 'web-order' || kind === 'conversation') return false;
  // The board's cards show the labels 'Chờ khách duyệt' / 'Chờ phụ tùng' and the part lines; the day view neither.
  if (kind === 'checklist-progress' || kind === 'parts-request') return view === 'board';
  return true;
}

interface Entry {
  generation: number;
  builtAt: number;
  body: Buffer;
}

export interface FloorReadCache {
  /** The kept answer for (centre, key), or the one `build` makes (kept unless the floor changed meanwhile). */
  json(centreId: number, key: string, now: Date, build: () => Promise<Buffer>): Promise<Buffer>;
  /** Stops listening to the bus (the app closes). */
  close(): void;
}

export function createFloorReadCache(events: Pick<EventBus, 'onCentreChange'>, view: FloorView, options: { maxAgeMs?: number; maxEntries?: number } = {}): FloorReadCache {
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 256;
  const generations = new Map<number, number>();
  const entries = new Map<string, Entry>();
  const building = new Map<string, { generation: number; body: Promise<Buffer> }>();
  const generationOf = (centreId: number) => generations.get(centreId) ?? 0;

  const stopListening = events.onCentreChange(({ centreId, kind }) => {
    if (changeAlters(view, kind)) generations.set(centreId, generationOf(centreId) + 1);
  });

  return {
    async json(centreId, key, now, build) {
      const cacheKey = `${centreId}|${key}`;
      const generation = generationOf(centreId);
      const at = now.getTime();
      const kept = entries.get(cacheKey);
      if (kept && kept.generation === generation && at >= kept.builtAt && at - kept.builtAt < maxAgeMs) return kept.body;

      const inFlight = building.get(cacheKey);
      if (inFlight && inFlight.generation === generation) return inFlight.body;
      const body = build();
      building.set(cacheKey, { generation, body });
      try {
        const text = await body;
        if (generationOf(centreId) === generation) {
          entries.delete(cacheKey);
          entries.set(cacheKey, { generation, builtAt: at, body: text });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }
        return text;
      } finally {
        if (building.get(cacheKey)?.body === body) building.delete(cacheKey);
      }
    },
    close: stopListening,
  };
}
