import type { Kysely, Selectable } from 'kysely';
import { CARRIER_LABELS, type CodStatement, type IntegratedCarrier } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

const LIST_LIMIT = 100;

/** The raw file is never read back for a list: only its counts. */
function toCodStatement(row: Omit<Selectable<Database['cod_statements']>, 'raw'> & { imported_by_name: string | null }): CodStatement {
  const carrier = row.carrier as IntegratedCarrier;
  return {
    id: row.id,
    carrier,
    carrierLabel: CARRIER_LABELS[carrier],
    reference: row.reference,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    importedAt: toIsoUtc(row.imported_at),
    importedBy: row.imported_by_name,
    lineCount: toNumber(row.line_count),
    matchedCount: toNumber(row.matched_count),
    mismatchCount: toNumber(row.mismatch_count),
    unknownCount: toNumber(row.unknown_count),
    totalCod: toNumber(row.total_cod),
    totalFee: toNumber(row.total_fee),
  };
}

const statements = (db: Db) =>
  db
    .selectFrom('cod_statements as c')
    .leftJoin('users as u', 'u.id', 'c.imported_by')
    .select(['c.id', 'c.carrier', 'c.reference', 'c.period_from', 'c.period_to', 'c.imported_by', 'c.imported_at', 'c.line_count', 'c.matched_count', 'c.mismatch_count', 'c.unknown_count', 'c.total_cod', 'c.total_fee', 'u.full_name as imported_by_name']);

/** One statement with its counts. */
export async function codStatementOf(db: Db, id: number): Promise<CodStatement> {
  return toCodStatement(await statements(db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/** GET /api/admin/shipments/cod-statements: the latest statements first, with their counts. */
export async function listCodStatements(db: Db): Promise<CodStatement[]> {
  const rows = await statements(db).orderBy('c.imported_at', 'desc').orderBy('c.id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map(toCodStatement);
}
