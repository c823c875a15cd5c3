import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow } from './instants';

/** A carrier's COD statement (đối soát COD, migration 0069), once per (carrier, reference); written by the shipments module only. */
export interface CodStatementsTable {
  id: Generated<number>;
  /** 'GHN' | 'GHTK'. */
  carrier: string;
  /** The statement's own reference (the carrier's số phiên / mã đối soát, else the file's name). */
  reference: string;
  /** 'YYYY-MM-DD', the period it covers, when given. */
  period_from: string | null;
  period_to: string | null;
  imported_by: number | null;
  imported_at: InstantDefaultNow;
  /** The file as uploaded (≤ 2 MB). */
  raw: string;
  line_count: number;
  matched_count: number;
  mismatch_count: number;
  unknown_count: number;
  /** bigint: a string on PostgreSQL (toNumber). */
  total_cod: ColumnType<number | string, number, number>;
  total_fee: ColumnType<number | string, number, number>;
}

/** One line of a statement: its verdict against the shipment's COD expected in the ledger. */
export interface CodStatementLinesTable {
  id: Generated<number>;
  statement_id: number;
  line_no: number;
  tracking_code: string;
  /** VND the carrier says it collected and remits. */
  cod_amount: number;
  fee: number;
  /** 'MATCHED' (the remittance's record) | 'MISMATCH' | 'UNKNOWN' (no shipment, or none expecting COD). */
  outcome: string;
  shipment_id: number | null;
  /** The COD the shop expected for that shipment, when one was found. */
  expected_amount: number | null;
  /** The exception queued for a MISMATCH or UNKNOWN line (payment_transactions). */
  exception_id: number | null;
}

export interface CodStatementTables {
  cod_statements: CodStatementsTable;
  cod_statement_lines: CodStatementLinesTable;
}

export type CodStatementRow = Selectable<CodStatementsTable>;
export type CodStatementLineRow = Selectable<CodStatementLinesTable>;
