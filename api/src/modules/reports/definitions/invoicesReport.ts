import { sql } from 'kysely';
import {
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_PAYMENT_STATUS_LABELS,
  type InvoicePaymentMethod,
  type InvoicePaymentStatus,
} from 'shared-contracts/schemas';
import { afterKeyset, pageLimit, countOf, inRange, isoOrNull, keysetText, nextKeyset, withCentre, type ReportDefinition, type ReportScope } from '../reportDefinition';
import { readRows } from '../../../db/directRead';

function base(scope: ReportScope) {
  return scope.db
    .selectFrom('service_invoices as i')
    .where(inRange(scope, 'i.issued_at'))
    .$if(scope.centreId !== null, (q) => q.where('i.centre_id', '=', scope.centreId!));
}

/** Hóa đơn dịch vụ: the invoices issued in the range (paid or not), by the time they were issued. */
export const invoicesReport: ReportDefinition = {
  name: 'invoices',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'code', label: 'Số hóa đơn', kind: 'text' },
      { key: 'issuedAt', label: 'Lập lúc', kind: 'datetime' },
      { key: 'serviceOrderCode', label: 'Mã phiếu', kind: 'text' },
      { key: 'licensePlate', label: 'Biển số', kind: 'text' },
      { key: 'customer', label: 'Khách hàng', kind: 'text' },
      { key: 'services', label: 'Tiền dịch vụ (VND)', kind: 'money' },
      { key: 'parts', label: 'Tiền phụ tùng (VND)', kind: 'money' },
      { key: 'packageDiscount', label: 'Giảm trừ gói (VND)', kind: 'money' },
      { key: 'total', label: 'Tổng cộng (VND)', kind: 'money' },
      { key: 'paymentStatus', label: 'Thanh toán', kind: 'text' },
      { key: 'paymentMethod', label: 'Hình thức', kind: 'text' },
      { key: 'paidAt', label: 'Thanh toán lúc', kind: 'datetime' },
    ]),
  async count(scope) {
    return countOf(await base(scope).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
  },
  async page(scope, after, limit) {
    // The page's own invoices first (index order, at most `limit`), then their order and customer.
    const page = base(scope)
      .where(afterKeyset(scope, 'i.issued_at', 'i.id', after))
      .select([
        'i.id',
        keysetText(scope, 'i.issued_at').as('keyset_at'),
        'i.centre_id',
        'i.service_order_id',
        'i.code',
        'i.issued_at',
        'i.subtotal_services',
        'i.subtotal_parts',
        'i.package_discount',
        'i.total',
        'i.payment_status',
        'i.payment_method',
        'i.paid_at',
      ])
      .orderBy('i.issued_at')
      .$call(pageLimit(scope, 'i.id', limit));
    const rowsQuery = scope.db
      .selectFrom(page.as('i'))
      .innerJoin('service_orders as so', 'so.id', 'i.service_order_id')
      .innerJoin('appointments as a', 'a.id', 'so.appointment_id')
      .innerJoin('service_centres as c', 'c.id', 'i.centre_id')
      .leftJoin('users as cu', 'cu.id', 'so.user_id')
      .selectAll('i')
      .select(['c.name as centre', 'so.code as order_code', 'so.license_plate', sql<string>`coalesce(cu.full_name, a.contact_name)`.as('customer')])
      .orderBy('i.issued_at')
      .orderBy('i.id');
    const rows = await readRows(scope.db, rowsQuery);
    return {
      rows: rows.map((r) => ({
        centre: r.centre,
        code: r.code,
        issuedAt: isoOrNull(r.issued_at),
        serviceOrderCode: r.order_code,
        licensePlate: r.license_plate,
        customer: r.customer,
        services: Number(r.subtotal_services),
        parts: Number(r.subtotal_parts),
        packageDiscount: Number(r.package_discount),
        total: Number(r.total),
        paymentStatus: INVOICE_PAYMENT_STATUS_LABELS[r.payment_status as InvoicePaymentStatus] ?? r.payment_status,
        paymentMethod: r.payment_method === null ? null : (INVOICE_PAYMENT_METHOD_LABELS[r.payment_method as InvoicePaymentMethod] ?? r.payment_method),
        paidAt: isoOrNull(r.paid_at),
      })),
      next: nextKeyset(rows, limit),
    };
  },
};
