export { DateRangeForm, dateRangeText, lastDays, type DateRange } from './DateRangeForm';
