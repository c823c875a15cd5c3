// /admin/users: the accounts, created, given a role, locked and unlocked by an admin.
export { UsersAdmin } from './UsersAdmin';
