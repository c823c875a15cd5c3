import type { Role } from 'shared-contracts';
import type { ServiceOrderStatus } from 'shared-contracts/backoffice';
import { chargedAmountOf, LINE_PAYER_EDITABLE_STATUSES, LINE_PAYER_ROLES, LINE_PAYERS, type LinePayer } from 'shared-contracts/pricing';
import type { ServiceOrderLine } from 'shared-contracts/schemas';
import { serviceOrdersText } from './serviceOrdersText';

// Who pays a service-order line (issue 66 §5) as the drawer offers and sums it; the server checks every change.

/** As the API: who pays a line may change until the invoice freezes the lines. */
export const PAYER_EDITABLE_STATUSES: readonly ServiceOrderStatus[] = LINE_PAYER_EDITABLE_STATUSES;

/** A line's payer; the customer when the answer names none. */
export const payerOf = (line: ServiceOrderLine): LinePayer => line.payer ?? 'CUSTOMER';

/** The payers `role` may set a line to: none for a guest, a technician or an admin (read-only). */
export function payersFor(role: Role | null): LinePayer[] {
  return role === null ? [] : LINE_PAYERS.filter((payer) => LINE_PAYER_ROLES[payer].includes(role));
}

/** What the customer is charged for `lines`, and the worth the manufacturer's warranty and the centre's goodwill pay. */
export function lineTotalsByPayer(lines: readonly ServiceOrderLine[]): { charged: number; warranty: number; goodwill: number } {
  const totals = { charged: 0, warranty: 0, goodwill: 0 };
  for (const line of lines) {
    totals.charged += chargedAmountOf(line);
    if (line.payer === 'WARRANTY') totals.warranty += line.lineTotal;
    if (line.payer === 'GOODWILL') totals.goodwill += line.lineTotal;
  }
  return totals;
}

/** The footer rows of the covered worth, only those that are not zero. */
export function coveredRows(warranty = 0, goodwill = 0): Array<[string, number]> {
  const t = serviceOrdersText.drawer;
  const rows: Array<[string, number]> = [];
  if (warranty > 0) rows.push([t.warrantyCovered, warranty]);
  if (goodwill > 0) rows.push([t.goodwillCovered, goodwill]);
  return rows;
}
