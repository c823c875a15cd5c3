import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { catalogueActiveInputSchema, catalogueChangeListResponseSchema, type CatalogueChange, type ErrorCode } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { currentAuth, requireRole } from '../../security/authGuard';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';

/**
 * The routes of a versioned catalogue item that is archived rather than deleted (services, packages): the list, one
 * item, its history, create, save from a version, archive/restore. Writes: admin. Reads: admin and manager.
 * Everyone else 403, anonymous 401. Every write tells every instance through the change feed.
 */
export interface ArchivableItemRoutes<Item, Input, Update extends { version: number }, Query> {
  /** '/admin/catalogue/services' */
  path: string;
  feed: CatalogueChangeFeed;
  schemas: { listQuery: z.ZodType; list: z.ZodType; params: z.ZodType; item: z.ZodType; input: z.ZodType; update: z.ZodType };
  summaries: { list: string; item: string; history: string; create: string; save: string; active: string };
  notFound: { message: string; code: ErrorCode };
  messages: { created: string; saved: string; archived: string; restored: string };
  work: {
    list: (query: Query) => Promise<unknown>;
    read: (id: number) => Promise<Item | null>;
    history: (id: number) => Promise<CatalogueChange[]>;
    create: (input: Input, actorId: number) => Promise<Item>;
    save: (id: number, update: Update, actorId: number) => Promise<Item>;
    setActive: (id: number, isActive: boolean, version: number, actorId: number) => Promise<Item>;
  };
}

type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export function registerArchivableItemRoutes<Item, Input, Update extends { version: number }, Query>(app: ZodApp, spec: ArchivableItemRoutes<Item, Input, Update, Query>): void {
  const { path, feed, schemas, summaries, messages, work } = spec;
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  const readers = requireRole('manager', 'admin');
  const admin = requireRole('admin');
  const tags = ['catalogue-admin'];
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;
  const found = async (id: number) => {
    const item = await work.read(id);
    if (!item) throw AppError.notFound(spec.notFound.message, spec.notFound.code);
    return item;
  };

  app.get(path, { preHandler: readers, schema: { tags, summary: summaries.list, querystring: schemas.listQuery, response: { 200: schemas.list, ...backOfficeErrors } } }, async (request) =>
    ok(await work.list(request.query as Query)),
  );

  app.get(`${path}/:id`, { preHandler: readers, schema: { tags, summary: summaries.item, params: schemas.params, response: { 200: schemas.item, ...backOfficeErrors } } }, async (request) =>
    ok(await found(idOf(request))),
  );

  app.get(
    `${path}/:id/history`,
    { preHandler: readers, schema: { tags, summary: summaries.history, params: schemas.params, response: { 200: catalogueChangeListResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      await found(idOf(request));
      return ok(await work.history(idOf(request)));
    },
  );

  app.post(path, { preHandler: admin, schema: { tags, summary: summaries.create, body: schemas.input, response: { 201: schemas.item, ...backOfficeErrors } } }, async (request, reply) => {
    const created = await work.create(request.body as Input, currentAuth(request).userId);
    await feed.changed();
    return reply.code(201).send(ok(created, messages.created));
  });

  app.put(
    `${path}/:id`,
    {
      preValidation: requireKnownField(schemas.update),
      preHandler: admin,
      schema: { tags, summary: summaries.save, params: schemas.params, body: schemas.update, response: { 200: schemas.item, ...backOfficeErrors } },
    },
    async (request) => {
      const saved = await work.save(idOf(request), request.body as Update, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.saved);
    },
  );

  app.put(
    `${path}/:id/active`,
    {
      preValidation: requireKnownField(catalogueActiveInputSchema),
      preHandler: admin,
      schema: { tags, summary: summaries.active, params: schemas.params, body: catalogueActiveInputSchema, response: { 200: schemas.item, ...backOfficeErrors } },
    },
    async (request) => {
      const { isActive, version } = request.body;
      const saved = await work.setActive(idOf(request), isActive, version, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, isActive ? messages.restored : messages.archived);
    },
  );
}
