import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Health } from 'shared-contracts/schemas';
import type { Dialect } from '../../db/portable';

export const DEFAULT_DATABASE_TIMEOUT_MS = 2_000;

export interface DatabaseProbe {
  reachable: boolean;
  /** Round trip of `select 1` in ms, null when the database did not answer. */
  latencyMs: number | null;
}

class ProbeTimeout extends Error {}

/** `select 1` with a deadline: unreachable when it fails or takes longer than `timeoutMs`. */
export async function probeDatabase(db: Kysely<any>, timeoutMs: number = DEFAULT_DATABASE_TIMEOUT_MS): Promise<DatabaseProbe> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), timeoutMs);
    timer.unref();
  });
  const query = sql`select 1 as ok`.execute(db);
  query.catch(() => undefined); // a late failure after the deadline must not become an unhandled rejection
  try {
    await Promise.race([query, deadline]);
    return { reachable: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { reachable: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthDependencies {
  db: Kysely<any>;
  dialect: Dialect;
  version: string;
  timeoutMs?: number;
}

/** The health report of /api/health. */
export async function readHealth({ db, dialect, version, timeoutMs }: HealthDependencies): Promise<Health> {
  const probe = await probeDatabase(db, timeoutMs);
  return {
    status: probe.reachable ? 'ok' : 'degraded',
    version,
    uptimeSeconds: Math.floor(process.uptime()),
    database: { dialect, reachable: probe.reachable, latencyMs: probe.latencyMs },
  };
}
