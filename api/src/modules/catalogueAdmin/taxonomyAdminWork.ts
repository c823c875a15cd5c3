import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ERROR_CODES,
  foldVietnamese,
  type BrandAdmin,
  type BrandAdminInput,
  type BrandAdminUpdate,
  type CategoryAdmin,
  type CategoryAdminInput,
  type CategoryAdminUpdate,
  type PromotionCategory,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import { uniqueViolation } from '../auth';
import { parseStrings } from '../catalogue';
import { productSearchText } from './catalogueWrites';
import { entityHistory, recordEntityChanges, type Snapshot } from './catalogueHistory';

/**
 * The admin's categories (two levels: a parent and its children) and brands (shop-operations.md §2): create,
 * rename (the slug follows the name, folded, unique), deactivate; a save carries its version and records its
 * changes; a category with products or children is never deleted. A rename rewrites the search text of the
 * products it names (the admin's list searches it); the shop's list read model is marked by its own triggers.
 */

export const taxonomyMessages = {
  categoryNotFound: 'Không tìm thấy danh mục.',
  brandNotFound: 'Không tìm thấy thương hiệu.',
  staleCategory: 'Danh mục vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại.',
  staleBrand: 'Thương hiệu vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại.',
  parentUnknown: 'Danh mục cha không tồn tại.',
  parentNotTopLevel: 'Danh mục cha phải là danh mục cấp 1 (chỉ có hai cấp danh mục).',
  parentSelf: 'Danh mục không thể là danh mục cha của chính nó.',
  hasChildren: 'Danh mục đang có danh mục con nên không thể trở thành danh mục con (chỉ có hai cấp).',
  deleteWithProducts: (count: number) => `Danh mục đang có ${count.toLocaleString('vi-VN')} sản phẩm nên không thể xóa. Hãy ngừng hoạt động danh mục.`,
  deleteWithChildren: 'Danh mục đang có danh mục con nên không thể xóa.',
  slugBusy: 'Đường dẫn vừa được dùng cho mục khác. Vui lòng lưu lại.',
  categoryCreated: 'Đã tạo danh mục.',
  categorySaved: 'Đã lưu danh mục.',
  categoryDeleted: 'Đã xóa danh mục.',
  brandCreated: 'Đã tạo thương hiệu.',
  brandSaved: 'Đã lưu thương hiệu.',
} as const;
const messages = taxonomyMessages;

const SLUG_MAX = 80;

function slugOf(name: string, fallback: string): string {
  const slug = foldVietnamese(name).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SLUG_MAX).replace(/-+$/, '');
  return slug || fallback;
}

/** The first free slug of `name` in `table`: its own, then -2, -3… (a row's own slug is free for it). */
async function freeSlug(db: Kysely<Database>, table: 'catalogue_categories' | 'catalogue_brands', name: string, ownId: number): Promise<string> {
  const base = slugOf(name, table === 'catalogue_categories' ? 'danh-muc' : 'thuong-hieu');
  const rows = await db.selectFrom(table).select('slug').where('slug', 'like', `${base}%`).where('id', '<>', ownId).execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base.slice(0, SLUG_MAX - String(suffix).length - 1)}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const slugBusy = (field: string) => new AppError(409, ERROR_CODES.SLUG_TAKEN, messages.slugBusy, [{ field, message: messages.slugBusy }]);
const fieldError = (field: string, message: string) => new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field, message }]);

/* ───────────── categories ───────────── */

function categoryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('catalogue_categories')
    .select((eb) => [
      'catalogue_categories.id',
      'catalogue_categories.version',
      'catalogue_categories.slug',
      'catalogue_categories.name',
      'catalogue_categories.parent_id',
      'catalogue_categories.description',
      'catalogue_categories.promo_group',
      'catalogue_categories.sort_order',
      'catalogue_categories.is_active',
      eb.selectFrom('products').select(eb.fn.countAll<string | number>().as('n')).whereRef('products.category_id', '=', 'catalogue_categories.id').as('product_count'),
    ]);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

function toCategoryAdmin(row: CategoryRow): CategoryAdmin {
  return {
    id: row.id,
    version: toNumber(row.version),
    slug: row.slug,
    name: row.name,
    parentId: row.parent_id === null ? null : toNumber(row.parent_id),
    description: row.description,
    promoGroup: row.promo_group as PromotionCategory,
    sortOrder: toNumber(row.sort_order),
    isActive: toNumber(row.is_active) === 1,
    productCount: toNumber(row.product_count ?? 0),
  };
}

export async function readCategoryAdmin(db: Kysely<Database>, id: number): Promise<CategoryAdmin | null> {
  const row = await categoryQuery(db).where('catalogue_categories.id', '=', id).executeTakeFirst();
  return row ? toCategoryAdmin(row) : null;
}

