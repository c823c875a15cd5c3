import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Readiness, ReadinessCheck } from 'shared-contracts/schemas';
import { migrations } from '../../db/migrations';
import { objectStoreAt } from '../../objectStorage';
import type { Dialect } from '../../db/portable';
import { DEFAULT_DATABASE_TIMEOUT_MS, DEFAULT_REDIS_TIMEOUT_MS, probe, probeDatabase, probeRedis, type Probe } from './healthService';

/** How long writing and removing the probe file in the upload folder may take. */
export const UPLOADS_TIMEOUT_MS = 2_000;
/** Kysely's bookkeeping table of applied migrations (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/** What each failing check says, in Vietnamese: the 503's message lists them. */
export const readinessProblems = {
  database: 'không kết nối được cơ sở dữ liệu',
  redis: 'không kết nối được Redis',
  uploads: 'không ghi được vào thư mục tải lên (UPLOAD_DIR)',
  bucket: 'không truy cập được bucket lưu tệp (S3_BUCKET)',
  migrations: 'cơ sở dữ liệu còn migration chưa chạy',
  migrationsUnchecked: 'chưa kiểm tra được migration vì cơ sở dữ liệu không trả lời',
  stopping: 'máy chủ này đang dừng, yêu cầu mới được chuyển sang máy chủ khác',
} as const;

export interface ReadinessDependencies {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
  db: Kysely<any>;
  dialect: Dialect;
  version: string;
  /** The counters' Redis, when the API is configured with one (REDIS_URL). */
  redis: Redis | null;
  uploadDir: string;
  databaseTimeoutMs?: number;
  redisTimeoutMs?: number;
  /** True once the instance drains before stopping (http/drain.ts). */
  stopping?: boolean;
}

const sentence = (problem: string) => `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;

function fromProbe(result: Probe, problem: string): ReadinessCheck {
  if (result.reachable) return { ok: true, latencyMs: result.latencyMs };
  return { ok: false, latencyMs: null, reason: result.reason, message: sentence(problem) };
}

/** The folder exists (or is made, as the first upload would) and takes a file: one written and removed; and the bucket answers when there is one. */
export async function checkUploads(uploadDir: string, timeoutMs: number = UPLOADS_TIMEOUT_MS): Promise<ReadinessCheck> {
  const result = await probe(async () => {
    await mkdir(uploadDir, { recursive: true });
    const file = path.join(uploadDir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
    await writeFile(file, '', { flag: 'wx' });
    await unlink(file);
  }, timeoutMs);
  if (!result.reachable) return fromProbe(result, readinessProblems.uploads);
  // Stored files in an S3 bucket (S3_BUCKET): the bucket answers HeadBucket too (the folder keeps the encoder's temporaries).
  const store = objectStoreAt(uploadDir);
  if (store.kind !== 's3') return fromProbe(result, readinessProblems.uploads);
  return fromProbe(await probe(() => store.check(), timeoutMs), readinessProblems.bucket);
}

/**
 * Every migration of this build (db/migrations/index.ts) is applied. A table of applied migrations that cannot be
 * read (a database never migrated) counts as all of them pending. Names applied by a newer build are not a problem:
 * during a rolling deploy the older instances keep serving.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export async function checkMigrations(db: Kysely<any>, timeoutMs: number = DEFAULT_DATABASE_TIMEOUT_MS): Promise<ReadinessCheck & { pending: string[] }> {
  const known = Object.keys(migrations);
  let applied = new Set<string>();
  const result = await probe(async () => {
    const rows = await db.selectFrom(MIGRATION_TABLE).select('name').execute();
    applied = new Set(rows.map((row: { name: string }) => row.name));
  }, timeoutMs);
  const pending = result.reachable ? known.filter((name) => !applied.has(name)) : known;
  if (pending.length === 0) return { ok: true, latencyMs: result.latencyMs, pending };
  return { ok: false, latencyMs: result.latencyMs, reason: result.reachable ? 'pending' : result.reason, message: sentence(readinessProblems.migrations), pending };
}

/** Readiness: the database, Redis when configured, the upload folder and the schema, checked at once. */
export async function readReadiness(deps: ReadinessDependencies): Promise<Readiness> {
  const databaseTimeoutMs = deps.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const [database, redis, uploads] = await Promise.all([
    probeDatabase(deps.db, databaseTimeoutMs),
    deps.redis ? probeRedis(deps.redis, deps.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS) : undefined,
    checkUploads(deps.uploadDir),
  ]);
  // The schema is read only from a database that answers (else its check would wait out the same deadline again).
  const migrationsCheck = database.reachable
    ? await checkMigrations(deps.db, databaseTimeoutMs)
    : { ok: false, latencyMs: null, reason: 'database', message: sentence(readinessProblems.migrationsUnchecked), pending: [] };
  const checks: Readiness['checks'] = {
    database: { dialect: deps.dialect, ...fromProbe(database, readinessProblems.database) },
    ...(redis ? { redis: fromProbe(redis, readinessProblems.redis) } : {}),
    uploads,
    migrations: migrationsCheck,
  };
  // Redis down costs sign-in throttling and the cross-instance bus, not the shop: degraded, still ready.
  const serving = checks.database.ok && uploads.ok && migrationsCheck.ok && !deps.stopping;
  const status = !serving ? 'unready' : Object.values(checks).every((check) => check.ok) ? 'ok' : 'degraded';
  return { status, ...(deps.stopping ? { stopping: true } : {}), version: deps.version, uptimeSeconds: Math.floor(process.uptime()), checks };
}

/** The 503's message: what is not ready, in Vietnamese ('Hệ thống chưa sẵn sàng: không kết nối được Redis.'). */
export function notReadyMessage(readiness: Readiness): string {
  const problems: string[] = [];
  const { database, redis, uploads, migrations: schema } = readiness.checks;
  if (readiness.stopping) problems.push(readinessProblems.stopping);
  if (!database.ok) problems.push(readinessProblems.database);
  if (redis && !redis.ok) problems.push(readinessProblems.redis);
  if (!uploads.ok) problems.push(uploads.message === sentence(readinessProblems.bucket) ? readinessProblems.bucket : readinessProblems.uploads);
  if (!schema.ok && database.ok) problems.push(readinessProblems.migrations);
  return `Hệ thống chưa sẵn sàng: ${problems.join('; ')}.`;
}
