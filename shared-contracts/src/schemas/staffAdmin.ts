import { z } from 'zod';
import { emailSchema, fullNameSchema, phoneNumberSchema, roleSchema } from './auth';
import { isoInstantSchema } from './catalogue';
import { idInput, integerInput, textInput } from './primitives';

/**
 * Users and staff management of the back office (spec back-office.md §3 'Users' and 'Staff management' rows,
 * §7 A2 and A3; work package 3). Writes: admin only. Reads of the users list and the staff roster: admin (any
 * centre), manager (the roster of their own centre, read-only). Instants are ISO 8601 UTC.
 */

/** The roles an admin creates accounts for and assigns to a centre. */
export const STAFF_ROLES = ['staff', 'technician', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The roles an admin may give (a customer account is the storefront's, never given here). */
export const ASSIGNABLE_ROLES = ['staff', 'technician', 'manager', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<z.infer<typeof roleSchema>, string> = {
  customer: 'Khách hàng',
  staff: 'Nhân viên',
  technician: 'Kỹ thuật viên',
  manager: 'Quản lý',
  admin: 'Quản trị viên',
};

export const USERS_PAGE_SIZE_DEFAULT = 20;
export const USERS_PAGE_SIZE_MAX = 100;

const idSchema = idInput('Mã không hợp lệ.');
const positiveId = z.number().int().positive();

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Vai trò phải là nhân viên, kỹ thuật viên hoặc quản lý.' });
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Vai trò phải là nhân viên, kỹ thuật viên, quản lý hoặc quản trị viên.' });

export const userIdParamsSchema = z.object({ id: idSchema });
export const staffUserParamsSchema = z.object({ userId: idSchema });

/** GET /api/admin/users?q=&role=&page=&pageSize= */
export const adminUsersQuerySchema = z.object({
  /** Name, email or phone; diacritics and case ignored ('nguyen van' finds 'Nguyễn Văn'). */
  q: textInput({ trim: true }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  role: z.enum(['customer', 'staff', 'technician', 'manager', 'admin'], { error: 'Vai trò không hợp lệ.' }).optional(),
  page: integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
  pageSize: integerInput({ message: `Số dòng mỗi trang từ 1 đến ${USERS_PAGE_SIZE_MAX}.`, min: 1, max: USERS_PAGE_SIZE_MAX }).default(USERS_PAGE_SIZE_DEFAULT),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const userCentreSchema = z.object({ id: positiveId, name: z.string() });

/** One account as the admin sees it. */
export const adminUserSchema = z.object({
  id: positiveId,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  /** False until the invited user sets a password (or an account that signs in with Google only). */
  hasPassword: z.boolean(),
  disabled: z.boolean(),
  disabledAt: isoInstantSchema.nullable(),
  /** The active centre assignment; null for an admin, a customer or an unassigned member. */
  centre: userCentreSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** POST /api/admin/users: an account without password; the invite email carries a code for the reset flow. */
export const createStaffUserInputSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneNumberSchema.nullish(),
  role: staffRoleSchema,
  centreId: idSchema.nullish(),
});
export type CreateStaffUserInput = z.input<typeof createStaffUserInputSchema>;

/** PATCH /api/admin/users/:id/role */
export const changeRoleInputSchema = z.object({ role: assignableRoleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleInputSchema>;

/** GET /api/admin/staff?centreId= (a manager: their own centre; an admin: required choice, default the first). */
export const staffRosterQuerySchema = z.object({ centreId: idSchema.optional() });

export const staffAssignmentSchema = z.object({
  centreId: positiveId,
  centreName: z.string(),
  assignedAt: isoInstantSchema,
});

/** One member of a centre's roster. */
export const staffMemberSchema = z.object({
  userId: positiveId,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  disabled: z.boolean(),
  assignment: staffAssignmentSchema,
  /** Service orders IN_PROGRESS with this technician: a move or an end answers 409 HAS_ACTIVE_WORK while > 0. */
  activeWorkCount: z.number().int().nonnegative(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A staff/technician/manager account with no active assignment (the admin's list of people to assign). */
export const unassignedMemberSchema = z.object({
  userId: positiveId,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
});

export const staffRosterSchema = z.object({
  centreId: positiveId,
  centreName: z.string(),
  members: z.array(staffMemberSchema),
  /** Admin only (empty for a manager): members of no centre. */
  unassigned: z.array(unassignedMemberSchema),
});
export type StaffRoster = z.infer<typeof staffRosterSchema>;

/** POST /api/admin/staff/:userId/assignment {centreId}: assign, or move (the old one ends in the same transaction). */
export const assignCentreInputSchema = z.object({ centreId: idSchema });
export type AssignCentreInput = z.input<typeof assignCentreInputSchema>;

export const assignmentResultSchema = z.object({
  userId: positiveId,
  /** The active assignment now; null once ended. */
  assignment: staffAssignmentSchema.nullable(),
  /** The centre the user left (a move or an end); null for a first assignment or an unchanged one. */
  previousCentreId: positiveId.nullable(),
});
export type AssignmentResult = z.infer<typeof assignmentResultSchema>;
