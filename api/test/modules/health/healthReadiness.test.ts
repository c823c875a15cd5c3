import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthSchema, livenessResponseSchema, readinessResponseSchema, readinessSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import type { Config } from '../../../src/config';
import { migrations } from '../../../src/db/migrations';
import { memoryEventBus } from '../../../src/events/eventBus';
import { systemClock } from '../../../src/security/clock';
import { createSessionRevocation } from '../../../src/security/sessionRevocation';
import { testConfig } from '../../support/authTestKit';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { startSilentServer, type SilentServer } from '../../support/silentServer';

/** Nothing listens there (the shared Redis is on 6379): a Redis that is down. */
const CLOSED_REDIS_URL = 'redis://:secret-password@127.0.0.1:6390';
const LOCAL_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const NOT_READY = { success: false, code: 'NOT_READY' };

describe.each(testDatabases())('readiness and liveness on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  const apps: App[] = [];
  const folders: string[] = [];

  const start = async (overrides: Partial<Config> = {}, db = scratch.db): Promise<App> => {
    const config = testConfig(overrides);
    folders.push(config.uploadDir);
    // Sessions revoked and appointment events in process: their own Redis connections do not close while Redis is down.
    const revocation = createSessionRevocation({ db, clock: systemClock, config: { ...config, redisUrl: null, databaseUrl: null } });
    const app = buildTestApp(db, { context: { config, revocation, events: memoryEventBus() }, healthDatabaseTimeoutMs: 500 });
    apps.push(app);
    await app.ready();
    return app;
  };
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('answers 200 with every check ok when all is well (no Redis configured: no Redis check)', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = readinessResponseSchema.parse(response.json());
    expect(data.status).toBe('ok');
    expect(data.checks.database).toMatchObject({ ok: true, dialect: target.dialect, latencyMs: expect.any(Number) });
    expect(data.checks.uploads.ok).toBe(true);
    expect(data.checks.migrations).toMatchObject({ ok: true, pending: [] });
    expect(data.checks.redis).toBeUndefined();
  });

  it('checks a Redis that answers, and stays 200', async () => {
    const app = await start({ redisUrl: LOCAL_REDIS_URL });
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(readinessSchema.parse(response.json().data).checks.redis).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
  });

  it('stays ready but degraded, naming Redis, when REDIS_URL points at a closed port, quickly and without the URL', async () => {
    // Customers are still served without Redis (only sign-in throttling and the live bus are down): a balancer that
    // took every instance out for it would make a Redis outage a full outage.
    const app = await start({ redisUrl: CLOSED_REDIS_URL });
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.status).toBe('degraded');
    const { checks } = readinessSchema.parse(body.data);
    expect(checks.redis).toMatchObject({ ok: false, latencyMs: null, message: 'Không kết nối được Redis.' });
    expect(checks.redis?.reason).toMatch(/^(ECONNREFUSED|timeout|MaxRetriesPerRequestError)$/);
    expect(checks.database.ok).toBe(true);
    expect(checks.uploads.ok).toBe(true);
    expect(response.body).not.toMatch(/6390|secret-password|redis:\/\/|at .*\.ts/);

    // The earlier report tells the truth too: it no longer says 200 "ok" while every login fails.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ success: false, code: 'REDIS_UNREACHABLE', message: 'Không kết nối được Redis.' });
    expect(healthSchema.parse(health.json().data)).toMatchObject({ status: 'degraded', database: { reachable: true }, redis: { reachable: false, latencyMs: null } });

    // And the metrics say so.
    const metrics = await app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { authorization: `Bearer ${(await app.accessTokens.issue({ userId: 1, role: 'admin' })).token}` } });
    expect(metrics.body).toMatch(/^evshop_redis_up 0$/m);
  });

  it('answers 503 once the instance drains before stopping, while requests are still served with Connection: close', async () => {
    const app = await start();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).headers.connection).not.toBe('close');
    app.drain.begin();
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ ...NOT_READY, message: 'Hệ thống chưa sẵn sàng: máy chủ này đang dừng, yêu cầu mới được chuyển sang máy chủ khác.' });
    expect(readinessSchema.parse(response.json().data)).toMatchObject({ status: 'unready', stopping: true, checks: { database: { ok: true } } });
    const served = await app.inject({ method: 'GET', url: '/api/centres' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    // Leaving: a read is turned away with 502 (nginx retries it elsewhere and stops choosing this instance); a write
    // that still arrives is served.
    app.drain.leave();
    const turnedAway = await app.inject({ method: 'GET', url: '/api/centres' });
    expect(turnedAway.statusCode).toBe(502);
    expect(turnedAway.json()).toEqual({ success: false, code: 'INSTANCE_STOPPING', message: 'Máy chủ này đang dừng. Vui lòng thử lại.' });
    expect(turnedAway.headers.connection).toBe('close');
    const write = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(write.statusCode).toBe(200);
    expect(write.headers.connection).toBe('close');
  });

  it('answers 503 naming the upload folder when it cannot be written', async () => {
    // A folder under a regular file can be neither made nor written, whoever runs the tests (root included).
    const parent = mkdtempSync(path.join(tmpdir(), 'ev-not-a-folder-'));
    folders.push(parent);
    const file = path.join(parent, 'file');
    writeFileSync(file, 'x');
    const app = await start({ uploadDir: path.join(file, 'uploads') });
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ ...NOT_READY, message: 'Hệ thống chưa sẵn sàng: không ghi được vào thư mục tải lên (UPLOAD_DIR).' });
    expect(readinessSchema.parse(body.data).checks.uploads).toMatchObject({ ok: false, reason: 'ENOTDIR' });
    expect(response.body).not.toContain(parent);
  });

  it('answers 503 with the pending migration when one is not applied', async () => {
    const names = Object.keys(migrations);
    const last = names[names.length - 1]!;
    const row = await scratch.db.selectFrom('kysely_migration' as never).selectAll().where('name' as never, '=', last as never).executeTakeFirstOrThrow();
    await scratch.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', last as never).execute();
    try {
      const app = await start();
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body).toMatchObject({ ...NOT_READY, message: 'Hệ thống chưa sẵn sàng: cơ sở dữ liệu còn migration chưa chạy.' });
      expect(readinessSchema.parse(body.data).checks.migrations).toMatchObject({ ok: false, reason: 'pending', pending: [last] });
      expect(body.data.checks.database.ok).toBe(true);
    } finally {
      await scratch.db.insertInto('kysely_migration' as never).values(row as never).execute();
    }
    const again = await (await start()).inject({ method: 'GET', url: '/api/health/ready' });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 naming the database when it is gone, while liveness still answers 200', async () => {
    const gone = scratch.connect();
    await gone.selectFrom('service_centres').select('id').execute();
    await gone.destroy();
    const app = await start({}, gone);
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ ...NOT_READY, message: 'Hệ thống chưa sẵn sàng: không kết nối được cơ sở dữ liệu.' });
    const { checks } = readinessSchema.parse(body.data);
    expect(checks.database).toMatchObject({ ok: false, dialect: target.dialect, latencyMs: null, message: 'Không kết nối được cơ sở dữ liệu.' });
    expect(checks.migrations).toMatchObject({ ok: false, reason: 'database' });
    expect(checks.uploads.ok).toBe(true);

    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(livenessResponseSchema.parse(live.json()).data).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(live.headers['cache-control']).toBe('no-store');
  });
});

describe('readiness when the database hangs', () => {
  // Accepts TCP connections and never says a word: a PostgreSQL server that hangs.
  let silent: SilentServer;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());

  it('gives up after the deadline (not twice: the schema is not read from a database that does not answer)', async () => {
    const { createDatabase } = await import('../../../src/db/createDatabase');
    const db = createDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${silent.port}/hang`, sqliteFile: ':memory:' });
    const config = testConfig();
    const app = buildTestApp(db, { context: { config }, healthDatabaseTimeoutMs: 300 });
    try {
      await app.ready(); // (waits up to 1 s for the session-revocation feed, which reads the same hung database)
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      const elapsed = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json().data.checks.database).toMatchObject({ ok: false, reason: 'timeout' });
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1_000);
    } finally {
      await app.close();
      silent.dropConnections();
      await db.destroy();
      rmSync(config.uploadDir, { recursive: true, force: true });
    }
  });
});
