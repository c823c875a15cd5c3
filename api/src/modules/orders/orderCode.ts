import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { nextIdOf } from '../../db/sqlDialect';

/**
 * Order codes: 'EV' + the order's day yyMMdd in Asia/Ho_Chi_Minh + its id on at least 4 digits
 * ('EV2611220007'). Unique because the id is; no counter to contend on under concurrent checkouts.
 */
export function orderCodeFor(id: number, createdAt: Date): string {
  return `${orderCodePrefix(createdAt)}${String(id).padStart(4, '0')}`;
}

/** 'EV' + the order's day yyMMdd in Asia/Ho_Chi_Minh: the code without its id. */
export function orderCodePrefix(createdAt: Date): string {
  // 'YYYY-MM-DD' → yyMMdd
  return `EV${vietnamDateOf(createdAt).slice(2).replaceAll('-', '')}`;
}

/** orderCodeFor in SQL, for the insert that gives the order its id: `prefix` (orderCodePrefix) and the id padded to 4 digits. */
export function orderCodeSql(prefix: Expression<string>, id: Expression<number>): RawBuilder<string> {
  // The id as an integer first: a number bound as a parameter is a REAL to SQLite ('24.0' as text).
  return sql<string>`cast(${prefix} as text) || case when ${id} < 10 then '000' when ${id} < 100 then '00' when ${id} < 1000 then '0' else '' end || cast(cast(${id} as integer) as text)`;
}

/** The id the next order will take, as SQL for the insert itself (so its code is written with it, not by a second write). */
export function nextOrderIdSql(db: Kysely<Database>): RawBuilder<number> {
  return nextIdOf(db, 'orders');
}

/** A unique stand-in (40 characters) the row carries between its insert and the update that sets its code. */
export function provisionalOrderCode(): string {
  return `TMP-${randomUUID()}`;
}
