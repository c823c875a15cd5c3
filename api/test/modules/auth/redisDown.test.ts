import type { App } from '../../../src/app';
import type { Config } from '../../../src/config';
import { CountersUnavailableError, redisCounterStore } from '../../../src/security/counters';
import { Redis } from 'ioredis';
import { rmSync } from 'node:fs';
import { buildTestApp } from '../../support/testApp';
import { oneDatabase, useScratchDatabase } from '../../support/testDatabases';
import { testConfig } from '../../support/authTestKit';
import { startSilentServer } from '../../support/silentServer';
import { freePort, startRedis, stopRedis } from '../../support/redisServer';

const LOGIN_DOWN = {
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: 'Hệ thống tạm thời không đăng nhập được, vui lòng thử lại sau ít phút.',
};
const LOGIN_BODY = { email: 'khong.ton.tai@example.vn', emailOrPhone: 'khong.ton.tai@example.vn', password: 'SaiMatKhau@1' };

describe.each(oneDatabase())('sign-in while Redis is down, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  const apps: App[] = [];
  const configs: Config[] = [];

  const start = async (redisUrl: string): Promise<App> => {
    const config = testConfig({ redisUrl });
    configs.push(config);
    // Every Redis user of the app is real here: counters, session revocation and appointment events.
    const app = buildTestApp(scratch.db, { context: { config } });
    apps.push(app);
    await app.ready();
    return app;
  };
  const login = (app: App) => app.inject({ method: 'POST', url: '/api/auth/login', payload: LOGIN_BODY });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const config of configs) rmSync(config.uploadDir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE in Vietnamese, not 500, and quickly, when nothing listens at REDIS_URL', async () => {
    const app = await start('redis://127.0.0.1:6390');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const started = Date.now();
      const response = await login(app);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(LOGIN_DOWN);
      expect(response.headers['retry-after']).toBe('30');
    }
  });

  it('closes within a second and a half while Redis is down: shutdown never waits for a dead broker', async () => {
    const app = buildTestApp(scratch.db, { context: { config: testConfig({ redisUrl: 'redis://127.0.0.1:6390' }) } });
    await app.ready();
    expect((await login(app)).statusCode).toBe(503);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('says so for a code request too (password reset)', async () => {
    const app = await start('redis://127.0.0.1:6390');
    const response = await app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email: 'ai.do@example.vn' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Hệ thống tạm thời không gửi được mã, vui lòng thử lại sau ít phút.',
    });
  });

  it('gives up on a Redis that accepts the connection and never answers within about a second', async () => {
    const silent = await startSilentServer();
    try {
      const app = await start(`redis://127.0.0.1:${silent.port}`);
      const started = Date.now();
      const response = await login(app);
      const elapsed = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(LOGIN_DOWN);
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });

  it('signs in again once Redis is back (its own redis-server, stopped and started)', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    try {
      const app = await start(`redis://127.0.0.1:${port}`);
      expect((await login(app)).statusCode).toBe(401); // counters work: a wrong password is a 401

      await stopRedis(redis);
      const started = Date.now();
      const down = await login(app);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(LOGIN_DOWN);

      redis = await startRedis(port);
      let status = 0;
      for (let waited = 0; waited < 5_000 && status !== 401; waited += 200) {
        status = (await login(app)).statusCode;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(401);
    } finally {
      await stopRedis(redis);
    }
  });
});

describe('Redis counters when Redis fails', () => {
  it('throw CountersUnavailableError (503) within their deadline on a Redis that never answers', async () => {
    const silent = await startSilentServer();
    const redis = new Redis(silent.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    try {
      const store = redisCounterStore(redis, { timeoutMs: 300 });
      const started = Date.now();
      const failure = await store.increment('k', 60_000).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(failure).toBeInstanceOf(CountersUnavailableError);
      expect(failure).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      await expect(store.get('k')).rejects.toBeInstanceOf(CountersUnavailableError);
      await expect(store.reset('k')).rejects.toBeInstanceOf(CountersUnavailableError);
    } finally {
      redis.disconnect();
      await silent.close();
    }
  });
});
