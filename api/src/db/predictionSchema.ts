import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */

/** A symptom of an appointment (migration 0013): picked by the customer, or recorded by staff at check-in. */
export interface AppointmentSymptomsTable {
  id: Generated<number>;
  appointment_id: number;
  /** A shared-contracts/diagnostics symptom code. */
  code: string;
  source: 'customer' | 'staff';
  recorded_by: number | null;
  created_at: InstantDefaultNow;
}

/** One training run of a model kind ('wear'): the newest ACCEPTED row is the one served. */
export interface PredictionModelsTable {
  id: Generated<number>;
  kind: string;
  /** TRAINING | ACCEPTED | FAILED. */
  status: string;
  requested_by: number | null;
  observations: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
  /** JSON: the backtest per component. */
  metrics: string | null;
  /** JSON: the fitted models per component and pool. */
  parameters: string | null;
  /** JSON: the diagnosis ranking's learned counts and its held-out evaluation (migration 0016; null before). */
  diagnosis: string | null;
  error: string | null;
  started_at: InstantDefaultNow;
  finished_at: NullableInstant;
  data_cutoff: NullableInstant;
  /** Refreshed by the API process whose child trains the run (migration 0021); null for an in-process run. */
  heartbeat_at: NullableInstant;
}

/**
 * One crossing of a (vehicle, component) over the reminder threshold (migration 0014): the reminder email was
 * enqueued with the row; cleared_at is set when the forecast falls back below, and a later crossing is a new
 * row. One open row (cleared_at null) per (vehicle, component): a partial unique index.
 */
export interface ForecastRemindersTable {
  id: Generated<number>;
  vehicle_id: number;
  component: string;
  /** The forecast's status when it crossed: PREDICTED (probability ≥ threshold) | NEEDS_ATTENTION_NOW. */
  status: 'PREDICTED' | 'NEEDS_ATTENTION_NOW';
  /** The 3-month probability the email gave (null for NEEDS_ATTENTION_NOW). */
  probability: number | null;
  /** The model version the forecast came from. */
  model_id: number | null;
  crossed_at: ColumnType<Date | string, string, string>;
  cleared_at: NullableInstant;
}

export interface PredictionTables {
  appointment_symptoms: AppointmentSymptomsTable;
  prediction_models: PredictionModelsTable;
  forecast_reminders: ForecastRemindersTable;
}

export type PredictionModelRow = Selectable<PredictionModelsTable>;
export type ForecastReminderRow = Selectable<ForecastRemindersTable>;
