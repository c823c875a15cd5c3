import type { Kysely } from 'kysely';
import {
  batteryThresholdOrderIssue,
  foldVietnamese,
  vehicleModelLabel,
  vehicleModelSlug,
  VEHICLE_MODEL_LIST_MAX,
  type VehicleModelAdminRecord,
  type VehicleModelData,
  type VehicleModelListQuery,
  type VehicleModelRecord,
  type VehicleModelRef,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleModelRow } from '../../db/vehicleModelSchema';
import { AppError } from '../../http/appError';
import { nowUtcOf } from '../../db/sqlDialect';
import { matchVehicleModel } from '../../lib/vehicleModels';

export const vehicleModelMessages = {
  notFound: 'Không tìm thấy dòng xe.',
  duplicate: 'Dòng xe này (cùng hãng, dòng và phiên bản) đã có.',
  created: 'Đã thêm dòng xe.',
  saved: 'Đã lưu dòng xe.',
  deleted: 'Đã xóa dòng xe.',
  deactivated: 'Dòng xe đang được xe của khách hoặc phụ tùng dùng: đã ngừng hoạt động thay vì xóa.',
  inactive: 'Dòng xe này đã ngừng hoạt động, vui lòng chọn dòng xe khác.',
  typeMismatch: 'Dòng xe không đúng loại xe đã chọn.',
} as const;

/** A row as the API speaks it (kWh, the base model's variant null, the label). */
export function toVehicleModel(row: VehicleModelRow): VehicleModelRecord {
  return {
    id: row.id,
    slug: row.slug,
    brand: row.brand,
    model: row.model,
    variant: row.variant === '' ? null : row.variant,
    type: row.type as VehicleModelRecord['type'],
    yearFrom: row.year_from,
    yearTo: row.year_to,
    batteryKwh: row.battery_capacity_wh === null ? null : row.battery_capacity_wh / 1000,
    batteryChemistry: row.battery_chemistry,
    active: row.is_active === 1,
    label: vehicleModelLabel(row),
  };
}

/** A row as the admin reads it: the public view plus the model's own battery thresholds (null: the default). */
export function toVehicleModelAdmin(row: VehicleModelRow): VehicleModelAdminRecord {
  return {
    ...toVehicleModel(row),
    batterySohDegradedPct: row.battery_soh_degraded_pct,
    batterySohReplacePct: row.battery_soh_replace_pct,
    batterySpreadWarnMv: row.battery_spread_warn_mv,
  };
}

export function toVehicleModelRef(row: Pick<VehicleModelRow, 'id' | 'slug' | 'brand' | 'model' | 'variant'>): VehicleModelRef {
  return { id: row.id, label: vehicleModelLabel(row), slug: row.slug };
}

/**
 * The models (active only, unless `includeInactive`) of a type and brand, whose folded label holds every folded word
 * of `q` ("vinfast feliz" and "feliz s" find VinFast Feliz S): brand, model, variant order, at most 500.
 */
export async function listVehicleModels(db: Kysely<Database>, query: VehicleModelListQuery): Promise<VehicleModelRecord[]> {
  return (await findVehicleModelRows(db, query, { includeInactive: false })).map(toVehicleModel);
}

async function findVehicleModelRows(db: Kysely<Database>, query: VehicleModelListQuery, options: { includeInactive: boolean }): Promise<VehicleModelRow[]> {
  let select = db.selectFrom('vehicle_models').selectAll();
  if (!options.includeInactive) select = select.where('is_active', '=', 1);
  if (query.type) select = select.where('type', '=', query.type);
  const rows = await select.orderBy('brand').orderBy('model').orderBy('variant').orderBy('id').execute();
  const brand = query.brand?.trim() ? foldVietnamese(query.brand) : null;
  const words = foldVietnamese(query.q ?? '').split(' ').filter((word) => word !== '');
  const found: VehicleModelRow[] = [];
  for (const row of rows) {
    if (brand !== null && foldVietnamese(row.brand) !== brand) continue;
    if (words.length > 0) {
      const label = foldVietnamese(vehicleModelLabel(row));
      const joined = label.replace(/ /g, '');
      // A word matches a word's start or the label without its spaces ("vf8" finds "VF 8").
      if (!words.every((word) => label.split(' ').some((part) => part.startsWith(word)) || joined.includes(word))) continue;
    }
    found.push(row);
    if (found.length >= VEHICLE_MODEL_LIST_MAX) break;
  }
  return found;
}

