import type { Kysely } from 'kysely';
import { vehicleModelKey, type FitmentPosition } from 'shared-contracts/schemas';
import { inChunks } from '../../src/db/chunks';
import type { Database } from '../../src/db/schema';
import { photoSource } from './generatedParts';
import type { ProductSeed } from './products';

/**
 * The catalogue's fitment rows (issue 66 §2): which vehicle models each seeded part fits, from its list of model
 * names (products.ts `models`), as migration 0071 turned the free-text names of the products it found into rows.
 * The seed runs after the migrations, so without this a fresh install's parts would fit nothing.
 *
 * - a name is matched to a model by its label (brand model variant; accents, case and spaces ignored), or by
 *   DEMO_NAME_MODELS for the few names the demo list writes otherwise; a matched name leaves
 *   products.compatible_models, the others stay there for the admin to map (as 0071 left them);
 * - a few parts are more precise (FITMENT_DETAILS: a position, the quantity a vehicle takes, the model years) or
 *   fit models the list names none of (EXTRA_MODELS: the brake fluid);
 * - a generated part (SEED_PRODUCTS) fits what its demo product fits;
 * - insert-only like the rest of the seed: a product that has rows (the migration's, the admin's, an earlier seed's)
 *   is left as it is, and so is a product the seed does not own (its SKU is not the seed's).
 * Tools and accessories for any vehicle (a multimeter, a helmet: no names) get no rows and show "Chưa có thông tin".
 */

/** The demo list's names that are not a model's label, by the model's slug. */
const DEMO_NAME_MODELS: Readonly<Record<string, string>> = {
  'Yadea Odora': 'yadea-odora-s',
  'Pega Aura': 'pega-aura-s',
  'Dat Bike Quantum S': 'dat-bike-quantum',
};

/** Parts whose list names no model though they fit some (by model slug). */
const EXTRA_MODELS: Readonly<Record<string, readonly string[]>> = {
  // DOT 4 fluid: the hydraulic brakes of the VinFast cars and Dat Bike motorbikes.
  'BRK-FLUID-DOT4': ['vinfast-vf-3', 'vinfast-vf-5', 'vinfast-vf-e34', 'vinfast-vf-6', 'vinfast-vf-7', 'vinfast-vf-8', 'vinfast-vf-9', 'dat-bike-weaver-200', 'dat-bike-weaver-plus-plus', 'dat-bike-quantum'],
};

interface FitmentDetail {
  position?: FitmentPosition;
  quantity?: number;
  yearFrom?: number;
  yearTo?: number;
}

/** What a few parts' rows say beyond the model (the same for each of the part's models). */
const FITMENT_DETAILS: Readonly<Record<string, FitmentDetail>> = {
  'BRK-PAD-VF8': { position: 'FRONT' },
  'TYR-MCL-VF3': { quantity: 4 },
  'TYR-MCL-VF8': { quantity: 4 },
  'TYR-DB-REAR': { position: 'REAR' },
  'TYR-CSM-90-90-10': { quantity: 2 },
  'BRG-6203-2RS': { quantity: 2 },
  'SNS-HALL-SET': { quantity: 3 },
  // The Feliz S's LCD dashboard of its 2022 facelift; the earlier one differs.
  'DSP-VF-DASH': { yearFrom: 2022 },
  // The Klara S's sine-wave controller since the 2021 model year.
  'CTL-VF-KLARA': { yearFrom: 2021 },
};

/** The model slugs the seed gives each demo product's rows (its names matched, the extras): for the tests too. */
export function demoFitmentModels(product: ProductSeed, models: readonly ModelKeyRow[]): { modelIds: number[]; unmatched: string[] } {
  const byKey = new Map(models.map((model) => [vehicleModelKey(modelLabel(model)), model.id]));
  const bySlug = new Map(models.map((model) => [model.slug, model.id]));
  const modelIds = new Set<number>();
  const unmatched: string[] = [];
  for (const name of product.models) {
    const alias = DEMO_NAME_MODELS[name];
    const id = alias !== undefined ? bySlug.get(alias) : byKey.get(vehicleModelKey(name));
    if (id === undefined) unmatched.push(name);
    else modelIds.add(id);
  }
  for (const slug of EXTRA_MODELS[photoSource(product).sku] ?? []) {
    const id = bySlug.get(slug);
    if (id !== undefined) modelIds.add(id);
  }
  return { modelIds: [...modelIds], unmatched };
}

export interface ModelKeyRow {
  id: number;
  slug: string;
  brand: string;
  model: string;
  variant: string;
}

function modelLabel(model: ModelKeyRow): string {
  return [model.brand, model.model, model.variant].filter((part) => part !== '').join(' ');
}

/**
 * Gives each of `products` (the seed's) that has no fitment row its rows; returns how many rows were inserted. The
 * products as stored are read by SKU; their stored names (compatible_models) are what is matched, so a name an
 * operator removed since is not brought back.
 */
export async function seedProductFitments(db: Kysely<Database>, products: readonly ProductSeed[]): Promise<number> {
  const models = await db.selectFrom('vehicle_models').select(['id', 'slug', 'brand', 'model', 'variant']).where('is_active', '=', 1).execute();
  if (models.length === 0) return 0;
  const seedBySku = new Map(products.map((product) => [product.sku, product]));
  const fitted = new Set((await db.selectFrom('product_fitments').select('product_id').distinct().execute()).map((row) => row.product_id));
  const stored = await db.selectFrom('products').select(['id', 'sku', 'compatible_models']).execute();

  const rows: Array<{ product_id: number; model_id: number; year_from: number | null; year_to: number | null; position: string | null; quantity_per_vehicle: number }> = [];
  /** compatible_models to write (JSON) → the products that get it. */
  const remaining = new Map<string, number[]>();
  for (const product of stored) {
    const seedProduct = seedBySku.get(product.sku);
    if (!seedProduct || fitted.has(product.id)) continue;
    const names = parseNames(product.compatible_models);
    const { modelIds, unmatched } = demoFitmentModels({ ...seedProduct, models: names }, models);
    if (modelIds.length === 0) continue;
    const detail = FITMENT_DETAILS[photoSource(seedProduct).sku] ?? {};
    for (const modelId of modelIds) {
      rows.push({
        product_id: product.id,
        model_id: modelId,
        year_from: detail.yearFrom ?? null,
        year_to: detail.yearTo ?? null,
        position: detail.position ?? null,
        quantity_per_vehicle: detail.quantity ?? 1,
      });
    }
    if (unmatched.length !== names.length) {
      const text = JSON.stringify(unmatched);
      remaining.set(text, [...(remaining.get(text) ?? []), product.id]);
    }
  }
  await inChunks(rows, (chunk) => db.insertInto('product_fitments').values(chunk).execute());
  for (const [text, ids] of remaining) {
    await inChunks(ids, (chunk) => db.updateTable('products').set({ compatible_models: text }).where('id', 'in', chunk).execute());
  }
  return rows.length;
}

function parseNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [];
  } catch {
    return [];
  }
}
