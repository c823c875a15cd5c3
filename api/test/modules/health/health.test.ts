import { errorEnvelopeSchema, healthResponseSchema, healthSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { createDatabase } from '../../../src/db/createDatabase';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { startSilentServer, type SilentServer } from '../../support/silentServer';

describe.each(productionDatabase())('GET /api/health on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 200 with a body that matches the shared healthResponseSchema (provider contract)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = healthResponseSchema.parse(response.json());
    expect(body.message).toBe('Thành công');
    expect(body.data.status).toBe('ok');
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.data.database).toEqual({ dialect: target.dialect, reachable: true, latencyMs: expect.any(Number) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 DATABASE_UNREACHABLE with the health report when the database is gone', async () => {
    const gone = scratch.connect();
    await gone.selectFrom('service_centres').select('id').execute(); // connected once...
    await gone.destroy(); // ...then closed: every query fails from now on
    const degraded = buildTestApp(gone);
    try {
      const response = await degraded.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(errorEnvelopeSchema.parse(body)).toMatchObject({
        success: false,
        code: 'DATABASE_UNREACHABLE',
        message: 'Không kết nối được cơ sở dữ liệu.',
      });
      expect(healthSchema.parse(body.data)).toMatchObject({
        status: 'degraded',
        database: { dialect: target.dialect, reachable: false, latencyMs: null },
      });
    } finally {
      await degraded.close();
    }
  });
});

describe('GET /api/health when the database does not answer in time', () => {
  // Accepts TCP connections and never says a word: a PostgreSQL server that hangs.
  let silent: SilentServer;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());

  it('gives up after the deadline and answers 503', async () => {
    const db = createDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${silent.port}/hang`, sqliteFile: ':memory:' });
    const app = buildTestApp(db, { healthDatabaseTimeoutMs: 300 });
    try {
      // the deadline is the health check's: the app's own start (every module's routes) is not timed
      await app.ready();
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const elapsed = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'DATABASE_UNREACHABLE',
        data: { status: 'degraded', database: { dialect: 'postgres', reachable: false, latencyMs: null } },
      });
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      await app.close();
      silent.dropConnections();
      await db.destroy();
    }
  });

  it('uses a 2 s deadline by default', async () => {
    const { DEFAULT_DATABASE_TIMEOUT_MS } = await import('../../../src/modules/health/healthService');
    expect(DEFAULT_DATABASE_TIMEOUT_MS).toBe(2_000);
  });
});
