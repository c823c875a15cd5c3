import type { Kysely } from 'kysely';

/** Parts requests (work package 2): a technician's request for a part, staff's decision, the customer's approval, reservation and issue. Filled in by the parts-request work. */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
