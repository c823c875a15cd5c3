import { ERROR_CODES, ORDER_STATUS_LABELS, type OrderStatus, type WebOrderActionRequest } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { invalidateCatalogue } from '../catalogue';
import { addDeskNote, announceWebOrderChange, takeDeskAction, type ShopContext } from '../orders';
import { webOrderMessages } from './webOrderMessages';
import { webOrderInScope } from './webOrderScope';

export interface WebOrderContext extends ShopContext {
  events: EventBus;
}

function stale(row: OrderRow): AppError {
  return new AppError(409, ERROR_CODES.WEB_ORDER_STALE, webOrderMessages.stale(ORDER_STATUS_LABELS[row.status as OrderStatus]));
}

/**
 * Takes a desk action on an order of the caller's scope, from the version the caller read (else 409
 * WEB_ORDER_STALE): the machine says whether it applies (else 409); the status moves by a conditional UPDATE on
 * that version, so of two racing changes (a confirmation and the customer's cancellation, two clicks) exactly
 * one applies. History, the timeline step, the customer's email and, after commit, the desk's live event.
 */
export async function takeWebOrderAction(ctx: WebOrderContext, scope: CentreScope, code: string, input: WebOrderActionRequest): Promise<OrderRow> {
  const { row: updated, promotionReleased } = await ctx.db.transaction().execute(async (trx) => {
    const row = await webOrderInScope(trx, scope, code);
    if (toNumber(row.version) !== input.version) throw stale(row);
    return takeDeskAction(ctx, trx, row, input, scope, stale(row));
  });
  if (promotionReleased) invalidateCatalogue();
  await announceWebOrderChange(ctx.events, updated.desk_centre_id, updated);
  return updated;
}

/** An internal note on an order of the caller's scope (the desk's only, never the customer's). */
export async function addWebOrderNote(ctx: WebOrderContext, scope: CentreScope, code: string, text: string): Promise<OrderRow> {
  const row = await webOrderInScope(ctx.db, scope, code);
  await addDeskNote(ctx.db, row, scope.userId, text, ctx.clock.now().toISOString());
  await announceWebOrderChange(ctx.events, row.desk_centre_id);
  return row;
}
