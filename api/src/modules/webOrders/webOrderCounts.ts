import { ORDER_STATUS_LABELS, ORDER_STATUSES, WEB_ORDER_CHANGE_KIND, type OrderStatus, type WebOrderStatusCount } from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/eventBus';

/**
 * The desk's counts per status, per centre (or every centre, for admin): every desk screen asks for them on
 * each reload, and counting a busy centre's orders is most of a list's cost. Kept until a web order of that centre
 * changes (the bus's `web-order` changes: synchronously for this instance's own writes, on delivery for other
 * instances') and for at most `maxAgeMs`, which bounds a message not yet received. A count read while a change
 * arrived is answered but not kept.
 */
export interface WebOrderCounts {
  of(db: Kysely<Database>, centreId: number | null, now: number): Promise<WebOrderStatusCount[]>;
  close(): void;
}

export function createWebOrderCounts(events: Pick<EventBus, 'onCentreChange'>, options: { maxAgeMs?: number } = {}): WebOrderCounts {
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const kept = new Map<string, { generation: number; at: number; counts: WebOrderStatusCount[] }>();
  let generation = 0;
  const stop = events.onCentreChange(({ centreId, kind }) => {
    if (kind !== WEB_ORDER_CHANGE_KIND) return;
    generation += 1;
    kept.delete(String(centreId));
    kept.delete('all');
  });

  async function count(db: Kysely<Database>, centreId: number | null): Promise<WebOrderStatusCount[]> {
    let query = db.selectFrom('orders').select(['orders.status', (eb) => eb.fn.countAll<number | string>().as('n')]);
    if (centreId !== null) query = query.where('orders.desk_centre_id', '=', centreId);
    const rows = await query.groupBy('orders.status').execute();
    const byStatus = new Map(rows.map((row) => [row.status as OrderStatus, toNumber(row.n)]));
    return ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status], count: byStatus.get(status) ?? 0 }));
  }

  return {
    async of(db, centreId, now) {
      const key = centreId === null ? 'all' : String(centreId);
      const entry = kept.get(key);
      if (entry && entry.generation === generation && now - entry.at < maxAgeMs) return entry.counts;
      const started = generation;
      const counts = await count(db, centreId);
      if (started === generation) kept.set(key, { generation: started, at: now, counts });
      return counts;
    },
    close: stop,
  };
}
