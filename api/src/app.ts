import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { databaseKind } from './db/portable';
import type { Database } from './db/schema';
import { registerAuthentication, requireRole } from './security/authGuard';
import { registerCentreScope } from './security/centreScope';
import { registerErrorHandling, sendError } from './http/errorHandling';
import { registerHttpCache } from './http/httpCache';
import { registerOpenApi } from './http/openapi';
import { registerRequestLog, requestLogController } from './http/requestLog';
import { useVietnameseZodMessages } from './http/validation';
import type { EventBus } from './events/eventBus';
import { createAppContext, type AppContext, type AppContextOptions } from './appContext';
import { loadConfig } from './config';
import { approvalsModule } from './modules/approvals';
import { accountExistsRoutes, authRoutes, googleRoutes } from './modules/auth';
import { bookingsModule } from './modules/bookings';
import { cartRoutes } from './modules/cart';
import { catalogueRoutes } from './modules/catalogue';
import { catalogueAdminModule } from './modules/catalogueAdmin';
import { cashClosesModule } from './modules/cashCloses';
import { providerHealthModule } from './modules/providerHealth';
import { eInvoicesModule } from './modules/eInvoices';
import { carriersModule } from './modules/carriers';
import { loyaltyModule, productMemberPrices } from './modules/loyalty';
import { centresRoutes } from './modules/centres';
import { addressesRoutes } from './modules/addresses';
import { vehicleModelRoutes } from './modules/vehicleModels';
import { batteryHealthRoutes } from './modules/batteryHealth';
import { recallRoutes } from './modules/recalls';
import { warrantyRoutes } from './modules/warranty';
import { contactRoutes } from './modules/contact';
import { diagnosticsRoutes } from './modules/diagnostics';
import { frontDeskModule } from './modules/frontDesk';
import { healthRoutes } from './modules/health';
import { inventoryModule } from './modules/inventory';
import { invoicesModule } from './modules/invoices';
import { kpisModule } from './modules/kpis';
import { maintenanceRoutes } from './modules/maintenance';
import { avatarsRoutes, catalogueMediaRoutes, productCoverRoutes } from './modules/media';
import { createApiMetrics, registerMetrics } from './modules/metrics';
import { devOutboxRoutes, notificationCentreModule, notificationChannelsModule } from './modules/notifications';
import { conversationsModule } from './modules/conversations';
import { ordersRoutes } from './modules/orders';
import { announcePaymentExceptionChange, bankTransfersModule, payOSModule, payOsStandIn, paymentExceptionsModule, queueCarrierCodException, recordedTransfersModule, reconciliationModule } from './modules/payments';
import { codStatementsRoutes, shipmentDeskRoutes, shipmentsModule, shipmentViewOfOrder } from './modules/shipments';
import { partsDemandRoutes } from './modules/partsDemand';
import { partsRequestsModule, serviceOrderParts } from './modules/partsRequests';
import { predictionModule } from './modules/prediction';
import { promotionsRoutes } from './modules/promotions';
import { reportsModule } from './modules/reports';
import { searchRoutes } from './modules/search';
import { serviceOrdersModule } from './modules/serviceOrders';
import { shiftsModule } from './modules/shifts';
import { staffAdminModule } from './modules/staffAdmin';
import { stockTransfersModule } from './modules/stockTransfers';
import { customerRoutes, profileRoutes } from './modules/users';
import { vehicleRoutes } from './modules/vehicles';
import { webOrdersModule } from './modules/webOrders';
import { wishlistModule } from './modules/wishlist';
import { reviewsModule } from './modules/reviews';
import { releasesModule } from './modules/releases';
import { bindObjectStore, createObjectStore } from './objectStorage';
import { apiVersion } from './version';
import { registerDrain, type Drain } from './http/drain';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's live bus (registered by buildApp): the server's scheduled jobs announce what they change on it. */
    events: EventBus;
    /** The stop's drain (registered by buildApp): server.ts begins it on SIGTERM. */
    drain: Drain;
  }
}

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
  /** The config and the parts of the app's context tests inject (clock, counters, revocation, the event bus …); see AppContextOptions. */
  context?: AppContextOptions;
}

/** How long the API's readiness waits for the session-revocation feed to start. */
export const REVOCATION_START_WAIT_MS = 1_000;

