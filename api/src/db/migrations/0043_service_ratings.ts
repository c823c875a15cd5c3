import type { Kysely } from 'kysely';

/** The service ratings (issue 48). */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
