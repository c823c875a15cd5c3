import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { manualClock } from '../../src/security/clock';
import { memoryCounterStore } from '../../src/security/counters';
import { createSessionRevocation, REVOCATION_TTL_MS, revocationRedisChannel, type SessionRevocation } from '../../src/security/sessionRevocation';
import { disableUser, enableUser } from '../../src/modules/users/accountStatus';
import { testDatabases, useScratchDatabase, type ScratchDatabase } from '../support/testDatabases';
import { bearer, latestCode, PASSWORD, registerAndLogin, startAuthApp, testConfig, type AuthTestApp } from '../support/authTestKit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DISABLED = { success: false, code: 'ACCOUNT_DISABLED', message: 'Tài khoản đã bị vô hiệu hoá. Vui lòng liên hệ quản trị viên.' };

async function profileStatus(t: AuthTestApp, token: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(token) })).statusCode;
}

/** Polls until `t` answers `status` to the token (a pub/sub message takes a moment), at most 1 s. */
async function eventually(t: AuthTestApp, token: string, status: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  let last = await profileStatus(t, token);
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await profileStatus(t, token);
  }
  return last;
}

function post(t: AuthTestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

async function emailOf(db: Kysely<Database>, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('email').where('id', '=', Number(userId)).executeTakeFirstOrThrow()).email;
}

describe('the session revocation set', () => {
  it('refuses a revoked session and a disabled user until the access-token lifetime has passed; enabling lifts the user', async () => {
    const clock = manualClock();
    const revocation = createSessionRevocation({ db: null as unknown as Kysely<Database>, clock, config: { redisUrl: null, databaseUrl: null, sqliteFile: ':memory:' } });
    expect(revocation.kind).toBe('memory');
    await revocation.publish({ sessions: ['family-a'], disabledUsers: [7] });
    expect(revocation.isRevoked({ userId: 1, sessionId: 'family-a' })).toBe(true);
    expect(revocation.isRevoked({ userId: 1, sessionId: 'family-b' })).toBe(false);
    expect(revocation.isRevoked({ userId: 7 })).toBe(true);
    expect(revocation.isRevoked({ userId: 7, sessionId: 'family-b' })).toBe(true);
    await revocation.publish({ enabledUsers: [7] });
    expect(revocation.isRevoked({ userId: 7, sessionId: 'family-b' })).toBe(false);
    clock.advance(REVOCATION_TTL_MS + 1);
    expect(revocation.isRevoked({ userId: 1, sessionId: 'family-a' })).toBe(false);
  });
});

