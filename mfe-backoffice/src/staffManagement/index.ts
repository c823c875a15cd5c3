// /admin/staff-management: the centres' people, assigned and moved by an admin.
export { StaffManagement } from './StaffManagement';
