import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { E2E_PORTS } from './ports.ts';

/**
 * A local stand-in for Google's identity provider, for the e2e suite only (the machine has no internet):
 * its own RSA key, a JWKS, ID tokens it signs for a chosen account, and the OAuth code flow's authorize and
 * token endpoints. The API under test is pointed at it through GOOGLE_JWKS_URL, GOOGLE_ISSUER,
 * GOOGLE_AUTH_URL and GOOGLE_TOKEN_URL (see playwright.config.ts). Run as a Playwright webServer.
 */
export const GOOGLE_STAND_IN = {
  origin: `http://127.0.0.1:${E2E_PORTS.googleStandIn}`,
  clientId: 'e2e-client.apps.googleusercontent.com',
  clientSecret: 'e2e-client-secret',
} as const;

export interface GoogleAccount {
  email: string;
  name: string;
  sub: string;
}

/** The account the authorize endpoint signs in (a test sets it with POST /account). */
let currentAccount: GoogleAccount = { email: 'google.user@gmail.com', name: 'Trần Google', sub: 'google-sub-1' };
const codes = new Map<string, { account: GoogleAccount; nonce: string | null }>();

/**
 * The stand-in lives in the suite's world: its time is the API's, which starts at CLOCK_START (playwright.config.ts)
 * and runs on. An ID token stamped with the machine's real time would be hours old, or hours early, to the API.
 */
const clockOffsetMs = process.env.CLOCK_START ? Date.parse(process.env.CLOCK_START) - Date.now() : 0;
const nowSeconds = () => Math.floor((Date.now() + clockOffsetMs) / 1000);
const ID_TOKEN_LIFETIME_SECONDS = 600;

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key-1', alg: 'RS256', use: 'sig' };

  const idToken = (account: GoogleAccount, nonce: string | null) =>
    new SignJWT({ email: account.email, email_verified: true, name: account.name, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(GOOGLE_STAND_IN.origin)
      .setAudience(GOOGLE_STAND_IN.clientId)
      .setSubject(account.sub)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + ID_TOKEN_LIFETIME_SECONDS)
      .sign(privateKey);

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', GOOGLE_STAND_IN.origin);
      if (request.method === 'GET' && url.pathname === '/health') return json(response, 200, { ok: true });
      if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
      if (request.method === 'POST' && url.pathname === '/account') {
        currentAccount = JSON.parse(await readBody(request)) as GoogleAccount;
        return json(response, 200, currentAccount);
      }
      if (request.method === 'POST' && url.pathname === '/id-token') {
        const account = JSON.parse(await readBody(request)) as GoogleAccount;
        return json(response, 200, { credential: await idToken(account, null) });
      }
      if (request.method === 'GET' && url.pathname === '/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== GOOGLE_STAND_IN.clientId || !redirectUri) {
          return json(response, 400, { error: 'invalid_request' });
        }
        const code = `code-${codes.size + 1}-${Date.now()}`;
        codes.set(code, { account: currentAccount, nonce: url.searchParams.get('nonce') });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        response.writeHead(302, { Location: back.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(request));
        const grant = codes.get(form.get('code') ?? '');
        const authorization = request.headers.authorization ?? '';
        const basic = authorization.startsWith('Basic ')
          ? Buffer.from(authorization.slice(6), 'base64').toString('utf8')
          : `${form.get('client_id')}:${form.get('client_secret')}`;
        if (!grant || basic !== `${GOOGLE_STAND_IN.clientId}:${GOOGLE_STAND_IN.clientSecret}`) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        codes.delete(form.get('code')!);
        return json(response, 200, {
          access_token: 'stand-in-access-token',
          token_type: 'Bearer',
          expires_in: 3600,
          id_token: await idToken(grant.account, grant.nonce),
        });
      }
      json(response, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(response, 500, { error: String(error) }));
  });
  server.listen(E2E_PORTS.googleStandIn, '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) void main();
