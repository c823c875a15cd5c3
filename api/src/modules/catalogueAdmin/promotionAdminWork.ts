import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PromotionAdmin, PromotionAdminInput, PromotionAdminListQuery, PromotionAdminUpdate, PromotionCategory, PromotionEligibility, PromotionKind, PromotionType } from 'shared-contracts/schemas';
import { ERROR_CODES, foldedWords, foldVietnamese, promotionAdminStatus } from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database, PromotionsTable } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import { uniqueViolation } from '../auth';
import { parseCategories, parseJson, toImage, type StoredImageJson } from '../catalogue';
import { isUploadedImageKey, uploadedImageSize } from '../media';
import { insertEditedPromotion, saveEditedPromotion, setEditedPromotionActive, type PromotionEditorValues } from '../promotions';
import { entityHistory, recordEntityChanges, type Snapshot } from './catalogueHistory';

/**
 * The admin's promotions (shop-operations.md §2): read, create, save from a version, pause and resume. A save is
 * one statement guarded by `version = <the version edited>` and `used_count <= <the new limit>`, so neither a
 * concurrent save nor a redemption committed meanwhile (checkout's `used_count + 1 where used_count <
 * usage_limit`) can leave the limit below the used count. Orders keep the amounts they were placed with: nothing
 * here touches them.
 */

export const promotionAdminMessages = {
  notFound: 'Không tìm thấy khuyến mãi.',
  stale: 'Khuyến mãi vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại.',
  codeTaken: 'Mã khuyến mãi đã được dùng cho khuyến mãi khác (không phân biệt hoa thường, dấu và khoảng trắng).',
  limitBelowUsed: (used: number) => `Giới hạn lượt dùng không được nhỏ hơn số lượt đã dùng (${used.toLocaleString('vi-VN')}).`,
  imageUnknown: 'Ảnh không tồn tại hoặc chưa được tải lên.',
  created: 'Đã tạo khuyến mãi.',
  saved: 'Đã lưu khuyến mãi.',
  paused: 'Đã tạm ngưng khuyến mãi.',
  resumed: 'Đã tiếp tục khuyến mãi.',
} as const;
const messages = promotionAdminMessages;

type Row = Selectable<PromotionsTable>;

function toPromotionAdmin(row: Row): PromotionAdmin {
  const image = parseJson<StoredImageJson | null>(row.image, null) ?? { path: '', width: 0, height: 0, alt: '' };
  return {
    id: row.id,
    version: toNumber(row.version),
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type as PromotionType,
    value: toNumber(row.value),
    minOrder: toNumber(row.min_order),
    maxDiscount: row.max_discount === null ? null : toNumber(row.max_discount),
    validFrom: toIsoUtc(row.valid_from),
    validTo: toIsoUtc(row.valid_to),
    isActive: toNumber(row.is_active) === 1,
    usageLimit: toNumber(row.usage_limit),
    usedCount: toNumber(row.used_count),
    perCustomerLimit: toNumber(row.per_customer_limit),
    categories: parseCategories(row.categories) ?? [],
    kind: row.kind as PromotionKind,
    eligibility: row.eligibility as PromotionEligibility,
    minTier: row.min_tier === 'SILVER' || row.min_tier === 'GOLD' || row.min_tier === 'DIAMOND' ? row.min_tier : null,
    image: { path: image.path, ...toImage(image) },
    sortOrder: toNumber(row.sort_order),
  };
}

/** The fields the history compares (the used count is checkout's, not the admin's). */
function snapshot(promotion: Omit<PromotionAdmin, 'id' | 'version' | 'usedCount' | 'image'> & { image: { path: string; alt: string } }): Snapshot {
  return {
    code: promotion.code,
    title: promotion.title,
    description: promotion.description,
    type: promotion.type,
    value: promotion.value,
    minOrder: promotion.minOrder,
    maxDiscount: promotion.maxDiscount,
    validFrom: promotion.validFrom,
    validTo: promotion.validTo,
    isActive: promotion.isActive,
    usageLimit: promotion.usageLimit,
    perCustomerLimit: promotion.perCustomerLimit,
    categories: promotion.categories,
    kind: promotion.kind,
    eligibility: promotion.eligibility,
    minTier: promotion.minTier,
    image: { path: promotion.image.path, alt: promotion.image.alt },
    sortOrder: promotion.sortOrder,
  };
}

const canonical = (instant: string) => new Date(instant).toISOString();

function inputSnapshot(input: PromotionAdminInput): Snapshot {
  return snapshot({ ...input, validFrom: canonical(input.validFrom), validTo: canonical(input.validTo), categories: input.categories as PromotionCategory[] });
}

export async function readPromotionAdmin(db: Kysely<Database>, id: number): Promise<PromotionAdmin | null> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPromotionAdmin(row) : null;
}

/** Every promotion (a shop has tens), matched on its code or title without diacritics and on its status now. */
export async function listPromotionsAdmin(db: Kysely<Database>, query: PromotionAdminListQuery = {}, now = Date.now()): Promise<PromotionAdmin[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('sort_order').orderBy('id').execute();
  const words = foldedWords(query.q ?? '');
  return rows.map(toPromotionAdmin).filter((promotion) => {
    if (query.status && promotionAdminStatus(promotion, now) !== query.status) return false;
    const text = foldVietnamese(`${promotion.code} ${promotion.title}`);
    return words.every((word) => text.includes(word));
  });
}

export const promotionHistory = (db: Kysely<Database>, id: number) => entityHistory(db, 'promotion', id);

