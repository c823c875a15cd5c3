import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { dialectOf } from './db/portable';
import type { Database } from './db/schema';
import { registerAuthentication } from './http/authGuard';
import { registerCentreScope } from './http/centreScope';
import { registerErrorHandling, sendError } from './http/errorHandling';
import { registerHttpCache } from './http/httpCache';
import { registerOpenApi } from './http/openapi';
import { registerRequestLog, requestLogController } from './http/requestLog';
import { useVietnameseZodMessages } from './http/validation';
import { centresRoutes } from './modules/centres/centresRoutes';
import { healthRoutes } from './modules/health/healthRoutes';
import { createApiMetrics } from './modules/metrics/apiMetrics';
import { registerMetrics } from './modules/metrics/metricsRoutes';
import { accountsRoutes, createAccountsContext, type AccountsOptions } from './modules/auth/accountsPlugin';
import { catalogueRoutes } from './modules/catalogue/catalogueRoutes';
import { contactRoutes } from './modules/contact/contactRoutes';
import { catalogueMediaRoutes } from './modules/media/catalogueMediaRoutes';
import { productCoverRoutes } from './modules/media/productCoverRoutes';
import { promotionsRoutes } from './modules/promotions/promotionsRoutes';
import { searchRoutes } from './modules/search/searchRoutes';
import { shopRoutes } from './modules/orders/shopPlugin';
import { predictionPlugin } from './modules/prediction/predictionPlugin';
import { partsDemandPlugin } from './modules/partsDemand/partsDemandRoutes';
import type { EventBus } from './events/eventBus';
import { serviceBookingRoutes } from './modules/bookings/serviceBookingPlugin';
import { apiVersion } from './version';

/** The Fastify instance of the API, with zod schemas as its type provider. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export const API_PREFIX = '/api';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  db: Kysely<Database>;
  /**
   * Structured JSON logs (pino): false (the default, silent: tests), true, pino options such as
   * `{ level: 'info' }`, or a ready logger instance.
   */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get 413. */
  bodyLimit?: number;
  /** Deadline of the health check's `select 1` (default 2000 ms). */
  healthDatabaseTimeoutMs?: number;
  /** Reported by /api/health and the OpenAPI document (default: api/package.json's version). */
  version?: string;
  /** Accounts (auth, users, notifications, avatars): config, clock, throttling counters. See AccountsOptions. */
  accounts?: AccountsOptions;
  /**
   * The live bus of the service side (tests hand one in, to tell the floor of what they write straight into the
   * database); default: Redis, PostgreSQL LISTEN/NOTIFY or in-process (createEventBus).
   */
  appointmentEvents?: EventBus;
}

function isLoggerInstance(value: BuildAppOptions['logger']): value is FastifyBaseLogger {
  return typeof value === 'object' && value !== null && typeof (value as FastifyBaseLogger).child === 'function';
}

const REDACTED_LOG_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

function loggerOptions(logger: BuildAppOptions['logger']): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (isLoggerInstance(logger)) return { loggerInstance: logger };
  if (logger === true) return { logger: { redact: REDACTED_LOG_PATHS } };
  if (typeof logger === 'object' && logger !== null) return { logger: { redact: REDACTED_LOG_PATHS, ...logger } };
  return { logger: false };
}

/** What a browser on an allowed origin may send (the bearer token, JSON bodies, the order retry key). */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];

/**
 * CORS for separately hosted clients (CORS_ORIGINS): exactly the listed origins get Access-Control-Allow-Origin,
 * on preflights and requests; none listed (the default) registers nothing, so only the site's own origin can
 * call the API from a browser. Bearer tokens, not cookies: no credentials mode.
 */
function registerCors(app: App, origins: readonly string[]): void {
  if (origins.length === 0) return;
  void app.register(fastifyCors, {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: ['X-Request-Id', 'ETag', 'Retry-After'],
    maxAge: 600,
  });
}

/**
 * Builds the API (not listening, not yet ready): every route under /api, case-insensitive paths, a trailing
 * slash ignored, the JSON envelope for every answer including errors, zod validation, OpenAPI + Swagger UI at
 * /api/docs. Routes may still be added (tests do) until `ready()`, `inject()` or `listen()`.
 */
/** A year, subdomains included (HSTS): sent only on answers over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function buildApp(options: BuildAppOptions): App {
  useVietnameseZodMessages();
  const version = options.version ?? apiVersion();
  const dialect = dialectOf(options.db);

  const accounts = createAccountsContext(options.db, options.accounts);

  const app = Fastify({
    ...loggerOptions(options.logger),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // request.ip is the client's (X-Forwarded-For) only behind a trusted proxy (TRUST_PROXY; login throttling per IP).
    trustProxy: accounts.config.trustProxy,
    genReqId: () => randomUUID(),
    // One line per request from registerRequestLog (health probes at debug) instead of Fastify's two.
    logController: requestLogController(),
    // Errors raised before routing (e.g. a malformed URL) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, error);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const httpsSite = accounts.config.publicUrl.startsWith('https:');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Every answer is what its Content-Type says (JSON, images, the docs): browsers must not guess otherwise.
    reply.header('x-content-type-options', 'nosniff');
    // Over HTTPS (PUBLIC_URL, or a trusted proxy's X-Forwarded-Proto: request.protocol reads it only from TRUST_PROXY's
    // addresses) the browser is told to come back over HTTPS only.
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
  registerCors(app, accounts.config.corsOrigins);
  registerErrorHandling(app);
  registerRequestLog(app);
  registerMetrics(app, { metrics: createApiMetrics({ db: options.db }), prefix: API_PREFIX });
  registerHttpCache(app);
  registerOpenApi(app, version);
  registerAuthentication(app, accounts.accessTokens);
  registerCentreScope(app);

  void app.register(healthRoutes, {
    prefix: API_PREFIX,
    db: options.db,
    dialect,
    version,
    databaseTimeoutMs: options.healthDatabaseTimeoutMs,
    redis: accounts.redis,
    uploadDir: accounts.config.uploadDir,
  });
  void app.register(centresRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(accountsRoutes, { prefix: API_PREFIX, accounts });
  void app.register(catalogueRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(promotionsRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(searchRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(contactRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(catalogueMediaRoutes, { prefix: API_PREFIX });
  void app.register(productCoverRoutes, { prefix: API_PREFIX, db: options.db });
  void app.register(shopRoutes, { prefix: API_PREFIX, accounts });
  void app.register(serviceBookingRoutes, { prefix: API_PREFIX, accounts, events: options.appointmentEvents });
  void app.register(predictionPlugin, { prefix: API_PREFIX, accounts });
  void app.register(partsDemandPlugin, { prefix: API_PREFIX, accounts });

  return app;
}
