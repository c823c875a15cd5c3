import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  assignCentreInputSchema,
  assignmentResultSchema,
  changeRoleInputSchema,
  createStaffUserInputSchema,
  envelopeSchema,
  staffRosterQuerySchema,
  staffRosterSchema,
  staffUserParamsSchema,
  userIdParamsSchema,
} from 'shared-contracts/schemas';
import { requireRole, currentAuth } from '../../security/authGuard';
import { requireKnownField } from '../../http/bodyFields';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { assignCentre, endAssignment, readRoster } from './staffAssignments';
import type { StaffAdminContext } from './staffAdminContext';
import { changeRole, createStaffUser, disableAccount, enableAccount } from './userAccounts';
import { listUsers } from './userDirectory';
import { named } from '../../http/pluginName';

const errors = backOfficeErrors;
const userResponse = envelopeSchema(adminUserSchema);
const assignmentResponse = envelopeSchema(assignmentResultSchema);

/**
 * Users and staff management (spec back-office.md §3, §7 A2, A3): /api/admin/users and /api/admin/staff.
 * Writes: admin only. Reads: admin (every account, any centre's roster) and manager (the members of their own
 * centre, read-only; another centre answers 404). Everyone else 403.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ ctx: StaffAdminContext }> = named('staffAdminRoutes', async (app, { ctx }) => {
  const { db } = ctx;
  cacheControlForAll(app, 'private, no-store');
  const readers = requireCentreRole(db, 'manager', 'admin');
  const admin = requireRole('admin');

  app.get(
    '/admin/users',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Danh sách tài khoản: tìm theo tên, email, số điện thoại (không dấu), lọc vai trò, phân trang (quản lý: thành viên trung tâm của mình)',
        querystring: adminUsersQuerySchema,
        response: { 200: envelopeSchema(adminUserPageSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { q, role, page, pageSize } = request.query;
      return ok(await listUsers(db, { q, role, page, pageSize, centreId: scope.centreId ?? undefined }));
    },
  );

  app.post(
    '/admin/users',
    {
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Tạo tài khoản nhân viên, kỹ thuật viên hoặc quản lý và gửi email mời đặt mật khẩu (có thể phân công trung tâm ngay)',
        body: createStaffUserInputSchema,
        response: { 201: userResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createStaffUser(ctx, request.body);
      return reply.code(201).send(ok(created, 'Đã tạo tài khoản và gửi email mời.'));
    },
  );

  app.patch(
    '/admin/users/:id/role',
    {
      preValidation: requireKnownField(changeRoleInputSchema),
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Đổi vai trò (không tự đổi của mình; không hạ quyền quản trị viên cuối cùng: 409 LAST_ADMIN); phiên đăng nhập của người đó kết thúc',
        params: userIdParamsSchema,
        body: changeRoleInputSchema,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ok(await changeRole(ctx, currentAuth(request).userId, request.params.id, request.body.role), 'Đã đổi vai trò.'),
  );

  app.post(
    '/admin/users/:id/disable',
    {
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Khoá tài khoản: mọi phiên đăng nhập kết thúc ngay (không tự khoá mình; không khoá quản trị viên cuối cùng: 409 LAST_ADMIN)',
        params: userIdParamsSchema,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ok(await disableAccount(ctx, currentAuth(request).userId, request.params.id), 'Đã khoá tài khoản.'),
  );

  app.post(
    '/admin/users/:id/enable',
    {
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Mở khoá tài khoản: người dùng đăng nhập lại được',
        params: userIdParamsSchema,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ok(await enableAccount(ctx, request.params.id), 'Đã mở khoá tài khoản.'),
  );

  app.get(
    '/admin/staff',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Nhân sự của một trung tâm và phân công hiện tại (quản trị viên: kèm người chưa được phân công)',
        querystring: staffRosterQuerySchema,
        response: { 200: envelopeSchema(staffRosterSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const centreId = await centreForRequest(db, scope, request.query.centreId);
      return ok(await readRoster(db, centreId, scope.role === 'admin'));
    },
  );

  app.post(
    '/admin/staff/:userId/assignment',
    {
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Phân công hoặc điều chuyển về trung tâm (kết thúc phân công cũ và bắt đầu phân công mới trong một giao dịch; 409 HAS_ACTIVE_WORK)',
        params: staffUserParamsSchema,
        body: assignCentreInputSchema,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => ok(await assignCentre(ctx, request.params.userId, request.body.centreId), 'Đã cập nhật phân công.'),
  );

  app.delete(
    '/admin/staff/:userId/assignment',
    {
      preHandler: admin,
      schema: {
        tags: ['back-office'],
        summary: 'Kết thúc phân công hiện tại (409 HAS_ACTIVE_WORK khi kỹ thuật viên đang có phiếu đang làm)',
        params: staffUserParamsSchema,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => ok(await endAssignment(ctx, request.params.userId), 'Đã kết thúc phân công.'),
  );
});