/** The banner: the promotion's own image, or a photo uploaded through the admin's upload route. */
async function resolveImage(uploadDir: string, input: PromotionAdminInput, current: StoredImageJson | null): Promise<StoredImageJson> {
  if (current && current.path === input.image.path) return { ...current, alt: input.image.alt };
  const unknown = () => new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.imageUnknown, [{ field: 'image.path', message: messages.imageUnknown }]);
  if (!isUploadedImageKey(input.image.path)) throw unknown();
  const size = await uploadedImageSize(uploadDir, input.image.path);
  if (!size) throw unknown();
  return { path: input.image.path, width: size.width, height: size.height, alt: input.image.alt };
}

function rowValues(input: PromotionAdminInput, image: StoredImageJson): PromotionEditorValues {
  return {
    code: input.code,
    title: input.title,
    description: input.description,
    type: input.type,
    value: input.value,
    min_order: input.minOrder,
    max_discount: input.maxDiscount,
    valid_from: canonical(input.validFrom),
    valid_to: canonical(input.validTo),
    is_active: input.isActive ? 1 : 0,
    usage_limit: input.usageLimit,
    per_customer_limit: input.perCustomerLimit,
    categories: input.categories.length > 0 ? JSON.stringify(input.categories) : null,
    kind: input.kind,
    eligibility: input.eligibility,
    min_tier: input.minTier,
    image: JSON.stringify(image),
    sort_order: input.sortOrder,
  };
}

const codeTaken = () => new AppError(409, ERROR_CODES.PROMOTION_CODE_TAKEN, messages.codeTaken, [{ field: 'code', message: messages.codeTaken }]);

async function assertCodeFree(trx: Kysely<Database>, code: string, ownId: number): Promise<void> {
  const taken = await trx.selectFrom('promotions').select('id').where('code', '=', code).where('id', '<>', ownId).executeTakeFirst();
  if (taken) throw codeTaken();
}

function staleSave(current: PromotionAdmin): AppErrorWithData {
  return new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.stale, { current });
}

function limitBelowUsed(used: number): AppError {
  const message = messages.limitBelowUsed(used);
  return new AppError(422, ERROR_CODES.USAGE_LIMIT_BELOW_USED, message, [{ field: 'usageLimit', message }]);
}

export async function createPromotionAdmin(uploadDir: string, db: Kysely<Database>, input: PromotionAdminInput, actorId: number): Promise<PromotionAdmin> {
  try {
    const id = await inTransaction(db, async (trx) => {
      await assertCodeFree(trx, input.code, 0);
      const image = await resolveImage(uploadDir, input, null);
      const id = await insertEditedPromotion(trx, rowValues(input, image));
      await recordEntityChanges(trx, 'promotion', id, 1, actorId, null, inputSnapshot(input));
      return id;
    });
    return (await readPromotionAdmin(db, id))!;
  } catch (error) {
    if (uniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** After a guarded update changed nothing: why (gone, stale, or the limit under the used count now). */
async function refusalAfterGuard(trx: Transaction<Database>, id: number, version: number, usageLimit: number | null): Promise<never> {
  const now = await readPromotionAdmin(trx, id);
  if (!now) throw AppError.notFound(messages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
  if (now.version !== version) throw staleSave(now);
  if (usageLimit !== null && now.usedCount > usageLimit) throw limitBelowUsed(now.usedCount);
  throw staleSave(now);
}

export async function savePromotionAdmin(uploadDir: string, db: Kysely<Database>, id: number, input: PromotionAdminUpdate, actorId: number): Promise<PromotionAdmin> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await readPromotionAdmin(trx, id);
      if (!current) throw AppError.notFound(messages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
      if (current.version !== input.version) throw staleSave(current);
      if (input.code !== current.code) await assertCodeFree(trx, input.code, id);
      if (input.usageLimit < current.usedCount) throw limitBelowUsed(current.usedCount);
      const row = await trx.selectFrom('promotions').select('image').where('id', '=', id).executeTakeFirstOrThrow();
      const image = await resolveImage(uploadDir, input, parseJson<StoredImageJson | null>(row.image, null));
      const version = current.version + 1;
      if (!(await saveEditedPromotion(trx, id, rowValues(input, image), { version: input.version, usageLimit: input.usageLimit }))) {
        await refusalAfterGuard(trx, id, input.version, input.usageLimit);
      }
      await recordEntityChanges(trx, 'promotion', id, version, actorId, snapshot(current), inputSnapshot(input));
    });
  } catch (error) {
    if (uniqueViolation(error)) throw codeTaken();
    throw error;
  }
  return (await readPromotionAdmin(db, id))!;
}

/** Pause (false) or resume (true): checkout refuses a paused code with its "tạm ngưng" message. */
export async function setPromotionActiveAdmin(db: Kysely<Database>, id: number, isActive: boolean, version: number, actorId: number): Promise<PromotionAdmin> {
  await inTransaction(db, async (trx) => {
    const current = await readPromotionAdmin(trx, id);
    if (!current) throw AppError.notFound(messages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
    if (current.version !== version) throw staleSave(current);
    const next = version + 1;
    if (!(await setEditedPromotionActive(trx, id, isActive, version))) await refusalAfterGuard(trx, id, version, null);
    await recordEntityChanges(trx, 'promotion', id, next, actorId, { isActive: current.isActive }, { isActive });
  });
  return (await readPromotionAdmin(db, id))!;
}
