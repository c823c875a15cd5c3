import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from 'shared-contracts/schemas';
import { afterKeyset, pageLimit, countOf, inRange, isoOrNull, keysetText, nextKeyset, withCentre, type ReportDefinition, type ReportScope } from '../reportDefinition';
import { readRows } from '../../../db/directRead';

function base(scope: ReportScope) {
  return scope.db
    .selectFrom('appointments as a')
    .where(inRange(scope, 'a.starts_at'))
    .$if(scope.centreId !== null, (q) => q.where('a.centre_id', '=', scope.centreId!));
}

/** Lịch hẹn: the appointments starting in the range, every status, by start time, with their booked services. */
export const appointmentsReport: ReportDefinition = {
  name: 'appointments',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'code', label: 'Mã lịch hẹn', kind: 'text' },
      { key: 'startsAt', label: 'Giờ hẹn', kind: 'datetime' },
      { key: 'status', label: 'Trạng thái', kind: 'text' },
      { key: 'customer', label: 'Khách hàng', kind: 'text' },
      { key: 'phone', label: 'Số điện thoại', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'text' },
      { key: 'licensePlate', label: 'Biển số', kind: 'text' },
      { key: 'vehicle', label: 'Xe', kind: 'text' },
      { key: 'services', label: 'Dịch vụ', kind: 'text' },
      { key: 'estimatedPrice', label: 'Giá dự kiến (VND)', kind: 'money' },
      { key: 'note', label: 'Ghi chú của khách', kind: 'text' },
      { key: 'cancelReason', label: 'Lý do hủy', kind: 'text' },
      { key: 'bookedAt', label: 'Đặt lúc', kind: 'datetime' },
    ]),
  async count(scope) {
    return countOf(await base(scope).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
  },
  async page(scope, after, limit) {
    // The page's own appointments first (index order, at most `limit`), then their centre.
    const page = base(scope)
      .where(afterKeyset(scope, 'a.starts_at', 'a.id', after))
      .select([
        'a.id',
        keysetText(scope, 'a.starts_at').as('keyset_at'),
        'a.centre_id',
        'a.code',
        'a.starts_at',
        'a.status',
        'a.contact_name',
        'a.contact_phone',
        'a.contact_email',
        'a.license_plate',
        'a.vehicle_brand',
        'a.vehicle_model',
        'a.estimated_price',
        'a.note',
        'a.cancel_reason',
        'a.created_at',
      ])
      .orderBy('a.starts_at')
      .$call(pageLimit(scope, 'a.id', limit));
    const rowsQuery = scope.db
      .selectFrom(page.as('a'))
      .innerJoin('service_centres as c', 'c.id', 'a.centre_id')
      .selectAll('a')
      .select('c.name as centre')
      .orderBy('a.starts_at')
      .orderBy('a.id');
    const rows = await readRows(scope.db, rowsQuery);
    // The page's services in one query (names as booked), joined in the order they were booked.
    const services = new Map<number, string[]>();
    if (rows.length > 0) {
      const bookedQuery = scope.db
        .selectFrom('appointment_services')
        .select(['appointment_id', 'service_name'])
        .where(
          'appointment_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('appointment_id')
        .orderBy('service_id');
      const booked = await readRows(scope.db, bookedQuery);
      for (const line of booked) services.set(line.appointment_id, [...(services.get(line.appointment_id) ?? []), line.service_name]);
    }
    return {
      rows: rows.map((r) => ({
        centre: r.centre,
        code: r.code,
        startsAt: isoOrNull(r.starts_at),
        status: APPOINTMENT_STATUS_LABELS[r.status as AppointmentStatus] ?? r.status,
        customer: r.contact_name,
        phone: r.contact_phone,
        email: r.contact_email,
        licensePlate: r.license_plate,
        vehicle: `${r.vehicle_brand} ${r.vehicle_model}`,
        services: (services.get(r.id) ?? []).join(', ') || null,
        estimatedPrice: Number(r.estimated_price),
        note: r.note,
        cancelReason: r.cancel_reason,
        bookedAt: isoOrNull(r.created_at),
      })),
      next: nextKeyset(rows, limit),
    };
  },
};
