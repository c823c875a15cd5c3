import { createServer, type Server } from 'node:http';
import type { ApiMetrics } from './apiMetrics';

/**
 * METRICS_PORT: unset or empty — no metrics port (the admin route only); a port — GET /metrics there, without sign-in,
 * on the API's own host (HOST), for a Prometheus server on the private network. Anything else is refused at start.
 */
export function parseMetricsPort(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`METRICS_PORT must be a port number (1–65535), got ${JSON.stringify(value)}`);
  }
  return port;
}

/** Serves GET /metrics (the Prometheus text) on host:port; any other path 404, any other method 405. */
export async function startMetricsServer({ metrics, host, port }: { metrics: ApiMetrics; host: string; port: number }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
