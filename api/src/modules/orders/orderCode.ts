import { randomUUID } from 'node:crypto';
import { vietnamDateOf } from 'shared-contracts/schemas';

/**
 * Order codes: 'EV' + the order's day yyMMdd in Asia/Ho_Chi_Minh + its id on at least 4 digits
 * ('EV2611220007'). Unique because the id is; no counter to contend on under concurrent checkouts.
 */
export function orderCodeFor(id: number, createdAt: Date): string {
  // 'YYYY-MM-DD' → yyMMdd
  const yyMMdd = vietnamDateOf(createdAt).slice(2).replaceAll('-', '');
  return `EV${yyMMdd}${String(id).padStart(4, '0')}`;
}

/** A unique stand-in (40 characters) the row carries between its insert and the update that sets its code. */
export function provisionalOrderCode(): string {
  return `TMP-${randomUUID()}`;
}
