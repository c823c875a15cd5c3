import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant } from './instants';

/** VND in a bigint column: PostgreSQL reads it back as a string, SQLite as a number (convert with toNumber). */
type BigVnd = ColumnType<number | string, number, number>;

/**
 * A cashier's close of a centre's counter ("Chốt ca", migrations 0052, 0053), written by the cashCloses module only:
 * the period it covers (from period_from to closed_at, bounded by the ledger's ids), the cash the ledger expected in
 * it, the cash counted, their difference (counted − expected) and the reason given for a difference.
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
  /**
   * The last sale_payments.id and payment_refunds.id the close covered (migration 0055): the next period is the
   * ledger's rows after them. Null for a close made before 0053 or backdated by the demo seed: the next period then
   * starts at its closed_at.
   */
  last_payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  last_refund_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CashCloseTables {
  cash_closes: CashClosesTable;
}

export type CashCloseRow = Selectable<CashClosesTable>;
