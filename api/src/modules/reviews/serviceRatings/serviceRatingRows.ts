import type { Kysely } from 'kysely';
import { SERVICE_RATING_EDIT_DAYS, type ServiceRating, type StaffServiceRating } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';

const DAY_MS = 86_400_000;

/** Ratings with what the customer's and the centre's views show: order code, centre, technician, customer, follow-up. */
export function ratingQuery(db: Kysely<Database>) {
  return db
    .selectFrom('service_ratings as r')
    .innerJoin('service_orders as so', 'so.id', 'r.service_order_id')
    .innerJoin('service_centres as c', 'c.id', 'r.centre_id')
    .innerJoin('users as customer', 'customer.id', 'r.user_id')
    .leftJoin('users as tech', 'tech.id', 'r.technician_id')
    .leftJoin('service_rating_follow_ups as f', 'f.rating_id', 'r.id')
    // The visit's maintenance record (one per appointment): the customer's history page marks it.
    .leftJoin('maintenance_records as mr', 'mr.appointment_id', 'so.appointment_id')
    .select([
      'r.id',
      'r.service_order_id',
      'r.user_id',
      'r.centre_id',
      'r.technician_id',
      'r.stars',
      'r.on_time',
      'r.explained_clearly',
      'r.car_clean',
      'r.technician_stars',
      'r.comment',
      'r.created_at',
      'r.updated_at',
      'r.hidden',
      'r.hidden_reason',
      'so.code as order_code',
      'c.name as centre_name',
      'tech.full_name as technician_name',
      'customer.full_name as customer_name',
      'customer.phone_number as customer_phone',
      'customer.email as customer_email',
      'f.id as follow_up_id',
      'mr.id as record_id',
    ]);
}

export type RatingRow = Awaited<ReturnType<ReturnType<typeof ratingQuery>['execute']>>[number];

const flag = (value: number | null): boolean | null => (value === null ? null : toNumber(value) === 1);

export function editableUntil(createdAt: Date | string): string {
  return new Date(new Date(createdAt).getTime() + SERVICE_RATING_EDIT_DAYS * DAY_MS).toISOString();
}

export function toServiceRating(row: RatingRow): ServiceRating {
  return {
    id: row.id,
    serviceOrderId: row.service_order_id,
    serviceOrderCode: row.order_code,
    centre: { id: row.centre_id, name: row.centre_name },
    technician: row.technician_id !== null && row.technician_name ? { id: row.technician_id, fullName: row.technician_name } : null,
    stars: toNumber(row.stars),
    onTime: flag(row.on_time),
    explainedClearly: flag(row.explained_clearly),
    carClean: flag(row.car_clean),
    technicianStars: row.technician_stars === null ? null : toNumber(row.technician_stars),
    comment: row.comment,
    createdAt: toIsoUtc(row.created_at),
    updatedAt: toIsoUtc(row.updated_at),
    editableUntil: editableUntil(row.created_at),
    hidden: toNumber(row.hidden) === 1,
    maintenanceRecordId: row.record_id ?? null,
  };
}

export function toStaffServiceRating(row: RatingRow): StaffServiceRating {
  return {
    ...toServiceRating(row),
    customerName: row.customer_name,
    customerPhone: row.customer_phone ?? null,
    hiddenReason: row.hidden_reason,
    followUpId: row.follow_up_id ?? null,
  };
}
