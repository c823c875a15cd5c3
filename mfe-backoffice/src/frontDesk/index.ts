// The staff's front desk: the day's appointments, customers, check-in and the counters (spec §3 S1–S4).
export { CashReceivedField, readCashReceived, type CashReceived } from './CashReceivedField';
export { CheckInDialog } from './CheckInDialog';
export { CustomerSearch } from './CustomerSearch';
export { DayView } from './DayView';
export { frontDeskApi } from './frontDeskApi';
export { frontDeskText } from './frontDeskText';
export { StaffCounters } from './StaffCounters';
