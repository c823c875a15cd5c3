import type { Kysely } from 'kysely';

/** STUB (issue 49): the owning helper writes this migration. */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
