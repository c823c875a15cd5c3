import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  canMoveProductStatus,
  PARCEL_SIDES,
  PRODUCT_FIELD_LABELS,
  PRODUCT_PARCEL_DEFAULTS,
  PRODUCT_STATUS_LABELS,
  type ProductAdmin,
  type ProductAdminInput,
  type ProductAdminUpdate,
  type ParcelSide,
  type VehicleType,
  productAdminInputOf,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { nowUtcOf } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import type { FieldError } from '../../http/envelope';
import { uniqueViolation } from '../auth';
import { parseJson, type StoredImageJson } from '../catalogue';
import { modelsSearchText, productSearchText } from './catalogueWrites';
import { isUploadedImageKey, uploadedImageSize } from '../media';
import { activeVehicleModels, type ActiveVehicleModels } from '../vehicleModels';
import { catalogueAdminMessages as messages } from './catalogueAdminMessages';
import { recordEntityChanges } from './catalogueHistory';
import { readProductAdmin } from './productAdminQueries';
import { fitmentLabelsOf, searchedModelNames } from './productFitmentWork';
import { freeSlugFor } from './productSlug';

/**
 * The admin's product writes (shop-operations.md §2): create, and save from a version. A save is one transaction:
 * the row is updated only `where version = <the version edited>` (a stale save changes nothing and answers 409
 * with the current values), the old slug becomes a redirect when the name gives a new one, and every changed
 * field is recorded in `catalogue_changes` (who, when, before → after). Nothing is half-saved: every check runs
 * before the first write, and the writes share the transaction.
 */

export interface WriteContext {
  db: Kysely<Database>;
  uploadDir: string;
}

/** The fields the history compares, as JSON-comparable values. */
export type Snapshot = Record<keyof typeof PRODUCT_FIELD_LABELS, unknown>;

function snapshotOfProduct(product: ProductAdmin): Snapshot {
  return snapshotOfInput(productAdminInputOf(product), product.slug);
}

/** The parcel's sides in cm. */
export type ParcelSides = Record<ParcelSide, number>;

/** An input whose parcel sides are all known: what is stored and what the history compares. */
export type ResolvedProductInput<Input extends ProductAdminInput = ProductAdminInput> = Input & ParcelSides;

/**
 * The input with every side of its parcel: a side left out is `kept`'s (the product's own, on a save or a CSV
 * update), or the default parcel's (a new product). The weight is not among them: its input defaults to null.
 */
export function withParcelSides<Input extends ProductAdminInput>(input: Input, kept: ParcelSides | null): ResolvedProductInput<Input> {
  const sides = Object.fromEntries(PARCEL_SIDES.map((side) => [side, input[side] ?? (kept ?? PRODUCT_PARCEL_DEFAULTS)[side]])) as ParcelSides;
  return { ...input, ...sides };
}

export const canonicalInstant = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function snapshotOfInput(input: ResolvedProductInput, slug: string): Snapshot {
  return {
    name: input.name,
    sku: input.sku,
    slug,
    categoryId: input.categoryId,
    brandId: input.brandId,
    price: input.price,
    compareAtPrice: input.compareAtPrice,
    salePrice: input.salePrice,
    saleStartsAt: canonicalInstant(input.saleStartsAt),
    saleEndsAt: canonicalInstant(input.saleEndsAt),
    vatRate: input.vatRate,
    unit: input.unit,
    weightGrams: input.weightGrams,
    lengthCm: input.lengthCm,
    widthCm: input.widthCm,
    heightCm: input.heightCm,
    warrantyMonths: input.warrantyMonths,
    compatibleModels: input.compatibleModels,
    specifications: input.specifications,
    description: input.description,
    images: input.images.map((image) => ({ path: image.path, alt: image.alt })),
    status: input.status,
  };
}

/** The fields the history compares, in the form's order. */
export const PRODUCT_HISTORY_FIELDS: readonly string[] = Object.keys(PRODUCT_FIELD_LABELS);

