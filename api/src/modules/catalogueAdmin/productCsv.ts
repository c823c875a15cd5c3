import { CsvError, parse } from 'csv-parse';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  ERROR_CODES,
  canMoveProductStatus,
  foldVietnamese,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  productAdminInputSchema,
  type ProductCsvImport,
  type ProductCsvRowError,
  type Fitment,
  type ProductStatus,
  type VehicleType,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { nowUtcOf, refreshPlannerStatistics, runsOneTransactionAtATime } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import { uniqueViolation } from '../auth';
import { parseJson, parseSpecifications, parseStrings, type StoredImageJson } from '../catalogue';
import { productFitmentLists } from '../fitment';
import { guardFormula } from '../reports';
import { activeVehicleModels } from '../vehicleModels';
import { catalogueAdminMessages } from './catalogueAdminMessages';
import { changedFields, changeRows, type ChangeRow } from './catalogueHistory';
import { productValuesOfRow } from './productValues';
import { PRODUCT_HISTORY_FIELDS, rowValues, snapshotOfInput, withParcelSides, type Checked, type ParcelSides, type ResolvedProductInput, type Snapshot } from './productAdminWork';
import { MODELS_SEPARATOR, PRODUCT_CSV_HEADERS, PRODUCT_CSV_MAX_ROWS, PRODUCT_CSV_REQUIRED, productCsvColumnOf, productCsvHeaderOf, type ProductCsvColumn } from './productCsvColumns';
import { fitmentSetKey, readFitmentCell, vehicleModelsBySlug, type CsvVehicleModel } from './productCsvFitments';
import { openImportJournal, type JournalChunk } from './productCsvJournal';
import { historyLines, replaceFitmentRows, type FitmentRowValues } from './productFitmentWork';
import { productCsvMessages as messages } from './productCsvMessages';
import { firstFreeSlug, slugFromName } from './productSlug';

/**
 * The product CSV import (shop-operations.md §2 "Bulk", §7): rows matched to products by SKU (update) or new
 * (create, a draft unless the row says otherwise). Each row is checked by the single-product save's own rules
 * (productAdminInputSchema, then the catalogue's: category and brand by folded name, models, status moves), and the
 * file's SKUs must be unique. A dry run answers the counts and every bad row. An apply checks the same way, then
 * writes in short transactions of APPLY_CHUNK rows, pausing between pieces of work (pauseAfter), each update conditional on the version it was checked at, so
 * the floor's own queries run between two (SQLite has one connection); a change meanwhile (a save, the same new
 * SKU elsewhere) undoes the chunks already written, and so does the next start after a crash (each chunk is
 * journalled, productCsvJournal.ts): every row or none.
 */

export type ProductCsvMode = ProductCsvImport['mode'];

/** The file read: its header's columns (by position) and its records after the header, with their row numbers. */
export interface ProductCsvFile {
  columns: Map<ProductCsvColumn, number>;
  records: { row: number; cells: string[] }[];
}

const READ_CHUNK = 500;
const INSERT_CHUNK = 200;
const HISTORY_CHUNK = 500;
/** Rows one transaction of an apply writes (a few ms on SQLite): what another request may wait behind. */
const APPLY_CHUNK = 25;
/**
 * On PostgreSQL a transaction holds no connection another request needs, and its time is the server's, not the
 * event loop's: bigger chunks, and only a turn of the event loop between two (no pause as long as the chunk).
 */
const APPLY_CHUNK_POSTGRES = 250;
/** Rows checked between two pauses of the import, so requests waiting meanwhile are answered. */
const PLAN_YIELD_ROWS = 50;
/** Characters of the file parsed between two pauses. */
const PARSE_SLICE = 16 * 1024;
/** The longest pause: the import's work since the last pause, up to this. */
const PAUSE_MAX_MS = 50;

/**
 * Pauses the import for as long as its work took since `since` (at most PAUSE_MAX_MS), so it takes at most about
 * half of the API's event loop while the floor works; answers when the pause ended, the start of the next piece.
 */