/** Every category, parents first in display order, each followed by its children. */
export async function listCategoriesAdmin(db: Kysely<Database>): Promise<CategoryAdmin[]> {
  const all = (await categoryQuery(db).orderBy('catalogue_categories.sort_order').orderBy('catalogue_categories.id').execute()).map(toCategoryAdmin);
  const ordered: CategoryAdmin[] = [];
  for (const parent of all.filter((category) => category.parentId === null)) {
    ordered.push(parent, ...all.filter((category) => category.parentId === parent.id));
  }
  return [...ordered, ...all.filter((category) => !ordered.includes(category))];
}

export const categoryHistory = (db: Kysely<Database>, id: number) => entityHistory(db, 'category', id);

const categorySnapshot = (value: Pick<CategoryAdmin, 'name' | 'slug' | 'parentId' | 'description' | 'promoGroup' | 'sortOrder' | 'isActive'>): Snapshot => ({
  name: value.name,
  slug: value.slug,
  parentId: value.parentId,
  description: value.description,
  promoGroup: value.promoGroup,
  sortOrder: value.sortOrder,
  isActive: value.isActive,
});

/** Two levels: the parent exists and has no parent; a category with children stays at the top. */
async function checkParent(trx: Kysely<Database>, input: CategoryAdminInput, ownId: number): Promise<void> {
  if (input.parentId === null) return;
  if (input.parentId === ownId) throw fieldError('parentId', messages.parentSelf);
  const parent = await trx.selectFrom('catalogue_categories').select(['id', 'parent_id']).where('id', '=', input.parentId).executeTakeFirst();
  if (!parent) throw fieldError('parentId', messages.parentUnknown);
  if (parent.parent_id !== null) throw fieldError('parentId', messages.parentNotTopLevel);
  if (ownId > 0) {
    const child = await trx.selectFrom('catalogue_categories').select('id').where('parent_id', '=', ownId).executeTakeFirst();
    if (child) throw fieldError('parentId', messages.hasChildren);
  }
}

function categoryValues(input: CategoryAdminInput, slug: string) {
  return {
    name: input.name,
    slug,
    parent_id: input.parentId,
    description: input.description,
    promo_group: input.promoGroup,
    sort_order: input.sortOrder,
    is_active: input.isActive ? 1 : 0,
  };
}

/** The search text of the products a renamed category or brand names. */
async function refreshSearchText(trx: Transaction<Database>, column: 'category_id' | 'brand_id', id: number): Promise<void> {
  const rows = await trx
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
    .select(['products.id', 'products.name', 'products.sku', 'products.compatible_models', 'catalogue_categories.name as category_name', 'catalogue_brands.name as brand_name'])
    .where(`products.${column}`, '=', id)
    .execute();
  for (const row of rows) {
    const text = productSearchText({ name: row.name, sku: row.sku, brandName: row.brand_name, categoryName: row.category_name, compatibleModels: parseStrings(row.compatible_models) });
    await trx.updateTable('products').set({ search_text: text }).where('id', '=', row.id).execute();
  }
}

export async function createCategoryAdmin(db: Kysely<Database>, input: CategoryAdminInput, actorId: number): Promise<CategoryAdmin> {
  try {
    const id = await inTransaction(db, async (trx) => {
      await checkParent(trx, input, 0);
      const slug = await freeSlug(trx, 'catalogue_categories', input.name, 0);
      const row = await trx.insertInto('catalogue_categories').values({ ...categoryValues(input, slug), version: 1 }).returning('id').executeTakeFirstOrThrow();
      await recordEntityChanges(trx, 'category', row.id, 1, actorId, null, categorySnapshot({ ...input, slug }));
      return row.id;
    });
    return (await readCategoryAdmin(db, id))!;
  } catch (error) {
    if (uniqueViolation(error)) throw slugBusy('name');
    throw error;
  }
}

export async function saveCategoryAdmin(db: Kysely<Database>, id: number, input: CategoryAdminUpdate, actorId: number): Promise<CategoryAdmin> {
  const stale = (current: CategoryAdmin) => new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.staleCategory, { current });
  try {
    await inTransaction(db, async (trx) => {
      const current = await readCategoryAdmin(trx, id);
      if (!current) throw AppError.notFound(messages.categoryNotFound, ERROR_CODES.CATEGORY_NOT_FOUND);
      if (current.version !== input.version) throw stale(current);
      await checkParent(trx, input, id);
      const slug = input.name === current.name ? current.slug : await freeSlug(trx, 'catalogue_categories', input.name, id);
      const version = current.version + 1;
      const updated = await trx.updateTable('catalogue_categories').set({ ...categoryValues(input, slug), version }).where('id', '=', id).where('version', '=', input.version).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw stale((await readCategoryAdmin(trx, id))!);
      if (input.name !== current.name) await refreshSearchText(trx, 'category_id', id);
      await recordEntityChanges(trx, 'category', id, version, actorId, categorySnapshot(current), categorySnapshot({ ...input, slug }));
    });
  } catch (error) {
    if (uniqueViolation(error)) throw slugBusy('name');
    throw error;
  }
  return (await readCategoryAdmin(db, id))!;
}

