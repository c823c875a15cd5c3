import { sql } from 'kysely';
import { SERVICE_ORDER_STATUS_LABELS, type ServiceOrderStatus } from 'shared-contracts/schemas';
import { afterKeyset, pageLimit, countOf, inRange, isoOrNull, keysetText, nextKeyset, withCentre, type ReportDefinition, type ReportScope } from '../reportDefinition';
import { readRows } from '../../../db/directRead';

const statusLabel = (status: string) => SERVICE_ORDER_STATUS_LABELS[status as ServiceOrderStatus] ?? status;

function base(scope: ReportScope) {
  return scope.db
    .selectFrom('service_orders as so')
    .where(inRange(scope, 'so.opened_at'))
    .$if(scope.centreId !== null, (q) => q.where('so.centre_id', '=', scope.centreId!));
}

/** Phiếu dịch vụ: the orders opened in the range (cancelled ones too), by the time they were opened. */
export const serviceOrdersReport: ReportDefinition = {
  name: 'service-orders',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'code', label: 'Mã phiếu', kind: 'text' },
      { key: 'openedAt', label: 'Tiếp nhận lúc', kind: 'datetime' },
      { key: 'status', label: 'Trạng thái', kind: 'text' },
      { key: 'licensePlate', label: 'Biển số', kind: 'text' },
      { key: 'vehicle', label: 'Xe', kind: 'text' },
      { key: 'customer', label: 'Khách hàng', kind: 'text' },
      { key: 'phone', label: 'Số điện thoại', kind: 'text' },
      { key: 'technician', label: 'Kỹ thuật viên', kind: 'text' },
      { key: 'bayNo', label: 'Khoang', kind: 'number' },
      { key: 'odometerKm', label: 'Số km khi nhận', kind: 'number' },
      { key: 'concern', label: 'Yêu cầu của khách', kind: 'text' },
      { key: 'workDoneAt', label: 'Xong việc lúc', kind: 'datetime' },
      { key: 'closedAt', label: 'Đóng phiếu lúc', kind: 'datetime' },
      { key: 'invoiceTotal', label: 'Tổng hóa đơn (VND)', kind: 'money' },
      { key: 'cancelReason', label: 'Lý do hủy', kind: 'text' },
    ]),
  async count(scope) {
    return countOf(await base(scope).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
  },
  async page(scope, after, limit) {
    // The page's own orders first (index order, at most `limit`), then their appointment, people and invoice.
    const page = base(scope)
      .where(afterKeyset(scope, 'so.opened_at', 'so.id', after))
      .select([
        'so.id',
        keysetText(scope, 'so.opened_at').as('keyset_at'),
        'so.centre_id',
        'so.appointment_id',
        'so.user_id',
        'so.technician_id',
        'so.code',
        'so.opened_at',
        'so.status',
        'so.license_plate',
        'so.vehicle_brand',
        'so.vehicle_model',
        'so.bay_no',
        'so.odometer_in_km',
        'so.customer_concern',
        'so.work_done_at',
        'so.closed_at',
        'so.cancel_reason',
      ])
      .orderBy('so.opened_at')
      .$call(pageLimit(scope, 'so.id', limit));
    const rowsQuery = scope.db
      .selectFrom(page.as('so'))
      .innerJoin('appointments as a', 'a.id', 'so.appointment_id')
      .innerJoin('service_centres as c', 'c.id', 'so.centre_id')
      .leftJoin('users as cu', 'cu.id', 'so.user_id')
      .leftJoin('users as t', 't.id', 'so.technician_id')
      .leftJoin('service_invoices as i', 'i.service_order_id', 'so.id')
      .selectAll('so')
      .select([
        'c.name as centre',
        sql<string>`coalesce(cu.full_name, a.contact_name)`.as('customer'),
        sql<string>`coalesce(cu.phone_number, a.contact_phone)`.as('phone'),
        't.full_name as technician',
        'i.total as invoice_total',
      ])
      .orderBy('so.opened_at')
      .orderBy('so.id');
    const rows = await readRows(scope.db, rowsQuery);
    return {
      rows: rows.map((r) => ({
        centre: r.centre,
        code: r.code,
        openedAt: isoOrNull(r.opened_at),
        status: statusLabel(r.status),
        licensePlate: r.license_plate,
        vehicle: `${r.vehicle_brand} ${r.vehicle_model}`,
        customer: r.customer,
        phone: r.phone,
        technician: r.technician,
        bayNo: r.bay_no,
        odometerKm: r.odometer_in_km,
        concern: r.customer_concern,
        workDoneAt: isoOrNull(r.work_done_at),
        closedAt: isoOrNull(r.closed_at),
        invoiceTotal: r.invoice_total === null ? null : Number(r.invoice_total),
        cancelReason: r.cancel_reason,
      })),
      next: nextKeyset(rows, limit),
    };
  },
};
