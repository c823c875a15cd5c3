import { Writable } from 'node:stream';
import type { App } from '../../src/app';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const [sqlite] = testDatabases();
const INFO = 30;
const DEBUG = 20;

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string };

/** The API with its pino output captured, at `level`. */
function capturing(db: Parameters<typeof buildTestApp>[0], level: 'info' | 'debug'): { app: App; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { app: buildTestApp(db, { logger: { level, stream } }), lines };
}

describe('one log line per request', () => {
  const scratch = useScratchDatabase(sqlite!, { migrate: true });

  describe('at info', () => {
    let app: App;
    let lines: Line[];

    beforeAll(async () => {
      ({ app, lines } = capturing(scratch.db, 'info'));
      await app.ready();
    });
    afterAll(() => app.close());

    const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

    it('writes one line for an answered request: method, route, path, status, ms, request id (no query string)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/centres?ma=bi-mat-123' });
      expect(response.statusCode).toBe(200);
      const requestId = response.headers['x-request-id'] as string;
      const own = linesOf(requestId);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ level: INFO, msg: 'request', method: 'GET', route: '/api/centres', url: '/api/centres', status: 200, reqId: requestId });
      expect(typeof own[0]!.ms).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('bi-mat-123');
      expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    });

    it('writes one line for a rejected request too, with its error code', async () => {
      const notFound = await app.inject({ method: 'GET', url: '/api/khong-ton-tai' });
      const own = linesOf(notFound.headers['x-request-id'] as string);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ level: INFO, msg: 'request', status: 404, route: null, url: '/api/khong-ton-tai', code: 'ROUTE_NOT_FOUND' });

      const unauthenticated = await app.inject({ method: 'GET', url: '/api/admin/metrics' });
      expect(unauthenticated.statusCode).toBe(401);
      const rejected = linesOf(unauthenticated.headers['x-request-id'] as string);
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toMatchObject({ level: INFO, status: 401, route: '/api/admin/metrics', code: 'UNAUTHENTICATED' });
    });

    it('writes nothing at info for the health probes', async () => {
      for (const url of ['/api/health', '/api/health/live', '/api/health/ready', '/API/Health/']) {
        const response = await app.inject({ method: 'GET', url });
        expect(linesOf(response.headers['x-request-id'] as string)).toEqual([]);
      }
    });
  });

  describe('at debug', () => {
    it('shows the health probes as one debug line each', async () => {
      const { app, lines } = capturing(scratch.db, 'debug');
      try {
        const response = await app.inject({ method: 'GET', url: '/api/health/live' });
        const own = lines.filter((line) => line.reqId === response.headers['x-request-id'] && line.msg === 'request');
        expect(own).toHaveLength(1);
        expect(own[0]).toMatchObject({ level: DEBUG, route: '/api/health/live', status: 200 });
      } finally {
        await app.close();
      }
    });
  });
});
