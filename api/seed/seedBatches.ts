import type { Transaction } from 'kysely';
import type { Database } from '../src/db/schema';

/** Rows the demo seeds write or look up per statement (well under SQLite's and PostgreSQL's parameter limits). */
export const SEED_BATCH = 1000;

/** `write` called on consecutive slices of at most SEED_BATCH rows, one after another. */
export async function inBatches<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < rows.length; index += SEED_BATCH) await write(rows.slice(index, index + SEED_BATCH));
}

/** The ids of the rows just written under `codes` (appointments or service orders), by code. */
export async function idsByCode(trx: Transaction<Database>, table: 'appointments' | 'service_orders', codes: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await inBatches(codes, async (chunk) => {
    const rows = await trx.selectFrom(table).select(['id', 'code']).where('code', 'in', chunk).execute();
    for (const row of rows) ids.set(row.code, row.id);
  });
  return ids;
}
