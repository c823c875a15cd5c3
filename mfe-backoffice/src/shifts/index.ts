// Shifts and time entries on /manager?view=shifts (spec M3, M4).
export { ManagerShifts } from './ManagerShifts';