describe.each(testDatabases())('revoked sessions and disabled users on one instance on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;
  let revocation: SessionRevocation;

  beforeAll(async () => {
    const clock = manualClock(new Date());
    revocation = createSessionRevocation({ db: scratch.db, clock, config: { redisUrl: null, databaseUrl: null, sqliteFile: ':memory:' } });
    t = await startAuthApp(scratch.db, { clock, revocation });
  });
  afterAll(async () => {
    await t.close();
    await revocation.close();
  });

  it('logout (refresh token in the body) ends the access token at once; another session of the user stays', async () => {
    const { body, session } = await registerAndLogin(t.app);
    const other = (await post(t, '/api/auth/login', { email: body.email, password: PASSWORD })).json().data;
    expect(await profileStatus(t, session.accessToken)).toBe(200);
    expect((await post(t, '/api/auth/logout', { refreshToken: session.refreshToken })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });
    expect(await profileStatus(t, other.accessToken)).toBe(200);
  });

  it('logout with only the access token ends that token too', async () => {
    const { session } = await registerAndLogin(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.accessToken) })).statusCode).toBe(200);
    expect(await profileStatus(t, session.accessToken)).toBe(401);
  });

  it('refresh-token reuse ends the access tokens of the whole family, the thief’s and the owner’s', async () => {
    const { session } = await registerAndLogin(t.app);
    const rotated = (await post(t, '/api/auth/refresh', { refreshToken: session.refreshToken })).json().data;
    expect(await profileStatus(t, rotated.accessToken)).toBe(200);
    expect((await post(t, '/api/auth/refresh', { refreshToken: session.refreshToken })).json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(await profileStatus(t, session.accessToken)).toBe(401);
    expect(await profileStatus(t, rotated.accessToken)).toBe(401);
  });

  it('a password reset ends every access token; a password change every one but the caller’s', async () => {
    const { body, session } = await registerAndLogin(t.app);
    const second = (await post(t, '/api/auth/login', { email: body.email, password: PASSWORD })).json().data;
    const newPassword = 'DoiMatKhau@2026';
    const changed = await post(t, '/api/Auth/change-password', { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword }, bearer(session.accessToken));
    expect(changed.statusCode).toBe(200);
    expect(await profileStatus(t, session.accessToken)).toBe(200);
    expect(await profileStatus(t, second.accessToken)).toBe(401);

    await post(t, '/api/auth/reset-password/request', { email: body.email });
    const otpCode = await latestCode(scratch.db, body.email, 'reset_password');
    const reset = await post(t, '/api/auth/reset-password/confirm', { email: body.email, otpCode, newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(await profileStatus(t, session.accessToken)).toBe(401);
  });

  it('a restarted instance still refuses the tokens of sessions ended before it started (read from the database)', async () => {
    const { session } = await registerAndLogin(t.app);
    await post(t, '/api/auth/logout', { refreshToken: session.refreshToken });
    const restarted = await startAuthApp(scratch.db, { clock: t.clock, config: testConfig() });
    try {
      expect(await profileStatus(restarted, session.accessToken)).toBe(401);
      const { session: live } = await registerAndLogin(restarted.app);
      expect(await profileStatus(restarted, live.accessToken)).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('disableUser: tokens answer 401 at once; login and refresh answer 403 ACCOUNT_DISABLED; enableUser lets the user back in', async () => {
    const { body, session } = await registerAndLogin(t.app);
    const userId = Number(session.userId);
    const disabled = await disableUser({ db: scratch.db, clock: t.clock, revocation }, userId);
    expect(disabled).toEqual({ userId, disabledAt: t.clock.now().toISOString() });
    expect((await scratch.db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirstOrThrow()).disabled_at).not.toBeNull();

    expect(await profileStatus(t, session.accessToken)).toBe(401);
    const login = await post(t, '/api/auth/login', { email: body.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual(DISABLED);
    // A wrong password says nothing about the account's state.
    expect((await post(t, '/api/auth/login', { email: body.email, password: 'Sai@12345' })).statusCode).toBe(401);
    const refresh = await post(t, '/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toEqual(DISABLED);
    const live = await scratch.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);

    expect(await enableUser({ db: scratch.db, clock: t.clock, revocation }, userId)).toEqual({ userId, disabledAt: null });
    const back = await post(t, '/api/auth/login', { email: body.email, password: PASSWORD });
    expect(back.statusCode).toBe(200);
    expect(await profileStatus(t, back.json().data.accessToken)).toBe(200);
    // The sessions ended by disabling stay ended.
    expect(await profileStatus(t, session.accessToken)).toBe(401);
    expect((await post(t, '/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });

  it('disableUser and enableUser answer 404 for an unknown user', async () => {
    await expect(disableUser({ db: scratch.db, clock: t.clock, revocation }, 987_654)).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    await expect(enableUser({ db: scratch.db, clock: t.clock, revocation }, 987_654)).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });
});

/** Two API instances (A, B) on one database, and a third party (the back office) disabling users. */
async function twoInstances(scratch: ScratchDatabase, config: { redisUrl: string | null; databaseUrl: string | null }) {
  const clock = manualClock(new Date());
  // B has a database connection of its own, as another process would.
  const secondDb = scratch.connect();
  const instance = (db: Kysely<Database>) => startAuthApp(db, { clock, counters: memoryCounterStore(clock), config: testConfig({ ...config, sqliteFile: scratch.config.sqliteFile }) });
  const [a, b] = await Promise.all([instance(scratch.db), instance(secondDb)]);
  const backOffice = createSessionRevocation({ db: scratch.db, clock, config: { ...config, sqliteFile: scratch.config.sqliteFile } });
  await backOffice.start();
  return {
    a: a!,
    b: b!,
    backOffice,
    async close() {
      await Promise.all([a!.close(), b!.close(), backOffice.close()]);
      await secondDb.destroy();
    },
  };
}

async function crossInstanceChecks(scratch: ScratchDatabase, setup: Awaited<ReturnType<typeof twoInstances>>) {
  const { a, b, backOffice } = setup;
  // Logout on A: B refuses the token at once.
  const first = await registerAndLogin(a.app);
  expect(await profileStatus(b, first.session.accessToken)).toBe(200);
  expect((await post(a, '/api/auth/logout', { refreshToken: first.session.refreshToken })).statusCode).toBe(200);
  expect(await eventually(b, first.session.accessToken, 401)).toBe(401);

  // Refresh-token reuse detected on B: A refuses the family's tokens.
  const second = await registerAndLogin(a.app);
  const rotated = (await post(a, '/api/auth/refresh', { refreshToken: second.session.refreshToken })).json().data;
  expect(await profileStatus(a, rotated.accessToken)).toBe(200);
  expect((await post(b, '/api/auth/refresh', { refreshToken: second.session.refreshToken })).statusCode).toBe(401);
  expect(await eventually(a, rotated.accessToken, 401)).toBe(401);

  // Disabled from the back office: both instances refuse; enabled again: both accept the new login.
  const third = await registerAndLogin(b.app);
  expect(await profileStatus(a, third.session.accessToken)).toBe(200);
  await disableUser({ db: scratch.db, clock: a.clock, revocation: backOffice }, Number(third.session.userId));
  expect(await eventually(a, third.session.accessToken, 401)).toBe(401);
  expect(await eventually(b, third.session.accessToken, 401)).toBe(401);
  await enableUser({ db: scratch.db, clock: a.clock, revocation: backOffice }, Number(third.session.userId));
  const again = (await post(b, '/api/auth/login', { email: await emailOf(scratch.db, third.session.userId), password: PASSWORD })).json().data;
  expect(await eventually(a, again.accessToken, 200)).toBe(200);
}

describe.each(testDatabases())('revocation across two instances on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('through Redis pub/sub: logout, reuse and disabling elsewhere answer 401 on the other instance within a moment', async () => {
    const setup = await twoInstances(scratch, { redisUrl: REDIS_URL, databaseUrl: scratch.config.databaseUrl });
    try {
      expect(setup.backOffice.kind).toBe('redis');
      await crossInstanceChecks(scratch, setup);
    } finally {
      await setup.close();
    }
  });

  if (target.dialect === 'postgres') {
    it('through PostgreSQL LISTEN/NOTIFY (no Redis): the same', async () => {
      const setup = await twoInstances(scratch, { redisUrl: null, databaseUrl: scratch.config.databaseUrl });
      try {
        expect(setup.backOffice.kind).toBe('postgres');
        await crossInstanceChecks(scratch, setup);
      } finally {
        await setup.close();
      }
    });
  }
});

it('uses a Redis channel of its own per database (APIs of different databases on one Redis do not mix)', () => {
  const file = `/tmp/${randomBytes(4).toString('hex')}.sqlite`;
  expect(revocationRedisChannel({ databaseUrl: null, sqliteFile: file })).toBe(revocationRedisChannel({ databaseUrl: null, sqliteFile: file }));
  expect(revocationRedisChannel({ databaseUrl: null, sqliteFile: file })).not.toBe(revocationRedisChannel({ databaseUrl: null, sqliteFile: `${file}2` }));
  expect(revocationRedisChannel({ databaseUrl: 'postgres://db/a', sqliteFile: file })).not.toBe(revocationRedisChannel({ databaseUrl: 'postgres://db/b', sqliteFile: file }));
});
