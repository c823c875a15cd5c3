import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A manufacturer's recall campaign (migration 0073). */
export interface RecallCampaignsTable {
  id: Generated<number>;
  code: string;
  manufacturer: string;
  title: string;
  defect: string;
  remedy: string;
  labour_minutes: number;
  /** JSON: [{ name, partNumber, quantity }]. */
  parts: ColumnType<string, string | undefined, string>;
  /** Local dates 'yyyy-MM-dd' (Asia/Ho_Chi_Minh); ends_on null: open-ended. */
  starts_on: string;
  ends_on: string | null;
  /** 'ACTIVE' | 'CLOSED'. */
  status: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: InstantDefaultNow;
  closed_at: NullableInstant;
}

/** A reference model the campaign covers, with an optional production-year range (vehicles.year). */
export interface RecallCampaignModelsTable {
  campaign_id: number;
  model_id: number;
  year_from: number | null;
  year_to: number | null;
}

/** A VIN range: the VIN's first 11 characters, and its last 6 between serial_from and serial_to (as text). */
export interface RecallCampaignVinRangesTable {
  id: Generated<number>;
  campaign_id: number;
  vin_line: string;
  serial_from: string;
  serial_to: string;
}

/** The VIN list the admin uploaded as CSV. */
export interface RecallCampaignVinsTable {
  campaign_id: number;
  vin: string;
}

/** A matched vehicle's state in a campaign (AFFECTED → NOTIFIED → SCHEDULED → DONE | NOT_APPLICABLE). */
export interface RecallVehiclesTable {
  id: Generated<number>;
  campaign_id: number;
  vehicle_id: number;
  state: ColumnType<string, string | undefined, string>;
  appointment_id: ColumnType<number | null, number | null | undefined, number | null>;
  service_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  state_at: InstantDefaultNow;
  notified_at: NullableInstant;
}

export type RecallCampaignRow = Selectable<RecallCampaignsTable>;
export type RecallVehicleRow = Selectable<RecallVehiclesTable>;

export interface RecallTables {
  recall_campaigns: RecallCampaignsTable;
  recall_campaign_models: RecallCampaignModelsTable;
  recall_campaign_vin_ranges: RecallCampaignVinRangesTable;
  recall_campaign_vins: RecallCampaignVinsTable;
  recall_vehicles: RecallVehiclesTable;
}
