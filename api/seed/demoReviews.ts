import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/** Seeds the demo product reviews (issue 48); resolves to the rows written. */
export async function seedDemoReviews(_db: Kysely<Database>, _now: Date = new Date()): Promise<number> {
  return 0;
}
