import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider, type MigrationResult } from 'kysely/migration';
import { migrations } from './migrations';

/** The migrations of src/db/migrations as a static Kysely MigrationProvider. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

export interface MigrationReport {
  /** Names of the migrations this run applied, in order (empty when the database was up to date). */
  applied: string[];
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Runs every pending migration, each in its own transaction, under Kysely's migration lock. Throws on failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationReport> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations failed: ${reason}`,
      results,
      { cause: error },
    );
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}

/** Names of the migrations not yet applied. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const infos = await createMigrator(db).getMigrations();
  return infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
}
