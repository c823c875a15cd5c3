import { sql, type QueryCreator, type Transaction } from 'kysely';
import {
  ERROR_CODES,
  APPOINTMENT_STATUS_LABELS,
  CHECK_IN_APPOINTMENT_STATUSES,
  vietnamDateOf,
  type AppointmentStatus,
  type checkInInputSchema,
} from 'shared-contracts/schemas';
import type { z } from 'zod';
import { preparedQuery } from '../../db/preparedQuery';
import { writesSeveralTablesInOneStatement } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { moveAppointmentWithServiceOrder } from '../bookings';
import { confirmSymptoms } from '../diagnostics';
import { asOpening, insertServiceReadingIfOpened, raiseOdometerIfOpened, recordServiceOdometer } from '../vehicles';
import { floorTransaction, uniqueOr } from './floorTransaction';
import { checkTechnicianOfCentre } from './serviceOrderAccess';
import { checkBay, occupyBay } from './serviceOrderBays';
import type { ServiceOrderContext } from './serviceOrderContext';
import { fieldError } from '../../http/dataErrors';
import { publishServiceOrderChange } from './serviceOrderEvents';
import { insertBookedLines } from './serviceOrderLines';
import type { CheckedInItem, CheckedInOrder } from './serviceOrderDetail';
import { backOfficeCode } from './serviceOrderTransition';

export type CheckInData = z.output<typeof checkInInputSchema>;

export const checkInMessages = {
  appointmentNotFound: 'Không tìm thấy lịch hẹn.',
  appointmentChanged: 'Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.',
  notAppointmentDay: 'Chỉ tiếp nhận xe trong ngày hẹn.',
  checkedIn: 'Đã tiếp nhận xe.',
} as const;

export function appointmentChanged(): AppError {
  return new AppError(409, ERROR_CODES.APPOINTMENT_CHANGED, checkInMessages.appointmentChanged);
}

function odometerInvalid(message: string): AppError {
  return fieldError(ERROR_CODES.ODOMETER_INVALID, 'odometerKm', message);
}

export const ODOMETER_LIMIT_KM = 1_000_000;

interface ChecklistTemplateItem {
  code: string;
  label: string;
}

function templateOf(json: string): ChecklistTemplateItem[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((item): item is ChecklistTemplateItem => typeof item?.code === 'string' && typeof item?.label === 'string')
      : [];
  } catch {
    return [];
  }
}

/*
 * The check-in's statements, compiled once per dialect (preparedQuery): at the counter's rush hour every
 * check-in is a transaction of a dozen statements, and building each with Kysely cost as much as running it.
 */

const appointmentToCheckIn = preparedQuery<{ appointmentId: number }>()((db, param) =>
  db
    .selectFrom('appointments')
    .innerJoin('service_centres', 'service_centres.id', 'appointments.centre_id')
    .leftJoin('vehicles', 'vehicles.id', 'appointments.vehicle_id')
    // The service the appointment's package credit pays (its booked line shows the list price), not read in the transaction.
    .leftJoin('package_credits', 'package_credits.id', 'appointments.package_credit_id')
    .select([
      'appointments.id',
      'appointments.code',
      'appointments.user_id',
      'appointments.centre_id',
      'appointments.status',
      'appointments.starts_at',
      'appointments.vehicle_id',
      'appointments.vehicle_type',
      'appointments.vehicle_brand',
      'appointments.vehicle_model',
      'appointments.license_plate',
      'appointments.contact_name',
      'appointments.contact_phone',
      'appointments.contact_email',
      'service_centres.service_bays',
      'vehicles.odometer_km',
      'package_credits.service_id as credit_service_id',
    ])
    .where('appointments.id', '=', param('appointmentId')),
);

type OpenOrderParams = {
  code: string;
  appointmentId: number;
  centreId: number;
  userId: number | null;
  vehicleId: number | null;
  vehicleType: string;
  vehicleBrand: string;
  vehicleModel: string;
  licensePlate: string;
  technicianId: number | null;
  bayNo: number | null;
  odometerKm: number;
  concern: string | null;
  intakeNote: string | null;
  openedBy: number;
  at: string;
  /** The note of the vehicle's odometer reading, where the statement writes it with the order. */
  readingNote: string;
};

