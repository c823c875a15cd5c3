import path from 'node:path';
import { describeDatabase, loadConfig, REPO_ROOT } from '../src/config';
import { startingClock } from '../src/security/clock';

describe('loadConfig', () => {
  it('has defaults for a local run on SQLite', () => {
    // Account settings (JWT, SMTP, Redis, uploads, Google) are covered by test/auth/authConfig.test.ts.
    expect(loadConfig({})).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: null,
      sqliteFile: path.join(REPO_ROOT, 'data', 'ev-shop.sqlite'),
      logLevel: 'info',
      nodeEnv: 'development',
    });
    expect(path.basename(REPO_ROOT)).not.toBe('api');
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://evshop@db:5432/evshop',
      SQLITE_FILE: 'tmp/x.sqlite',
      LOG_LEVEL: 'DEBUG',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://evshop@db:5432/evshop',
      sqliteFile: path.resolve('tmp/x.sqlite'),
      logLevel: 'debug',
      nodeEnv: 'production',
    });
  });

  it('treats empty values as unset and rejects nonsense', () => {
    expect(loadConfig({ DATABASE_URL: '  ', PORT: '' })).toMatchObject({ databaseUrl: null, port: 4000 });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('describeDatabase', () => {
  it('names the database without its password', () => {
    expect(describeDatabase({ databaseUrl: null, sqliteFile: '/data/ev.sqlite' })).toBe('SQLite /data/ev.sqlite');
    expect(describeDatabase({ databaseUrl: 'postgres://evshop:s3cret@db:5432/evshop', sqliteFile: '' })).toBe('PostgreSQL evshop@db:5432/evshop');
  });
});

describe('the dev outbox follows the listen address (DEV_OUTBOX)', () => {
  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]'])('is on in development on the loopback address %s', (host) => {
    expect(loadConfig({ HOST: host }).devOutbox).toBe(true);
  });

  it('is on by default (the API listens on 127.0.0.1)', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', devOutbox: true });
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'api.evshop.vn', '::ffff:10.0.0.1'])('is off when the API listens beyond this machine (%s)', (host) => {
    expect(loadConfig({ HOST: host }).devOutbox).toBe(false);
  });

  it('DEV_OUTBOX=on turns it on on any address, DEV_OUTBOX=off turns it off everywhere', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: ' ON ' }).devOutbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: '' }).devOutbox).toBe(false);
  });

  it('is never on in production, and refuses to be switched on there', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'on' })).toThrow(/DEV_OUTBOX/);
  });

  it('rejects any other value', () => {
    expect(() => loadConfig({ DEV_OUTBOX: 'yes' })).toThrow(/DEV_OUTBOX must be one of on, off/);
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty by default: same origin only', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' , ' }).corsOrigins).toEqual([]);
  });

  it('reads a comma-separated list of origins, normalised and without duplicates', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://App.EvShop.vn/, http://localhost:5173 ,https://app.evshop.vn' }).corsOrigins).toEqual([
      'https://app.evshop.vn',
      'http://localhost:5173',
    ]);
  });

  it.each(['app.evshop.vn', 'https://app.evshop.vn/shop', 'ftp://files.evshop.vn', 'https://app.evshop.vn?x=1', '*'])('rejects %s', (entry) => {
    expect(() => loadConfig({ CORS_ORIGINS: entry })).toThrow(/CORS_ORIGINS/);
  });
});

describe('CLOCK_START (the browser suite starts the API at 09:00 of today)', () => {
  it('is null by default and an ISO instant when set', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2026-11-23T09:00:00+07:00' }).clockStart).toBe('2026-11-23T02:00:00.000Z');
  });

  it('refuses a value that is not an instant, and any value in production', () => {
    expect(() => loadConfig({ CLOCK_START: 'hôm nay' })).toThrow(/ISO 8601/);
    expect(() => loadConfig({ CLOCK_START: '2026-11-23T02:00:00Z', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/never in production/);
  });

  it('runs on from its start in real time', () => {
    let real = Date.parse('2026-11-23T15:00:00Z');
    const clock = startingClock('2026-11-23T02:00:00.000Z', { now: () => new Date(real) });
    expect(clock.now().toISOString()).toBe('2026-11-23T02:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-23T02:01:30.000Z');
  });
});
