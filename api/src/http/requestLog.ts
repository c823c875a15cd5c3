import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorCodeOf } from './errorHandling';

/** Health probes (load balancers, the container's healthcheck, npm start's wait) log at debug: they come every few seconds. */
export function isHealthProbe(route: string | undefined): boolean {
  return route !== undefined && /^\/api\/health(\/|$)/i.test(route);
}

/** The request's path without its query string (which may carry codes or tokens). */
function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/**
 * Fastify's own request lines ('incoming request', 'request completed') are left out: registerRequestLog writes one
 * instead. A response that failed mid-stream is still logged by Fastify, as are its other internal lines.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}

/** The logController of buildApp's Fastify options. */
export function requestLogController(): LogController {
  return new OneLinePerRequest();
}

/**
 * One line per answered request, instead of Fastify's two (see requestLogController): method, route
 * pattern, path, status, duration, the error code when the answer is an error envelope; the request id comes with
 * the request's logger (reqId). Health probes at debug, the rest at info.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    const level = isHealthProbe(route) ? 'debug' : 'info';
    const code = errorCodeOf(reply);
    request.log[level](
      {
        method: request.method,
        route: route ?? null,
        url: pathOf(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(code ? { code } : {}),
      },
      'request',
    );
    done();
  });
}