/** The stored images of the save: the product's own (size known) or photos uploaded through the admin's route. */
async function resolveImages(context: WriteContext, input: ProductAdminInput, current: StoredImageJson[], errors: FieldError[]): Promise<StoredImageJson[]> {
  const own = new Map(current.map((image) => [image.path, image]));
  const resolved: StoredImageJson[] = [];
  for (const [index, image] of input.images.entries()) {
    const known = own.get(image.path);
    if (known) {
      resolved.push({ ...known, alt: image.alt });
      continue;
    }
    if (!isUploadedImageKey(image.path)) {
      errors.push({ field: `images.${index}.path`, message: messages.imageUnknown });
      continue;
    }
    const size = await uploadedImageSize(context.uploadDir, image.path);
    if (!size) {
      errors.push({ field: `images.${index}.path`, message: messages.imageUnknown });
      continue;
    }
    resolved.push({ path: image.path, width: size.width, height: size.height, alt: image.alt });
  }
  return resolved;
}

export interface Checked {
  images: StoredImageJson[];
  categoryName: string;
  brandName: string;
  vehicleTypes: VehicleType[];
  /** The labels of the product's fitment rows (none for a new product): searched with the free-text names. */
  fitmentLabels: readonly string[];
}

/**
 * Every check that needs the database, all of them before any write: the field errors together, as one 422.
 * `models`: the active reference models, read before the transaction (kept in memory for the pool, not the transaction).
 */
async function checkAgainstCatalogue(
  context: WriteContext,
  trx: Kysely<Database>,
  input: ProductAdminInput,
  current: ProductAdmin | null,
  currentImages: StoredImageJson[],
  currentTypes: VehicleType[],
  models: ActiveVehicleModels,
): Promise<Checked> {
  const errors: FieldError[] = [];
  const [category, brand] = await Promise.all([
    trx.selectFrom('catalogue_categories').select('name').where('id', '=', input.categoryId).executeTakeFirst(),
    trx.selectFrom('catalogue_brands').select('name').where('id', '=', input.brandId).executeTakeFirst(),
  ]);
  if (!category) errors.push({ field: 'categoryId', message: messages.categoryUnknown });
  if (!brand) errors.push({ field: 'brandId', message: messages.brandUnknown });
  // An active reference model's label; a model the product already had (the seed's wording) may stay.
  const kept = new Set(current?.compatibleModels ?? []);
  input.compatibleModels.forEach((model, index) => {
    if (!kept.has(model) && !models.typeOfLabel.has(model)) errors.push({ field: `compatibleModels.${index}`, message: messages.modelUnknown(model) });
  });
  if (current && !canMoveProductStatus(current.status, input.status)) {
    errors.push({ field: 'status', message: messages.statusMove(PRODUCT_STATUS_LABELS[current.status], PRODUCT_STATUS_LABELS[input.status]) });
  }
  const images = await resolveImages(context, input, currentImages, errors);
  if (errors.length > 0) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]!.message, errors);
  const known = input.compatibleModels.map((model) => models.typeOfLabel.get(model)).filter((type): type is VehicleType => type !== undefined);
  const vehicleTypes = [...new Set([...currentTypes, ...known])];
  const fitmentLabels = current ? ((await fitmentLabelsOf(trx, [current.id])).get(current.id) ?? []) : [];
  return { images, categoryName: category!.name, brandName: brand!.name, vehicleTypes, fitmentLabels };
}

export function rowValues(input: ResolvedProductInput, slug: string, checked: Checked) {
  // The rows' model labels and the free-text names: a save keeps the part findable by every model it fits.
  const models = searchedModelNames(checked.fitmentLabels, input.compatibleModels);
  return {
    name: input.name,
    sku: input.sku,
    slug,
    category_id: input.categoryId,
    brand_id: input.brandId,
    price: input.price,
    original_price: input.compareAtPrice,
    sale_price: input.salePrice,
    sale_starts_at: canonicalInstant(input.saleStartsAt),
    sale_ends_at: canonicalInstant(input.saleEndsAt),
    vat_rate: input.vatRate,
    unit: input.unit,
    weight_grams: input.weightGrams ?? PRODUCT_PARCEL_DEFAULTS.weightGrams,
    length_cm: input.lengthCm,
    width_cm: input.widthCm,
    height_cm: input.heightCm,
    warranty_months: input.warrantyMonths,
    compatible_models: JSON.stringify(input.compatibleModels),
    vehicle_types: JSON.stringify(checked.vehicleTypes),
    specifications: JSON.stringify(input.specifications),
    description: input.description,
    images: JSON.stringify(checked.images),
    status: input.status,
    // The shop's switch every public read uses: on sale exactly when published.
    is_active: input.status === 'published' ? 1 : 0,
    search_text: productSearchText({ ...input, compatibleModels: models, brandName: checked.brandName, categoryName: checked.categoryName }),
    models_search: modelsSearchText(models),
  };
}

