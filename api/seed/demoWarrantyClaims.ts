import type { Kysely } from 'kysely';
import { toIsoUtc } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { approveWarrantyClaim, creditWarrantyClaim, draftWarrantyClaim, rejectWarrantyClaim, submitWarrantyClaim } from '../src/modules/warranty';

const DAY_MS = 86_400_000;

/** Where each demo claim got to, oldest first: the report has credited, rejected and pending money; the newest is open. */
const COURSES = ['CREDITED', 'CREDITED', 'REJECTED', 'APPROVED', 'SUBMITTED', 'DRAFT'] as const;
/** Which of the centre's paid orders with a part (newest first) had that part replaced under warranty. */
const PICKS = [70, 52, 36, 22, 10, 1];

/**
 * Warranty in the demo history (issue 66 §5): at the demo manager's centre, six paid orders' parts were replaced under
 * the manufacturer's warranty — their line paid by WARRANTY and their invoice without it, as the counter would have
 * invoiced them — and each invoice drafted its claim, which then went its course through the module's own commands:
 * two credited, one rejected, one approved and waiting for the money, one sent, and the newest still a draft for the
 * manager to send. Runs before the ledger's backfill, so the sales record what the customers paid. Insert-only: once
 * any claim exists, nothing is written. Returns the claims written.
 */
export async function seedDemoWarrantyClaims(db: Kysely<Database>, managerEmail: string): Promise<number> {
  if (await db.selectFrom('warranty_claims').select('id').limit(1).executeTakeFirst()) return 0;
  const manager = await db
    .selectFrom('users')
    .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
    .select(['users.id', 'staff_assignments.centre_id'])
    .where('users.email', '=', managerEmail)
    .where('staff_assignments.ended_at', 'is', null)
    .executeTakeFirst();
  if (!manager) return 0;
  const candidates = await db
    .selectFrom('service_orders')
    .innerJoin('service_invoices', 'service_invoices.service_order_id', 'service_orders.id')
    .innerJoin('service_order_lines', 'service_order_lines.service_order_id', 'service_orders.id')
    .select(['service_orders.id', 'service_orders.appointment_id', 'service_invoices.id as invoice_id', 'service_invoices.issued_at', 'service_order_lines.id as line_id', 'service_order_lines.line_total'])
    .where('service_orders.centre_id', '=', manager.centre_id)
    .where('service_orders.status', '=', 'CLOSED')
    .where('service_invoices.payment_status', '=', 'PAID')
    .where('service_invoices.package_discount', '=', 0)
    .where('service_invoices.points_used', '=', 0)
    .where('service_order_lines.kind', '=', 'part')
    .where('service_order_lines.payer', '=', 'CUSTOMER')
    .orderBy('service_invoices.issued_at', 'desc')
    .orderBy('service_orders.id', 'desc')
    .limit(PICKS[0]! + 1)
    .execute();
  const chosen = PICKS.map((index) => candidates[Math.min(index, candidates.length - 1)]).filter((row, index, all) => row !== undefined && all.indexOf(row) === index);
  const scope = { userId: manager.id, role: 'manager' as const, centreId: manager.centre_id };
  let written = 0;
  for (const [index, order] of chosen.entries()) {
    if (!order) continue;
    const issued = new Date(toIsoUtc(order.issued_at));
    await db.updateTable('service_order_lines').set({ payer: 'WARRANTY' }).where('id', '=', order.line_id).execute();
    await db
      .updateTable('service_invoices')
      .set((eb) => ({
        subtotal_parts: eb('subtotal_parts', '-', order.line_total),
        total: eb('total', '-', order.line_total),
        warranty_covered: eb('warranty_covered', '+', order.line_total),
      }))
      .where('id', '=', order.invoice_id)
      .execute();
    await db.updateTable('maintenance_records').set((eb) => ({ cost: eb('cost', '-', order.line_total) })).where('appointment_id', '=', order.appointment_id).where('cost', '>=', order.line_total).execute();
    const claimId = await draftWarrantyClaim(db, { serviceOrderId: order.id, actorId: manager.id, at: issued });
    if (claimId === null) continue;
    written += 1;
    const course = COURSES[COURSES.length - chosen.length + index]!;
    const at = (days: number) => ({ scope, at: new Date(issued.getTime() + days * DAY_MS) });
    if (course === 'DRAFT') continue;
    await submitWarrantyClaim(db, at(1), claimId, { version: 1 });
    if (course === 'SUBMITTED') continue;
    if (course === 'REJECTED') {
      await rejectWarrantyClaim(db, at(9), claimId, { version: 2, reason: 'Hư hỏng do va đập, không thuộc phạm vi bảo hành của hãng.' });
      continue;
    }
    const approvedAmount = Math.round((order.line_total * 0.9) / 1000) * 1000;
    await approveWarrantyClaim(db, at(8), claimId, { version: 2, approvedAmount, manufacturerReference: `VF-WC-${claimId.toString().padStart(5, '0')}` });
    if (course === 'APPROVED') continue;
    await creditWarrantyClaim(db, at(20), claimId, { version: 3, amount: approvedAmount, method: 'CREDIT_NOTE', reference: `GBC-${claimId.toString().padStart(5, '0')}` });
  }
  return written;
}
