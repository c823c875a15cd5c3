import type { Kysely, Transaction } from 'kysely';
import type { CatalogueChange } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { parseJson } from '../catalogue';

/**
 * The history rows of products, promotions, categories, brands, services and packages in `catalogue_changes` (who, when, field,
 * before → after as JSON), written in the save's transaction.
 */
export type HistoryEntity = 'product' | 'promotion' | 'category' | 'brand' | 'service' | 'package';

export type Snapshot = Record<string, unknown>;

/** The fields among `compared` (default: the keys of `after`) whose values differ between `before` (null: created) and `after`. */
export function changedFields(before: Snapshot | null, after: Snapshot, compared: readonly string[] = Object.keys(after)): string[] {
  return compared.filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after[field] ?? null));
}

export interface ChangeRow {
  entity: HistoryEntity;
  entity_id: number;
  version: number;
  field: string;
  before_value: string | null;
  after_value: string;
  actor_id: number;
}

/** The `catalogue_changes` rows of one save: one per field, before (null: created) → after as JSON. */
export function changeRows(entity: HistoryEntity, entityId: number, version: number, actorId: number, before: Snapshot | null, after: Snapshot, fields: readonly string[]): ChangeRow[] {
  return fields.map((field) => ({
    entity,
    entity_id: entityId,
    version,
    field,
    before_value: before === null ? null : JSON.stringify(before[field] ?? null),
    after_value: JSON.stringify(after[field] ?? null),
    actor_id: actorId,
  }));
}

/** Records the fields whose values differ between `before` (null: created) and `after`, among `compared` (default: every field of `after`). */
export async function recordEntityChanges(
  trx: Transaction<Database>,
  entity: HistoryEntity,
  entityId: number,
  version: number,
  actorId: number,
  before: Snapshot | null,
  after: Snapshot,
  compared?: readonly string[],
): Promise<void> {
  const fields = changedFields(before, after, compared);
  if (fields.length === 0) return;
  await trx.insertInto('catalogue_changes').values(changeRows(entity, entityId, version, actorId, before, after, fields)).execute();
}

/** An item's changes, newest first; `field` narrows them (a product's price history: field=price). */
export async function entityHistory(db: Kysely<Database>, entity: HistoryEntity, entityId: number, field?: string): Promise<CatalogueChange[]> {
  let query = db
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
    .where('catalogue_changes.entity_id', '=', entityId);
  if (field) query = query.where('catalogue_changes.field', '=', field);
  const rows = await query.orderBy('catalogue_changes.id', 'desc').limit(500).execute();
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
