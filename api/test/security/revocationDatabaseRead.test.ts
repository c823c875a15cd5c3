import { randomBytes } from 'node:crypto';
import type { Kysely, KyselyPlugin } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';
import { revokeFamily, revokeUserSessions, REFRESH_TOKEN_TTL_MS } from '../../src/modules/auth/sessions';
import { disableUser, enableUser } from '../../src/modules/users/accountStatus';
import { manualClock, type ManualClock } from '../../src/security/clock';
import { memoryCounterStore } from '../../src/security/counters';
import { createSessionRevocation, REVOCATION_POLL_MS } from '../../src/security/sessionRevocation';
import { bearer, PASSWORD, registerAndLogin, startAuthApp, testConfig, type AuthTestApp } from '../support/authTestKit';
import { freePort, startRedis, stopRedis } from '../support/redisServer';
import { testDatabases, useScratchDatabase, type ScratchDatabase } from '../support/testDatabases';

/**
 * Issue 69 §5: a logout or password change is refused on every instance within 2 s even while Redis is down, the
 * database being the fallback (each instance reads the revocations committed since its last read every second).
 */
const DEADLINE_MS = 2_000;

/** Milliseconds until `check` holds (tried every 20 ms), or Infinity when it still does not after DEADLINE_MS. */
async function timeUntil(check: () => boolean | Promise<boolean>, startedAt = Date.now()): Promise<number> {
  while (Date.now() - startedAt <= DEADLINE_MS) {
    if (await check()) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

async function newUser(db: Kysely<Database>): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  return (await db.insertInto('users').values({ email: `revocation.${tag}@example.vn`, full_name: 'Khách' }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A login: a refresh-token family with one row created now; its id is the `sid` of its access tokens. */
async function newSession(db: Kysely<Database>, clock: ManualClock, userId: number): Promise<string> {
  const familyId = randomBytes(16).toString('base64url');
  const now = clock.now().getTime();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      token_hash: randomBytes(32).toString('base64url'),
      family_id: familyId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + REFRESH_TOKEN_TTL_MS).toISOString(),
    })
    .execute();
  return familyId;
}

/** Counts the statements run through a Kysely (the reads of a revocation instance). */
function countingPlugin(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      plugin.count += 1;
      return args.node;
    },
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
  };
  return plugin;
}

const log = () => ({ warn: jest.fn(), error: jest.fn() });

