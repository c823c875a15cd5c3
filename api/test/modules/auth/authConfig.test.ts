import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT, resolveJwtSecret } from '../../../src/config';

describe('account settings of loadConfig', () => {
  it('has defaults: no secret, no Redis, no SMTP, uploads in data/uploads, Google not configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      jwtSecret: null,
      redisUrl: null,
      smtpUrl: null,
      mailFrom: 'EV Service <no-reply@evshop.vn>',
      uploadDir: path.join(REPO_ROOT, 'data', 'uploads'),
      publicUrl: 'http://localhost:3000',
      trustProxy: 'loopback',
    });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(config.google).toEqual({
      clientId: null,
      clientSecret: null,
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      redirectUri: 'http://localhost:3000/api/auth/google/callback',
    });
  });

  it('reads the environment, Google endpoints included (so tests can use a stand-in provider)', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:1025',
      MAIL_FROM: 'EV Shop <hotro@evshop.vn>',
      UPLOAD_DIR: 'tmp/uploads',
      PUBLIC_URL: 'https://evshop.vn/',
      GOOGLE_CLIENT_ID: 'id.apps',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/jwks',
      GOOGLE_ISSUER: 'http://127.0.0.1:9999, other',
      GOOGLE_AUTH_URL: 'http://127.0.0.1:9999/authorize',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9999/token',
    });
    expect(config).toMatchObject({
      jwtSecret: 'x'.repeat(40),
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:1025',
      mailFrom: 'EV Shop <hotro@evshop.vn>',
      uploadDir: path.resolve('tmp/uploads'),
      publicUrl: 'https://evshop.vn',
    });
    expect(config.google).toMatchObject({
      clientId: 'id.apps',
      jwksUrl: 'http://127.0.0.1:9999/jwks',
      issuers: ['http://127.0.0.1:9999', 'other'],
      redirectUri: 'https://evshop.vn/api/auth/google/callback',
    });
  });

  it('refuses a short JWT secret and a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});

describe('resolveJwtSecret', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'ev-secret-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('uses JWT_SECRET when set', () => {
    expect(resolveJwtSecret({ jwtSecret: 'y'.repeat(32), nodeEnv: 'production', sqliteFile: path.join(folder, 'db.sqlite') })).toBe('y'.repeat(32));
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => resolveJwtSecret({ jwtSecret: null, nodeEnv: 'production', sqliteFile: path.join(folder, 'db.sqlite') })).toThrow(/JWT_SECRET/);
  });

  it('in development generates one, keeps it next to the SQLite file (mode 600) and reuses it after a restart', () => {
    const config = { jwtSecret: null, nodeEnv: 'development', sqliteFile: path.join(folder, 'data', 'ev-shop.sqlite') };
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(folder, 'data', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(config)).toBe(first);
  });
});