/**
 * The context's lifecycle: the session-revocation feed starts when the app is ready, awaited for at most
 * REVOCATION_START_WAIT_MS (an unreachable database must not keep the API from answering; its health check says 503
 * and the feed catches up later); what the context opened closes with the app.
 */
function registerContextLifecycle(app: App, context: AppContext): void {
  app.addHook('onReady', async () => {
    const log = app.log.child({ module: 'session-revocation' });
    const starting = context.revocation.start(log).catch((error: unknown) => {
      log.error({ err: error }, 'session revocation: could not start the feed; this instance knows only its own revocations until it does');
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([starting, new Promise<void>((resolve) => (timer = setTimeout(resolve, REVOCATION_START_WAIT_MS)))]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await context.close();
  });
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
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID'];

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
  const dialect = databaseKind(options.db);

  const config = options.context?.config ?? loadConfig();
  // The stored files (avatars, product and checklist photos): UPLOAD_DIR itself, or the S3 bucket of S3_BUCKET.
  bindObjectStore(config.uploadDir, createObjectStore(config));

  const app = Fastify({
    ...loggerOptions(options.logger),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // request.ip is the client's (X-Forwarded-For) only behind a trusted proxy (TRUST_PROXY; login throttling per IP).
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // One line per request from registerRequestLog (health probes at debug) instead of Fastify's two.
    logController: requestLogController(),
    // While closing, a request on a kept-alive connection is served, not refused with 503 (the drain has told the
    // balancer to send nothing new; what still arrives is answered).
    return503OnClosing: false,
    // Errors raised before routing (e.g. a malformed URL) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, error);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const httpsSite = config.publicUrl.startsWith('https:');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Every answer is what its Content-Type says (JSON, images, the docs): browsers must not guess otherwise.
    reply.header('x-content-type-options', 'nosniff');
    // Over HTTPS (PUBLIC_URL, or a trusted proxy's X-Forwarded-Proto: request.protocol reads it only from TRUST_PROXY's
    // addresses) the browser is told to come back over HTTPS only.
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
  const context = createAppContext(options.db, app.log, { ...options.context, config });
  registerContextLifecycle(app, context);
  app.decorate('events', context.events);
  const drain = registerDrain(app);
  app.decorate('drain', drain);
  registerCors(app, config.corsOrigins);
  registerErrorHandling(app);
  registerRequestLog(app);
  registerMetrics(app, { metrics: createApiMetrics({ db: options.db, redis: context.redis }), prefix: API_PREFIX });
  registerHttpCache(app);
  registerOpenApi(app, version, { access: config.apiDocs, adminGuard: requireRole('admin') });
  registerAuthentication(app, context.accessTokens);
  registerCentreScope(app);

  const { db } = options;
  const prefix = API_PREFIX;
  // Every module's routes, registered here and only here: a module never registers another.
  void app.register(healthRoutes, {
    prefix,
    db,
    dialect,
    version,
    databaseTimeoutMs: options.healthDatabaseTimeoutMs,
    redis: context.redis,
    uploadDir: config.uploadDir,
    isStopping: () => drain.stopping,
  });
  void app.register(centresRoutes, { prefix, db });
  void app.register(addressesRoutes, { prefix });
  // Vehicle models (issue 66): the reference the customers' vehicles and the products' fitments name.
  void app.register(vehicleModelRoutes, { prefix, db });
  // Accounts: sign-in, Google, profile, the staff's customer look-ups, avatars, the development outbox.
  void app.register(authRoutes, { prefix, context });
  void app.register(googleRoutes, { prefix, context });
  void app.register(accountExistsRoutes, { prefix, context });
  void app.register(profileRoutes, { prefix, context });
  void app.register(customerRoutes, { prefix, context });
  void app.register(avatarsRoutes, { prefix, uploadDir: config.uploadDir });
  void app.register(devOutboxRoutes, { prefix, db, enabled: config.devOutbox && config.nodeEnv !== 'production' });
  // The shop: catalogue, promotions, search, contact, media, cart and orders.
  // The product page carries its member prices (loyalty's, which imports the catalogue: given here, not imported there).
  void app.register(catalogueRoutes, { prefix, db, clock: context.clock, memberPrices: productMemberPrices });
  void app.register(promotionsRoutes, { prefix, db });
  void app.register(searchRoutes, { prefix, db, clock: context.clock });
  void app.register(contactRoutes, { prefix, db });
  void app.register(catalogueMediaRoutes, { prefix });
  void app.register(productCoverRoutes, { prefix, db });
  void app.register(cartRoutes, { prefix, context });
  void app.register(wishlistModule, { prefix, context });
  void app.register(reviewsModule, { prefix, context });
  // Conversations with the centre and the notification centre with its channels (issue 49).
  void app.register(conversationsModule, { prefix, context });
  void app.register(notificationCentreModule, { prefix, context });
  void app.register(notificationChannelsModule, { prefix, context });
  // The order's page shows its parcel (shipments reads it; orders may not import shipments, which imports orders).
  void app.register(ordersRoutes, { prefix, context, parcelOf: shipmentViewOfOrder });
  void app.register(webOrdersModule, { prefix, context });
  // Waybills with the carriers, and the carriers' webhooks moving the orders (issue 65).
  void app.register(shipmentsModule, { prefix, context });
  // Payments that confirm themselves: payOS links and webhook, SePay bank-transfer notifications; payOS's
  // stand-in in development and the demo only.
  void app.register(payOSModule, { prefix, context });
  void app.register(bankTransfersModule, { prefix, context });
  if (config.payOs?.standIn && config.nodeEnv !== 'production') void app.register(payOsStandIn, { prefix, payOs: config.payOs, publicUrl: config.publicUrl });
  // Payments that did not confirm themselves: the desk's exceptions queue, and the admin's daily reconciliation.
  void app.register(paymentExceptionsModule, { prefix, context });
  // Parcels' labels and pickups; the carriers' COD statements, whose exceptions go to payments' queue.
  void app.register(shipmentDeskRoutes, { prefix, context });
  void app.register(codStatementsRoutes, {
    prefix,
    context,
    exceptions: { queue: queueCarrierCodException, announce: async (centreId) => announcePaymentExceptionChange(context.events, centreId) },
  });
  void app.register(recordedTransfersModule, { prefix, context });
  void app.register(reconciliationModule, { prefix, context });
  // The cashier's close per centre ("Chốt ca"): the counter's cash against the ledger.
  void app.register(cashClosesModule, { prefix, context });
  // Receipts and invoices: the PDFs, company VAT-invoice requests, the Circular 78 XML behind a provider.
  void app.register(invoicesModule, { prefix, context });
  // An e-invoice per sale, from the ledger's events.
  void app.register(eInvoicesModule, { prefix, context });
  void app.register(carriersModule, { prefix, context });
  void app.register(loyaltyModule, { prefix, context });
  // The admin's catalogue of products (its changes reach every instance's caches and search).
  void app.register(catalogueAdminModule, { prefix, context });
  // The service side: vehicles, booking, maintenance, the centres' floor and the back office.
  void app.register(vehicleRoutes, { prefix, context });
  void app.register(batteryHealthRoutes, { prefix, context });
  // Manufacturers' recall campaigns (issue 66 §4): matched vehicles, owners told, flags, completion.
  void app.register(recallRoutes, { prefix, context });
  void app.register(warrantyRoutes, { prefix, context });
  void app.register(bookingsModule, { prefix, context });
  void app.register(maintenanceRoutes, { prefix, context });
  void app.register(frontDeskModule, { prefix, context });
  // The floor's orders ask their parts of partsRequests through this port (parts requests build on service orders).
  void app.register(serviceOrdersModule, { prefix, context, parts: serviceOrderParts });
  void app.register(partsRequestsModule, { prefix, context });
  void app.register(approvalsModule, { prefix, context });
  void app.register(inventoryModule, { prefix, context });
  void app.register(stockTransfersModule, { prefix, context });
  void app.register(staffAdminModule, { prefix, context });
  void app.register(kpisModule, { prefix, context });
  void app.register(shiftsModule, { prefix, context });
  void app.register(reportsModule, { prefix, context });
  // Prediction and diagnostics from the centres' own inspections; parts demand.
  void app.register(predictionModule, { prefix, context });
  void app.register(diagnosticsRoutes, { prefix, context });
  void app.register(partsDemandRoutes, { prefix, context });
  // The outside providers' state for the owner ("Zalo đang lỗi").
  void app.register(providerHealthModule, { prefix, context });
  // Each remote released alone (issue 68): published builds, live and canary per remote, the gate, the live manifest.
  void app.register(releasesModule, { prefix, context });

  return app;
}
