import path from 'node:path';
import { describeDatabase, loadConfig, REPO_ROOT } from '../src/config';

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
