import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountRole as Role } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { preparedQuery } from '../db/preparedQuery';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { requireRole } from './authGuard';

/**
 * Centre scope of the back office (spec §3): staff, technicians and managers work at one centre (their active
 * staff_assignments row) and see that centre's data only — another centre's record answers 404, as another
 * customer's does. Admins have no assignment: they see every centre (choosing one with `?centreId=`) and are
 * read-only on the floor's work.
 */
export interface CentreScope {
  userId: number;
  role: Role;
  /** The caller's own centre; null for an admin (every centre). */
  centreId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCentreRole`. */
    centreScope: CentreScope | null;
  }
}

export const centreScopeMessages = {
  noCentre: 'Tài khoản của bạn chưa được phân công về trung tâm nào. Vui lòng liên hệ quản lý.',
  adminReadOnly: 'Quản trị viên chỉ được xem công việc của trung tâm.',
  notFound: 'Không tìm thấy dữ liệu.',
} as const;

/** Read on every back-office request: compiled once (staff_assignments_active_user). */
const activeAssignment = preparedQuery<{ userId: number }>()((db, param) =>
  db.selectFrom('staff_assignments').select('centre_id').where('user_id', '=', param('userId')).where('ended_at', 'is', null),
);

/** How long a user's centre is kept (ms): other instances' changes of an assignment show within this. */
export const ACTIVE_CENTRE_TTL_MS = 1_000;
const ACTIVE_CENTRES_KEPT = 1_000;

/**
 * Per database (its Kysely adapter, which its transactions share): user id → the centre read and when
 * (performance.now()), only for assigned users; `generation` counts the assignment writes, so that a read that
 * was under way across one is not kept.
 */
interface KeptCentres {
  users: Map<number, { centreId: number; at: number }>;
  generation: number;
}
const activeCentres = new WeakMap<object, KeptCentres>();

function keptCentresOf(db: Kysely<Database>): KeptCentres {
  const adapter = db.getExecutor().adapter;
  let kept = activeCentres.get(adapter);
  if (!kept) {
    kept = { users: new Map(), generation: 0 };
    activeCentres.set(adapter, kept);
  }
  return kept;
}

/**
 * The centre a staff member works at now, or null. Read on every back-office request, so an assigned user's
 * centre is kept for ACTIVE_CENTRE_TTL_MS; this instance's assignment writes drop it (forgetActiveCentres).
 */
export async function activeCentreOf(db: Kysely<Database>, userId: number): Promise<number | null> {
  // A transaction reads what it may have written itself: never kept.
  if (db.isTransaction) return (await activeAssignment.first(db, { userId }))?.centre_id ?? null;
  const kept = keptCentresOf(db);
  const now = performance.now();
  const hit = kept.users.get(userId);
  if (hit && now - hit.at < ACTIVE_CENTRE_TTL_MS) return hit.centreId;
  const generation = kept.generation;
  const row = await activeAssignment.first(db, { userId });
  const centreId = row?.centre_id ?? null;
  if (centreId === null || generation !== kept.generation) kept.users.delete(userId);
  else {
    if (kept.users.size >= ACTIVE_CENTRES_KEPT && !kept.users.has(userId)) kept.users.clear();
    kept.users.set(userId, { centreId, at: now });
  }
  return centreId;
}

/** An assignment was written: every kept centre of `db` is read again (called at the write and after its commit). */
export function forgetActiveCentres(db: Kysely<Database>): void {
  const kept = keptCentresOf(db);
  kept.generation += 1;
  kept.users.clear();
}

/**
 * preHandler: one of `roles` (401/403 as requireRole) and, for every role but admin, an active centre
 * assignment (else 403 NO_CENTRE). Sets `request.centreScope`.
 *
 *   app.get('/staff/appointments', { preHandler: requireCentreRole(db, 'staff', 'manager', 'admin') }, ...)
 */
export function requireCentreRole(db: Kysely<Database>, ...roles: Role[]): preHandlerAsyncHookHandler {
  const roleGuard = requireRole(...roles);
  return async function centreRoleGuard(request, reply) {
    await roleGuard.call(this, request, reply);
    const auth = request.auth!;
    if (auth.role === 'admin') {
      request.centreScope = { userId: auth.userId, role: auth.role, centreId: null };
      return;
    }
    const centreId = await activeCentreOf(db, auth.userId);
    if (centreId === null) throw new AppError(403, ERROR_CODES.NO_CENTRE, centreScopeMessages.noCentre);
    request.centreScope = { userId: auth.userId, role: auth.role, centreId };
  };
}

/** The scope set by requireCentreRole (throws if the guard was forgotten: a programming error). */
export function centreScopeOf(request: FastifyRequest): CentreScope {
  const scope = request.centreScope;
  if (!scope) throw new Error('requireCentreRole must guard this route');
  return scope;
}

/**
 * The centre a list or a new record is for: the caller's own, or for an admin the `?centreId=` asked for
 * (default: the first centre). A staff member asking for another centre gets 404. The online warehouse is a
 * stock location, not a centre: 404 unless `stockLocations` (the inventory's routes, where an admin may pick it).
 */
export async function centreForRequest(
  db: Kysely<Database>,
  scope: CentreScope,
  requested: number | undefined,
  options: { stockLocations?: boolean } = {},
): Promise<number> {
  if (scope.centreId !== null) {
    if (requested !== undefined && requested !== scope.centreId) throw AppError.notFound(centreScopeMessages.notFound);
    return scope.centreId;
  }
  const centre = requested !== undefined
    ? await db
        .selectFrom('service_centres')
        .select('id')
        .where('id', '=', requested)
        .$if(!options.stockLocations, (q) => q.where('kind', '=', 'SERVICE_CENTRE'))
        .executeTakeFirst()
    : await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(1).executeTakeFirst();
  if (!centre) throw AppError.notFound(centreScopeMessages.notFound);
  return centre.id;
}

/** 404 unless `centreId` (of a record) is within the caller's scope. */
export function assertInScope(scope: CentreScope, centreId: number): void {
  if (scope.centreId !== null && scope.centreId !== centreId) throw AppError.notFound(centreScopeMessages.notFound);
}

/** 403 for an admin: floor work (check-in, assignment, status changes, payment) belongs to the centre's people. */
export function assertFloorWriter(scope: CentreScope): void {
  if (scope.role === 'admin') throw new AppError(403, ERROR_CODES.ADMIN_READ_ONLY, centreScopeMessages.adminReadOnly);
}

/** Registers the request decoration (buildApp calls it once, before the routes). */
export function registerCentreScope(app: FastifyInstance): void {
  app.decorateRequest('centreScope', null);
}
