import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { authSessionResponseSchema } from 'shared-contracts/schemas';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { newCustomer, PASSWORD, startAuthApp, testConfig, type AuthTestApp } from '../../support/authTestKit';

const CLIENT_ID = 'evshop-test-client.apps.example';
const CLIENT_SECRET = 'stand-in-secret';
const ISSUER = 'https://accounts.google.com';

/** A local stand-in for Google: a JWKS with our own RSA key, and a token endpoint for the code flow. */
interface StandInIdp {
  url: string;
  sign(claims: JWTPayload, options?: { key?: CryptoKey; expiresInSeconds?: number; now?: Date }): Promise<string>;
  /** What the token endpoint answers for `code`. */
  codes: Map<string, string>;
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

async function startStandInIdp(): Promise<StandInIdp> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, string>();
  const tokenRequests: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (request.url === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const idToken = codes.get(form.get('code') ?? '');
        if (!idToken || form.get('client_secret') !== CLIENT_SECRET) {
          response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id_token: idToken, access_token: 'x', token_type: 'Bearer' }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    codes,
    tokenRequests,
    async sign(claims, options = {}) {
      const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
      return new SignJWT({ iss: ISSUER, aud: CLIENT_ID, email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'stand-in-1' })
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('Google sign-in against a stand-in identity provider on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let idp: StandInIdp;
  let t: AuthTestApp;
  let unconfigured: AuthTestApp;

  beforeAll(async () => {
    idp = await startStandInIdp();
    const base = testConfig();
    t = await startAuthApp(scratch.db, {
      config: {
        ...base,
        publicUrl: 'http://shop.test',
        google: {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          jwksUrl: `${idp.url}/jwks`,
          issuers: [ISSUER, 'accounts.google.com'],
          authorizationUrl: `${idp.url}/authorize`,
          tokenUrl: `${idp.url}/token`,
          redirectUri: 'http://shop.test/api/auth/google/callback',
        },
      },
    });
    unconfigured = await startAuthApp(scratch.db);
  });
  afterAll(async () => {
    await t.close();
    await unconfigured.close();
    await idp.close();
  });

  const loginGoogle = (app: AuthTestApp, token: string) => app.app.inject({ method: 'POST', url: '/api/auth/login-google', payload: { token } });
  const claimsFor = (n: string) => ({ sub: `google-${n}`, email: `google.${n}@gmail.com`, name: 'Đỗ Gia Huy', picture: 'https://lh3.googleusercontent.com/a/photo' });

  describe('GET /api/auth/config', () => {
    it('tells the login page the Google client id, or null when Google sign-in is not configured', async () => {
      const configured = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(configured.statusCode).toBe(200);
      expect(configured.json()).toMatchObject({ success: true, data: { googleClientId: CLIENT_ID } });
      const absent = await unconfigured.app.inject({ method: 'GET', url: '/api/Auth/config' });
      expect(absent.json()).toMatchObject({ success: true, data: { googleClientId: null } });
    });
  });

  describe('POST /api/auth/login-google', () => {
    it('creates a verified customer on the first sign-in and finds it again on the next', async () => {
      const token = await idp.sign(claimsFor('new'), { now: t.clock.now() });
      const first = await loginGoogle(t, token);
      expect(first.statusCode).toBe(200);
      const session = authSessionResponseSchema.parse(first.json()).data;
      expect(session).toMatchObject({ email: 'google.new@gmail.com', fullName: 'Đỗ Gia Huy', role: 'customer', emailVerified: true, avatar: 'https://lh3.googleusercontent.com/a/photo' });
      expect(session.token).toBe(session.accessToken);

      const again = await loginGoogle(t, await idp.sign(claimsFor('new'), { now: t.clock.now() }));
      expect(again.json().data.userId).toBe(session.userId);
      const rows = await scratch.db.selectFrom('users').select('id').where('email', '=', 'google.new@gmail.com').execute();
      expect(rows).toHaveLength(1);
      // A Google-only account has no password to sign in with.
      const passwordLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'google.new@gmail.com', password: 'BatKy@12345' } });
      expect(passwordLogin.statusCode).toBe(401);
    });

    it('links an existing account by its email and marks the email verified', async () => {
      const customer = newCustomer({ email: 'co.san@gmail.com' });
      const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: customer });
      const token = await idp.sign({ sub: 'google-linked', email: 'Co.San@gmail.com', name: 'Tên Google khác' }, { now: t.clock.now() });
      const response = await loginGoogle(t, token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ userId: registered.json().data.userId, emailVerified: true, fullName: customer.fullName });
      const row = await scratch.db.selectFrom('users').selectAll().where('email', '=', 'co.san@gmail.com').executeTakeFirstOrThrow();
      expect(row.google_sub).toBe('google-linked');
      // The password still works.
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: PASSWORD } })).statusCode).toBe(200);
    });

    it.each([
      ['another audience', { aud: 'someone-else.apps.example' }, {}],
      ['another issuer', { iss: 'https://evil.example' }, {}],
      ['an expired token', {}, { expiresInSeconds: -60 }],
    ])('refuses a token with %s', async (_label, claims, options) => {
      const token = await idp.sign({ ...claimsFor('bad'), ...claims }, { now: t.clock.now(), ...options });
      const response = await loginGoogle(t, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'GOOGLE_TOKEN_INVALID', message: 'Đăng nhập Google thất bại: mã xác thực không hợp lệ hoặc đã hết hạn.' });
    });

    it('refuses a token signed with a key that is not in the JWKS, and garbage', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await idp.sign(claimsFor('forged'), { now: t.clock.now(), key: privateKey });
      expect((await loginGoogle(t, forged)).statusCode).toBe(401);
      expect((await loginGoogle(t, 'not-a-jwt')).statusCode).toBe(401);
      const empty = await loginGoogle(t, '');
      expect(empty.statusCode).toBe(400);
    });

    it('refuses an email Google has not verified', async () => {
      const token = await idp.sign({ ...claimsFor('unverified'), email_verified: false }, { now: t.clock.now() });
      const response = await loginGoogle(t, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('GOOGLE_EMAIL_NOT_VERIFIED');
      expect(await scratch.db.selectFrom('users').select('id').where('email', '=', 'google.unverified@gmail.com').executeTakeFirst()).toBeUndefined();
    });

    it('answers 503 with a Vietnamese message when no client id is configured', async () => {
      const response = await loginGoogle(unconfigured, await idp.sign(claimsFor('x')));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, code: 'GOOGLE_NOT_CONFIGURED', message: 'Đăng nhập bằng Google chưa được cấu hình trên máy chủ này.' });
    });
  });

  describe('GET /api/auth/google (browser fallback, code flow)', () => {
    it('answers a Vietnamese "not configured" page when there is no client id and secret', async () => {
      const response = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/google?redirect=/dashboard' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Đăng nhập bằng Google chưa được cấu hình');
      expect(response.body).toContain('/auth/login?redirect=%2Fdashboard');
    });

    async function startFlow(redirect: string) {
      const start = await t.app.inject({ method: 'GET', url: `/api/auth/google?redirect=${encodeURIComponent(redirect)}` });
      expect(start.statusCode).toBe(302);
      const location = new URL(String(start.headers.location));
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      return { location, cookie, state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')! };
    }

    const exchange = (code: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: { code }, headers: cookie ? { cookie } : {} });

    /** A whole sign-in with the provider as `n`: where the callback sends the browser, and the cookies it sets. */
    async function signInThroughProvider(n: string, redirect = '/dashboard?tab=1') {
      const { state, nonce, cookie } = await startFlow(redirect);
      idp.codes.set(`provider-${n}`, await idp.sign({ ...claimsFor(n), nonce }, { now: t.clock.now() }));
      const back = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=provider-${n}&state=${encodeURIComponent(state)}`, headers: { cookie } });
      expect(back.statusCode).toBe(302);
      const location = String(back.headers.location);
      const setCookies = [back.headers['set-cookie'] ?? []].flat().map(String);
      const handoff = setCookies.find((line) => line.startsWith('evshop_google_handoff=')) ?? '';
      return { location, target: new URL(location), googleCode: new URL(location).searchParams.get('googleCode') ?? '', handoffCookie: handoff.split(';')[0]!, handoff, setCookies };
    }

    const INVALID_CODE = { success: false, code: 'GOOGLE_CODE_INVALID', message: 'Đăng nhập Google thất bại: mã xác thực không hợp lệ hoặc đã hết hạn.' };

    it('sends the browser to the provider, then back to the login page with a one-time code (never tokens) that the page exchanges once', async () => {
      const { location } = await startFlow('/dashboard?tab=1');
      expect(`${location.origin}${location.pathname}`).toBe(`${idp.url}/authorize`);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        redirect_uri: 'http://shop.test/api/auth/google/callback',
        response_type: 'code',
        scope: 'openid email profile',
      });

      const back = await signInThroughProvider('flow');
      expect(`${back.target.origin}${back.target.pathname}`).toBe('http://shop.test/auth/login');
      expect(back.target.searchParams.get('redirect')).toBe('/dashboard?tab=1');
      expect(back.googleCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // No session in the address: no fragment, no token names, no JWT.
      expect(back.target.hash).toBe('');
      expect(back.location).not.toMatch(/accessToken|refreshToken|token=|eyJ/);
      // The code is bound to this browser by an HttpOnly cookie sent only to the exchange; the state cookie is cleared.
      expect(back.handoff).toMatch(/^evshop_google_handoff=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/google\/exchange; Max-Age=120; HttpOnly; SameSite=Lax$/);
      expect(back.setCookies).toContain('evshop_google_state=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax');
      const user = await scratch.db.selectFrom('users').select('id').where('email', '=', 'google.flow@gmail.com').executeTakeFirstOrThrow();
      // The callback started no session: the exchange does.
      expect(await scratch.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);

      const exchanged = await exchange(back.googleCode, back.handoffCookie);
      expect(exchanged.statusCode).toBe(200);
      expect(exchanged.headers['cache-control']).toBe('no-store');
      const session = authSessionResponseSchema.parse(exchanged.json()).data;
      expect(session).toMatchObject({ userId: String(user.id), email: 'google.flow@gmail.com', emailVerified: true });
      expect(String(exchanged.headers['set-cookie'])).toMatch(/^evshop_google_handoff=; Path=\/api\/auth\/google\/exchange; Max-Age=0/);
      const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(profile.json().data).toMatchObject({ email: 'google.flow@gmail.com' });
      expect(idp.tokenRequests.at(-1)?.get('grant_type')).toBe('authorization_code');

      // Good once.
      const again = await exchange(back.googleCode, back.handoffCookie);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_CODE);
      expect(await scratch.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    });

    it("refuses the code without this browser's cookie, with another browser's, and a made-up code (login CSRF)", async () => {
      const mine = await signInThroughProvider('mine');
      const theirs = await signInThroughProvider('theirs');
      for (const [code, cookie] of [
        [mine.googleCode, undefined],
        [mine.googleCode, theirs.handoffCookie],
        [mine.googleCode, 'evshop_google_handoff='],
        ['ma-tu-che-0123456789012345678901234567890123', mine.handoffCookie],
        [theirs.googleCode, mine.handoffCookie],
      ] as const) {
        const refused = await exchange(code, cookie);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual(INVALID_CODE);
      }
      // The refusals spent nothing: each browser still exchanges its own code.
      expect((await exchange(mine.googleCode, mine.handoffCookie)).json().data.email).toBe('google.mine@gmail.com');
      expect((await exchange(theirs.googleCode, theirs.handoffCookie)).json().data.email).toBe('google.theirs@gmail.com');
    });

    it('refuses a code after its 2 minutes', async () => {
      const late = await signInThroughProvider('late');
      const onTime = await signInThroughProvider('ontime');
      t.clock.advance(119_000);
      expect((await exchange(onTime.googleCode, onTime.handoffCookie)).statusCode).toBe(200);
      t.clock.advance(1_000);
      const expired = await exchange(late.googleCode, late.handoffCookie);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(INVALID_CODE);
    });

    it('gives one session for two exchanges of the same code at once', async () => {
      const back = await signInThroughProvider('twice');
      const answers = await Promise.all([exchange(back.googleCode, back.handoffCookie), exchange(back.googleCode, back.handoffCookie)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });

    it('sends a disabled account back with error=google, with no code', async () => {
      const first = await signInThroughProvider('disabled', '/orders');
      expect((await exchange(first.googleCode, first.handoffCookie)).statusCode).toBe(200);
      await scratch.db.updateTable('users').set({ disabled_at: t.clock.now().toISOString() }).where('email', '=', 'google.disabled@gmail.com').execute();
      const back = await signInThroughProvider('disabled', '/orders');
      expect(back.location).toBe('http://shop.test/auth/login?redirect=%2Forders&error=google');
      expect(back.handoff).toBe('');
    });

    it.each(['/\t/evil.example', '/\n/evil.example'])('follows no redirect with a control character: %j', async (redirect) => {
      const back = await signInThroughProvider(`ctl${redirect.charCodeAt(1)}`, redirect);
      expect(back.target.searchParams.get('redirect')).toBe('/');
    });

    it('fails back to the login page with error=google without the state cookie (login CSRF), or with a wrong nonce', async () => {
      const { state, nonce, cookie } = await startFlow('/my-vehicles');
      idp.codes.set('code-2', await idp.sign({ ...claimsFor('csrf'), nonce }, { now: t.clock.now() }));
      const noCookie = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=code-2&state=${encodeURIComponent(state)}` });
      expect(noCookie.statusCode).toBe(302);
      expect(noCookie.headers.location).toBe('http://shop.test/auth/login?redirect=%2Fmy-vehicles&error=google');

      idp.codes.set('code-3', await idp.sign({ ...claimsFor('nonce'), nonce: 'another-nonce' }, { now: t.clock.now() }));
      const wrongNonce = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=code-3&state=${encodeURIComponent(state)}`, headers: { cookie } });
      expect(wrongNonce.headers.location).toBe('http://shop.test/auth/login?redirect=%2Fmy-vehicles&error=google');
      expect(await scratch.db.selectFrom('users').select('id').where('email', 'in', ['google.csrf@gmail.com', 'google.nonce@gmail.com']).execute()).toHaveLength(0);
    });

    it('fails back when the provider refuses the code or the state is forged', async () => {
      const { state, cookie } = await startFlow('/');
      const refused = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=unknown&state=${encodeURIComponent(state)}`, headers: { cookie } });
      expect(refused.headers.location).toBe('http://shop.test/auth/login?redirect=%2F&error=google');
      const forged = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=abc.def.ghi', headers: { cookie } });
      expect(forged.headers.location).toBe('http://shop.test/auth/login?redirect=%2F&error=google');
    });

    it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])('never redirects off the site: %s', async (redirect) => {
      const { state } = await startFlow(redirect);
      const forged = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?state=${encodeURIComponent(state)}` });
      expect(forged.headers.location).toBe('http://shop.test/auth/login?redirect=%2F&error=google');
    });
  });
});