async function pauseAfter(since: number): Promise<number> {
  const worked = performance.now() - since;
  await new Promise<void>((resolve) => setTimeout(resolve, Math.min(worked, PAUSE_MAX_MS)));
  return performance.now();
}

type ProductRow = Selectable<Database['products']>;

/** The export's formula guard undone: a cell the guard would have written this way loses its leading quote. */
function unguarded(text: string): string {
  return text.startsWith("'") && guardFormula(text.slice(1)) === text ? text.slice(1) : text;
}

/** The bytes as UTF-8 text (a BOM dropped); anything else is refused rather than read as mojibake. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError(400, ERROR_CODES.CSV_NOT_UTF8, messages.notUtf8, [{ field: 'file', message: messages.notUtf8 }]);
  }
}

/**
 * The file's cell separator, read from its header line: ';' when it has more semicolons than commas outside
 * quotes (Excel saves CSV with the list separator of Windows' region, ';' in Vietnam's), else ','.
 */
export function csvDelimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text.slice(0, PARSE_SLICE)) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n') break;
    else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** The file's records, parsed PARSE_SLICE characters at a time with a pause between; at most `to` records. */
async function parseRecords(text: string, to: number): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, delimiter: csvDelimiterOf(text), relax_column_count: true, skip_empty_lines: false, to });
  let ended = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('data', (record: string[]) => records.push(record));
    parser.on('end', () => {
      ended = true;
      resolve();
    });
    parser.on('error', (error) => {
      ended = true;
      reject(error);
    });
  });
  let since = performance.now();
  for (let start = 0; start < text.length && !ended; start += PARSE_SLICE) {
    parser.write(text.slice(start, start + PARSE_SLICE));
    since = await pauseAfter(since);
  }
  if (!ended) parser.end();
  await done;
  return records;
}

/**
 * Reads the CSV: at most the header and 5,000 records are parsed (one more says the file is too long, and the rest
 * is never read). Blank records keep their row number and are skipped. The header must name known columns.
 */
export async function readProductCsv(text: string): Promise<ProductCsvFile> {
  let records: string[][];
  try {
    records = await parseRecords(text, PRODUCT_CSV_MAX_ROWS + 2);
  } catch (error) {
    const line = error instanceof CsvError ? ((error as CsvError & { lines?: number }).lines ?? null) : null;
    throw new AppError(400, ERROR_CODES.CSV_UNREADABLE, messages.unreadable(line), [{ field: 'file', message: messages.unreadable(line) }]);
  }
  const fail = (message: string, field = 'file') => new AppError(400, ERROR_CODES.CSV_INVALID_FILE, message, [{ field, message }]);
  if (records.length > PRODUCT_CSV_MAX_ROWS + 1) throw new AppError(413, ERROR_CODES.CSV_TOO_MANY_ROWS, messages.tooManyRows, [{ field: 'file', message: messages.tooManyRows }]);
  const [header, ...body] = records;
  if (!header) throw fail(messages.empty);
  const columns = new Map<ProductCsvColumn, number>();
  header.forEach((name, index) => {
    const label = unguarded(name).trim();
    if (label === '') return;
    const column = productCsvColumnOf(label);
    if (!column) throw fail(messages.unknownColumn(label));
    if (columns.has(column)) throw fail(messages.duplicateColumn(PRODUCT_CSV_HEADERS[column]));
    columns.set(column, index);
  });
  for (const column of PRODUCT_CSV_REQUIRED) if (!columns.has(column)) throw fail(messages.missingColumn(PRODUCT_CSV_HEADERS[column]));
  const rows = body.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw fail(messages.empty);
  return { columns, records: rows };
}

/** A product as the file's rows are compared with it: the fields the history knows, and what the file leaves alone. */
interface Existing {
  /** The row as checked: what an undone apply puts back. */
  row: ProductRow;
  id: number;
  version: number;
  status: ProductStatus;
  slug: string;
  snapshot: Snapshot;
  images: StoredImageJson[];
  vehicleTypes: VehicleType[];
}

