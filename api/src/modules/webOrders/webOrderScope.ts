import type { Kysely } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { findOrderRow } from '../orders';
import { webOrderMessages } from './webOrderMessages';

/**
 * The web orders a desk user may see: staff and managers those of their centre (orders.desk_centre_id: picked up
 * there, or shipped from it); admins every centre's. Another centre's order answers 404, as a missing one.
 */
export async function webOrderInScope(db: Kysely<Database>, scope: CentreScope, code: string): Promise<OrderRow> {
  const row = await findOrderRow(db, code);
  if (!row || (scope.centreId !== null && row.desk_centre_id !== scope.centreId)) throw AppError.notFound(webOrderMessages.notFound, ERROR_CODES.ORDER_NOT_FOUND);
  return row;
}

/** The centre the list is for: the caller's own (another asked for: 404); an admin's choice, or every centre (null). */
export function listCentre(scope: CentreScope, requested: number | undefined): number | null {
  if (scope.centreId !== null) {
    if (requested !== undefined && requested !== scope.centreId) throw AppError.notFound(webOrderMessages.notFound);
    return scope.centreId;
  }
  return requested ?? null;
}
