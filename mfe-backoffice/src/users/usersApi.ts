import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { AdminUser, AdminUserPage, AssignableRole, CreateStaffUserInput, ServiceCentre } from 'shared-contracts/schemas';

export interface UsersQuery {
  q?: string;
  role?: string;
  page: number;
  pageSize: number;
}

/** The admin's account calls (spec back-office §7 A2): list, invite, change role, disable, enable. */
export const usersApi = {
  /** GET /centres: the centres an account may be assigned to. */
  centres: (signal?: AbortSignal) => readData<ServiceCentre[]>(apiClient.get('/centres', { signal })),
  /** GET /admin/users?q=&role=&page=&pageSize= */
  list: (query: UsersQuery, signal?: AbortSignal) =>
    readData<AdminUserPage>(apiClient.get('/admin/users', { query: { q: query.q || undefined, role: query.role || undefined, page: query.page, pageSize: query.pageSize }, signal })),
  /** POST /admin/users: 409 EMAIL_TAKEN / PHONE_TAKEN. */
  create: (input: CreateStaffUserInput): Promise<Outcome<AdminUser>> => readOutcome(apiClient.post('/admin/users', input)),
  /** PATCH /admin/users/:id/role: 409 LAST_ADMIN / HAS_ACTIVE_WORK. */
  changeRole: (id: number, role: AssignableRole): Promise<Outcome<AdminUser>> => readOutcome(apiClient.patch(`/admin/users/${id}/role`, { role })),
  /** POST /admin/users/:id/disable: the user's sessions end at once; 409 LAST_ADMIN. */
  disable: (id: number): Promise<Outcome<AdminUser>> => readOutcome(apiClient.post(`/admin/users/${id}/disable`, {})),
  /** POST /admin/users/:id/enable */
  enable: (id: number): Promise<Outcome<AdminUser>> => readOutcome(apiClient.post(`/admin/users/${id}/enable`, {})),
};
