import { sql, type Kysely } from 'kysely';
import {
  fitmentPositionLabel,
  fitStatus,
  isFitmentPosition,
  type FitStatus,
  type FitVehicle,
  type Fitment,
  type FitmentRule,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';

/**
 * Fitment reads (issue 66 §2): the chosen vehicle (fitModel + fitYear → its model and base model), a product's rows
 * with their models' labels, the rows of many products for the fit rule (shared-contracts/pricing/fitment.ts), and
 * the rows as the list's read model carries them (`encodeFitmentRules`).
 */

export const fitmentMessages = {
  modelNotFound: 'Không tìm thấy dòng xe đã chọn.',
} as const;

/** "VinFast Feliz S", "VinFast VF 8 Plus": a model's label (brand model variant). */
export function vehicleModelLabel(model: { brand: string; model: string; variant: string }): string {
  return [model.brand, model.model, model.variant].filter((part) => part !== '').join(' ');
}

/** The chosen vehicle and its label ("VinFast Feliz S 2023" is label + year). */
export interface ChosenVehicle extends FitVehicle {
  label: string;
}

/**
 * fitModel + fitYear → the vehicle the fit rule reads: the model, the base model (variant '') of its brand + model.
 * An unknown model id: 400 naming fitModel (a deactivated model still answers: saved vehicles name it).
 */
export async function findFitVehicle(db: Kysely<Database>, modelId: number, year: number): Promise<ChosenVehicle> {
  const row = await db
    .selectFrom('vehicle_models as m')
    .leftJoin('vehicle_models as b', (join) => join.onRef('b.brand', '=', 'm.brand').onRef('b.model', '=', 'm.model').on('b.variant', '=', ''))
    .select(['m.id', 'm.brand', 'm.model', 'm.variant', 'b.id as base_id'])
    .where('m.id', '=', modelId)
    .executeTakeFirst();
  if (!row) throw AppError.validation([{ field: 'fitModel', message: fitmentMessages.modelNotFound }], fitmentMessages.modelNotFound);
  return { modelId: row.id, baseModelId: row.base_id ?? null, year, label: vehicleModelLabel(row) };
}

/** The fitment rows of `productIds`, by product (a product without rows is absent). */
export async function fitmentRulesOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, FitmentRule[]>> {
  const byProduct = new Map<number, FitmentRule[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_fitments')
    .select(['product_id', 'model_id', 'year_from', 'year_to'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({ modelId: row.model_id, yearFrom: row.year_from, yearTo: row.year_to });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** Each product's fit for the vehicle (UNKNOWN for a product without rows). */
export async function fitOfProducts(db: Kysely<Database>, productIds: readonly number[], vehicle: FitVehicle): Promise<Map<number, FitStatus>> {
  const rules = await fitmentRulesOf(db, productIds);
  return new Map(productIds.map((id) => [id, fitStatus(rules.get(id) ?? [], vehicle)]));
}

/**
 * Lines of a cart or a checkout quote with each product line's `fit` for the chosen vehicle (fitModel + fitYear);
 * the lines as they are when the request named none. An unknown model: 400 (findFitVehicle).
 */
export async function withLineFits<L extends { kind: string; refId: number }>(
  db: Kysely<Database>,
  lines: readonly L[],
  query: { fitModel?: number | undefined; fitYear?: number | undefined },
): Promise<Array<L & { fit?: FitStatus }>> {
  if (query.fitModel === undefined || query.fitYear === undefined) return [...lines];
  const vehicle = await findFitVehicle(db, query.fitModel, query.fitYear);
  const fits = await fitOfProducts(db, lines.filter((line) => line.kind === 'product').map((line) => line.refId), vehicle);
  return lines.map((line) => (line.kind === 'product' ? { ...line, fit: fits.get(line.refId)! } : line));
}

/** A product's rows as the product page and the back office show them: by model label, then position. */
export async function productFitmentList(db: Kysely<Database>, productId: number): Promise<Fitment[]> {
  return (await productFitmentLists(db, [productId])).get(productId) ?? [];
}

const POSITION_ORDER = ['FRONT', 'REAR', 'LEFT', 'RIGHT'];

/** The rows of many products (the catalogue CSV), each product's as productFitmentList orders them; none: absent. */
export async function productFitmentLists(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, Fitment[]>> {
  const byProduct = new Map<number, Fitment[]>();
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('product_fitments as f')
      .innerJoin('vehicle_models as m', 'm.id', 'f.model_id')
      .select(['f.product_id', 'f.model_id', 'f.year_from', 'f.year_to', 'f.position', 'f.quantity_per_vehicle', 'm.brand', 'm.model', 'm.variant', 'm.slug'])
      .where('f.product_id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      const position = isFitmentPosition(row.position) ? row.position : null;
      const list = byProduct.get(row.product_id) ?? [];
      list.push({
        modelId: row.model_id,
        modelLabel: vehicleModelLabel(row),
        modelSlug: row.slug,
        yearFrom: row.year_from,
        yearTo: row.year_to,
        position,
        positionLabel: fitmentPositionLabel(position),
        quantityPerVehicle: Number(row.quantity_per_vehicle),
      });
      byProduct.set(row.product_id, list);
    }
  }
  const rank = (position: string | null) => (position === null ? -1 : POSITION_ORDER.indexOf(position));
  for (const list of byProduct.values()) list.sort((a, b) => a.modelLabel.localeCompare(b.modelLabel, 'vi') || rank(a.position) - rank(b.position));
  return byProduct;
}

/** The rows as product_list_items.fitments holds them: 'modelId:from:to;…' (an empty bound: open). */
export function encodeFitmentRules(rules: readonly FitmentRule[]): string {
  return rules.map((rule) => `${rule.modelId}:${rule.yearFrom ?? ''}:${rule.yearTo ?? ''}`).join(';');
}

export function decodeFitmentRules(text: string | null | undefined): FitmentRule[] {
  if (!text) return [];
  return text.split(';').map((part) => {
    const [model, from, to] = part.split(':');
    return { modelId: Number(model), yearFrom: from ? Number(from) : null, yearTo: to ? Number(to) : null };
  });
}

/**
 * The SQL condition "the product fits the vehicle" (the list's fallback from the tables, catalogueQueries.ts):
 * the rule of fitmentRowFits, over `products.id`.
 */
export function fitsVehicleSql(vehicle: FitVehicle) {
  const base = vehicle.baseModelId ?? vehicle.modelId;
  return sql<boolean>`exists (select 1 from product_fitments pf where pf.product_id = products.id and (pf.model_id = ${vehicle.modelId} or pf.model_id = ${base}) and (pf.year_from is null or pf.year_from <= ${vehicle.year}) and (pf.year_to is null or pf.year_to >= ${vehicle.year}))`;
}
