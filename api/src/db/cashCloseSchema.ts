import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant } from './instants';

/** VND in a bigint column: PostgreSQL reads it back as a string, SQLite as a number (convert with toNumber). */
type BigVnd = ColumnType<number | string, number, number>;

/**
 * A cashier's close of a centre's counter ("Chốt ca", migration 0052), written by the cashCloses module only: the
 * period [period_from, closed_at) it covers, the cash the ledger expected in it, the cash counted, their difference
 * (counted − expected) and the reason given for a difference.
 */
export interface CashClosesTable {
  id: Generated<number>;
  centre_id: number;
  /** The previous close's closed_at, or local 00:00 of the day of the centre's first close. Unique per centre. */
  period_from: Instant;
  /** The close instant: the period's end (exclusive) and the next period's start. */
  closed_at: Instant;
  expected: BigVnd;
  counted: BigVnd;
  difference: BigVnd;
  /** Cash payments at the desk within the period. */
  payments_count: number;
  /** Cash refunds of the centre's sales within the period. */
  refunds_count: number;
  /** Required when difference ≠ 0 (≤ 300 characters). */
  reason: string | null;
  closed_by: number;
}

export interface CashCloseTables {
  cash_closes: CashClosesTable;
}

export type CashCloseRow = Selectable<CashClosesTable>;
