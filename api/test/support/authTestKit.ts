import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/schema';
import type { AppContextOptions } from '../../src/appContext';
import { manualClock, type ManualClock } from '../../src/security/clock';
import { buildTestApp } from './testApp';
import { emailOutbox } from './emailOutbox';

export const PASSWORD = 'MatKhau@2026';

/** A config for tests: a fixed JWT secret, uploads in a temp folder, no SMTP, no Redis, development. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    // Never the developer's ./data database: a process the app starts with this config (the model trainer) finds
    // no database here unless a test points it at its scratch one.
    sqliteFile: path.join(tmpdir(), 'ev-test-no-database', 'none.sqlite'),
    nodeEnv: 'development',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    uploadDir: mkdtempSync(path.join(tmpdir(), 'ev-uploads-')),
    ...overrides,
  };
}

export interface AuthTestApp {
  app: App;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** The API with a manual clock and a test config, ready. */
export async function startAuthApp(db: Kysely<Database>, options: Partial<AppContextOptions> & { configOverrides?: Partial<Config>; routes?: (app: App) => void } = {}): Promise<AuthTestApp> {
  const clock = options.clock ? (options.clock as ManualClock) : manualClock(new Date());
  const config = options.config ?? testConfig(options.configOverrides);
  const { routes, configOverrides: _overrides, ...context } = options;
  const app = buildTestApp(db, { context: { ...context, clock, config } });
  routes?.(app);
  await app.ready();
  return {
    app,
    clock,
    config,
    async close() {
      await app.close();
      rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh customer's registration body (unique email and phone per call). */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}`.padStart(7, '0').slice(-7);
  return {
    fullName: 'Nguyễn Văn Khách',
    email: `khach.${Date.now()}.${counter}@example.vn`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    phoneNumber: `091${suffix}`,
    dateOfBirth: '1994-08-15',
    gender: 'MALE',
    address: '12 Hàng Bài, phường Hoàn Kiếm, Hà Nội',
    ...overrides,
  };
}

/** The 6-digit code of the newest outbox email to `email` of `kind` (what the user reads in their inbox). */
export async function latestCode(db: Kysely<Database>, email: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
  const row = await emailOutbox(db)
    .select(['text_body'])
    .where('to_address', '=', email)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /(\d{6})/.exec(row.text_body);
  if (!match) throw new Error(`no code in: ${row.text_body}`);
  return match[1]!;
}

export async function outboxCount(db: Kysely<Database>, email: string, kind?: string): Promise<number> {
  let query = emailOutbox(db).select((eb) => eb.fn.countAll<string | number>().as('count')).where('to_address', '=', email);
  if (kind) query = query.where('kind', '=', kind);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Registers a customer, then logs in; returns the registration body and the session. */
export async function registerAndLogin(app: App, overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const session = login.json().data as { accessToken: string; refreshToken: string; userId: string };
  return { body, session };
}
