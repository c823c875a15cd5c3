import type { Kysely } from 'kysely';
import { COD_LINE_OUTCOME_LABELS, ERROR_CODES, type CodLineOutcome, type CodStatementImport, type CodStatementLine, type IntegratedCarrier } from 'shared-contracts/schemas';
import type { Config } from '../../../config';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../security/clock';
import { AppError } from '../../../http/appError';
import type { CentreScope } from '../../../security/centreScope';
import { isUniqueViolation, shippingCentreId } from '../../orders';
import { readCodStatement, type CodStatementFileLine } from './codStatementCsv';
import { codStatementMessages as messages } from './codStatementMessages';
import { codStatementOf } from './codStatementQueries';

type Db = Kysely<Database>;

/**
 * The payments exceptions queue as the COD import needs it, handed in by the app (payments' `queueCarrierCodException`
 * and `announcePaymentExceptionChange`): shipments cannot import payments, which imports webOrders, which imports
 * shipments.
 */
export interface CodExceptionQueue {
  queue(
    trx: Db,
    exception: {
      carrier: IntegratedCarrier;
      providerRef: string;
      reason: 'COD_MISMATCH' | 'COD_UNKNOWN';
      amount: number;
      orderId: number | null;
      orderCode: string | null;
      content: string;
      rawPayload: string;
      at: string;
    },
  ): Promise<number>;
  announce(centreId: number | null): Promise<void>;
}

export interface CodStatementContext {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shippingCentreId'>;
  exceptions: CodExceptionQueue;
}

export interface CodStatementUpload {
  carrier: IntegratedCarrier;
  reference: string;
  periodFrom?: string | undefined;
  periodTo?: string | undefined;
  /** The file's text (UTF-8 decoded). */
  text: string;
}

/**
 * Who may import and read COD statements: admins; a manager only of the centre that ships the web orders (the
 * carriers' parcels are its desk's). Anyone else 403.
 */
export async function assertCodStatementScope(ctx: Pick<CodStatementContext, 'db' | 'config'>, scope: CentreScope): Promise<void> {
  if (scope.centreId === null) return;
  if (scope.centreId !== (await shippingCentreId(ctx.db, ctx.config))) throw new AppError(403, ERROR_CODES.FORBIDDEN, messages.notShippingCentre);
}

interface Verdict {
  outcome: CodLineOutcome;
  shipmentId: number | null;
  orderId: number | null;
  orderCode: string | null;
  deskCentreId: number | null;
  expected: number | null;
}

/**
 * A line's verdict against the shipment its tracking code names. The COD expected is the ledger's record: the order's
 * CARRIER_COD payment written at delivery (cod_state EXPECTED); MATCHED only when the carrier remits exactly that and
 * no line remitted the parcel before. Anything else (another amount, a parcel not delivered or already remitted) is a
 * MISMATCH; a code not ours is UNKNOWN. A prepaid parcel's fee-only line (0 ₫ on both sides) is MATCHED.
 */
async function verdictOf(trx: Db, carrier: IntegratedCarrier, line: CodStatementFileLine): Promise<Verdict> {
  const shipment = await trx
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.order_id', 's.cod_amount', 's.cod_state', 'o.code', 'o.desk_centre_id'])
    .where('s.carrier', '=', carrier)
    .where('s.tracking_code', '=', line.trackingCode)
    .executeTakeFirst();
  if (!shipment) return { outcome: 'UNKNOWN', shipmentId: null, orderId: null, orderCode: null, deskCentreId: null, expected: null };
  const base = { shipmentId: shipment.id, orderId: shipment.order_id, orderCode: shipment.code, deskCentreId: shipment.desk_centre_id };
  const remitted = await trx.selectFrom('cod_statement_lines').select('id').where('shipment_id', '=', shipment.id).where('outcome', '=', 'MATCHED').executeTakeFirst();
  if (remitted) return { ...base, outcome: 'MISMATCH', expected: null };
  if (shipment.cod_state === 'EXPECTED') {
    const payment = await trx
      .selectFrom('sale_payments')
      .select('amount')
      .where('order_id', '=', shipment.order_id)
      .where('channel', '=', 'CARRIER_COD')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const expected = toNumber(payment?.amount ?? shipment.cod_amount);
    return { ...base, outcome: expected === line.codAmount ? 'MATCHED' : 'MISMATCH', expected };
  }
  if (shipment.cod_state === 'NONE' && toNumber(shipment.cod_amount) === 0 && line.codAmount === 0) return { ...base, outcome: 'MATCHED', expected: 0 };
  return { ...base, outcome: 'MISMATCH', expected: null };
}