type Named = { id: number; name: string };

async function existingBySku(db: Kysely<Database>, skus: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let start = 0; start < skus.length; start += READ_CHUNK) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where('sku', 'in', skus.slice(start, start + READ_CHUNK))
      .execute();
    for (const row of rows) {
      const images = parseJson<StoredImageJson[]>(row.images, []);
      found.set(row.sku, {
        row,
        id: row.id,
        version: toNumber(row.version),
        status: row.status as ProductStatus,
        slug: row.slug,
        images,
        vehicleTypes: parseJson<VehicleType[]>(row.vehicle_types, []),
        snapshot: {
          name: row.name,
          sku: row.sku,
          slug: row.slug,
          categoryId: row.category_id,
          brandId: row.brand_id,
          ...productValuesOfRow(row),
          compatibleModels: parseStrings(row.compatible_models),
          specifications: parseSpecifications(row.specifications),
          description: row.description,
          images: images.map((image) => ({ path: image.path, alt: image.alt })),
          status: row.status,
        },
      });
    }
  }
  return found;
}

/** Names folded as search folds them, so "phu kien" finds "Phụ kiện". */
async function namedByFoldedName(db: Kysely<Database>, table: 'catalogue_categories' | 'catalogue_brands'): Promise<Map<string, Named>> {
  const rows = await db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
  const byName = new Map<string, Named>();
  for (const row of rows) {
    const key = foldVietnamese(row.name);
    if (!byName.has(key)) byName.set(key, row);
  }
  return byName;
}

const STATUS_BY_NAME = new Map<string, ProductStatus>(
  PRODUCT_STATUSES.flatMap((status) => [
    [status, status],
    [foldVietnamese(PRODUCT_STATUS_LABELS[status]), status],
  ]),
);

/** The schema's field (its first path segment) as the file's column. */
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = { categoryId: 'category', brandId: 'brand' };

/** A row's "Xe tương thích" cell when it changes the product's fitment rows: the rows it writes, and those it replaces. */
interface PlannedFitments {
  rows: FitmentRowValues[];
  before: Fitment[];
}

/** One row ready to write. */
interface PlannedRow {
  row: number;
  input: ResolvedProductInput;
  slug: string;
  checked: Checked;
  existing: Existing | null;
  after: Snapshot;
  fields: string[];
  /** Null: the file leaves the product's fitment rows as they are (no column, or the same rows). */
  fitments: PlannedFitments | null;
}

interface Plan {
  summary: Omit<ProductCsvImport, 'mode'>;
  writes: PlannedRow[];
}

