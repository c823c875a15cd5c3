import type { Kysely } from 'kysely';
import {
  duplicateFitmentIndex,
  FITMENT_DUPLICATE_MESSAGE,
  FITMENT_POSITION_LABELS,
  FITMENT_POSITIONS,
  fitmentInputSchema,
  FITMENTS_PER_PRODUCT_MAX,
  foldVietnamese,
  type Fitment,
  type FitmentPosition,
  type VehicleType,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { vehicleModelLabel } from '../fitment';
import { MODELS_SEPARATOR } from './productCsvColumns';
import { productCsvMessages as messages } from './productCsvMessages';
import { fitmentModelRefusal, type FitmentRowValues } from './productFitmentWork';

/**
 * The product CSV's "Xe tương thích" column (issue 66 §2, decision 0068): a product's fitment rows in one cell,
 * `slug[:yyyy-yyyy[:POSITION[:qty]]]` joined by '|', e.g. `vinfast-feliz-s:2022-2025:FRONT:2|vinfast-evo-200:2022-`.
 * Years: `2022-2025`, `2022-` (open end), `-2025` (open start), `2023` (that year), empty (every year). Position:
 * FRONT/REAR/LEFT/RIGHT or its Vietnamese label (Trước, Sau, Trái, Phải; any case, accents optional), empty for
 * none. Quantity per vehicle: 1 when left out. The export writes each row's shortest form, in the product page's order.
 */

/** A vehicle model as the cell names it. */
export interface CsvVehicleModel {
  id: number;
  slug: string;
  label: string;
  type: VehicleType;
  is_active: unknown;
}

/** Every vehicle model by slug (a few hundred rows: read once per import). */
export async function vehicleModelsBySlug(db: Kysely<Database>): Promise<Map<string, CsvVehicleModel>> {
  const rows = await db.selectFrom('vehicle_models').select(['id', 'slug', 'brand', 'model', 'variant', 'type', 'is_active']).execute();
  return new Map(rows.map((row) => [row.slug, { id: row.id, slug: row.slug, label: vehicleModelLabel(row), type: row.type as VehicleType, is_active: row.is_active }]));
}

/** One row as the cell writes it: trailing parts that say nothing (no years, no position, one per vehicle) left out. */
function fitmentEntry(row: Fitment): string {
  const years = row.yearFrom === null && row.yearTo === null ? '' : `${row.yearFrom ?? ''}-${row.yearTo ?? ''}`;
  const parts = [row.modelSlug, years, row.position ?? '', row.quantityPerVehicle === 1 ? '' : String(row.quantityPerVehicle)];
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(':');
}

/** The export's cell of a product's rows ('' when it has none). */
export function fitmentCell(rows: readonly Fitment[]): string {
  return rows.map(fitmentEntry).join(MODELS_SEPARATOR);
}

const POSITION_BY_NAME = new Map<string, FitmentPosition>(
  FITMENT_POSITIONS.flatMap((position) => [
    [foldVietnamese(position), position],
    [foldVietnamese(FITMENT_POSITION_LABELS[position]), position],
  ]),
);

const YEAR = /^\d{4}$/;
const YEAR_RANGE = /^(\d{4})?\s*[-–]\s*(\d{4})?$/;

/** A years part: null bounds open; undefined when it is not one of the forms. */
function yearsOf(text: string): { yearFrom: number | null; yearTo: number | null } | undefined {
  if (text === '') return { yearFrom: null, yearTo: null };
  if (YEAR.test(text)) return { yearFrom: Number(text), yearTo: Number(text) };
  const range = YEAR_RANGE.exec(text);
  if (!range) return undefined;
  return { yearFrom: range[1] === undefined ? null : Number(range[1]), yearTo: range[2] === undefined ? null : Number(range[2]) };
}

/** The cell read: the rows and the models they name, or every reason the cell is refused (Vietnamese, naming the column). */
export type FitmentCell = { rows: (FitmentRowValues & { label: string; slug: string })[]; types: VehicleType[] } | { errors: string[] };

/**
 * Reads a cell against the models: each entry's slug known (and active, unless the product already names the model:
 * `named`), its years, position and quantity by the back office's own rules (fitmentInputSchema), no (model,
 * position) twice, at most FITMENTS_PER_PRODUCT_MAX rows. An empty cell: no rows.
 */
export function readFitmentCell(text: string, models: ReadonlyMap<string, CsvVehicleModel>, named: ReadonlySet<number>): FitmentCell {
  const entries = text
    .split(MODELS_SEPARATOR)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > FITMENTS_PER_PRODUCT_MAX) return { errors: [messages.fitmentsTooMany(entries.length)] };
  const errors: string[] = [];
  const rows: (FitmentRowValues & { label: string; slug: string })[] = [];
  const types = new Set<VehicleType>();
  for (const entry of entries) {
    const fail = (reason: string) => errors.push(messages.fitmentEntry(entry, reason));
    const parts = entry.split(':').map((part) => part.trim());
    const [slugText = '', yearsText = '', positionText = '', quantityText = ''] = parts;
    if (parts.length > 4 || slugText === '') {
      fail(messages.fitmentForm);
      continue;
    }
    const slug = slugText.toLowerCase();
    const model = models.get(slug);
    const refusal = model ? fitmentModelRefusal(model, named.has(model.id)) : messages.fitmentSlugUnknown(slugText);
    if (refusal !== null) {
      fail(refusal);
      continue;
    }
    const years = yearsOf(yearsText);
    if (!years) {
      fail(messages.fitmentYears);
      continue;
    }
    const position = positionText === '' ? null : POSITION_BY_NAME.get(foldVietnamese(positionText));
    if (position === undefined) {
      fail(messages.fitmentPosition(positionText));
      continue;
    }
    if (quantityText !== '' && !/^\d+$/.test(quantityText)) {
      fail(messages.fitmentQuantity);
      continue;
    }
    const parsed = fitmentInputSchema.safeParse({ modelId: model!.id, ...years, position, quantityPerVehicle: quantityText === '' ? 1 : Number(quantityText) });
    if (!parsed.success) {
      fail(parsed.error.issues[0]!.message);
      continue;
    }
    rows.push({ ...parsed.data, label: model!.label, slug: model!.slug });
    types.add(model!.type);
  }
  if (errors.length > 0) return { errors };
  const duplicate = duplicateFitmentIndex(rows);
  if (duplicate >= 0) return { errors: [messages.fitmentEntry(entries[duplicate]!, FITMENT_DUPLICATE_MESSAGE)] };
  return { rows, types: [...types] };
}

/** A set of rows as compared: the same rows in any order are the same set. */
export function fitmentSetKey(rows: readonly FitmentRowValues[]): string {
  return rows
    .map((row) => `${row.modelId}:${row.yearFrom ?? ''}:${row.yearTo ?? ''}:${row.position ?? ''}:${row.quantityPerVehicle}`)
    .sort()
    .join('|');
}
