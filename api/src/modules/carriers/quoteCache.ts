/**
 * A bounded in-process LRU with a time to live: the checkout's carrier quotes (decision: not Redis — a quote is cheap
 * to ask again, a few kB per instance, and a Redis round trip would eat the quote's latency budget; instances
 * disagreeing for at most ten minutes costs nothing because the order re-quotes anyway).
 */
export interface QuoteCache<V> {
  get(key: string, nowMs: number): V | undefined;
  set(key: string, value: V, nowMs: number): void;
  clear(): void;
  readonly size: number;
}

export function createQuoteCache<V>({ maxEntries, ttlMs }: { maxEntries: number; ttlMs: number }): QuoteCache<V> {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key, nowMs) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= nowMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, nowMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: nowMs + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
