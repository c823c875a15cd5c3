import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buildReportsAcceptedSchema,
  buildReportsInputSchema,
  errorEnvelopeSchema,
  idInput,
  liveManifestQuerySchema,
  liveManifestResponseSchema,
  promoteInputSchema,
  publishBuildInputSchema,
  publishBuildResponseSchema,
  releaseAppParamsSchema,
  releaseMoveInputSchema,
  releaseOverviewResponseSchema,
  releaseStateResponseSchema,
  releaseTokenCreatedResponseSchema,
  releaseTokenInputSchema,
  releaseTokenResponseSchema,
  rollbackInputSchema,
  startCanaryInputSchema,
  type ReleaseApp,
  type ReleaseState,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { currentAuth, requireRole } from '../../security/authGuard';
import { ThrottledError, withRetryAfter } from '../../security/throttle';
import { createBuildHealth } from './buildHealth';
import { apiContractsVersion } from './contractsVersion';
import { releaseActorOf, requireReleaseActor, type ReleaseActor } from './releaseActor';
import { releaseMessages as messages } from './releaseMessages';
import { createReleaseRegistry } from './releaseRegistry';
import { createReleaseToken, revokeReleaseToken } from './releaseTokens';
import { liveTableRoutes } from './liveTableStream';
import { releaseOverview } from './releaseViews';

/** How long the app's start waits for the change feed to subscribe (as the catalogue's). */
const FEED_START_WAIT_MS = 1_000;
/** Report requests one address may send a minute (a sampled page sends one, then one per later batch of errors). */
export const BUILD_REPORTS_PER_MINUTE = 120;

const tokenParams = z.object({ id: idInput('Mã phát hành không hợp lệ.') });

/**
 * The release registry (issue 68, decision 0070). Public: GET /api/releases/manifest?browser=<key> (the shell's
 * server asks it for each page: per remote the build this browser gets) and POST /api/releases/reports (a sampled
 * page's views and errors per remote build, rate-limited per address). An admin's session or the app's release
 * token: GET /api/releases/:remote/state, POST /api/releases/:remote/{builds,canary,promote,rollback,canary/stop}.
 * The admin's: GET /api/admin/releases, POST /api/admin/releases/tokens, POST /api/admin/releases/tokens/:id/revoke.
 */