const recordChanges = (trx: Transaction<Database>, productId: number, version: number, actorId: number, before: Snapshot | null, after: Snapshot): Promise<void> =>
  recordEntityChanges(trx, 'product', productId, version, actorId, before, after, PRODUCT_HISTORY_FIELDS);

/** A unique violation on the SKU (409 naming it), or on the slug (409: save again, a new slug is found). */
function conflictOf(error: unknown): AppError | null {
  if (!uniqueViolation(error)) return null;
  const text = String((error as { message?: unknown }).message ?? '') + String((error as { constraint?: unknown }).constraint ?? '');
  if (/sku/.test(text)) return new AppError(409, ERROR_CODES.SKU_TAKEN, messages.skuTaken, [{ field: 'sku', message: messages.skuTaken }]);
  return new AppError(409, ERROR_CODES.SLUG_TAKEN, messages.slugBusy, [{ field: 'name', message: messages.slugBusy }]);
}

export async function createProduct(context: WriteContext, given: ProductAdminInput, actorId: number): Promise<ProductAdmin> {
  const input = withParcelSides(given, null);
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const models = await activeVehicleModels(context.db);
  try {
    const id = await inTransaction(context.db, async (trx) => {
      const taken = await trx.selectFrom('products').select('id').where('sku', '=', input.sku).executeTakeFirst();
      if (taken) throw new AppError(409, ERROR_CODES.SKU_TAKEN, messages.skuTaken, [{ field: 'sku', message: messages.skuTaken }]);
      const checked = await checkAgainstCatalogue(context, trx, input, null, [], [], models);
      const slug = await freeSlugFor(trx, input.name, null);
      const row = await trx
        .insertInto('products')
        .values({ ...rowValues(input, slug, checked), version: 1, sales_count: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordChanges(trx, row.id, 1, actorId, null, snapshotOfInput(input, slug));
      return row.id;
    });
    return (await readProductAdmin(context.db, id))!;
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

/** The 409 of a stale save: the product's current values, for the form to show beside what the user typed. */
function staleSave(current: ProductAdmin): AppErrorWithData {
  return new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.stale, { current });
}

export async function saveProduct(context: WriteContext, id: number, given: ProductAdminUpdate, actorId: number): Promise<ProductAdmin> {
  const models = await activeVehicleModels(context.db);
  try {
    await inTransaction(context.db, async (trx) => {
      const current = await readProductAdmin(trx, id);
      if (!current) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
      if (current.version !== given.version) throw staleSave(current);
      // A side or weight the save leaves out keeps the product's (a client that knows nothing of the parcel changes none of it).
      const input = withParcelSides({ ...given, weightGrams: given.weightGrams ?? current.weightGrams }, current);
      const row = await trx.selectFrom('products').select(['images', 'vehicle_types']).where('id', '=', id).executeTakeFirstOrThrow();
      const checked = await checkAgainstCatalogue(context, trx, input, current, parseJson<StoredImageJson[]>(row.images, []), parseJson<VehicleType[]>(row.vehicle_types, []), models);
      if (input.sku !== current.sku) {
        const taken = await trx.selectFrom('products').select('id').where('sku', '=', input.sku).where('id', '<>', id).executeTakeFirst();
        if (taken) throw new AppError(409, ERROR_CODES.SKU_TAKEN, messages.skuTaken, [{ field: 'sku', message: messages.skuTaken }]);
      }
      // A new name gives a new slug; the old one stays as a permanent redirect (an old slug taken back stops being one).
      const slug = input.name === current.name ? current.slug : await freeSlugFor(trx, input.name, id);
      const version = current.version + 1;
      const updated = await trx
        .updateTable('products')
        .set({ ...rowValues(input, slug, checked), version, updated_at: nowUtcOf(trx) })
        .where('id', '=', id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        // Another save committed since this one read the product: nothing of this one is written.
        const now = await readProductAdmin(trx, id);
        if (!now) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
        throw staleSave(now);
      }
      if (slug !== current.slug) {
        await trx.deleteFrom('product_slug_redirects').where('slug', '=', slug).execute();
        await trx.insertInto('product_slug_redirects').values({ slug: current.slug, product_id: id }).execute();
      }
      await recordChanges(trx, id, version, actorId, snapshotOfProduct(current), snapshotOfInput(input, slug));
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
  return (await readProductAdmin(context.db, id))!;
}