function lineView(line: CodStatementFileLine, verdict: Verdict, exceptionId: number | null): CodStatementLine {
  return {
    lineNo: line.lineNo,
    trackingCode: line.trackingCode,
    codAmount: line.codAmount,
    fee: line.fee,
    outcome: verdict.outcome,
    outcomeLabel: COD_LINE_OUTCOME_LABELS[verdict.outcome],
    orderCode: verdict.orderCode,
    expectedAmount: verdict.expected,
    exceptionId,
  };
}

/**
 * POST /api/admin/shipments/cod-statements: a carrier's COD statement imported once per (carrier, reference), in one
 * transaction. Each MATCHED line is the record of the remittance (cod_statement_lines, at most one per shipment by a
 * unique index) and moves its shipment's cod_state EXPECTED → REMITTED by a conditional UPDATE; each MISMATCH or
 * UNKNOWN line is queued in the payments exceptions queue (a MISMATCH parcel's cod_state MISMATCH); the rest of the
 * statement reconciles whatever the exceptions. The same statement again answers the first import, changing nothing.
 */
export async function importCodStatement(ctx: CodStatementContext, scope: CentreScope, upload: CodStatementUpload): Promise<CodStatementImport> {
  await assertCodStatementScope(ctx, scope);
  if (upload.periodFrom && upload.periodTo && upload.periodFrom > upload.periodTo) {
    throw AppError.validation([{ field: 'periodTo', message: messages.periodOrder }], messages.periodOrder);
  }
  const existing = await findStatement(ctx.db, upload.carrier, upload.reference);
  if (existing !== null) return { statement: await codStatementOf(ctx.db, existing), alreadyImported: true, exceptions: await exceptionLines(ctx.db, existing) };
  const lines = readCodStatement(upload.carrier, upload.text);
  const nowIso = ctx.clock.now().toISOString();

  let result: { id: number; exceptions: CodStatementLine[]; desks: Set<number | null> };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const statement = await trx
        .insertInto('cod_statements')
        .values({
          carrier: upload.carrier,
          reference: upload.reference,
          period_from: upload.periodFrom ?? null,
          period_to: upload.periodTo ?? null,
          imported_by: scope.userId,
          imported_at: nowIso,
          raw: upload.text,
          line_count: lines.length,
          matched_count: 0,
          mismatch_count: 0,
          unknown_count: 0,
          total_cod: lines.reduce((sum, line) => sum + line.codAmount, 0),
          total_fee: lines.reduce((sum, line) => sum + line.fee, 0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const counts: Record<CodLineOutcome, number> = { MATCHED: 0, MISMATCH: 0, UNKNOWN: 0 };
      const exceptions: CodStatementLine[] = [];
      const desks = new Set<number | null>();
      for (const line of lines) {
        const verdict = await verdictOf(trx, upload.carrier, line);
        let exceptionId: number | null = null;
        if (verdict.outcome === 'MATCHED' && verdict.expected !== 0) {
          // The money arrived: EXPECTED → REMITTED once (a concurrent import of another statement loses on the index).
          await trx.updateTable('shipments').set((eb) => ({ cod_state: 'REMITTED', version: eb('version', '+', 1) })).where('id', '=', verdict.shipmentId!).where('cod_state', '=', 'EXPECTED').execute();
        } else if (verdict.outcome !== 'MATCHED') {
          if (verdict.outcome === 'MISMATCH' && verdict.expected !== null) {
            await trx.updateTable('shipments').set((eb) => ({ cod_state: 'MISMATCH', version: eb('version', '+', 1) })).where('id', '=', verdict.shipmentId!).where('cod_state', '=', 'EXPECTED').execute();
          }
          exceptionId = await ctx.exceptions.queue(trx, {
            carrier: upload.carrier,
            providerRef: `${upload.reference}#${line.lineNo}`,
            reason: verdict.outcome === 'UNKNOWN' ? 'COD_UNKNOWN' : 'COD_MISMATCH',
            amount: line.codAmount,
            orderId: verdict.orderId,
            orderCode: verdict.orderCode,
            content: `${messages.exceptionContent(upload.carrier, upload.reference, line.trackingCode)}. ${verdict.outcome === 'UNKNOWN' ? COD_LINE_OUTCOME_LABELS.UNKNOWN : messages.mismatchNote(line.codAmount, verdict.expected)}`,
            rawPayload: JSON.stringify({ statement: upload.reference, ...line }),
            at: nowIso,
          });
          desks.add(verdict.deskCentreId);
        }
        counts[verdict.outcome] += 1;
        await trx
          .insertInto('cod_statement_lines')
          .values({
            statement_id: statement.id,
            line_no: line.lineNo,
            tracking_code: line.trackingCode,
            cod_amount: line.codAmount,
            fee: line.fee,
            outcome: verdict.outcome,
            shipment_id: verdict.shipmentId,
            expected_amount: verdict.expected,
            exception_id: exceptionId,
          })
          .execute();
        if (exceptionId !== null) exceptions.push(lineView(line, verdict, exceptionId));
      }
      await trx
        .updateTable('cod_statements')
        .set({ matched_count: counts.MATCHED, mismatch_count: counts.MISMATCH, unknown_count: counts.UNKNOWN })
        .where('id', '=', statement.id)
        .execute();
      return { id: statement.id, exceptions, desks };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same statement imported at the same moment: its first import is the answer. Otherwise another statement
    // remitted one of these parcels meanwhile: nothing was written, the clerk tries again.
    const raced = await findStatement(ctx.db, upload.carrier, upload.reference);
    if (raced === null) throw new AppError(409, ERROR_CODES.CONFLICT, messages.busy);
    return { statement: await codStatementOf(ctx.db, raced), alreadyImported: true, exceptions: await exceptionLines(ctx.db, raced) };
  }
  const fallback = await shippingCentreId(ctx.db, ctx.config);
  for (const desk of new Set([...result.desks].map((centre) => centre ?? fallback))) await ctx.exceptions.announce(desk);
  return { statement: await codStatementOf(ctx.db, result.id), alreadyImported: false, exceptions: result.exceptions };
}

async function findStatement(db: Db, carrier: IntegratedCarrier, reference: string): Promise<number | null> {
  const row = await db.selectFrom('cod_statements').select('id').where('carrier', '=', carrier).where('reference', '=', reference).executeTakeFirst();
  return row?.id ?? null;
}

/** A statement's lines that did not reconcile, in file order. */
async function exceptionLines(db: Db, statementId: number): Promise<CodStatementLine[]> {
  const rows = await db
    .selectFrom('cod_statement_lines as l')
    .leftJoin('shipments as s', 's.id', 'l.shipment_id')
    .leftJoin('orders as o', 'o.id', 's.order_id')
    .select(['l.line_no', 'l.tracking_code', 'l.cod_amount', 'l.fee', 'l.outcome', 'l.shipment_id', 'l.expected_amount', 'l.exception_id', 'o.code', 'o.id as order_id', 'o.desk_centre_id'])
    .where('l.statement_id', '=', statementId)
    .where('l.outcome', '<>', 'MATCHED')
    .orderBy('l.line_no')
    .execute();
  return rows.map((row) =>
    lineView(
      { lineNo: row.line_no, trackingCode: row.tracking_code, codAmount: toNumber(row.cod_amount), fee: toNumber(row.fee) },
      {
        outcome: row.outcome as CodLineOutcome,
        shipmentId: row.shipment_id,
        orderId: row.order_id,
        orderCode: row.code,
        deskCentreId: row.desk_centre_id,
        expected: row.expected_amount === null ? null : toNumber(row.expected_amount),
      },
      row.exception_id,
    ),
  );
}
