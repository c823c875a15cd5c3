import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyHttpProxy from '@fastify/http-proxy';
import { injectRemotesBootstrap } from './remotesBootstrap.ts';

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
  /** the shell: the run-time remotes manifest served at /remotes.json */
  remotesManifest?: () => unknown;
}

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css)$/;

/** Cache policy: content-hashed chunks for a year; everything that names them (html, entries, manifests) revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves one app's production build, as `npm start` and the e2e suite run it. */
export async function startStaticSite(options: StaticSiteOptions): Promise<FastifyInstance> {
  if (!existsSync(path.join(options.root, options.spaFallback ? 'index.html' : 'remoteEntry.js'))) throw new Error(`no build in ${options.root}: run npm run build`);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // Text assets travel compressed (brotli or gzip, as the browser accepts), as nginx does in production.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  if (options.cors) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });
  }
  if (options.apiTarget) {
    await app.register(fastifyHttpProxy, {
      upstream: options.apiTarget,
      prefix: '/api',
      rewritePrefix: '/api',
      http2: false,
      // The API throttles per client IP: pass the visitor's address on, as nginx does in production.
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
        }),
      },
    });
  }
  if (options.remotesManifest) {
    const manifest = options.remotesManifest;
    app.get('/remotes.json', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manifest();
    });
  }
  // The shell's page carries the remotes manifest inline (see remotesBootstrap.ts).
  const sendPage = (reply: import('fastify').FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (!options.remotesManifest) return reply.sendFile('index.html');
    const html = readFileSync(path.join(options.root, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(injectRemotesBootstrap(html, options.remotesManifest()));
  };
  if (options.spaFallback) {
    app.get('/', async (_request, reply) => sendPage(reply));
    app.get('/index.html', async (_request, reply) => sendPage(reply));
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
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '') && !request.url.startsWith('/api');
    if (options.spaFallback && wantsPage) return sendPage(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Không tìm thấy tệp.');
  });
  await app.listen({ port: options.port, host: options.host ?? 'localhost' });
  return app;
}
