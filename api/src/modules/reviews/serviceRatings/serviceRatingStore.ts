import type { Kysely } from 'kysely';
import {
  SERVICE_RATING_FOLLOW_UP_MAX_STARS,
  SERVICE_RATING_OFFER_DAYS,
  type PendingServiceRating,
  type ServiceRating,
  type serviceRatingInputSchema,
} from 'shared-contracts/schemas';
import type { z } from 'zod';
import { toIsoUtc } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { lockForUpdate } from '../../../db/sqlDialect';
import { AppError } from '../../../http/appError';
import type { Clock } from '../../../security/clock';
import { serviceRatingMessages as messages } from './serviceRatingMessages';
import { editableUntil, ratingQuery, toServiceRating } from './serviceRatingRows';

const DAY_MS = 86_400_000;

type RatingValues = z.output<typeof serviceRatingInputSchema>;

const bit = (value: boolean | null | undefined): number | null => (value === undefined || value === null ? null : value ? 1 : 0);

/** The customer's closed visits of the last SERVICE_RATING_OFFER_DAYS days not rated yet, newest first. */
export async function pendingRatings(db: Kysely<Database>, userId: number, now: Date): Promise<PendingServiceRating[]> {
  const since = new Date(now.getTime() - SERVICE_RATING_OFFER_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('service_orders as so')
    .innerJoin('service_centres as c', 'c.id', 'so.centre_id')
    .leftJoin('users as tech', 'tech.id', 'so.technician_id')
    // The visit's maintenance record (one per appointment): the history page marks it.
    .leftJoin('maintenance_records as mr', 'mr.appointment_id', 'so.appointment_id')
    .select(['so.id', 'so.code', 'c.name as centre_name', 'so.vehicle_brand', 'so.vehicle_model', 'so.license_plate', 'tech.full_name as technician_name', 'so.closed_at', 'mr.id as record_id'])
    .where('so.user_id', '=', userId)
    .where('so.status', '=', 'CLOSED')
    .where('so.closed_at', '>=', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('service_ratings as r').select('r.id').whereRef('r.service_order_id', '=', 'so.id'))))
    .orderBy('so.closed_at', 'desc')
    .orderBy('so.id', 'desc')
    .execute();
  return rows.map((row) => ({
    serviceOrderId: row.id,
    serviceOrderCode: row.code,
    centreName: row.centre_name,
    vehicleLabel: `${row.vehicle_brand} ${row.vehicle_model}`.trim(),
    licensePlate: row.license_plate || null,
    technicianName: row.technician_name ?? null,
    closedAt: toIsoUtc(row.closed_at!),
    maintenanceRecordId: row.record_id ?? null,
  }));
}

/** The customer's ratings, newest first. */
export async function myRatings(db: Kysely<Database>, userId: number): Promise<ServiceRating[]> {
  const rows = await ratingQuery(db).where('r.user_id', '=', userId).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
  return rows.map(toServiceRating);
}

export async function ratingById(db: Kysely<Database>, id: number) {
  return ratingQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Gives or changes the rating of the customer's service order: 404 when the order is not theirs, 409 when it is not
 * CLOSED or the rating is older than SERVICE_RATING_EDIT_DAYS. The unique service_order_id makes concurrent first
 * ratings one row (the others edit it). A rating at or below SERVICE_RATING_FOLLOW_UP_MAX_STARS opens the centre's
 * follow-up in the same transaction, unless one exists (an edit upwards leaves it as it is).
 */
export async function rateServiceOrder(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  serviceOrderId: number,
  input: RatingValues,
): Promise<{ rating: ServiceRating; created: boolean }> {
  const now = clock.now();
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('service_orders')
      .select(['id', 'status', 'centre_id', 'technician_id'])
      .where('id', '=', serviceOrderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!order) throw AppError.notFound(messages.orderNotFound);
    if (order.status !== 'CLOSED') throw AppError.conflict(messages.notClosed);

    const values = {
      stars: input.stars,
      on_time: bit(input.onTime),
      explained_clearly: bit(input.explainedClearly),
      car_clean: bit(input.carClean),
      technician_stars: input.technicianStars ?? null,
      comment: input.comment,
    };
    const inserted = await trx
      .insertInto('service_ratings')
      .values({ ...values, service_order_id: order.id, user_id: userId, centre_id: order.centre_id, technician_id: order.technician_id, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('service_order_id').doNothing())
      .returning('id')
      .executeTakeFirst();

    let ratingId: number;
    let created = false;
    if (inserted) {
      ratingId = inserted.id;
      created = true;
    } else {
      const existing = await lockForUpdate(trx, trx.selectFrom('service_ratings').select(['id', 'created_at']).where('service_order_id', '=', order.id)).executeTakeFirstOrThrow();
      if (now.getTime() > Date.parse(editableUntil(existing.created_at))) throw AppError.conflict(messages.editWindowPassed);
      await trx.updateTable('service_ratings').set({ ...values, updated_at: at }).where('id', '=', existing.id).execute();
      ratingId = existing.id;
    }
    if (input.stars <= SERVICE_RATING_FOLLOW_UP_MAX_STARS) {
      await trx
        .insertInto('service_rating_follow_ups')
        .values({ rating_id: ratingId, centre_id: order.centre_id, status: 'OPEN', opened_at: at })
        .onConflict((oc) => oc.column('rating_id').doNothing())
        .execute();
    }
    return { ratingId, created };
  });
  const row = await ratingById(db, id.ratingId);
  return { rating: toServiceRating(row!), created: id.created };
}
