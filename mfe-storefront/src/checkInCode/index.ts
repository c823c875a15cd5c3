// The customer's QR for check-in at the counter (issue 49 §4).
export { AppointmentCheckInQr } from './AppointmentCheckInQr';
export { checkInCodeApi } from './checkInCodeApi';
