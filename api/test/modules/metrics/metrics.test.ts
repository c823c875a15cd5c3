import type { App } from '../../../src/app';
import { recordJobRun } from '../../../src/modules/metrics/processMetrics';
import { parseMetricsPort, startMetricsServer } from '../../../src/modules/metrics/metricsServer';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[label[1]!] = label[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => find(samples, name, labels)[0]?.value ?? 0;

describe.each(testDatabases())('metrics on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  let app: App;
  let admin: string;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
    admin = (await app.accessTokens.issue({ userId: 1, role: 'admin' })).token;
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { authorization: `Bearer ${admin}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    return parseMetrics(response.body);
  };

  it('answers 401 anonymous and 403 to another role, in the envelope', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    for (const role of ['customer', 'staff', 'technician', 'manager'] as const) {
      const token = (await app.accessTokens.issue({ userId: 2, role })).token;
      const response = await app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(response.body).not.toContain('evshop_');
    }
  });

  it('counts requests per route pattern, with a latency histogram, and unknown paths under one label', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/centres', status_code: '200' };
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/api/Centres?i=' + i })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/api/khong-ton-tai/12345' });
    await app.inject({ method: 'GET', url: '/api/khac-nua/67890' });
    const after = await scrape();

    expect(valueOf(after, 'evshop_http_requests_total', route) - valueOf(before, 'evshop_http_requests_total', route)).toBe(3);
    expect(valueOf(after, 'evshop_http_request_duration_seconds_count', route) - valueOf(before, 'evshop_http_request_duration_seconds_count', route)).toBe(3);
    const buckets = find(after, 'evshop_http_request_duration_seconds_bucket', route);
    expect(buckets.length).toBeGreaterThan(5);
    expect(find(buckets, 'evshop_http_request_duration_seconds_bucket', { le: '+Inf' })[0]?.value).toBe(valueOf(after, 'evshop_http_requests_total', route));
    expect(valueOf(after, 'evshop_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);

    const unmatched = { method: 'GET', route: '(unmatched)', status_code: '404' };
    expect(valueOf(after, 'evshop_http_requests_total', unmatched) - valueOf(before, 'evshop_http_requests_total', unmatched)).toBe(2);
    // Labels are route patterns: no raw URL, query or id ever becomes a label value.
    const routes = new Set(find(after, 'evshop_http_requests_total').map((sample) => sample.labels.route));
    expect([...routes].every((value) => value === '(unmatched)' || value!.startsWith('/api/'))).toBe(true);
    expect([...routes].some((value) => /12345|67890|Centres|\?/.test(value!))).toBe(false);
  });

  it("reports the event loop's lag and Node's process metrics", async () => {
    const samples = await scrape();
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'process_resident_memory_bytes').length + find(samples, 'nodejs_heap_size_used_bytes').length).toBeGreaterThan(0);
  });

  it('reports the outbox backlog: messages neither sent nor given up', async () => {
    const now = new Date().toISOString();
    const email = { kind: 'test', template: 'test', channel: 'email' as const, status: 'pending' as const, sent_at: null, title: 'Thử', body: 'Nội dung', html_body: '<p>Nội dung</p>', created_at: now, updated_at: now, next_attempt_at: now };
    const pendingBefore = Number(
      (await emailOutbox(scratch.db).select((eb) => eb.fn.countAll().as('n')).where('sent_at', 'is', null).where('failed_at', 'is', null).executeTakeFirstOrThrow()).n,
    );
    await scratch.db
      .insertInto('notification_deliveries')
      .values([
        { ...email, to_address: 'a@example.vn' },
        { ...email, to_address: 'b@example.vn' },
        { ...email, to_address: 'c@example.vn' },
        { ...email, to_address: 'sent@example.vn', status: 'sent', sent_at: now },
        { ...email, to_address: 'failed@example.vn', status: 'failed' },
      ])
      .execute();
    expect(valueOf(await scrape(), 'evshop_outbox_backlog')).toBe(pendingBefore + 3);
  });

  it('counts the scheduled jobs runs reported to recordJobRun', async () => {
    const labels = { job: 'test-job', outcome: 'success' };
    const before = await scrape();
    recordJobRun({ name: 'test-job', outcome: 'success', durationMs: 250 });
    recordJobRun({ name: 'test-job', outcome: 'success', durationMs: 1_500 });
    recordJobRun({ name: 'test-job', outcome: 'failure', durationMs: 10 });
    const after = await scrape();
    expect(valueOf(after, 'evshop_job_runs_total', labels) - valueOf(before, 'evshop_job_runs_total', labels)).toBe(2);
    expect(valueOf(after, 'evshop_job_runs_total', { job: 'test-job', outcome: 'failure' }) - valueOf(before, 'evshop_job_runs_total', { job: 'test-job', outcome: 'failure' })).toBe(1);
    expect(valueOf(after, 'evshop_job_duration_seconds_sum', labels) - valueOf(before, 'evshop_job_duration_seconds_sum', labels)).toBeCloseTo(1.75, 5);
    expect(valueOf(after, 'evshop_job_duration_seconds_bucket', { ...labels, le: '1' }) - valueOf(before, 'evshop_job_duration_seconds_bucket', { ...labels, le: '1' })).toBe(1);
  });

  it(target.dialect === 'postgres' ? "reports the PostgreSQL pool's connections" : 'has no pool gauges on SQLite', async () => {
    const samples = await scrape();
    if (target.dialect === 'postgres') {
      expect(valueOf(samples, 'evshop_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'evshop_db_pool_idle_connections')).toHaveLength(1);
      expect(valueOf(samples, 'evshop_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(find(samples, 'evshop_db_pool_connections')).toHaveLength(0);
    }
  });

  it('serves the same text on METRICS_PORT, /metrics only, without sign-in', async () => {
    const server = await startMetricsServer({ metrics: app.metrics, host: '127.0.0.1', port: 0 });
    try {
      const address = server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const response = await fetch(`${origin}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(find(parseMetrics(await response.text()), 'evshop_http_requests_total').length).toBeGreaterThan(0);
      expect((await fetch(`${origin}/api/admin/metrics`)).status).toBe(404);
      expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('METRICS_PORT', () => {
  it('is off when unset or empty, a port when set, refused otherwise', () => {
    expect(parseMetricsPort(undefined)).toBeNull();
    expect(parseMetricsPort(' ')).toBeNull();
    expect(parseMetricsPort('9464')).toBe(9464);
    for (const wrong of ['0', '70000', 'abc', '94.6', '-1']) expect(() => parseMetricsPort(wrong)).toThrow(/METRICS_PORT/);
  });
});
