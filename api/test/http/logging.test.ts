import { Writable } from 'node:stream';
import type { App } from '../../src/app';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const [sqlite] = testDatabases();

describe('structured logs', () => {
  const scratch = useScratchDatabase(sqlite!);
  const lines: Record<string, unknown>[] = [];
  let app: App;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    app = buildTestApp(scratch.db, { logger: { level: 'info', stream } });
    app.get('/api/test/boom', async () => {
      throw new Error('kết nối bị đóng đột ngột');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes JSON lines, and an unexpected error with its stack (server side only)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { authorization: 'Bearer secret' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/kết nối bị đóng|stack/);

    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, err: { message: 'kết nối bị đóng đột ngột', stack: expect.stringContaining('logging.test.ts') } });
    expect(typeof failure?.reqId).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('Bearer secret');
  });
});