/** Deletes a category with no products and no children (answers what it was); one with products: 409, deactivate it. */
export async function deleteCategoryAdmin(db: Kysely<Database>, id: number): Promise<CategoryAdmin> {
  const refuse = (message: string) => new AppError(409, ERROR_CODES.CATEGORY_IN_USE, message, [{ field: 'id', message }]);
  try {
    return await inTransaction(db, async (trx) => {
      const current = await readCategoryAdmin(trx, id);
      if (!current) throw AppError.notFound(messages.categoryNotFound, ERROR_CODES.CATEGORY_NOT_FOUND);
      if (current.productCount > 0) throw refuse(messages.deleteWithProducts(current.productCount));
      const child = await trx.selectFrom('catalogue_categories').select('id').where('parent_id', '=', id).executeTakeFirst();
      if (child) throw refuse(messages.deleteWithChildren);
      await trx.deleteFrom('catalogue_categories').where('id', '=', id).execute();
      return current;
    });
  } catch (error) {
    // A product or child added meanwhile: the foreign key refuses the delete.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      const count = toNumber((await db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('category_id', '=', id).executeTakeFirst())?.n ?? 0);
      throw refuse(count > 0 ? messages.deleteWithProducts(count) : messages.deleteWithChildren);
    }
    throw error;
  }
}

/* ───────────── brands ───────────── */

function brandQuery(db: Kysely<Database>) {
  return db
    .selectFrom('catalogue_brands')
    .select((eb) => [
      'catalogue_brands.id',
      'catalogue_brands.version',
      'catalogue_brands.slug',
      'catalogue_brands.name',
      'catalogue_brands.country',
      'catalogue_brands.is_active',
      eb.selectFrom('products').select(eb.fn.countAll<string | number>().as('n')).whereRef('products.brand_id', '=', 'catalogue_brands.id').as('product_count'),
    ]);
}

type BrandRow = Awaited<ReturnType<ReturnType<typeof brandQuery>['executeTakeFirstOrThrow']>>;

function toBrandAdmin(row: BrandRow): BrandAdmin {
  return {
    id: row.id,
    version: toNumber(row.version),
    slug: row.slug,
    name: row.name,
    country: row.country,
    isActive: toNumber(row.is_active) === 1,
    productCount: toNumber(row.product_count ?? 0),
  };
}

export async function readBrandAdmin(db: Kysely<Database>, id: number): Promise<BrandAdmin | null> {
  const row = await brandQuery(db).where('catalogue_brands.id', '=', id).executeTakeFirst();
  return row ? toBrandAdmin(row) : null;
}

export async function listBrandsAdmin(db: Kysely<Database>): Promise<BrandAdmin[]> {
  return (await brandQuery(db).orderBy(sql`lower(catalogue_brands.name)`).orderBy('catalogue_brands.id').execute()).map(toBrandAdmin);
}

export const brandHistory = (db: Kysely<Database>, id: number) => entityHistory(db, 'brand', id);

const brandSnapshot = (value: Pick<BrandAdmin, 'name' | 'slug' | 'country' | 'isActive'>): Snapshot => ({ name: value.name, slug: value.slug, country: value.country, isActive: value.isActive });

export async function createBrandAdmin(db: Kysely<Database>, input: BrandAdminInput, actorId: number): Promise<BrandAdmin> {
  try {
    const id = await inTransaction(db, async (trx) => {
      const slug = await freeSlug(trx, 'catalogue_brands', input.name, 0);
      const row = await trx
        .insertInto('catalogue_brands')
        .values({ name: input.name, slug, country: input.country, is_active: input.isActive ? 1 : 0, version: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEntityChanges(trx, 'brand', row.id, 1, actorId, null, brandSnapshot({ ...input, slug }));
      return row.id;
    });
    return (await readBrandAdmin(db, id))!;
  } catch (error) {
    if (uniqueViolation(error)) throw slugBusy('name');
    throw error;
  }
}

export async function saveBrandAdmin(db: Kysely<Database>, id: number, input: BrandAdminUpdate, actorId: number): Promise<BrandAdmin> {
  const stale = (current: BrandAdmin) => new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.staleBrand, { current });
  try {
    await inTransaction(db, async (trx) => {
      const current = await readBrandAdmin(trx, id);
      if (!current) throw AppError.notFound(messages.brandNotFound, ERROR_CODES.BRAND_NOT_FOUND);
      if (current.version !== input.version) throw stale(current);
      const slug = input.name === current.name ? current.slug : await freeSlug(trx, 'catalogue_brands', input.name, id);
      const version = current.version + 1;
      const updated = await trx
        .updateTable('catalogue_brands')
        .set({ name: input.name, slug, country: input.country, is_active: input.isActive ? 1 : 0, version })
        .where('id', '=', id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw stale((await readBrandAdmin(trx, id))!);
      if (input.name !== current.name) await refreshSearchText(trx, 'brand_id', id);
      await recordEntityChanges(trx, 'brand', id, version, actorId, brandSnapshot(current), brandSnapshot({ ...input, slug }));
    });
  } catch (error) {
    if (uniqueViolation(error)) throw slugBusy('name');
    throw error;
  }
  return (await readBrandAdmin(db, id))!;
}
