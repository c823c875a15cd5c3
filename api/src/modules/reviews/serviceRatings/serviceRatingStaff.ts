import type { Kysely } from 'kysely';
import {
  FOLLOW_UP_STATUS_LABELS,
  canMoveFollowUp,
  type FollowUpStatus,
  type ServiceRatingFollowUp,
  type StaffServiceRating,
  type StaffServiceRatingPage,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { lockForUpdate } from '../../../db/sqlDialect';
import { AppError } from '../../../http/appError';
import type { Clock } from '../../../security/clock';
import { assertInScope, type CentreScope } from '../../../security/centreScope';
import { parseKpiRange } from '../../kpis';
import { ratingModeratedEmail, tellRatingModerated } from '../../notifications';
import { serviceRatingMessages as messages } from './serviceRatingMessages';
import { ratingById } from './serviceRatingStore';
import { toStaffServiceRating } from './serviceRatingRows';
import { ratingQuery } from './serviceRatingRows';

export const STAFF_RATING_PAGE_SIZE = 20;
/** Closed follow-ups stay on the list this many days. */
const CLOSED_FOLLOW_UPS_DAYS = 30;
const DAY_MS = 86_400_000;

/** Another centre's ratings answer 404 to a manager, as every centre-scoped record does (back-office spec §3). */
export function assertOwnCentre(scope: CentreScope, centreId: number): void {
  assertInScope(scope, centreId);
}

/** The centre a list is for: the manager's own (another one 404), or an admin's choice (an unknown one 404), or every centre (null). */
export async function centreOfQuery(db: Kysely<Database>, scope: CentreScope, requested: number | undefined): Promise<number | null> {
  if (scope.centreId !== null) {
    if (requested !== undefined) assertOwnCentre(scope, requested);
    return scope.centreId;
  }
  if (requested === undefined) return null;
  const centre = await db.selectFrom('service_centres').select('id').where('id', '=', requested).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  if (!centre) throw AppError.notFound('Không tìm thấy trung tâm.');
  return centre.id;
}

export interface StaffRatingFilter {
  centreId: number | null;
  from?: string;
  to?: string;
  maxStars?: number;
  technicianId?: number;
  page: number;
}

/** A centre's ratings (or every centre's), newest first, a page at a time; from/to are local dates (422 when bad). */
export async function staffRatings(db: Kysely<Database>, filter: StaffRatingFilter): Promise<StaffServiceRatingPage> {
  const fromUtc = filter.from === undefined ? null : parseKpiRange(filter.from, filter.from).fromUtc;
  const toUtc = filter.to === undefined ? null : parseKpiRange(filter.to, filter.to).toUtc;
  const filtered = <Q extends ReturnType<typeof ratingQuery>>(query: Q): Q =>
    query
      .$if(filter.centreId !== null, (q) => q.where('r.centre_id', '=', filter.centreId!))
      .$if(fromUtc !== null, (q) => q.where('r.created_at', '>=', fromUtc!))
      .$if(toUtc !== null, (q) => q.where('r.created_at', '<', toUtc!))
      .$if(filter.maxStars !== undefined, (q) => q.where('r.stars', '<=', filter.maxStars!))
      .$if(filter.technicianId !== undefined, (q) => q.where('r.technician_id', '=', filter.technicianId!)) as Q;
  const countRow = await filtered(ratingQuery(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = toNumber(countRow.count);
  const rows = await filtered(ratingQuery(db))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(STAFF_RATING_PAGE_SIZE)
    .offset((filter.page - 1) * STAFF_RATING_PAGE_SIZE)
    .execute();
  return { items: rows.map(toStaffServiceRating), total, page: filter.page, pageSize: STAFF_RATING_PAGE_SIZE, totalPages: Math.ceil(total / STAFF_RATING_PAGE_SIZE) };
}

/**
 * Hides (with a reason) or shows again a rating of the caller's centre: audited, and the customer (the rating's
 * author: a customer's message, not the staff's) told through the notification centre in the same transaction, on
 * the channel they chose (the moderation email when that is email). Hiding a hidden one (or showing a shown one)
 * answers 409. `announce` tells the customer's open pages after the commit (announcePending; never throws).
 */
export async function moderateRating(
  db: Kysely<Database>,
  clock: Clock,
  scope: CentreScope,
  ratingId: number,
  change: { hide: true; reason: string } | { hide: false },
  publicUrl: string,
  announce?: (userId: number) => Promise<void>,
): Promise<StaffServiceRating> {
  const found = await ratingById(db, ratingId);
  if (!found) throw AppError.notFound(messages.ratingNotFound);
  assertOwnCentre(scope, found.centre_id);
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('service_ratings')
      .set(change.hide ? { hidden: 1, hidden_reason: change.reason, hidden_by: scope.userId, hidden_at: at } : { hidden: 0, hidden_reason: null, hidden_by: null, hidden_at: null })
      .where('id', '=', ratingId)
      .where('hidden', '=', change.hide ? 0 : 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw AppError.conflict(change.hide ? messages.alreadyHidden : messages.notHidden);
    const moderation = await trx
      .insertInto('service_rating_moderation')
      .values({ rating_id: ratingId, action: change.hide ? 'HIDE' : 'UNHIDE', reason: change.hide ? change.reason : null, actor_id: scope.userId, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reason = change.hide ? change.reason : null;
    const email = ratingModeratedEmail({ fullName: found.customer_name, serviceOrderCode: found.order_code, hidden: change.hide, reason, dashboardLink: `${publicUrl}/dashboard` });
    const subject = { serviceOrderId: found.service_order_id, serviceOrderCode: found.order_code, moderationId: moderation.id, hidden: change.hide, reason };
    await tellRatingModerated(trx, clock.now(), found.user_id, subject, email);
  });
  await announce?.(found.user_id);
  return toStaffServiceRating((await ratingById(db, ratingId))!);
}

// ——— Follow-ups ———

function followUpQuery(db: Kysely<Database>) {
  return db
    .selectFrom('service_rating_follow_ups as fu')
    .leftJoin('users as closer', 'closer.id', 'fu.closed_by')
    .select(['fu.id', 'fu.rating_id', 'fu.centre_id', 'fu.status', 'fu.outcome', 'fu.opened_at', 'fu.closed_at', 'closer.full_name as closed_by_name']);
}
type FollowUpRow = Awaited<ReturnType<ReturnType<typeof followUpQuery>['execute']>>[number];

async function toFollowUps(db: Kysely<Database>, rows: FollowUpRow[]): Promise<ServiceRatingFollowUp[]> {
  if (rows.length === 0) return [];
  const ratings = await ratingQuery(db).where('r.id', 'in', rows.map((row) => row.rating_id)).execute();
  const ratingOf = new Map(ratings.map((rating) => [rating.id, toStaffServiceRating(rating)]));
  const notes = await db
    .selectFrom('service_rating_follow_up_notes as n')
    .leftJoin('users as author', 'author.id', 'n.author_id')
    .select(['n.follow_up_id', 'n.text', 'n.created_at', 'author.full_name'])
    .where('n.follow_up_id', 'in', rows.map((row) => row.id))
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => {
    const status = row.status as FollowUpStatus;
    return {
      id: row.id,
      status,
      statusLabel: FOLLOW_UP_STATUS_LABELS[status],
      rating: ratingOf.get(row.rating_id)!,
      notes: notes
        .filter((note) => note.follow_up_id === row.id)
        .map((note) => ({ text: note.text, authorName: note.full_name ?? '', createdAt: toIsoUtc(note.created_at) })),
      outcome: row.outcome,
      openedAt: toIsoUtc(row.opened_at),
      closedAt: row.closed_at === null ? null : toIsoUtc(row.closed_at),
      closedByName: row.closed_by_name ?? null,
    };
  });
}

/** Open follow-ups (OPEN, CONTACTED) oldest first, then those closed in the last 30 days newest first; `openCount` the open ones. */
export async function followUpList(db: Kysely<Database>, centreId: number | null, status: FollowUpStatus | undefined, now: Date) {
  const closedSince = new Date(now.getTime() - CLOSED_FOLLOW_UPS_DAYS * DAY_MS).toISOString();
  const inCentre = <Q extends ReturnType<typeof followUpQuery>>(query: Q): Q => (centreId === null ? query : (query.where('fu.centre_id', '=', centreId) as Q));
  const open = status === 'CLOSED' ? [] : await inCentre(followUpQuery(db)).where('fu.status', 'in', status ? [status] : ['OPEN', 'CONTACTED']).orderBy('fu.opened_at').orderBy('fu.id').limit(500).execute();
  const closed =
    status === undefined || status === 'CLOSED'
      ? await inCentre(followUpQuery(db)).where('fu.status', '=', 'CLOSED').where('fu.closed_at', '>=', closedSince).orderBy('fu.closed_at', 'desc').orderBy('fu.id', 'desc').limit(500).execute()
      : [];
  const countRow = await inCentre(followUpQuery(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('fu.status', '<>', 'CLOSED')
    .executeTakeFirstOrThrow();
  return { items: await toFollowUps(db, [...open, ...closed]), openCount: toNumber(countRow.count) };
}

/**
 * A note of the manager's call (OPEN moves to CONTACTED) or the closing outcome (→ CLOSED), by the status machine of
 * shared-contracts; a closed follow-up answers 409, another centre's 404. The row is locked while it moves.
 */
export async function actOnFollowUp(
  db: Kysely<Database>,
  clock: Clock,
  scope: CentreScope,
  followUpId: number,
  action: { note: string } | { outcome: string },
): Promise<ServiceRatingFollowUp> {
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await lockForUpdate(trx, trx.selectFrom('service_rating_follow_ups').select(['id', 'centre_id', 'status']).where('id', '=', followUpId)).executeTakeFirst();
    if (!row) throw AppError.notFound(messages.followUpNotFound);
    assertOwnCentre(scope, row.centre_id);
    const from = row.status as FollowUpStatus;
    if ('note' in action) {
      if (from === 'CLOSED') throw AppError.conflict(messages.followUpClosed);
      await trx.insertInto('service_rating_follow_up_notes').values({ follow_up_id: row.id, author_id: scope.userId, text: action.note, created_at: at }).execute();
      if (canMoveFollowUp(from, 'CONTACTED')) {
        await trx.updateTable('service_rating_follow_ups').set({ status: 'CONTACTED' }).where('id', '=', row.id).where('status', '=', from).execute();
      }
    } else {
      if (!canMoveFollowUp(from, 'CLOSED')) throw AppError.conflict(messages.followUpClosed);
      const updated = await trx
        .updateTable('service_rating_follow_ups')
        .set({ status: 'CLOSED', outcome: action.outcome, closed_at: at, closed_by: scope.userId })
        .where('id', '=', row.id)
        .where('status', '=', from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw AppError.conflict(messages.followUpClosed);
    }
  });
  const [followUp] = await toFollowUps(db, await followUpQuery(db).where('fu.id', '=', followUpId).execute());
  return followUp!;
}
