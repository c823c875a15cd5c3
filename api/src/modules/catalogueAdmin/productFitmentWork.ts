import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  fitmentRowText,
  type Fitment,
  type FitmentInput,
  type ProductFitments,
  type ProductFitmentsUpdate,
  type VehicleType,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { nowUtcOf } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import type { FieldError } from '../../http/envelope';
import { parseJson, parseStrings } from '../catalogue';
import { modelsSearchText, productSearchText } from './catalogueWrites';
import { productFitmentList, vehicleModelLabel } from '../fitment';
import { catalogueAdminMessages as messages } from './catalogueAdminMessages';
import { recordEntityChanges } from './catalogueHistory';

/**
 * A product's fitment rows as the back office keeps them (issue 66 §2): read with the product's version and the old
 * free-text names no model matched; saved as a whole set from the version edited (a stale save: 409 with the rows
 * saved now), which bumps the product's version, records the change in the product's history (field 'fitments', a
 * line per row) and writes the product's search columns again: models_search and search_text hold the rows' model
 * labels and the free-text names, so the shop's `model` filter and the staff parts search find the part by either.
 */

/** The labels of each product's rows ('VinFast Feliz S'), by product, each once, in label order. */
export async function fitmentLabelsOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const labels = new Map<number, string[]>();
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('product_fitments as f')
      .innerJoin('vehicle_models as m', 'm.id', 'f.model_id')
      .select(['f.product_id', 'm.brand', 'm.model', 'm.variant'])
      .where('f.product_id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      const list = labels.get(row.product_id) ?? [];
      const label = vehicleModelLabel(row);
      if (!list.includes(label)) list.push(label);
      labels.set(row.product_id, list);
    }
  }
  for (const list of labels.values()) list.sort((a, b) => a.localeCompare(b, 'vi'));
  return labels;
}

/** The models a product is searched by: its rows' labels, then the free-text names that are not among them. */
export function searchedModelNames(fitmentLabels: readonly string[], compatibleModels: readonly string[]): string[] {
  return [...new Set([...fitmentLabels, ...compatibleModels])];
}

/** A product's rows for the editor, or null when there is no such product. `db` may be a transaction. */
export async function readProductFitments(db: Kysely<Database>, productId: number): Promise<ProductFitments | null> {
  const product = await db.selectFrom('products').select(['id', 'version', 'compatible_models']).where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  return {
    productId: product.id,
    version: toNumber(product.version),
    fitments: await productFitmentList(db, productId),
    unmatchedModels: parseStrings(product.compatible_models),
  };
}

/** The history's value of a set of rows: a line each, in the list's order. */
export const historyLines = (rows: readonly Fitment[]): string[] => rows.map((row) => fitmentRowText(row));

/** A fitment row as it is written (the save's input, the CSV's cell, the CSV journal's copy of the rows replaced). */
export type FitmentRowValues = Pick<FitmentInput, 'modelId' | 'yearFrom' | 'yearTo' | 'position' | 'quantityPerVehicle'>;

/**
 * Why a row may not name this model, or null when it may: the model must exist, and be active unless the product
 * already names it (a deactivated model stays on the products that have it, but is not newly chosen).
 */
export function fitmentModelRefusal(model: { is_active: unknown } | undefined, alreadyNamed: boolean): string | null {
  if (!model) return messages.fitmentModelUnknown;
  if (Number(model.is_active) !== 1 && !alreadyNamed) return messages.fitmentModelInactive;
  return null;
}

/**
 * The one place fitment rows are written: the product's rows become `rows` (the back office's save, a CSV apply,
 * and a CSV apply's undo putting back the rows it replaced), in the caller's transaction. The version, the history
 * and the search columns are the caller's.
 */
