import { sql, type Kysely } from 'kysely';

/**
 * An invoice's corrections found by the invoice they correct (issue 64): the owner's list shows whether each was
 * adjusted, an owner's adjustment sums the chain, and the queue releases adjustments whose invoice is issued.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('e_invoices_corrects_idx').on('e_invoices').column('corrects_id').where(sql.ref('corrects_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('e_invoices_corrects_idx').ifExists().execute();
}
