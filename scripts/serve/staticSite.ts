import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyHttpProxy from '@fastify/http-proxy';
import { isServerOnlyApiPath, refusesDevApiRequest } from './devRoutesGuard.ts';
import { createFirstViewComposer, injectFirstView } from './firstView.ts';
import { forwardedProto } from './forwardedProto.ts';
import { browserKeyOf, newBrowserKey } from './liveRemotes.ts';
import { createProxyErrorLog } from './proxyErrorLog.ts';
import { injectRemotesBootstrap, remotesBootstrapScript } from './remotesBootstrap.ts';
import {
  BASE_SECURITY_HEADERS,
  inlineScriptHash,
  REMOTE_CONTENT_SECURITY_POLICY,
  remoteOrigins,
  shellContentSecurityPolicy,
} from './securityHeaders.ts';

export interface StaticSiteOptions {
  /** the folder of a production build (a package's dist) */
  root: string;
  port: number;
  host?: string;
  /** the shell: unknown paths get index.html (client routing) */
  spaFallback?: boolean;
  /** remotes: their manifest and chunks are fetched from the shell's origin */
  cors?: boolean;
  /** the shell: proxies /api to the API */
  apiTarget?: string;
  /**
   * the shell: the run-time remotes manifest of the browser with this key (its canary share; see liveRemotes.ts),
   * written into the page and served at /remotes.json
   */
  remotesManifest?: (browserKey: string | undefined) => unknown;
  /** the shell: the published builds (decision 0070), served at /remotes/<package>/<buildId>/, cached for good */
  releasesDir?: string;
  /** the shell: the share of pages whose remotes report their views and errors (shell/src/releaseHealth) */
  reportSampleRate?: number;
  /** called when the server closes (what the manifest follows, see liveRemotes.ts) */
  onClose?: () => void;
  /** the shell: remote → where this server reads its first-view pages, when not at the manifest's (browser's) URL */
  remoteInternalUrls?: Partial<Record<string, string>>;
  /** the shell: where a failure of the /api proxy is logged, one line (default: stderr; see proxyErrorLog.ts) */
  logProxyError?: (line: string) => void;
}

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css)$/;
/** Where the published builds are served: each folder is written once and never changes (scripts/release). */
export const RELEASES_PREFIX = '/remotes/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The proxied API: its answers keep the API's own headers. */
const API_PATH = /^\/api(?:[/?]|$)/;
/** What the API says for a path it does not have (its envelope): the proxy's refusal looks the same. */
const API_NOT_FOUND = { success: false, message: 'Không tìm thấy đường dẫn API yêu cầu.', code: 'ROUTE_NOT_FOUND' } as const;
/** The proxy's answer while the API cannot be reached (under `npm start`: restarting after a crash, see apiSupervisor.ts). */
export const API_UNAVAILABLE = { success: false, message: 'Máy chủ đang khởi động lại. Vui lòng thử lại sau ít giây.', code: 'API_UNAVAILABLE' } as const;
export const API_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** The proxy's answer when the API took too long to answer (it is up: nothing says it restarts). */
const API_TIMEOUT = { success: false, message: 'Máy chủ phản hồi quá lâu. Vui lòng thử lại.', code: 'API_TIMEOUT' } as const;

/** The shell's Web Push worker (shell/public/push-sw.js): its policy lets it show the site's icon and load nothing else. */
export const PUSH_WORKER_PATH = '/push-sw.js';
export const PUSH_WORKER_POLICY = "default-src 'none'; img-src 'self'";

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';