/** Every row checked against the single-product rules and the catalogue as `db` sees it; nothing written. */
async function planImport(db: Kysely<Database>, file: ProductCsvFile, mode: ProductCsvMode): Promise<Plan> {
  const cellOf = (cells: string[], column: ProductCsvColumn): string | undefined => {
    const index = file.columns.get(column);
    return index === undefined ? undefined : unguarded(cells[index] ?? '');
  };
  const skuCells = file.records.map(({ cells }) => (cellOf(cells, 'sku') ?? '').trim());
  const [existing, categories, brands, products, redirects, activeModels] = await Promise.all([
    existingBySku(db, [...new Set(skuCells.filter((sku) => sku !== ''))]),
    namedByFoldedName(db, 'catalogue_categories'),
    namedByFoldedName(db, 'catalogue_brands'),
    db.selectFrom('products').select(['id', 'slug']).execute(),
    db.selectFrom('product_slug_redirects').select(['slug', 'product_id']).execute(),
    activeVehicleModels(db),
  ]);
  // The fitment rows of the products updated: what a "Xe tương thích" cell is compared with, and the labels their
  // search columns keep (productAdminWork.rowValues); the models a cell names, by slug.
  const [fitmentsOf, models] = await Promise.all([productFitmentLists(db, [...existing.values()].map((product) => product.id)), file.columns.has('fitments') ? vehicleModelsBySlug(db) : new Map<string, CsvVehicleModel>()]);
  const labelsOfRows = (rows: readonly { modelLabel: string }[]) => [...new Set(rows.map((row) => row.modelLabel))];
  // Slugs are handed out here, in file order: each is free against the products, the old slugs and the file's others.
  const slugOwners = new Map<string, number>();
  for (const product of products) slugOwners.set(product.slug, product.id);
  for (const redirect of redirects) slugOwners.set(redirect.slug, redirect.product_id);
  const takenFor = (ownId: number | null) => ({ has: (slug: string) => slugOwners.has(slug) && slugOwners.get(slug) !== ownId });
  let newOwner = -1;

  const errors: ProductCsvRowError[] = [];
  const notices: ProductCsvRowError[] = [];
  const writes: PlannedRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  let unchanged = 0;
  let toCreate = 0;
  let toUpdate = 0;

  let since = performance.now();
  for (const [index, { row, cells }] of file.records.entries()) {
    if (index % PLAN_YIELD_ROWS === PLAN_YIELD_ROWS - 1) since = await pauseAfter(since);
    const rowErrors: ProductCsvRowError[] = [];
    const fail = (field: string, message: string) => rowErrors.push({ row, field, column: productCsvHeaderOf(field), message });
    const sku = skuCells[index]!;
    const current = existing.get(sku) ?? null;
    const cell = (column: ProductCsvColumn) => cellOf(cells, column);
    const trimmed = (column: ProductCsvColumn) => cell(column)?.trim();
    /** A column left out of the file keeps the product's value (or the schema's default for a new one); blank clears. */
    const orKeep = (column: ProductCsvColumn, blank: unknown, read: (text: string) => unknown, field: keyof Snapshot & string): unknown => {
      const text = trimmed(column);
      if (text === undefined) return current ? current.snapshot[field] : undefined;
      return text === '' ? blank : read(text);
    };
    /** A side of the parcel: a column left out or a blank cell keeps the product's (a new product: the default). */
    const side = (column: 'lengthCm' | 'widthCm' | 'heightCm') => orKeep(column, current ? current.snapshot[column] : undefined, (text) => text, column);

    if (sku !== '') {
      const first = firstRowOfSku.get(sku);
      if (first === undefined) firstRowOfSku.set(sku, row);
      else fail('sku', messages.duplicateSku(sku, first, row));
    }
    const categoryName = trimmed('category') ?? '';
    const brandName = trimmed('brand') ?? '';
    const category = categoryName === '' ? undefined : categories.get(foldVietnamese(categoryName));
    const brand = brandName === '' ? undefined : brands.get(foldVietnamese(brandName));
    if (categoryName !== '' && !category) fail('category', messages.categoryUnknown(categoryName));
    if (brandName !== '' && !brand) fail('brand', messages.brandUnknown(brandName));
    const statusText = trimmed('status');
    const status = statusText === undefined || statusText === '' ? current?.status : (STATUS_BY_NAME.get(foldVietnamese(statusText)) ?? statusText);

    const candidate = {
      sku,
      name: cell('name') ?? '',
      categoryId: category?.id,
      brandId: brand?.id,
      price: trimmed('price') || undefined,
      compareAtPrice: orKeep('compareAtPrice', null, (text) => text, 'compareAtPrice'),
      salePrice: orKeep('salePrice', null, (text) => text, 'salePrice'),
      saleStartsAt: orKeep('saleStartsAt', null, (text) => text, 'saleStartsAt'),
      saleEndsAt: orKeep('saleEndsAt', null, (text) => text, 'saleEndsAt'),
      vatRate: trimmed('vatRate') || undefined,
      unit: cell('unit') ?? '',
      weightGrams: orKeep('weightGrams', null, (text) => text, 'weightGrams'),
      lengthCm: side('lengthCm'),
      widthCm: side('widthCm'),
      heightCm: side('heightCm'),
      warrantyMonths: orKeep('warrantyMonths', undefined, (text) => text, 'warrantyMonths'),
      compatibleModels: orKeep('compatibleModels', [], (text) => text.split(MODELS_SEPARATOR).map((model) => model.trim()).filter((model) => model !== ''), 'compatibleModels'),
      description: cell('description') ?? (current ? current.snapshot.description : undefined),
      specifications: current?.snapshot.specifications ?? [],
      images: current?.snapshot.images ?? [],
      status,
    };
    // "Xe tương thích": a cell replaces the product's rows (blank: none); the column left out keeps them.
    const fitmentText = trimmed('fitments');
    const fitmentsBefore = current ? (fitmentsOf.get(current.id) ?? []) : [];
    let fitments: PlannedFitments | null = null;
    let fitmentTypes: VehicleType[] = [];
    let fitmentLabels = labelsOfRows(fitmentsBefore);
    if (fitmentText !== undefined) {
      const read = readFitmentCell(fitmentText, models, new Set(fitmentsBefore.map((fitment) => fitment.modelId)));
      if ('errors' in read) read.errors.forEach((message) => fail('fitments', message));
      else if (fitmentSetKey(read.rows) !== fitmentSetKey(fitmentsBefore)) {
        fitments = { rows: read.rows.map(({ modelId, yearFrom, yearTo, position, quantityPerVehicle }) => ({ modelId, yearFrom, yearTo, position, quantityPerVehicle })), before: fitmentsBefore };
        fitmentTypes = read.types;
        fitmentLabels = labelsOfRows(read.rows.map((fitment) => ({ modelLabel: fitment.label }))).sort((a, b) => a.localeCompare(b, 'vi'));
      }
    }
    const parsed = productAdminInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'file');
        const column = COLUMN_OF_FIELD[field] ?? field;
        // A category or brand named but unknown is already said; the schema only adds "choose one".
        if ((column === 'category' && categoryName !== '') || (column === 'brand' && brandName !== '')) continue;
        if (!rowErrors.some((error) => error.field === column)) fail(column, issue.message);
      }
    }
    if (!parsed.success || rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    const input = withParcelSides(parsed.data, current ? (current.snapshot as ParcelSides) : null);
    // The catalogue's own rules, as the single save checks them (productAdminWork.checkAgainstCatalogue).
    const kept = new Set(current ? (current.snapshot.compatibleModels as string[]) : []);
    input.compatibleModels.forEach((model) => {
      if (!kept.has(model) && !activeModels.typeOfLabel.has(model)) fail('compatibleModels', catalogueAdminMessages.modelUnknown(model));
    });
    if (current && !canMoveProductStatus(current.status, input.status)) {
      fail('status', catalogueAdminMessages.statusMove(PRODUCT_STATUS_LABELS[current.status], PRODUCT_STATUS_LABELS[input.status]));
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    const ownId = current?.id ?? newOwner;
    const slug = current && input.name === current.snapshot.name ? current.slug : firstFreeSlug(slugFromName(input.name), takenFor(current?.id ?? null));
    if (slug !== current?.slug) {
      slugOwners.set(slug, ownId);
      if (!current) newOwner -= 1;
    }
    const after = snapshotOfInput(input, slug);
    const fields = changedFields(current?.snapshot ?? null, after, PRODUCT_HISTORY_FIELDS);
    if (current && fields.length === 0 && fitments === null) {
      unchanged += 1;
      continue;
    }
    if (fitments && fitments.rows.length === 0 && fitments.before.length > 0) {
      notices.push({ row, field: 'fitments', column: productCsvHeaderOf('fitments'), message: messages.fitmentsCleared(fitments.before.length, mode === 'apply') });
    }
    if (current) toUpdate += 1;
    else toCreate += 1;
    const known = input.compatibleModels.map((model) => activeModels.typeOfLabel.get(model)).filter((type): type is VehicleType => type !== undefined);
    writes.push({
      row,
      input,
      slug,
      existing: current,
      after,
      fields,
      fitments,
      checked: {
        images: current?.images ?? [],
        categoryName: category!.name,
        brandName: brand!.name,
        vehicleTypes: [...new Set([...(current?.vehicleTypes ?? []), ...known, ...fitmentTypes])],
        fitmentLabels,
      },
    });
  }
  return { summary: { rows: file.records.length, toCreate, toUpdate, unchanged, errors, notices }, writes };
}

