import type { Kysely } from 'kysely';
import { vehicleModelKey, vehicleModelName, type VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { listVehicleModels } from './vehicleModelQueries';

/** The active models as the catalogue admin and the diagnostics compare names with them. */
export interface ActiveVehicleModels {
  /** "VinFast VF 8 Plus": the labels a product's free-text compatible models are chosen from, in the table's order. */
  labels: readonly string[];
  /** Each label's vehicle type. */
  typeOfLabel: ReadonlyMap<string, VehicleType>;
  /** `vehicleModelKey` of each model's name with its variant ('VF 8 Plus' → 'vf8plus'): a diagnosis names the model so. */
  nameKeys: ReadonlySet<string>;
}

/** How long an instance keeps the list: another instance's admin edit shows within it (this one's at once). */
export const ACTIVE_MODELS_TTL_MS = 60_000;

const cached = new WeakMap<Kysely<Database>, { at: number; models: Promise<ActiveVehicleModels> }>();

async function readActiveModels(db: Kysely<Database>): Promise<ActiveVehicleModels> {
  const rows = await listVehicleModels(db, {});
  return {
    labels: rows.map((row) => row.label),
    typeOfLabel: new Map(rows.map((row) => [row.label, row.type])),
    nameKeys: new Set(rows.map((row) => vehicleModelKey(vehicleModelName(row)))),
  };
}

/**
 * The active models of `db` (the pool, not a transaction: the cache is per database), read at most once a minute
 * rather than by every request that checks a name; a failed read is not kept.
 */
export function activeVehicleModels(db: Kysely<Database>, now: number = Date.now()): Promise<ActiveVehicleModels> {
  const entry = cached.get(db);
  if (entry && now - entry.at < ACTIVE_MODELS_TTL_MS) return entry.models;
  const models = readActiveModels(db);
  cached.set(db, { at: now, models });
  models.catch(() => {
    if (cached.get(db)?.models === models) cached.delete(db);
  });
  return models;
}

/** Drops the kept list of `db`: the admin added, changed or removed a model. */
export function forgetActiveVehicleModels(db: Kysely<Database>): void {
  cached.delete(db);
}