/** Cache policy: content-hashed chunks for a year; everything that names them (html, entries, manifests) revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache';
}

/** Where this server answers, from this machine (it reads its own published builds' first-view pages). */
function selfOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Serves one app's production build, as `npm start` and the e2e suite run it. */
export async function startStaticSite(options: StaticSiteOptions): Promise<FastifyInstance> {
  if (!existsSync(path.join(options.root, options.spaFallback ? 'index.html' : 'remoteEntry.js'))) throw new Error(`no build in ${options.root}: run npm run build`);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  if (options.onClose) {
    const onClose = options.onClose;
    app.addHook('onClose', async () => onClose());
  }
  // Text assets travel compressed (brotli or gzip, as the browser accepts), as the remotes' nginx does in production.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  if (options.cors) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });
  }
  // Browser security headers on everything but the proxied API (see securityHeaders.ts); a page sets its own policy.
  const defaultPolicy = options.spaFallback ? "default-src 'none'; frame-ancestors 'none'" : REMOTE_CONTENT_SECURITY_POLICY;
  const policyFor = (url: string) => (options.spaFallback && url.split('?')[0] === PUSH_WORKER_PATH ? PUSH_WORKER_POLICY : defaultPolicy);
  app.addHook('onSend', async (request, reply) => {
    if (options.apiTarget && API_PATH.test(request.url)) return;
    reply.headers(BASE_SECURITY_HEADERS);
    // HSTS only on answers that reached the browser over HTTPS: behind a TLS-terminating proxy, its X-Forwarded-Proto.
    if (forwardedProto(request.headers['x-forwarded-proto']) === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', policyFor(request.url));
  });
  if (options.apiTarget) {
    // The API's development routes (the dev outbox) are for a browser on this machine: see devRoutesGuard.ts.
    app.addHook('onRequest', async (request, reply) => {
      if (refusesDevApiRequest(request.url, request.raw.socket.remoteAddress) || isServerOnlyApiPath(request.url)) {
        return reply.code(404).header('Cache-Control', 'no-store').send(API_NOT_FOUND);
      }
    });
    const logProxyError = createProxyErrorLog({ target: options.apiTarget, write: options.logProxyError });
    await app.register(fastifyHttpProxy, {
      upstream: options.apiTarget,
      prefix: '/api',
      rewritePrefix: '/api',
      http2: false,
      // The API throttles per client IP: pass the visitor's address on, as a proxy in front of it must.
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
          // the scheme the browser used (a TLS-terminating proxy's, else this server's own), for the API's HSTS
          'x-forwarded-proto': forwardedProto(headers['x-forwarded-proto']) ?? 'http',
        }),
        // No answer from the API (not listening, died mid-request): the API's error envelope, not the proxy's English one.
        onError: (reply, { error }) => {
          logProxyError(error, reply.request);
          reply.header('Cache-Control', 'no-store');
          if ((error as { code?: string }).code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT') {
            reply.code(504).send(API_TIMEOUT);
          } else {
            reply.code(503).header('Retry-After', String(API_UNAVAILABLE_RETRY_AFTER_SECONDS)).send(API_UNAVAILABLE);
          }
        },
      },
    });
  }
  /** The browser's key (set now when it has none), so a canary keeps the same browsers from page to page. */
  const browserKey = (request: FastifyRequest, reply: FastifyReply): string => {
    const known = browserKeyOf(request.headers.cookie);
    if (known) return known;
    const fresh = newBrowserKey(request.headers['x-forwarded-proto']);
    reply.header('Set-Cookie', fresh.setCookie);
    return fresh.key;
  };
  if (options.remotesManifest) {
    const manifest = options.remotesManifest;
    app.get('/remotes.json', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manifest(browserKey(request, reply));
    });
  }
  // The shell's page carries the remotes manifest inline (see remotesBootstrap.ts); its policy allows that
  // script by its hash and the remotes of this manifest, and nothing else.
  // A public storefront page starts as its first view, a signed-in visitor's page as its signed-in one (see firstView.ts).
  const firstViews = options.remotesManifest
    ? createFirstViewComposer(options.root, () => undefined, undefined, options.remoteInternalUrls, options.apiTarget, () => selfOrigin(app))
    : null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (!options.remotesManifest) {
      reply.header('Content-Security-Policy', shellContentSecurityPolicy({ remoteOrigins: [], inlineScriptHashes: [] }));
      return reply.sendFile('index.html');
    }
    const manifest = await options.remotesManifest(browserKey(request, reply));
    const inlineScripts = [remotesBootstrapScript(manifest, options.reportSampleRate)];
    let html = injectRemotesBootstrap(readFileSync(path.join(options.root, 'index.html'), 'utf8'), manifest, options.reportSampleRate);
    const [pathname = '/', query = ''] = request.url.split('?');
    const manifestUrlOf = (remote: string) => {
      const url = (manifest as Record<string, unknown>)[remote];
      return typeof url === 'string' ? url : undefined;
    };
    const firstView = await firstViews?.forPath(pathname, query, manifestUrlOf);
    const signedInView = firstView ? null : await firstViews?.signedInForPath(pathname, manifestUrlOf);
    const page = firstView
      ? injectFirstView(html, firstView, manifestUrlOf('mfe_storefront'))
      : signedInView
        ? injectFirstView(html, signedInView.markup, manifestUrlOf(signedInView.remote), 'signed-in')
        : null;
    if (page) {
      html = page.html;
      if (page.scriptLoader) inlineScripts.push(page.scriptLoader);
    }
    reply.header(
      'Content-Security-Policy',
      shellContentSecurityPolicy({ remoteOrigins: remoteOrigins(manifest), inlineScriptHashes: inlineScripts.map(inlineScriptHash) }),
    );
    return reply.type('text/html; charset=utf-8').send(html);
  };
  if (options.spaFallback) {
    app.get('/', async (request, reply) => sendPage(request, reply));
    app.get('/index.html', async (request, reply) => sendPage(request, reply));
  }
  if (options.releasesDir) {
    // a folder published while this server runs is served at once (no file list is kept)
    mkdirSync(options.releasesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.releasesDir,
      prefix: RELEASES_PREFIX,
      decorateReply: false,
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: false,
      wildcard: true,
      setHeaders: (response) => response.setHeader('Cache-Control', IMMUTABLE),
    });
  }
  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    wildcard: true,
    setHeaders: (response, filePath) => response.setHeader('Cache-Control', cacheControlFor(filePath)),
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '') && !request.url.startsWith('/api') && !request.url.startsWith(RELEASES_PREFIX);
    if (options.spaFallback && wantsPage) return sendPage(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Không tìm thấy tệp.');
  });
  await app.listen({ port: options.port, host: options.host ?? 'localhost' });
  return app;
}
