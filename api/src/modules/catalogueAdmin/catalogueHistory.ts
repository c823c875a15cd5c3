import type { Kysely, Transaction } from 'kysely';
import type { CatalogueChange } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { parseJson } from '../catalogue/catalogueMapping';

/**
 * The history rows of promotions, categories and brands in `catalogue_changes` (as products': who, when, field,
 * before → after as JSON), written in the save's transaction.
 */
export type HistoryEntity = 'promotion' | 'category' | 'brand';

export type Snapshot = Record<string, unknown>;

/** Records the fields whose values differ between `before` (null: created) and `after`. */
export async function recordEntityChanges(trx: Transaction<Database>, entity: HistoryEntity, entityId: number, version: number, actorId: number, before: Snapshot | null, after: Snapshot): Promise<void> {
  const fields = Object.keys(after).filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after[field] ?? null));
  if (fields.length === 0) return;
  await trx
    .insertInto('catalogue_changes')
    .values(
      fields.map((field) => ({
        entity,
        entity_id: entityId,
        version,
        field,
        before_value: before === null ? null : JSON.stringify(before[field] ?? null),
        after_value: JSON.stringify(after[field] ?? null),
        actor_id: actorId,
      })),
    )
    .execute();
}

/** An item's changes, newest first. */
export async function entityHistory(db: Kysely<Database>, entity: HistoryEntity, entityId: number): Promise<CatalogueChange[]> {
  const rows = await db
    .selectFrom('catalogue_changes')
    .leftJoin('users', 'users.id', 'catalogue_changes.actor_id')
    .select([
      'catalogue_changes.id',
      'catalogue_changes.version',
      'catalogue_changes.field',
      'catalogue_changes.before_value',
      'catalogue_changes.after_value',
      'catalogue_changes.changed_at',
      'users.id as actor_id',
      'users.full_name as actor_name',
    ])
    .where('catalogue_changes.entity', '=', entity)
    .where('catalogue_changes.entity_id', '=', entityId)
    .orderBy('catalogue_changes.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: toNumber(row.version),
    field: row.field,
    before: parseJson<unknown>(row.before_value, null),
    after: parseJson<unknown>(row.after_value, null),
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
    changedAt: toIsoUtc(row.changed_at),
  }));
}