describe.each(testDatabases())('revocation while Redis is down, through the database, on $label', (target) => {
  const scratch = useScratchDatabase(target);

  /** Two instances A and B on one database, each with its own connection, a REDIS_URL given. */
  async function twoRevocations(redisUrl: string, clock: ManualClock) {
    const config = { redisUrl, databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile };
    const secondDb = scratch.connect();
    const a = createSessionRevocation({ db: scratch.db, clock, config });
    const b = createSessionRevocation({ db: secondDb, clock, config });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await secondDb.destroy();
      },
    };
  }

  it('nothing listens at REDIS_URL: a logout, a password change, a disable and an enable on A reach B within 2 s', async () => {
    const clock = manualClock(new Date());
    const { a, b, close } = await twoRevocations(`redis://127.0.0.1:${await freePort()}`, clock);
    const logA = log();
    try {
      await Promise.all([a.start(logA), b.start(log())]);
      expect(b.kind).toBe('redis');

      // Logout on A (what endSession does): the family is revoked in the database, then published.
      const userId = await newUser(scratch.db);
      const loggedOut = await newSession(scratch.db, clock, userId);
      const kept = await newSession(scratch.db, clock, userId);
      expect(b.isRevoked({ userId, sessionId: loggedOut })).toBe(false);
      let startedAt = Date.now();
      await revokeFamily(scratch.db, clock, loggedOut);
      const publishing = a.publish({ sessions: [loggedOut] });
      expect(a.isRevoked({ userId, sessionId: loggedOut })).toBe(true);
      expect(await timeUntil(() => b.isRevoked({ userId, sessionId: loggedOut }), startedAt)).toBeLessThanOrEqual(DEADLINE_MS);
      // The broadcast failed: logged, never thrown.
      await publishing;
      expect(logA.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('broadcast failed'));

      // A password change on A (what changePassword writes): every other session of the user ends, the caller's stays.
      const other = await newSession(scratch.db, clock, userId);
      startedAt = Date.now();
      const ended = await revokeUserSessions(scratch.db, clock, userId, kept);
      expect(ended).toEqual([other]);
      const changing = a.publish({ sessions: ended });
      expect(await timeUntil(() => b.isRevoked({ userId, sessionId: other }), startedAt)).toBeLessThanOrEqual(DEADLINE_MS);
      expect(b.isRevoked({ userId, sessionId: kept })).toBe(false);
      await changing;

      // Disabled on A: every token of the user refused on B; enabled again: B accepts a new session.
      const second = await newUser(scratch.db);
      const session = await newSession(scratch.db, clock, second);
      startedAt = Date.now();
      const disabling = disableUser({ db: scratch.db, clock, revocation: a }, second);
      expect(await timeUntil(() => b.isRevoked({ userId: second, sessionId: 'a-later-login' }), startedAt)).toBeLessThanOrEqual(DEADLINE_MS);
      expect(b.isRevoked({ userId: second, sessionId: session })).toBe(true);
      await disabling;
      startedAt = Date.now();
      const enabling = enableUser({ db: scratch.db, clock, revocation: a }, second);
      expect(await timeUntil(() => !b.isRevoked({ userId: second, sessionId: 'a-later-login' }), startedAt)).toBeLessThanOrEqual(DEADLINE_MS);
      // The sessions ended by disabling stay ended.
      expect(b.isRevoked({ userId: second, sessionId: session })).toBe(true);
      await enabling;
    } finally {
      await close();
    }
  });

  it('a revocation written a few seconds before the last read (a late commit, a writer clock behind) is still read', async () => {
    const clock = manualClock(new Date());
    const { a, b, close } = await twoRevocations(`redis://127.0.0.1:${await freePort()}`, clock);
    try {
      await Promise.all([a.start(), b.start()]);
      const userId = await newUser(scratch.db);
      const family = await newSession(scratch.db, clock, userId);
      // B has read past this instant already.
      await new Promise((resolve) => setTimeout(resolve, REVOCATION_POLL_MS + 200));
      const revokedAt = new Date(clock.now().getTime() - 5_000).toISOString();
      await scratch.db.updateTable('refresh_tokens').set({ revoked_at: revokedAt }).where('family_id', '=', family).execute();
      expect(await timeUntil(() => b.isRevoked({ userId, sessionId: family }))).toBeLessThanOrEqual(DEADLINE_MS);
    } finally {
      await close();
    }
  });

  it('its own redis-server stopped after both subscribed: a logout and a password change over HTTP on A answer 401 on B within 2 s', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    let setup: Awaited<ReturnType<typeof twoApps>> | null = null;
    try {
      setup = await twoApps(scratch, `redis://127.0.0.1:${port}`);
      const { a, b } = setup;
      const first = await registerAndLogin(a.app);
      const second = (await post(a, '/api/auth/login', { email: first.body.email, password: PASSWORD })).json().data;
      const third = (await post(a, '/api/auth/login', { email: first.body.email, password: PASSWORD })).json().data;
      expect(await profileStatus(b, first.session.accessToken)).toBe(200);
      expect(await profileStatus(b, second.accessToken)).toBe(200);
      await stopRedis(redis);

      let startedAt = Date.now();
      expect((await post(a, '/api/auth/logout', { refreshToken: first.session.refreshToken })).statusCode).toBe(200);
      expect(await timeUntil(async () => (await profileStatus(b, first.session.accessToken)) === 401, startedAt)).toBeLessThanOrEqual(DEADLINE_MS);

      const newPassword = 'DoiMatKhau@2026';
      startedAt = Date.now();
      const changed = await post(a, '/api/Auth/change-password', { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword }, bearer(third.accessToken));
      expect(changed.statusCode).toBe(200);
      expect(await timeUntil(async () => (await profileStatus(b, second.accessToken)) === 401, startedAt)).toBeLessThanOrEqual(DEADLINE_MS);
      // The caller's own session stays.
      expect(await profileStatus(b, third.accessToken)).toBe(200);
    } finally {
      await setup?.close();
      await stopRedis(redis);
    }
  });

  it('a database fault in the read is logged once a minute at most, never thrown; reads resume when the database answers again', async () => {
    // A database without its tables: every read fails.
    const bare = await target.create();
    const clock = manualClock(new Date());
    const logged = log();
    const revocation = createSessionRevocation({ db: bare.db, clock, config: { redisUrl: null, databaseUrl: null, sqliteFile: bare.config.sqliteFile } });
    try {
      await expect(revocation.start(logged)).resolves.toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 2 * REVOCATION_POLL_MS + 300));
      expect(logged.error).toHaveBeenCalledTimes(1);
      expect(logged.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('cannot read the revocations'));
      // What this instance publishes itself still applies.
      await revocation.publish({ sessions: ['family-here'] });
      expect(revocation.isRevoked({ userId: 1, sessionId: 'family-here' })).toBe(true);

      await migrateToLatest(bare.db);
      const userId = await newUser(bare.db);
      const family = await newSession(bare.db, clock, userId);
      await revokeFamily(bare.db, clock, family);
      expect(await timeUntil(() => revocation.isRevoked({ userId, sessionId: family }))).toBeLessThanOrEqual(DEADLINE_MS);
      expect(logged.warn).toHaveBeenCalledWith(expect.stringContaining('reading the revocations from the database again'));
    } finally {
      await revocation.close();
      await bare.drop();
    }
  });

  it('reads about once a second, and close() stops the reads', async () => {
    const plugin = countingPlugin();
    const revocation = createSessionRevocation({
      db: scratch.db.withPlugin(plugin),
      clock: manualClock(new Date()),
      config: { redisUrl: null, databaseUrl: null, sqliteFile: scratch.config.sqliteFile },
    });
    await revocation.start();
    const afterStart = plugin.count;
    expect(afterStart).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2 * REVOCATION_POLL_MS + 500));
    // Two reads of two statements each (the users, one page of refresh tokens); a loaded machine may fit only one.
    expect(plugin.count - afterStart).toBeGreaterThanOrEqual(2);
    expect(plugin.count - afterStart).toBeLessThanOrEqual(6);
    await revocation.close();
    const afterClose = plugin.count;
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_POLL_MS + 300));
    expect(plugin.count).toBe(afterClose);
  });
});

async function profileStatus(t: AuthTestApp, token: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(token) })).statusCode;
}

function post(t: AuthTestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

/** Two API instances on one database, each with a connection of its own; throttling in memory (it needs Redis otherwise). */
async function twoApps(scratch: ScratchDatabase, redisUrl: string) {
  const clock = manualClock(new Date());
  const secondDb = scratch.connect();
  const config = { redisUrl, databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile };
  const instance = (db: Kysely<Database>) => startAuthApp(db, { clock, counters: memoryCounterStore(clock), config: testConfig(config) });
  const [a, b] = await Promise.all([instance(scratch.db), instance(secondDb)]);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await secondDb.destroy();
    },
  };
}
