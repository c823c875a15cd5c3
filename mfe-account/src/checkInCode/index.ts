// The customer's QR for check-in at the counter (issue 49 §4).
export { AppointmentCheckInQr, CHECK_IN_CODE_STATUSES } from './AppointmentCheckInQr';
export { checkInCodeApi } from './checkInCodeApi';