async function insertHistory(trx: Transaction<Database>, rows: ChangeRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += HISTORY_CHUNK) {
    await trx.insertInto('catalogue_changes').values(rows.slice(start, start + HISTORY_CHUNK)).execute();
  }
}

/** Rows an apply writes from which PostgreSQL's statistics of the products are taken again at its end. */
const ANALYZE_AFTER_ROWS = 500;

/** Writes one chunk of the plan: new products in one insert, updates each from the version checked (a change meanwhile: 409). */
async function applyChunk(trx: Transaction<Database>, writes: PlannedRow[], actorId: number): Promise<JournalChunk> {
  const written: JournalChunk = { created: [], updated: [] };
  const history: ChangeRow[] = [];
  /** The products whose fitment rows this chunk replaced: their history's 'fitments' line, once the rows are written. */
  const fitted: { id: number; version: number; before: Fitment[] | null }[] = [];
  const productChanges = (productId: number, version: number, before: Snapshot | null, planned: PlannedRow) =>
    changeRows('product', productId, version, actorId, before, planned.after, planned.fields);
  const creates = writes.filter((planned) => planned.existing === null);
  for (let start = 0; start < creates.length; start += INSERT_CHUNK) {
    const batch = creates.slice(start, start + INSERT_CHUNK);
    const inserted = await trx
      .insertInto('products')
      .values(batch.map((planned) => ({ ...rowValues(planned.input, planned.slug, planned.checked), version: 1, sales_count: 0 })))
      .returning(['id', 'sku'])
      .execute();
    const idOf = new Map(inserted.map((row) => [row.sku, row.id]));
    written.created.push(...inserted.map((row) => row.id));
    for (const planned of batch) {
      const id = idOf.get(planned.input.sku)!;
      history.push(...productChanges(id, 1, null, planned));
      if (planned.fitments) {
        await replaceFitmentRows(trx, id, planned.fitments.rows);
        fitted.push({ id, version: 1, before: null });
      }
    }
  }
  const now = nowUtcOf(trx);
  for (const planned of writes) {
    const current = planned.existing;
    if (!current) continue;
    const version = current.version + 1;
    const values = rowValues(planned.input, planned.slug, planned.checked);
    const updated = await trx
      .updateTable('products')
      .set({ ...values, version, updated_at: now })
      .where('id', '=', current.id)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, ERROR_CODES.STALE_VERSION, messages.stale(current.snapshot.sku as string, planned.row));
    const redirect: JournalChunk['updated'][number]['redirect'] = { added: null, removed: [] };
    if (planned.slug !== current.slug) {
      redirect.removed = await trx.deleteFrom('product_slug_redirects').where('slug', '=', planned.slug).returning(['slug', 'product_id']).execute();
      await trx.insertInto('product_slug_redirects').values({ slug: current.slug, product_id: current.id }).execute();
      redirect.added = current.slug;
    }
    // The journal keeps only the columns this write may have changed (a value read back in another type counts as changed).
    const changed = Object.entries(values).filter(([column, value]) => value !== current.row[column as keyof ProductRow]);
    const columns = [...changed.map(([column]) => column), 'version', 'updated_at'] as (keyof ProductRow)[];
    const entry: JournalChunk['updated'][number] = { id: current.id, version, before: Object.fromEntries(columns.map((column) => [column, current.row[column]])), redirect };
    if (planned.fitments) {
      // The rows replaced go in the journal: an undone apply puts them back with the product's columns.
      entry.fitments = planned.fitments.before.map(({ modelId, yearFrom, yearTo, position, quantityPerVehicle }) => ({ modelId, yearFrom, yearTo, position, quantityPerVehicle }));
      await replaceFitmentRows(trx, current.id, planned.fitments.rows);
      fitted.push({ id: current.id, version, before: planned.fitments.before });
    }
    written.updated.push(entry);
    history.push(...productChanges(current.id, version, current.snapshot, planned));
  }
  // The history's line per row, as the back office's save records them (the rows read back, in the page's order).
  const after = await productFitmentLists(trx, fitted.map((product) => product.id));
  for (const { id, version, before } of fitted) {
    history.push(...changeRows('product', id, version, actorId, before === null ? null : { fitments: historyLines(before) }, { fitments: historyLines(after.get(id) ?? []) }, ['fitments']));
  }
  await insertHistory(trx, history);
  return written;
}

