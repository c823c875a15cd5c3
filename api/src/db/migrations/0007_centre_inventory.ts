import type { Kysely } from 'kysely';

/** Centre inventory (work package 2): centre_stock, the append-only stock_movements ledger and the stored low-stock crossings. Filled in by the inventory work. */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
