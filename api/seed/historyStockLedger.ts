import type { Transaction } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import type { EarlierIssue } from './demoFleet';
import type { DayOrder } from './historyDayPlan';
import { inBatches } from './seedBatches';

/**
 * The demo history's stock ledger, kept consistent with centre_stock: the parts the history issues come in first as
 * a RECEIVE (DEMO_HISTORY_RECEIVE_REASON), then every ISSUE and RETURN follows in time order with its running
 * on_hand_after, and centre_stock.on_hand moves by the net (the parts returned).
 */

export const DEMO_HISTORY_RECEIVE_REASON = 'Nhập bổ sung – dữ liệu mẫu';
const MINUTE = 60_000;

type Trx = Transaction<Database>;
type Move = { key: string; centreId: number; productId: number; kind: 'RECEIVE' | 'ISSUE' | 'RETURN'; quantity: number; requestId: number | null; actor: number | null; at: number };
/** Running on_hand per `<centre id>|<product id>`. */
export type RunningStock = Map<string, number>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The ledger's rows of `moves` (in their order), each with its running on_hand_after (`running` is moved on). */
function ledgerRows(moves: readonly Move[], running: RunningStock) {
  return moves.map((m) => {
    const after = (running.get(m.key) ?? 0) + m.quantity;
    running.set(m.key, after);
    return {
      centre_id: m.centreId,
      product_id: m.productId,
      kind: m.kind,
      quantity: m.quantity,
      on_hand_after: after,
      parts_request_id: m.requestId,
      actor_id: m.actor,
      reason: m.kind === 'RECEIVE' ? DEMO_HISTORY_RECEIVE_REASON : null,
      created_at: iso(m.at),
    };
  });
}

/**
 * The window's parts in the ledger: per (centre, product), a RECEIVE of what the run issues dated `firstDay`, then the
 * issues and returns in time order; centre_stock.on_hand ends at the running figure. Returns the running on_hand,
 * from which the earlier visits' ledger goes on.
 */
export async function writeWindowLedger(
  trx: Trx,
  withPart: readonly DayOrder[],
  requestOf: (order: DayOrder) => number,
  stock: ReadonlyArray<{ centre_id: number; product_id: number; on_hand: number }>,
  firstDay: number,
): Promise<RunningStock> {
  const issuedBy = new Map<string, number>();
  const moves: Move[] = [];
  for (const o of withPart) {
    const p = o.part!;
    if (!p.approved) continue;
    const key = `${o.centreId}|${p.productId}`;
    issuedBy.set(key, (issuedBy.get(key) ?? 0) + p.quantity);
    const requestId = requestOf(o);
    moves.push({ key, centreId: o.centreId, productId: p.productId, kind: 'ISSUE', quantity: -p.quantity, requestId, actor: o.staffId, at: p.decided + 10 * MINUTE });
    if (p.returned) moves.push({ key, centreId: o.centreId, productId: p.productId, kind: 'RETURN', quantity: p.returned, requestId, actor: o.staffId, at: o.done });
  }
  const receives: Move[] = [...issuedBy].map(([key, quantity]) => {
    const [centreId, productId] = key.split('|').map(Number) as [number, number];
    return { key, centreId, productId, kind: 'RECEIVE', quantity, requestId: null, actor: null, at: firstDay };
  });
  const ordered = [...receives, ...moves.sort((a, b) => a.at - b.at)];
  const running: RunningStock = new Map(stock.map((s) => [`${s.centre_id}|${s.product_id}`, toNumber(s.on_hand)]));
  await inBatches(ledgerRows(ordered, running), (chunk) => trx.insertInto('stock_movements').values(chunk).execute());
  for (const key of issuedBy.keys()) {
    const [centreId, productId] = key.split('|').map(Number) as [number, number];
    await trx.updateTable('centre_stock').set({ on_hand: running.get(key)! }).where('centre_id', '=', centreId).where('product_id', '=', productId).execute();
  }
  return running;
}

/**
 * The earlier visits' parts in the ledger: per (centre, product), a RECEIVE of what they issued (an hour before the
 * first of them), then the issues in time order; on_hand ends where it was, so centre_stock is not touched.
 */
export async function writeEarlierLedger(trx: Trx, issues: readonly EarlierIssue[], running: RunningStock): Promise<void> {
  const earlierIssued = new Map<string, { quantity: number; first: number }>();
  for (const issue of issues) {
    const key = `${issue.centreId}|${issue.productId}`;
    const entry = earlierIssued.get(key) ?? { quantity: 0, first: issue.at };
    earlierIssued.set(key, { quantity: entry.quantity + issue.quantity, first: Math.min(entry.first, issue.at) });
  }
  const earlierMoves: Move[] = [
    ...[...earlierIssued].map(([key, { quantity, first }]): Move => {
      const [centreId, productId] = key.split('|').map(Number) as [number, number];
      return { key, centreId, productId, kind: 'RECEIVE', quantity, requestId: null, actor: null, at: first - 60 * MINUTE };
    }),
    ...issues
      .map((issue): Move => ({ key: `${issue.centreId}|${issue.productId}`, centreId: issue.centreId, productId: issue.productId, kind: 'ISSUE', quantity: -issue.quantity, requestId: issue.requestId, actor: issue.actor, at: issue.at }))
      .sort((a, b) => a.at - b.at || (a.requestId ?? 0) - (b.requestId ?? 0)),
  ];
  await inBatches(ledgerRows(earlierMoves, running), (chunk) => trx.insertInto('stock_movements').values(chunk).execute());
}
