import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../security/authGuard';
import type { ApiMetrics } from './apiMetrics';

/**
 * Counts every answer (onResponse, on the root so every route and the 404 handler are seen) and serves the
 * Prometheus text at GET <prefix>/admin/metrics to admins only (401 anonymous, 403 other roles, in the envelope).
 * For a Prometheus server, which cannot sign in, METRICS_PORT serves the same text (metricsServer.ts).
 */
export function registerMetrics(app: FastifyInstance, { metrics, prefix }: { metrics: ApiMetrics; prefix: string }): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  app.get(
    `${prefix}/admin/metrics`,
    {
      preHandler: requireRole('admin'),
      schema: {
        // Not in the OpenAPI document: Prometheus text, not the JSON envelope (README, "Configuration of the API").
        hide: true,
        tags: ['admin'],
        summary: 'Số liệu vận hành (Prometheus, dạng văn bản): yêu cầu, độ trễ, vòng lặp sự kiện, hàng đợi email, công việc định kỳ',
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
}