export async function readVehicleModel(db: Kysely<Database>, id: number): Promise<VehicleModelRow | null> {
  return (await db.selectFrom('vehicle_models').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The admin's list: every model, each with how many customers' vehicles name it. */
export async function listVehicleModelsAdmin(db: Kysely<Database>, query: VehicleModelListQuery): Promise<Array<VehicleModelAdminRecord & { vehicleCount: number }>> {
  const models = (await findVehicleModelRows(db, query, { includeInactive: true })).map(toVehicleModelAdmin);
  const counts = await db
    .selectFrom('vehicles')
    .select(['model_id'])
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('model_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .groupBy('model_id')
    .execute();
  const byModel = new Map(counts.map((row) => [row.model_id, Number(row.count)]));
  return models.map((model) => ({ ...model, vehicleCount: byModel.get(model.id) ?? 0 }));
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || (code === 'SQLITE_CONSTRAINT_TRIGGER' && /FOREIGN KEY/i.test(String((error as Error).message)));
}

function columnsOf(data: VehicleModelData) {
  return {
    brand: data.brand,
    model: data.model,
    variant: data.variant,
    type: data.type,
    year_from: data.yearFrom,
    year_to: data.yearTo,
    battery_capacity_wh: data.batteryKwh === null ? null : Math.round(data.batteryKwh * 1000),
    battery_chemistry: data.batteryChemistry,
    // A threshold left out of the body is kept (a new model's is null: the chemistry's default).
    ...(data.batterySohDegradedPct === undefined ? {} : { battery_soh_degraded_pct: data.batterySohDegradedPct }),
    ...(data.batterySohReplacePct === undefined ? {} : { battery_soh_replace_pct: data.batterySohReplacePct }),
    ...(data.batterySpreadWarnMv === undefined ? {} : { battery_spread_warn_mv: data.batterySpreadWarnMv }),
  };
}

/**
 * The SOH thresholds as they will be — those of the body, a left-out one the model's stored (`stored`; none for a new
 * model) — keep "Nên thay pin sớm" below "Pin suy giảm" for the body's chemistry: else 400 on the field to fix (the
 * one the body gives, when it gives one). The schema checked a body that gives both; this covers one that does not.
 */
function assertThresholdOrder(data: VehicleModelData, stored: Pick<VehicleModelRow, 'battery_soh_degraded_pct' | 'battery_soh_replace_pct'> | null): void {
  const given = data.batterySohDegradedPct === undefined ? 'batterySohReplacePct' : data.batterySohReplacePct === undefined ? 'batterySohDegradedPct' : undefined;
  const issue = batteryThresholdOrderIssue(
    data.batteryChemistry,
    {
      degradedBelowPct: data.batterySohDegradedPct === undefined ? (stored?.battery_soh_degraded_pct ?? null) : data.batterySohDegradedPct,
      replaceBelowPct: data.batterySohReplacePct === undefined ? (stored?.battery_soh_replace_pct ?? null) : data.batterySohReplacePct,
    },
    given,
  );
  if (issue) throw AppError.validation([issue], issue.message);
}

const keepsAThreshold = (data: VehicleModelData): boolean => data.batterySohDegradedPct === undefined || data.batterySohReplacePct === undefined;

/** A new model; its slug comes from its label (and stays when the model is renamed: the CSV names models by slug). */
export async function createVehicleModel(db: Kysely<Database>, data: VehicleModelData): Promise<VehicleModelAdminRecord> {
  assertThresholdOrder(data, null);
  try {
    const row = await db
      .insertInto('vehicle_models')
      .values({ ...columnsOf(data), slug: vehicleModelSlug(data), is_active: data.active === false ? 0 : 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toVehicleModelAdmin(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(vehicleModelMessages.duplicate);
    throw error;
  }
}

export async function saveVehicleModel(db: Kysely<Database>, id: number, data: VehicleModelData): Promise<VehicleModelAdminRecord> {
  if (keepsAThreshold(data)) {
    const stored = await readVehicleModel(db, id);
    if (!stored) throw AppError.notFound(vehicleModelMessages.notFound);
    assertThresholdOrder(data, stored);
  }
  try {
    const row = await db
      .updateTable('vehicle_models')
      .set({ ...columnsOf(data), ...(data.active === undefined ? {} : { is_active: data.active ? 1 : 0 }), updated_at: nowUtcOf(db) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw AppError.notFound(vehicleModelMessages.notFound);
    return toVehicleModelAdmin(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(vehicleModelMessages.duplicate);
    throw error;
  }
}

/**
 * Removes a model nothing names; a model a vehicle (even a removed one) or a product's fitment names is deactivated
 * instead (the database's foreign keys decide, whichever table names it).
 */
export async function deleteVehicleModel(db: Kysely<Database>, id: number): Promise<{ deleted: boolean; model: VehicleModelRecord }> {
  const row = await readVehicleModel(db, id);
  if (!row) throw AppError.notFound(vehicleModelMessages.notFound);
  try {
    await db.deleteFrom('vehicle_models').where('id', '=', id).execute();
    return { deleted: true, model: toVehicleModel(row) };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  const saved = await db
    .updateTable('vehicle_models')
    .set({ is_active: 0, updated_at: nowUtcOf(db) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { deleted: false, model: toVehicleModel(saved) };
}

/** The models named by `ids`, as a vehicle's answer carries them. */
export async function vehicleModelRefs(db: Kysely<Database>, ids: ReadonlyArray<number | null>): Promise<Map<number, VehicleModelRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('vehicle_models').select(['id', 'slug', 'brand', 'model', 'variant']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, toVehicleModelRef(row)]));
}

/** The active model a vehicle's typed brand and model name ('VinFast' + 'Evo 200' → VinFast Evo200), or null. */
export async function matchActiveVehicleModel(db: Kysely<Database>, brand: string, modelText: string): Promise<VehicleModelRow | null> {
  const rows = await db.selectFrom('vehicle_models').selectAll().where('is_active', '=', 1).where('brand', '=', brand).execute();
  const candidates = rows.length > 0 ? rows : await db.selectFrom('vehicle_models').selectAll().where('is_active', '=', 1).execute();
  return matchVehicleModel(candidates, brand, modelText);
}

/** "VF 8 Plus": the model's name with its variant, as a vehicle's typed model reads. */
export function modelTextOf(row: Pick<VehicleModelRow, 'model' | 'variant'>): string {
  return row.variant === '' ? row.model : `${row.model} ${row.variant}`;
}