export const releasesModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('releasesModule', async (app, { context }) => {
  const { db, clock, config, counters } = context;
  const tags = ['releases'];
  const registry = createReleaseRegistry({ db, clock, config, log: app.log.child({ module: 'release-changes' }) });
  const health = createBuildHealth({ db, clock, registry, log: app.log.child({ module: 'release-health' }) });
  const admin = requireRole('admin');
  const releaser = requireReleaseActor(db);
  cacheControlForAll(app, 'no-store');

  // A broker that is down must not keep the API from answering (as the catalogue's feed): a second at most.
  app.addHook('onReady', async () => {
    const starting = registry.start().catch((error: unknown) => {
      app.log.error({ err: error }, 'release changes: could not start the feed; other instances\' changes show when the live copy expires');
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([starting, new Promise<void>((resolve) => (timer = setTimeout(resolve, FEED_START_WAIT_MS)))]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await registry.close();
  });

  liveTableRoutes(app, registry, tags);
  app.get(
    '/releases/manifest',
    { schema: { tags, summary: 'Bản dựng của từng remote cho trình duyệt này (chính thức hoặc thử nghiệm), cho máy chủ của shell', querystring: liveManifestQuerySchema, response: { 200: liveManifestResponseSchema } } },
    async (request) => ok(await registry.liveManifest(request.query.browser)),
  );

  app.post(
    '/releases/reports',
    {
      preValidation: requireKnownField(buildReportsInputSchema),
      schema: {
        tags,
        summary: 'Lượt xem và lỗi của từng bản dựng remote trên một trang được lấy mẫu (shell gửi, không cần đăng nhập; giới hạn theo địa chỉ IP)',
        body: buildReportsInputSchema,
        response: { 202: buildReportsAcceptedSchema, 400: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const minute = await counters.increment(`release-reports:minute:${request.ip}`, 60_000);
        if (minute.count > BUILD_REPORTS_PER_MINUTE) throw new ThrottledError(messages.tooManyReports, minute.resetInMs);
        await health.record(request.body.reports);
        return reply.code(202).send({ success: true as const });
      }),
  );

  app.get(
    '/releases/:remote/state',
    { preHandler: releaser, schema: { tags, summary: 'Trạng thái phát hành của một ứng dụng (phiên bản, bản chính thức, bản thử nghiệm)', params: releaseAppParamsSchema, response: { 200: releaseStateResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await registry.state(releaseActorOf(request), request.params.remote)),
  );
  app.post(
    '/releases/:remote/builds',
    {
      preValidation: requireKnownField(publishBuildInputSchema),
      preHandler: releaser,
      schema: { tags, summary: 'Phát hành một bản dựng (qua kiểm tra tương thích; bản đầu tiên chạy chính thức ngay)', params: releaseAppParamsSchema, body: publishBuildInputSchema, response: { 200: publishBuildResponseSchema, 201: publishBuildResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => {
      const result = await registry.publishBuild(releaseActorOf(request), request.params.remote, request.body);
      return reply.code(result.created ? 201 : 200).send(ok(result, result.created ? messages.published : messages.alreadyPublished));
    },
  );
  // The moves of an app's release: each carries the version read, and answers the app's state with its message.
  const moves = [
    ['canary', startCanaryInputSchema, 'Thử nghiệm một bản dựng với một phần trình duyệt (1–99 %)', registry.startCanary, messages.canaryStarted],
    ['promote', promoteInputSchema, 'Đưa bản dựng đã chọn (buildId), hoặc bản thử nghiệm, lên chính thức', registry.promote, messages.promoted],
    ['rollback', rollbackInputSchema, 'Quay lại bản dựng đã chọn, hoặc bản chính thức trước đó', registry.rollback, messages.rolledBack],
    ['canary/stop', releaseMoveInputSchema, 'Dừng thử nghiệm (mọi trình duyệt về bản chính thức)', registry.stopCanary, messages.canaryStopped],
  ] as const;
  for (const [action, body, summary, move, message] of moves) {
    app.post(
      `/releases/:remote/${action}`,
      {
        preValidation: requireKnownField(body),
        preHandler: releaser,
        schema: { tags, summary, params: releaseAppParamsSchema, body, response: { 200: releaseStateResponseSchema, ...backOfficeErrors } },
      },
      async (request) => ok(await (move as (actor: ReleaseActor, app: ReleaseApp, input: unknown) => Promise<ReleaseState>)(releaseActorOf(request), request.params.remote, request.body), message),
    );
  }

  app.get(
    '/admin/releases',
    { preHandler: admin, schema: { tags, summary: 'Phát hành giao diện: bản chính thức, bản thử nghiệm, các bản dựng và lịch sử của từng ứng dụng', response: { 200: releaseOverviewResponseSchema, ...backOfficeErrors } } },
    async () => ok({ apps: await releaseOverview(db), contractsVersion: apiContractsVersion() }),
  );
  app.post(
    '/admin/releases/tokens',
    {
      preValidation: requireKnownField(releaseTokenInputSchema),
      preHandler: admin,
      schema: { tags, summary: 'Tạo mã phát hành cho quy trình của một ứng dụng (mã chỉ hiện một lần)', body: releaseTokenInputSchema, response: { 201: releaseTokenCreatedResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => reply.code(201).send(ok(await createReleaseToken(db, currentAuth(request), request.body, clock.now()), messages.tokenCreated)),
  );
  app.post(
    '/admin/releases/tokens/:id/revoke',
    { preHandler: admin, schema: { tags, summary: 'Thu hồi mã phát hành', params: tokenParams, response: { 200: releaseTokenResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await revokeReleaseToken(db, request.params.id, clock.now()), messages.tokenRevoked),
  );
});