/** The 422 of a file with bad rows: the same list a dry run gives, nothing saved. */
function refused(summary: Plan['summary']): AppErrorWithData {
  const firstRows = [...new Set(summary.errors.map((error) => error.row))];
  return new AppErrorWithData(422, ERROR_CODES.CSV_INVALID_ROWS, messages.invalid(firstRows.length), { mode: 'apply', ...summary });
}

/** For tests: the chunk size, and work between two chunks (a change meanwhile). */
export interface ImportOptions {
  chunkRows?: number;
  afterChunk?: (written: number) => Promise<void>;
  /** Told when an undone apply had shown its chunks (the caches must forget them). */
  undone?: () => Promise<void>;
}

/**
 * A dry run (nothing written) or an apply (every row or none; a bad row → 422 with the list, a change meanwhile →
 * 409 with nothing kept). Answers whether anything was written, for the caller to tell the change feed.
 */
export async function importProductCsv(
  db: Kysely<Database>,
  file: ProductCsvFile,
  mode: ProductCsvMode,
  actorId: number,
  options: ImportOptions = {},
): Promise<{ result: ProductCsvImport; wrote: boolean }> {
  const plan = await planImport(db, file, mode);
  if (mode === 'dry-run') return { result: { mode, ...plan.summary }, wrote: false };
  if (plan.summary.errors.length > 0) throw refused(plan.summary);
  // One transaction at a time (SQLite): small chunks and a pause between two, so the floor's requests run meanwhile.
  const oneAtATime = runsOneTransactionAtATime(db);
  const chunkRows = options.chunkRows ?? (oneAtATime ? APPLY_CHUNK : APPLY_CHUNK_POSTGRES);
  // Each chunk's transaction also journals what it changed: a change meanwhile undoes the apply from the journal
  // now; a crash leaves the journal for the next start to undo (productCsvJournal.ts). Completing it is the commit.
  const journal = plan.writes.length > 0 ? await openImportJournal(db, actorId) : null;
  let written = 0;
  try {
    let since = performance.now();
    for (let start = 0; start < plan.writes.length; start += chunkRows) {
      const chunk = plan.writes.slice(start, start + chunkRows);
      await inTransaction(db, async (trx) => journal!.record(trx, await applyChunk(trx, chunk, actorId)));
      written += 1;
      await options.afterChunk?.(written);
      if (oneAtATime) since = await pauseAfter(since);
      else await nextTurn();
    }
    await journal?.complete();
  } catch (error) {
    await journal?.undo();
    if (written > 0) await options.undone?.();
    if (uniqueViolation(error)) throw new AppError(409, ERROR_CODES.SKU_TAKEN, messages.skuTakenMeanwhile);
    throw error;
  }
  // Thousands of rows changed at once: PostgreSQL's planner gets their statistics now, not at autovacuum's next round.
  if (plan.writes.length >= ANALYZE_AFTER_ROWS) await refreshPlannerStatistics(db, 'products');
  return { result: { mode, ...plan.summary }, wrote: plan.writes.length > 0 };
}