export async function replaceFitmentRows(trx: Transaction<Database>, productId: number, rows: readonly FitmentRowValues[]): Promise<void> {
  await trx.deleteFrom('product_fitments').where('product_id', '=', productId).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('product_fitments')
    .values(
      rows.map((row) => ({
        product_id: productId,
        model_id: row.modelId,
        year_from: row.yearFrom,
        year_to: row.yearTo,
        position: row.position,
        quantity_per_vehicle: row.quantityPerVehicle,
      })),
    )
    .execute();
}

/**
 * Replaces the product's rows with `update.fitments`, from the version edited. A model that does not exist, or a
 * deactivated one the product did not already name, is a field error on its row (422, nothing written).
 */
export async function saveProductFitments(db: Kysely<Database>, productId: number, update: ProductFitmentsUpdate, actorId: number): Promise<ProductFitments> {
  await inTransaction(db, async (trx) => {
    const current = await readProductFitments(trx, productId);
    if (!current) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
    if (current.version !== update.version) throw staleFitments(current);

    const wanted = [...new Set(update.fitments.map((row) => row.modelId))];
    const models = wanted.length === 0 ? [] : await trx.selectFrom('vehicle_models').select(['id', 'is_active', 'type']).where('id', 'in', wanted).execute();
    const byId = new Map(models.map((model) => [model.id, model]));
    const named = new Set(current.fitments.map((row) => row.modelId));
    const errors = update.fitments.flatMap((row, index): FieldError[] => {
      const refusal = fitmentModelRefusal(byId.get(row.modelId), named.has(row.modelId));
      return refusal === null ? [] : [{ field: `fitments.${index}.modelId`, message: refusal }];
    });
    if (errors.length > 0) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]!.message, errors);

    await replaceFitmentRows(trx, productId, update.fitments);
    const version = current.version + 1;
    const types = models.map((model) => model.type as VehicleType);
    const updated = await writeSearchColumns(trx, productId, { version: current.version, next: version, addTypes: types });
    if (!updated) {
      // Another save committed since this one read the product: nothing of this one is written.
      throw staleFitments((await readProductFitments(trx, productId))!);
    }
    const after = await productFitmentList(trx, productId);
    await recordEntityChanges(trx, 'product', productId, version, actorId, { fitments: historyLines(current.fitments) }, { fitments: historyLines(after) }, ['fitments']);
  });
  return (await readProductFitments(db, productId))!;
}

/**
 * Writes the product's search columns from its rows and free-text names as stored now (and, with `version`, the
 * next version, only where the product is still at `version.version`: false when it is not). `addTypes`: vehicle
 * types the product now also serves (its rows' models'), added to its vehicle_types.
 */
export async function writeSearchColumns(
  trx: Transaction<Database>,
  productId: number,
  options: { version?: number; next?: number; addTypes?: readonly VehicleType[] } = {},
): Promise<boolean> {
  const product = await trx
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
    .select(['products.name', 'products.sku', 'products.compatible_models', 'products.vehicle_types', 'catalogue_categories.name as category_name', 'catalogue_brands.name as brand_name'])
    .where('products.id', '=', productId)
    .executeTakeFirstOrThrow();
  const labels = (await fitmentLabelsOf(trx, [productId])).get(productId) ?? [];
  const names = searchedModelNames(labels, parseStrings(product.compatible_models));
  const types = [...new Set([...parseJson<VehicleType[]>(product.vehicle_types, []), ...(options.addTypes ?? [])])];
  let query = trx
    .updateTable('products')
    .set({
      search_text: productSearchText({ name: product.name, sku: product.sku, brandName: product.brand_name, categoryName: product.category_name, compatibleModels: names }),
      models_search: modelsSearchText(names),
      vehicle_types: JSON.stringify(types),
      ...(options.next !== undefined ? { version: options.next, updated_at: nowUtcOf(trx) } : {}),
    })
    .where('id', '=', productId);
  if (options.version !== undefined) query = query.where('version', '=', options.version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The 409 of a stale save: the rows saved now, for the editor to show. */
function staleFitments(current: ProductFitments): AppErrorWithData {
  return new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.stale, { current });
}
