import { formatCalendarDate, formatVndPlain as formatVnd, GUEST_HOLD_MINUTES, type Appointment } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, formatVietnamDateTime, type EmailContent } from '../emailTemplates';

/**
 * The emails of the service side (Vietnamese subject, plain text and HTML), templates of the notification
 * centre: booking confirmation, cancellation and rescheduling (the centre sends them to an account's owner on
 * the channel they chose), the guest's code and the emails of a booking without an account (put in the outbox
 * by bookings), the maintenance reminder.
 */

export type ServiceEmailKind =
  | 'appointment_confirmation'
  | 'appointment_guest_code'
  | 'appointment_cancelled'
  | 'appointment_rescheduled'
  | 'maintenance_reminder';

export interface ServiceEmail extends Omit<EmailContent, 'kind'> {
  kind: ServiceEmailKind;
}

const integer = new Intl.NumberFormat('vi-VN');

/** The appointment as a list of lines (text) shared by the emails. */
function summary(appointment: Appointment): string[] {
  const services = appointment.services.map((service) => service.name).join(', ');
  return [
    `Mã lịch hẹn: ${appointment.code}`,
    `Thời gian: ${formatVietnamDateTime(appointment.start)} (giờ Việt Nam)`,
    `Chi nhánh: ${appointment.centre.name} – ${appointment.centre.address}`,
    `Xe: ${appointment.vehicle.brand} ${appointment.vehicle.model} – biển số ${appointment.vehicle.licensePlate}`,
    `Dịch vụ: ${services || 'Theo gói dịch vụ'}${appointment.packageCredit ? ` (dùng ${appointment.packageCredit.packageName})` : ''}`,
    `Chi phí dự kiến: ${formatVnd(appointment.estimatedPrice)} – thời gian dự kiến ${appointment.estimatedDurationMinutes} phút`,
  ];
}

/** `blockHtml`: one block of HTML (already escaped) shown between the details and `after` (the check-in QR). */
function compose(kind: ServiceEmailKind, subject: string, greeting: string, before: readonly string[], appointment: Appointment | null, after: readonly string[], blockHtml?: string): ServiceEmail {
  const details = appointment ? summary(appointment) : [];
  const text = [greeting, '', ...before, ...(details.length ? ['', ...details] : []), ...(after.length ? ['', ...after] : []), '', EMAIL_SIGNATURE].join('\n');
  const htmlLines = [
    escapeHtml(greeting),
    ...before.map(escapeHtml),
    ...(details.length ? [details.map(escapeHtml).join('<br>')] : []),
    ...after.map(escapeHtml),
  ];
  const blocks = htmlLines.map(emailParagraph);
  if (blockHtml) blocks.splice(1 + before.length + (details.length ? 1 : 0), 0, blockHtml);
  return { kind, subject, text, html: emailLayout(subject, blocks) };
}

