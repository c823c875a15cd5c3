import { randomUUID } from 'node:crypto';

/**
 * Order codes: 'EV' + the order's day yyMMdd in Asia/Ho_Chi_Minh + its id on at least 4 digits
 * ('EV2611220007'). Unique because the id is; no counter to contend on under concurrent checkouts.
 */
export function orderCodeFor(id: number, createdAt: Date): string {
  const local = new Date(createdAt.getTime() + 7 * 3_600_000);
  const yy = String(local.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(local.getUTCDate()).padStart(2, '0');
  return `EV${yy}${mm}${dd}${String(id).padStart(4, '0')}`;
}

/** A unique stand-in (40 characters) the row carries between its insert and the update that sets its code. */
export function provisionalOrderCode(): string {
  return `TMP-${randomUUID()}`;
}
