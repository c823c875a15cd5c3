import type { ColumnType, Generated } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

type Flag = ColumnType<number | null, number | null | undefined, number | null>;

/** A customer's rating of one visit (migration 0043): one per service order, editable for SERVICE_RATING_EDIT_DAYS. */
export interface ServiceRatingsTable {
  id: Generated<number>;
  service_order_id: number;
  user_id: number;
  centre_id: number;
  /** The order's assigned technician when it was rated. */
  technician_id: number | null;
  stars: number;
  /** Yes/no answers: 1, 0 or null (not answered). */
  on_time: Flag;
  explained_clearly: Flag;
  car_clean: Flag;
  technician_stars: number | null;
  comment: ColumnType<string, string | undefined, string>;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
  /** 1 when a manager or admin hid it: out of the KPIs. */
  hidden: ColumnType<number, number | undefined, number>;
  hidden_reason: string | null;
  hidden_by: number | null;
  hidden_at: NullableInstant;
}

/** The manager's follow-up of a low rating: OPEN → CONTACTED → CLOSED (shared-contracts FOLLOW_UP_TRANSITIONS). */
export interface ServiceRatingFollowUpsTable {
  id: Generated<number>;
  rating_id: number;
  centre_id: number;
  status: ColumnType<string, string | undefined, string>;
  outcome: string | null;
  closed_by: number | null;
  opened_at: InstantDefaultNow;
  closed_at: NullableInstant;
}

export interface ServiceRatingFollowUpNotesTable {
  id: Generated<number>;
  follow_up_id: number;
  author_id: number | null;
  text: string;
  created_at: InstantDefaultNow;
}

/** Who hid or unhid a rating, when and why. */
export interface ServiceRatingModerationTable {
  id: Generated<number>;
  rating_id: number;
  action: 'HIDE' | 'UNHIDE';
  reason: string | null;
  actor_id: number | null;
  created_at: InstantDefaultNow;
}

/** The "rate your visit" email, sent once per service order. */
export interface ServiceRatingRequestsTable {
  service_order_id: number;
  sent_at: InstantDefaultNow;
}

export interface ServiceRatingTables {
  service_ratings: ServiceRatingsTable;
  service_rating_follow_ups: ServiceRatingFollowUpsTable;
  service_rating_follow_up_notes: ServiceRatingFollowUpNotesTable;
  service_rating_moderation: ServiceRatingModerationTable;
  service_rating_requests: ServiceRatingRequestsTable;
}
