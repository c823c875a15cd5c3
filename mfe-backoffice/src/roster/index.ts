// The manager's read-only list of the centre's people on /manager?view=roster (spec §3).
export { ManagerRoster } from './ManagerRoster';
