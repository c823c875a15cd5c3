import type { Generated, Selectable } from 'kysely';
import type { InstantDefaultNow } from './instants';

/** A vehicle model as reference data (migration 0070): brand + model + variant, '' being the base model. */
export interface VehicleModelsTable {
  id: Generated<number>;
  /** 'vinfast-feliz-s', 'vinfast-vf-8-plus': unique, derived from the label. */
  slug: string;
  brand: string;
  model: string;
  /** '' = the base model (what fits every variant); 'Eco', 'Plus', … */
  variant: Generated<string>;
  /** 'scooter' | 'motorbike' | 'car', as vehicles.type. */
  type: string;
  /** First model year; null when the sources do not say. */
  year_from: number | null;
  /** Last model year; null: still made. */
  year_to: number | null;
  battery_capacity_wh: number | null;
  /** 'LFP' | 'NMC' | 'NCA' | 'LEAD_ACID' | 'GRAPHENE' | null. */
  battery_chemistry: string | null;
  /** The model's own battery thresholds (migration 0072); null: its chemistry's default (shared-contracts vehicle/batteryHealth). */
  battery_soh_degraded_pct: number | null;
  battery_soh_replace_pct: number | null;
  battery_spread_warn_mv: number | null;
  /** 1 offered to customers and the fitment editor, 0 deactivated (kept for the vehicles and fitments naming it). */
  is_active: Generated<number>;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
}

export type VehicleModelRow = Selectable<VehicleModelsTable>;

export interface VehicleModelTables {
  vehicle_models: VehicleModelsTable;
}
