import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import {
  ERROR_CODES,
  authSessionResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  googleCodeExchangeRequestSchema,
  googleLoginRequestSchema,
  safeRedirectTarget,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import { AppError } from '../../http/appError';
import { caseInsensitiveBodies } from '../../http/bodyFields';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { googleAccountFor, googleMessages, signInWithGoogle, verifyGoogleIdToken } from './google';
import { claimGoogleHandoff, createGoogleHandoff, GOOGLE_HANDOFF_TTL_MS } from './googleHandoffs';
import { assertNotDisabled, startSession } from './sessions';
import { named } from '../../http/pluginName';
import { createOutboundClient } from '../../outbound';

const STATE_COOKIE = 'evshop_google_state';
const STATE_TTL_SECONDS = 10 * 60;
const STATE_AUDIENCE = 'google-oauth-state';
/** Binds a hand-off code to the browser the callback answered; sent only to the exchange. */
const HANDOFF_COOKIE = 'evshop_google_handoff';
const HANDOFF_COOKIE_PATH = '/api/auth/google/exchange';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function notConfiguredPage(loginUrl: string): string {
  return `<!doctype html>
<html lang="vi">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Đăng nhập Google chưa được cấu hình – EV Service</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:560px;margin:64px auto;padding:0 24px;color:#1f2937;line-height:1.6}a{color:#047857}</style></head>
<body>
<h1>Đăng nhập bằng Google chưa được cấu hình</h1>
<p>${escapeHtml(googleMessages.notConfigured)} Quản trị viên cần khai báo GOOGLE_CLIENT_ID và GOOGLE_CLIENT_SECRET.</p>
<p>Bạn vẫn có thể đăng nhập bằng email hoặc số điện thoại và mật khẩu.</p>
<p><a href="${escapeHtml(loginUrl)}">Quay lại trang đăng nhập</a></p>
</body>
</html>`;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * POST /api/auth/login-google {token}: a Google ID token → a session.
 * GET /api/auth/google[?redirect=/path]: the browser fallback, the OAuth authorization-code flow run by the
 * server; back at GET /api/auth/google/callback it sends the browser to
 * `${PUBLIC_URL}/auth/login?redirect=<path>&googleCode=<one-time code>` with an HttpOnly cookie binding that
 * code to this browser (googleHandoffs.ts), or to `${PUBLIC_URL}/auth/login?redirect=<path>&error=google` when
 * the sign-in failed. Never tokens in a URL. POST /api/auth/google/exchange {code} then answers the session.
 */
export const googleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('googleRoutes', async (app, { context }) => {
  const { config, clock } = context;
  const google = config.google;
  // The code is good once: the exchange is never retried.
  const tokenEndpoint = createOutboundClient({ provider: 'google', baseUrl: google.tokenUrl, fetch: context.fetch, retries: 0 });
  const stateKey = new TextEncoder().encode(`${context.secret}:google-state`);
  caseInsensitiveBodies(app);
  const loginUrl = (redirect: string, extra = '') => `${config.publicUrl}/auth/login?redirect=${encodeURIComponent(redirect)}${extra}`;
  const secure = google.redirectUri.startsWith('https://') ? '; Secure' : '';
  const sessionDeps = { db: context.db, clock, accessTokens: context.accessTokens, revocation: context.revocation };

  app.get(
    '/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cấu hình đăng nhập công khai cho giao diện (Google client id, null khi chưa cấu hình)',
        response: { 200: envelopeSchema(z.object({ googleClientId: z.string().nullable() })) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok({ googleClientId: google.clientId });
    },
  );

  app.post(
    '/auth/login-google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập bằng Google ID token (tạo hoặc liên kết tài khoản theo email đã xác thực)',
        body: googleLoginRequestSchema,
        response: { 200: authSessionResponseSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = await verifyGoogleIdToken(google, clock.now(), request.body.token);
      return ok(await signInWithGoogle(context, identity), googleMessages.loggedIn);
    },
  );

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập Google qua trình duyệt (chuyển hướng OAuth); trang báo chưa cấu hình nếu thiếu client id/secret',
        querystring: z.object({ redirect: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const redirect = safeRedirectTarget(request.query.redirect);
      reply.header('cache-control', 'no-store');
      if (!google.clientId || !google.clientSecret) {
        return reply.code(503).type('text/html; charset=utf-8').send(notConfiguredPage(loginUrl(redirect)));
      }
      const nonce = randomBytes(16).toString('base64url');
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const state = await new SignJWT({ redirect, nonce })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(STATE_AUDIENCE)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + STATE_TTL_SECONDS)
        .sign(stateKey);
      const target = new URL(google.authorizationUrl);
      target.search = new URLSearchParams({
        client_id: google.clientId,
        redirect_uri: google.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        prompt: 'select_account',
      }).toString();
      // Binds the flow to this browser: the callback must come back with the same nonce (no login CSRF).
      reply.header('set-cookie', `${STATE_COOKIE}=${nonce}; Path=/api/auth/google; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
      return reply.redirect(target.toString(), 302);
    },
  );

  async function finishCodeFlow(request: FastifyRequest, query: { code?: string; state?: string }): Promise<{ redirect: string; userId: number }> {
    let redirect = '/';
    if (!query.state) throw new AppError(400, ERROR_CODES.GOOGLE_STATE_INVALID, googleMessages.invalidToken);
    let state;
    try {
      ({ payload: state } = await jwtVerify(query.state, stateKey, { audience: STATE_AUDIENCE, algorithms: ['HS256'], currentDate: clock.now() }));
    } catch {
      throw new AppError(400, ERROR_CODES.GOOGLE_STATE_INVALID, googleMessages.invalidToken);
    }
    redirect = safeRedirectTarget(state.redirect);
    const nonce = typeof state.nonce === 'string' ? state.nonce : '';
    if (!nonce || readCookie(request, STATE_COOKIE) !== nonce || !query.code) {
      throw Object.assign(new AppError(400, ERROR_CODES.GOOGLE_STATE_INVALID, googleMessages.invalidToken), { redirect });
    }
    let idToken: unknown;
    try {
      const response = await tokenEndpoint.request({
        method: 'POST',
        path: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code: query.code,
          client_id: google.clientId!,
          client_secret: google.clientSecret!,
          redirect_uri: google.redirectUri,
          grant_type: 'authorization_code',
        }).toString(),
      });
      idToken = response.ok ? ((await response.json()) as { id_token?: unknown }).id_token : null;
    } catch {
      idToken = null;
    }
    if (typeof idToken !== 'string') throw Object.assign(new AppError(502, ERROR_CODES.GOOGLE_UNAVAILABLE, googleMessages.unavailable), { redirect });
    const identity = await verifyGoogleIdToken(google, clock.now(), idToken).catch((error: unknown) => {
      throw Object.assign(error as object, { redirect });
    });
    if (identity.nonce !== nonce) throw Object.assign(new AppError(400, ERROR_CODES.GOOGLE_STATE_INVALID, googleMessages.invalidToken), { redirect });
    try {
      const user = await googleAccountFor(context, identity);
      // A disabled account fails here, back to the login page with error=google, not at the exchange.
      assertNotDisabled(user);
      return { redirect, userId: user.id };
    } catch (error) {
      throw Object.assign(error as object, { redirect });
    }
  }

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google chuyển trình duyệt về đây sau khi đăng nhập (luồng mã ủy quyền)',
        querystring: z.object({ code: z.string().max(2048).optional(), state: z.string().max(4096).optional(), error: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The state cookie has done its job either way.
      const clearState = `${STATE_COOKIE}=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`;
      reply.header('set-cookie', clearState);
      if (!google.clientId || !google.clientSecret) {
        return reply.code(503).type('text/html; charset=utf-8').send(notConfiguredPage(loginUrl('/')));
      }
      try {
        const { redirect, userId } = await finishCodeFlow(request, request.query);
        const { code, binding } = await createGoogleHandoff(context.db, clock, userId);
        reply.header('set-cookie', [
          clearState,
          `${HANDOFF_COOKIE}=${binding}; Path=${HANDOFF_COOKIE_PATH}; Max-Age=${GOOGLE_HANDOFF_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
        ]);
        return reply.redirect(loginUrl(redirect, `&googleCode=${code}`), 302);
      } catch (error) {
        const redirect = safeRedirectTarget((error as { redirect?: unknown }).redirect);
        request.log.info({ reason: (error as Error).message }, 'Google sign-in (code flow) failed');
        return reply.redirect(loginUrl(redirect, '&error=google'), 302);
      }
    },
  );

  app.post(
    '/auth/google/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đổi mã một lần của luồng Google (trên trang đăng nhập) lấy phiên đăng nhập; chỉ một lần, trong 2 phút, với cookie của trình duyệt đã đăng nhập',
        body: googleCodeExchangeRequestSchema,
        response: { 200: authSessionResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The binding cookie serves one exchange, whatever its outcome.
      reply.header('set-cookie', `${HANDOFF_COOKIE}=; Path=${HANDOFF_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
      const userId = await claimGoogleHandoff(context.db, clock, request.body.code, readCookie(request, HANDOFF_COOKIE));
      const user = userId === null ? undefined : await context.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError(400, ERROR_CODES.GOOGLE_CODE_INVALID, googleMessages.invalidToken);
      return ok(await startSession(sessionDeps, user), googleMessages.loggedIn);
    },
  );
});