/** The change cut-off in words: 120 → '2 giờ', 90 → '90 phút'. */
export function describeCutoff(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} giờ` : `${minutes} phút`;
}

/** The QR the customer shows at the counter (issue 49): its text and the address of its PNG. */
export interface CheckInForEmail {
  code: string;
  imageUrl: string;
}

export const CHECK_IN_EMAIL_HINT = 'Đưa mã này cho nhân viên khi đến trung tâm';

export function appointmentConfirmationEmail(appointment: Appointment, cutoffMinutes: number, checkIn?: CheckInForEmail): ServiceEmail {
  // the QR as a hosted PNG: mail clients show neither SVG nor data URLs
  const qr = checkIn
    ? `<p style="margin:0 0 12px;text-align:center"><img src="${escapeHtml(checkIn.imageUrl)}" width="222" height="222" alt="${escapeHtml(`Mã QR check-in lịch hẹn ${appointment.code}`)}"><br>${escapeHtml(CHECK_IN_EMAIL_HINT)}</p>`
    : undefined;
  return compose(
    'appointment_confirmation',
    `Đặt lịch thành công – ${appointment.code}`,
    `Xin chào ${appointment.contact.fullName},`,
    ['EV Service đã nhận lịch hẹn của bạn. Chi nhánh sẽ xác nhận trong thời gian sớm nhất.'],
    appointment,
    [
      ...(checkIn ? [`${CHECK_IN_EMAIL_HINT} (mã QR check-in): ${checkIn.code}`] : []),
      `Bạn có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất ${describeCutoff(cutoffMinutes)}.`,
    ],
    qr,
  );
}

export function guestCodeEmail(appointment: Appointment, code: string): ServiceEmail {
  return compose(
    'appointment_guest_code',
    `Mã xác thực lịch hẹn EV Service: ${code}`,
    `Xin chào ${appointment.contact.fullName},`,
    [
      `Mã xác thực lịch hẹn của bạn là: ${code}`,
      `Nhập mã trong vòng ${GUEST_HOLD_MINUTES} phút để hoàn tất đặt lịch; sau thời gian này khung giờ sẽ được trả lại.`,
    ],
    appointment,
    ['Nếu bạn không đặt lịch tại EV Service, hãy bỏ qua email này.'],
  );
}

export function appointmentCancelledEmail(appointment: Appointment, reason: string | null): ServiceEmail {
  return compose(
    'appointment_cancelled',
    `Lịch hẹn ${appointment.code} đã được hủy`,
    `Xin chào ${appointment.contact.fullName},`,
    [`Lịch hẹn của bạn đã được hủy${reason ? ` (lý do: ${reason})` : ''}.`],
    appointment,
    [appointment.packageCredit ? 'Lượt dịch vụ trong gói đã được hoàn lại.' : 'Bạn có thể đặt lịch mới bất cứ lúc nào.'],
  );
}

export function appointmentRescheduledEmail(appointment: Appointment, previousStart: string): ServiceEmail {
  return compose(
    'appointment_rescheduled',
    `Lịch hẹn ${appointment.code} đã được đổi sang ${formatVietnamDateTime(appointment.start)}`,
    `Xin chào ${appointment.contact.fullName},`,
    [`Lịch hẹn lúc ${formatVietnamDateTime(previousStart)} đã được đổi sang thời gian mới bên dưới.`],
    appointment,
    ['Chi nhánh sẽ xác nhận lại lịch hẹn trong thời gian sớm nhất.'],
  );
}

export interface ReminderEmailInput {
  fullName: string;
  vehicle: { brand: string; model: string; licensePlate: string; odometerKm: number };
  serviceName: string;
  dueDate: string;
  dueKm: number;
  overdue: boolean;
  bookingLink: string;
}

export function maintenanceReminderEmail(input: ReminderEmailInput): ServiceEmail {
  const vehicle = `${input.vehicle.brand} ${input.vehicle.model} (${input.vehicle.licensePlate})`;
  const km = (value: number) => integer.format(value);
  const due = `ngày ${formatCalendarDate(input.dueDate)} hoặc khi xe đạt ${km(input.dueKm)} km, tùy điều kiện nào đến trước`;
  return compose(
    'maintenance_reminder',
    input.overdue ? `Xe ${input.vehicle.licensePlate} đã đến hạn bảo dưỡng` : `Xe ${input.vehicle.licensePlate} sắp đến hạn bảo dưỡng`,
    `Xin chào ${input.fullName},`,
    [
      `${input.overdue ? 'Đã đến hạn' : 'Sắp đến hạn'} ${input.serviceName.toLowerCase()} cho xe ${vehicle}: ${due}.`,
      `Số km hiện tại: ${km(input.vehicle.odometerKm)} km.`,
      `Đặt lịch ngay: ${input.bookingLink}`,
    ],
    null,
    ['Bảo dưỡng đúng hạn giúp pin bền hơn và xe vận hành an toàn.'],
  );
}
