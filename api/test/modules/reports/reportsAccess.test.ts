import { reportTableSchema } from 'shared-contracts/schemas';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { buildKpiFixture, type KpiFixture } from '../../support/kpiFixture';
import { RANGE, REPORT_PATHS, parseCsv } from '../../support/reportCsvKit';

/**
 * Who may read the reports (spec §3, §9: the same role and centre scope for the JSON and the CSV): the manager of
 * the centre, an admin for one or every centre; another centre's manager 404; staff, technicians, customers 403;
 * nobody signed in 401. Bad ranges 422 DATE_RANGE_INVALID, unknown reports 404.
 */
describe.each(productionDatabase())('report access on $label', (target) => {
  const floor = useFloor(target);
  let k: KpiFixture;

  beforeAll(async () => {
    k = await buildKpiFixture(floor);
  });

  it.each(REPORT_PATHS)('%s: anonymous 401, customer, staff and technician 403', async (path) => {
    expect((await floor.request(null, 'GET', `${path}?${RANGE}`)).statusCode).toBe(401);
    for (const role of ['customer', 'staff', 'technician'] as const) {
      const response = await floor.request(floor.users[role], 'GET', `${path}?${RANGE}`);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it.each(REPORT_PATHS)('%s: the manager reads their own centre, not another (404)', async (path) => {
    const own = await floor.request(k.manager, 'GET', `${path}?${RANGE}`);
    expect(own.statusCode).toBe(200);
    expect((await floor.request(k.manager, 'GET', `${path}?${RANGE}&centreId=${k.centreId}`)).statusCode).toBe(200);
    const other = await floor.request(k.manager, 'GET', `${path}?${RANGE}&centreId=${floor.centreA.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await floor.request(floor.users.manager, 'GET', `${path}?${RANGE}&centreId=${k.centreId}`)).statusCode).toBe(404);
  });

  it.each(REPORT_PATHS)('%s: an admin reads one centre or every centre; an unknown centre is 404', async (path) => {
    expect((await floor.request(floor.users.admin, 'GET', `${path}?${RANGE}&centreId=${k.centreId}`)).statusCode).toBe(200);
    expect((await floor.request(floor.users.admin, 'GET', `${path}?${RANGE}`)).statusCode).toBe(200);
    expect((await floor.request(floor.users.admin, 'GET', `${path}?${RANGE}&centreId=99999999`)).statusCode).toBe(404);
  });

  it.each(REPORT_PATHS)('%s: a reversed, impossible or longer than 366 days range is 422 DATE_RANGE_INVALID', async (path) => {
    for (const range of ['from=2026-11-12&to=2026-11-10', 'from=2026-02-30&to=2026-03-01', 'from=2025-11-10&to=2026-11-11', 'from=19%2F11%2F2026&to=2026-11-20']) {
      const response = await floor.request(k.manager, 'GET', `${path}?${range}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'DATE_RANGE_INVALID', message: expect.stringMatching(/Khoảng ngày không hợp lệ/) });
    }
    expect((await floor.request(k.manager, 'GET', `${path}?from=2026-11-10`)).statusCode).toBe(400);
  });

  it('shows the manager only their centre’s rows, and an admin’s all-centres view names each row’s centre', async () => {
    const own = reportTableSchema.parse((await floor.request(k.manager, 'GET', `/api/reports/invoices?${RANGE}`)).json().data);
    expect(own.centreId).toBe(k.centreId);
    expect(own.totalRows).toBe(3);
    expect(own.columns.map((c) => c.key)).not.toContain('centre');

    const all = reportTableSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/reports/invoices?${RANGE}`)).json().data);
    expect(all.centreId).toBeNull();
    expect(all.columns[0]).toEqual({ key: 'centre', label: 'Trung tâm', kind: 'text' });
    expect(all.totalRows).toBeGreaterThanOrEqual(3);
    const centreName = (await floor.db.selectFrom('service_centres').select('name').where('id', '=', k.centreId).executeTakeFirstOrThrow()).name;
    expect(all.rows.filter((row) => row.centre === centreName)).toHaveLength(3);

    const csv = parseCsv((await floor.request(floor.users.admin, 'GET', `/api/reports/invoices.csv?${RANGE}`)).rawPayload);
    expect(csv.header[0]).toBe('Trung tâm');
    expect(csv.rows.filter((row) => row[0] === centreName)).toHaveLength(3);
  });

  it('answers 404 with a Vietnamese message for an unknown report, as JSON and as CSV', async () => {
    for (const path of ['/api/reports/doanh-thu', '/api/reports/doanh-thu.csv', '/api/reports/charts.csv']) {
      const response = await floor.request(k.manager, 'GET', `${path}?${RANGE}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'REPORT_NOT_FOUND', message: 'Báo cáo không tồn tại.' });
    }
  });

  it('reads a report name in any case (paths are case-insensitive), the CSV included', async () => {
    const json = await floor.request(k.manager, 'GET', `/api/reports/INVOICES?${RANGE}`);
    expect(json.statusCode).toBe(200);
    expect(json.json().data.name).toBe('invoices');
    const csv = await floor.request(k.manager, 'GET', `/api/reports/Invoices.CSV?${RANGE}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv(csv.rawPayload).rows).toHaveLength(3);
  });
});
