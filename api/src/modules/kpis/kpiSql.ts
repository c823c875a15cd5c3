import { sql, type RawBuilder } from 'kysely';

/** `and <column> = centreId`, or nothing for every centre. */
export function centreFilter(column: string, centreId: number | null): RawBuilder<unknown> {
  return centreId === null ? sql`` : sql`and ${sql.ref(column)} = ${centreId}`;
}