type Param<P> = <K extends keyof P & string>(name: K) => P[K];

/** The new order's row, OPEN at version 1; a code another order has gives no row (another is drawn). */
function insertOpenOrder<P extends OpenOrderParams>(db: QueryCreator<Database>, param: Param<P>) {
  return db
    .insertInto('service_orders')
    .values({
      code: param('code'),
      appointment_id: param('appointmentId'),
      centre_id: param('centreId'),
      user_id: param('userId'),
      vehicle_id: param('vehicleId'),
      vehicle_type: param('vehicleType'),
      vehicle_brand: param('vehicleBrand'),
      vehicle_model: param('vehicleModel'),
      license_plate: param('licensePlate'),
      status: 'OPEN',
      technician_id: param('technicianId'),
      bay_no: param('bayNo'),
      odometer_in_km: param('odometerKm'),
      customer_concern: param('concern'),
      intake_note: param('intakeNote'),
      opened_by: param('openedBy'),
      opened_at: param('at'),
      started_at: null,
      work_done_at: null,
      invoiced_at: null,
      closed_at: null,
      cancelled_at: null,
      cancel_reason: null,
      version: 1,
      updated_at: param('at'),
    })
    // The same appointment twice stays a unique violation (appointment_id).
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning(['id', 'code']);
}

const openServiceOrder = preparedQuery<OpenOrderParams>()((db, param) => insertOpenOrder(db, param));

const serviceOrderOpenedHistory = preparedQuery<{ serviceOrderId: number; changedBy: number; at: string }>()((db, param) =>
  db.insertInto('service_order_status_history').values({
    service_order_id: param('serviceOrderId'),
    from_status: null,
    to_status: 'OPEN',
    changed_by: param('changedBy'),
    note: null,
    created_at: param('at'),
  }),
);

/*
 * Where one statement can write to several tables (writesSeveralTablesInOneStatement), the writes that go
 * together are one round trip each: the order with its OPEN history row (and the vehicle's odometer reading and
 * odometer), as bookings moves the appointment with its history row. A taken code writes nothing and gives no row.
 */
