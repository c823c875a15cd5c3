import type { Kysely } from 'kysely';

// Filled in by the feature that owns these tables.
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
