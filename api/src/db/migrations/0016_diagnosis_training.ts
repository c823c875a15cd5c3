import type { Kysely } from 'kysely';

/**
 * The diagnosis ranking's learned counts and its evaluation, trained with the wear models (spec predictive.md §3
 * "Evaluation … shown on the model page"): prediction_models.diagnosis holds, as JSON, the symptom × component
 * counts of our closed orders with recorded symptoms and the top-1 / top-3 accuracy on the held-out orders next
 * to the knowledge base alone. The API reads the counts from the served version instead of counting every closed
 * order itself. Null on runs from before this column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('prediction_models').addColumn('diagnosis', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('prediction_models').dropColumn('diagnosis').execute();
}