function openServiceOrderWithHistory(withOdometer: boolean) {
  return preparedQuery<OpenOrderParams>()((db, param) => {
    const opened = db
      .with('opened', (cte) => insertOpenOrder(cte, param))
      .with('opened_history', (cte) =>
        cte
          .insertInto('service_order_status_history')
          .columns(['service_order_id', 'from_status', 'to_status', 'changed_by', 'note', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('opened')
              .select([
                'opened.id',
                sql<null>`null`.as('from_status'),
                sql.lit('OPEN').as('to_status'),
                eb.cast<number>(eb.val(param('openedBy')), 'integer').as('changed_by'),
                sql<null>`null`.as('note'),
                eb.cast<string>(eb.val(param('at')), 'timestamptz').as('created_at'),
              ]),
          )
          .returning('service_order_id'),
      );
    if (!withOdometer) return opened.selectFrom('opened').select(['opened.id', 'opened.code']);
    // This variant runs only for an appointment with a vehicle on file.
    const reading = { vehicleId: param('vehicleId') as number, odometerKm: param('odometerKm'), note: param('readingNote'), at: param('at') };
    return opened
      .with('reading', (cte) => insertServiceReadingIfOpened(asOpening(cte), reading))
      .with('odometer', (cte) => raiseOdometerIfOpened(asOpening(cte), reading))
      .selectFrom('opened')
      .select(['opened.id', 'opened.code']);
  });
}

const openServiceOrderAndHistory = openServiceOrderWithHistory(false);
const openServiceOrderHistoryAndOdometer = openServiceOrderWithHistory(true);

/** The note of the vehicle's odometer reading taken at the check-in of order `code`. */
function odometerNote(code: string): string {
  return `Tiếp nhận ${code}`;
}

/** The booked services, in the services' order: their checklist templates and the order's billable lines. */
const bookedServices = preparedQuery<{ appointmentId: number }>()((db, param) =>
  db
    .selectFrom('appointment_services')
    .innerJoin('services', 'services.id', 'appointment_services.service_id')
    .select(['appointment_services.service_id', 'appointment_services.service_name', 'appointment_services.price', 'services.price as list_price', 'services.checklist'])
    .where('appointment_services.appointment_id', '=', param('appointmentId'))
    .orderBy('services.sort_order')
    .orderBy('services.id'),
);

/** The order's checklist from the booked services' templates (deduplicated by code); the items written, in order. */
async function writeChecklist(trx: Transaction<Database>, serviceOrderId: number, services: readonly { checklist: string }[]): Promise<CheckedInItem[]> {
  const items = new Map<string, ChecklistTemplateItem>();
  for (const service of services) for (const item of templateOf(service.checklist)) if (!items.has(item.code)) items.set(item.code, item);
  if (items.size === 0) return [];
  // One statement for the whole list: on PostgreSQL each statement is a round trip the front desk waits for.
  const rows = await trx
    .insertInto('service_order_checklist_items')
    .values(
      [...items.values()].map((item, sortOrder) => ({
        service_order_id: serviceOrderId,
        code: item.code.slice(0, 40),
        label: item.label.slice(0, 200),
        sort_order: sortOrder,
        result: null,
        note: null,
        checked_by: null,
        checked_at: null,
      })),
    )
    .returning(['id', 'code', 'label', 'sort_order'])
    .execute();
  return rows.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map(({ id, code, label }) => ({ id, code, label }));
}

/**
 * POST /staff/appointments/:id/check-in: the vehicle arrives. In one transaction the appointment moves
 * PENDING|CONFIRMED → CHECKED_IN (conditionally: a concurrent check-in finds it changed, 409
 * APPOINTMENT_CHANGED; UNIQUE appointment_id is the backstop), the service order opens with its checklist and
 * booked lines, the odometer is recorded, the symptoms staff confirmed are recorded when sent (confirmSymptoms),
 * and the order is given a technician and a bay if chosen. Gives back what was written (checkedInDetail builds
 * the answer from it without reading the order again).
 */
export async function checkInAppointment(ctx: ServiceOrderContext, scope: CentreScope, appointmentId: number, input: CheckInData): Promise<CheckedInOrder> {
  assertFloorWriter(scope);
  const { db } = ctx;
  const now = ctx.clock.now();
  const technicianId = input.technicianId ?? null;
  // The chosen technician is checked against the caller's centre beside the reads below (the appointment's centre,
  // or the appointment is not found); awaited after the checks that come first.
  const technicianOfScope = technicianId !== null && scope.centreId !== null ? checkTechnicianOfCentre(db, scope.centreId, technicianId) : null;
  technicianOfScope?.catch(() => undefined);
  // The booked services are read beside the appointment (a round trip less; the transaction below does not change them).
  const [appointment, services] = await Promise.all([appointmentToCheckIn.first(db, { appointmentId }), bookedServices.rows(db, { appointmentId })]);
  if (!appointment || (scope.centreId !== null && scope.centreId !== appointment.centre_id)) {
    throw AppError.notFound(checkInMessages.appointmentNotFound, ERROR_CODES.APPOINTMENT_NOT_FOUND);
  }
  const status = appointment.status as AppointmentStatus;
  if (!(CHECK_IN_APPOINTMENT_STATUSES as readonly string[]).includes(status)) {
    if (status === 'CHECKED_IN' || status === 'IN_PROGRESS') throw appointmentChanged();
    throw new AppError(
      409,
      ERROR_CODES.INVALID_STATUS_TRANSITION,
      `Không thể chuyển lịch hẹn từ "${APPOINTMENT_STATUS_LABELS[status]}" sang "${APPOINTMENT_STATUS_LABELS.CHECKED_IN}".`,
    );
  }
  if (vietnamDateOf(appointment.starts_at) !== vietnamDateOf(now)) throw new AppError(409, ERROR_CODES.NOT_APPOINTMENT_DAY, checkInMessages.notAppointmentDay);
  if (input.odometerKm > ODOMETER_LIMIT_KM) throw odometerInvalid('Số km tối đa 1.000.000.');
  if (appointment.odometer_km !== null && input.odometerKm < appointment.odometer_km) {
    throw odometerInvalid(`Số km không được nhỏ hơn lần ghi gần nhất của xe (${appointment.odometer_km.toLocaleString('vi-VN')} km).`);
  }
  const bayNo = input.bayNo ?? null;
  if (bayNo !== null) checkBay(bayNo, appointment.service_bays);
  const technician = technicianId !== null ? await (technicianOfScope ?? checkTechnicianOfCentre(db, appointment.centre_id, technicianId)) : null;

  const at = now.toISOString();
  const written = await floorTransaction(db, async (trx) => {
    const oneStatement = writesSeveralTablesInOneStatement(trx);
    const historyId = await moveAppointmentWithServiceOrder(trx, scope.userId, { appointmentId: appointment.id, from: status, to: 'CHECKED_IN', at });
    if (historyId === null) throw appointmentChanged();
    const vehicleId = appointment.vehicle_id;
    const open = !oneStatement ? openServiceOrder : vehicleId !== null ? openServiceOrderHistoryAndOdometer : openServiceOrderAndHistory;
    // A new code until one no order has (the insert gives no row for a taken code).
    let inserted: { id: number; code: string } | undefined;
    while (!inserted) {
      const code = backOfficeCode('PDV', now);
      inserted = await uniqueOr(
        () =>
          open.first(trx, {
            code,
            appointmentId: appointment.id,
            centreId: appointment.centre_id,
            userId: appointment.user_id,
            vehicleId,
            vehicleType: appointment.vehicle_type,
            vehicleBrand: appointment.vehicle_brand,
            vehicleModel: appointment.vehicle_model,
            licensePlate: appointment.license_plate,
            technicianId,
            bayNo,
            odometerKm: input.odometerKm,
            concern: input.customerConcern,
            intakeNote: input.intakeNote,
            openedBy: scope.userId,
            at,
            readingNote: odometerNote(code),
          }),
        async () => appointmentChanged(),
      );
    }
    if (!oneStatement) await serviceOrderOpenedHistory.execute(trx, { serviceOrderId: inserted.id, changedBy: scope.userId, at });
    const items = await writeChecklist(trx, inserted.id, services);
    const lines = await insertBookedLines(trx, inserted.id, services, appointment.credit_service_id);
    if (input.symptoms !== undefined) await confirmSymptoms(trx, appointment.id, input.symptoms, scope.userId);
    if (vehicleId !== null && !oneStatement) {
      await recordServiceOdometer(trx, { vehicleId, odometerKm: input.odometerKm, note: odometerNote(inserted.code), at });
    }
    if (bayNo !== null) await occupyBay(trx, appointment.centre_id, bayNo, inserted.id, at);
    return { order: inserted, historyId, items, lines };
  });
  // This instance's kept floor reads are dropped as the first message is sent (synchronously); the NOTIFYs to
  // the other instances (PostgreSQL, a round trip each) go on in order without holding the answer.
  void publishServiceOrderChange(
    ctx,
    {
      serviceOrderId: written.order.id,
      code: written.order.code,
      appointmentId: appointment.id,
      centreId: appointment.centre_id,
      userId: appointment.user_id,
      status: 'OPEN',
      appointment: { code: appointment.code, status: 'CHECKED_IN' },
      // A new order has no parts request yet.
      pendingApprovals: 0,
    },
    now,
  );
  return {
    id: written.order.id,
    code: written.order.code,
    appointmentId: appointment.id,
    appointmentCode: appointment.code,
    appointmentStart: appointment.starts_at,
    checkedInHistoryId: written.historyId,
    centreId: appointment.centre_id,
    customer: { userId: appointment.user_id, fullName: appointment.contact_name, phone: appointment.contact_phone, email: appointment.contact_email },
    licensePlate: appointment.license_plate,
    vehicleBrand: appointment.vehicle_brand,
    vehicleModel: appointment.vehicle_model,
    technician,
    bayNo,
    openedAt: at,
    odometerInKm: input.odometerKm,
    customerConcern: input.customerConcern,
    intakeNote: input.intakeNote,
    items: written.items,
    lines: written.lines,
  };
}
