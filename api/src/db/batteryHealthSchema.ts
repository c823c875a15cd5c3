import type { Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow } from './instants';

/** A measurement of a vehicle's traction battery (migration 0072). */
export interface BatteryHealthReportsTable {
  id: Generated<number>;
  vehicle_id: number;
  /** The service order it was taken on; null outside an order. */
  service_order_id: number | null;
  centre_id: number;
  /** The vehicle's model when measured (its battery is what was measured); null when the vehicle named none. */
  model_id: number | null;
  /** State of health, % of the rated capacity (0–100). */
  soh_percent: number;
  capacity_kwh: number | null;
  cell_spread_mv: number | null;
  internal_resistance_mohm: number | null;
  temperature_c: number | null;
  odometer_km: number;
  tool: string;
  recorded_by: number;
  /** 12 characters of Crockford base32, unique: the certificate's QR and /xac-minh-pin/:code. */
  verify_code: string;
  /** 'OK' | 'DEGRADED' | 'REPLACE_SOON', computed from the model's thresholds when written. */
  flag: string;
  /** 1: the cell voltage spread was past the model's threshold. */
  spread_warning: Generated<number>;
  measured_at: Instant;
  created_at: InstantDefaultNow;
}

export type BatteryHealthReportRow = Selectable<BatteryHealthReportsTable>;

export interface BatteryHealthTables {
  battery_health_reports: BatteryHealthReportsTable;
}
