import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import { uniqueViolation } from '../auth';
import { recordEntityChanges, type HistoryEntity, type Snapshot } from './catalogueHistory';
import { firstFreeSlug, slugFromName } from './productSlug';

/**
 * The save every versioned catalogue item without its own rules shares (services, packages): read the item in the
 * transaction, refuse a stale version with 409 and the current values, apply the change with one statement guarded
 * by `version = <the version edited>` (a concurrent save that committed first makes it change nothing: 409 too),
 * and record the changed fields in `catalogue_changes`, all or nothing.
 */
export interface VersionedKind<Item extends { version: number }> {
  table: 'services' | 'service_packages';
  entity: HistoryEntity;
  read: (db: Kysely<Database>, id: number) => Promise<Item | null>;
  /** The fields the history compares. */
  snapshot: (item: Item) => Snapshot;
  notFound: () => AppError;
  staleMessage: string;
  slugBusyMessage: string;
}

export interface VersionedChange {
  /** The row's new column values (the version is added). */
  values: Record<string, unknown>;
  /** The history's view of the item after the change. */
  after: Snapshot;
  /** Other rows the change writes, after the guarded update succeeded (a package's credits). */
  alsoWrite?: (trx: Transaction<Database>, id: number) => Promise<void>;
}

export const staleVersion = (message: string, current: unknown) => new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, message, { current });

export async function writeAtVersion<Item extends { version: number }>(
  db: Kysely<Database>,
  kind: VersionedKind<Item>,
  id: number,
  version: number,
  actorId: number,
  change: (trx: Transaction<Database>, current: Item) => Promise<VersionedChange>,
): Promise<Item> {
  await inTransaction(db, async (trx) => {
    const current = await kind.read(trx, id);
    if (!current) throw kind.notFound();
    if (current.version !== version) throw staleVersion(kind.staleMessage, current);
    const { values, after, alsoWrite } = await change(trx, current);
    const next = version + 1;
    const updated = await trx
      .updateTable(kind.table as 'services')
      .set({ ...values, version: next })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const now = await kind.read(trx, id);
      if (!now) throw kind.notFound();
      throw staleVersion(kind.staleMessage, now);
    }
    await alsoWrite?.(trx, id);
    await recordEntityChanges(trx, kind.entity, id, next, actorId, kind.snapshot(current), after);
  });
  return (await kind.read(db, id))!;
}

/** Slugs stay within the tables' 80 characters, with room for a "-NN" suffix. */
const SLUG_BASE_MAX = 70;

/** A new item: its slug from the folded name (the first free one), its row, its history as created. */
export async function createVersioned<Item extends { version: number }>(
  db: Kysely<Database>,
  kind: VersionedKind<Item>,
  name: string,
  actorId: number,
  change: (trx: Transaction<Database>) => Promise<VersionedChange>,
): Promise<Item> {
  try {
    const id = await inTransaction(db, async (trx) => {
      const base = slugFromName(name).slice(0, SLUG_BASE_MAX).replace(/-+$/, '');
      const taken = await trx
        .selectFrom(kind.table as 'services')
        .select('slug')
        .where('slug', 'like', `${base}%`)
        .execute();
      const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
      const { values, after, alsoWrite } = await change(trx);
      const row = await trx
        .insertInto(kind.table as 'services')
        .values({ ...values, slug, version: 1 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await alsoWrite?.(trx, row.id);
      await recordEntityChanges(trx, kind.entity, row.id, 1, actorId, null, after);
      return row.id;
    });
    return (await kind.read(db, id))!;
  } catch (error) {
    // Two creates of the same name at once: the slug's unique index refuses the second.
    if (uniqueViolation(error)) throw new AppError(409, ERROR_CODES.SLUG_BUSY, kind.slugBusyMessage, [{ field: 'name', message: kind.slugBusyMessage }]);
    throw error;
  }
}

/** A page of a list: the page's items and the counts around them. */
export function pageOf<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
}
