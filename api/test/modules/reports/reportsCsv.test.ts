import { sql } from 'kysely';
import { instantParameter } from '../../../src/db/sqlDialect';
import { parseKpiRange } from '../../../src/modules/kpis/kpiRange';
import { stockMovementsReport } from '../../../src/modules/reports/definitions/stockMovementsReport';
import { reportRows, reportScope } from '../../../src/modules/reports/reportDefinition';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { addProduct } from '../../support/inventoryTestKit';
import { buildKpiFixture, type KpiFixture } from '../../support/kpiFixture';
import { createCentre, type TestUser } from '../../support/serviceTestKit';
import { column, parseCsv, RANGE } from '../../support/reportCsvKit';

const TOO_LARGE = 'Khoảng thời gian quá lớn, vui lòng thu hẹp.';

/**
 * The CSV as a spreadsheet reads it (spec §9): RFC 4180 parsed back with csv-parse, UTF-8 with BOM, CRLF, the
 * Vietnamese header and text intact, dd/MM/yyyy HH:mm local, money as plain integers, the formula guard, a header-only
 * file for an empty range, and more than 100 000 rows refused before any byte.
 */
describe.each(testDatabases())('report CSV on $label', (target) => {
  const floor = useFloor(target);
  let k: KpiFixture;

  beforeAll(async () => {
    k = await buildKpiFixture(floor);
  });

  async function csv(user: TestUser, path: string) {
    const response = await floor.request(user, 'GET', path);
    expect(response.statusCode).toBe(200);
    return { response, csv: parseCsv(response.rawPayload) };
  }

  it('is a UTF-8 CSV with BOM and CRLF, a Vietnamese header, served as an attachment that is not cached', async () => {
    const { response, csv: file } = await csv(k.manager, `/api/reports/appointments.csv?${RANGE}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bao-cao-appointments_2026-11-10_2026-11-12.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(file.bom).toBe(true);
    expect(file.crlf).toBe(true);
    expect(file.header.slice(0, 4)).toEqual(['Mã lịch hẹn', 'Giờ hẹn', 'Trạng thái', 'Khách hàng']);
    expect(file.rows).toHaveLength(11);
    expect(new Set(column(file, 'Khách hàng'))).toEqual(new Set(['Khách K']));
    expect(column(file, 'Trạng thái')).toContain('Không đến');
  });

  it('writes instants as dd/MM/yyyy HH:mm in Vietnam time, local midnight on its own day', async () => {
    const { csv: file } = await csv(k.manager, `/api/reports/appointments.csv?${RANGE}`);
    const starts = column(file, 'Giờ hẹn');
    // 09/11 17:00:00.000Z is 10/11 00:00 local; 12/11 16:59:59.999Z is 12/11 23:59 local.
    expect(starts[0]).toBe('10/11/2026 00:00');
    expect(starts.at(-1)).toBe('12/11/2026 23:59');
    expect(starts).toContain('11/11/2026 08:00');
  });

  it('writes money as plain integers and keeps a negative quantity a number', async () => {
    const invoices = (await csv(k.manager, `/api/reports/invoices.csv?${RANGE}`)).csv;
    expect(column(invoices, 'Tổng cộng (VND)')).toEqual(['500000', '1000000', '500000']);
    expect(column(invoices, 'Thanh toán lúc')).toEqual(['', '10/11/2026 10:20', '13/11/2026 00:00']);
    const movements = (await csv(k.manager, `/api/reports/stock-movements.csv?${RANGE}`)).csv;
    expect(column(movements, 'Số lượng (+ nhập / − xuất)')).toEqual(['10', '-1', '-4', '2', '-1']);
    const usage = (await csv(k.manager, `/api/reports/parts-usage.csv?${RANGE}`)).csv;
    expect(column(usage, 'Thành tiền (VND)')).toEqual(['200000', '180000', '-90000']);
  });

  it('guards text cells that a spreadsheet would run as a formula, and keeps commas, quotes and line breaks', async () => {
    const centreId = await createCentre(floor.db, { bays: 1 });
    const manager = await floor.addMember('manager', centreId, 'Quản lý công thức');
    const hyperlink = '=HYPERLINK("https://vi.example/x","Bấm vào đây")';
    const base = {
      user_id: null,
      vehicle_id: null,
      vehicle_type: 'car',
      vehicle_brand: 'VinFast',
      vehicle_model: 'VF 8',
      centre_id: centreId,
      estimated_price: 350_000,
      estimated_duration_minutes: 30,
      contact_phone: '0912000000',
      contact_email: 'khach@example.vn',
      package_credit_id: null,
      hold_expires_at: null,
    };
    await floor.db
      .insertInto('appointments')
      .values([
        { ...base, code: 'LHCONGTHUC1', license_plate: '30K-111.11', starts_at: '2026-11-10T03:00:00.000Z', ends_at: '2026-11-10T03:30:00.000Z', status: 'CANCELLED', contact_name: hyperlink, note: '+84 gọi lại, "gấp"\nDòng hai', cancel_reason: '@SUM(A1:A9)' },
        { ...base, code: 'LHCONGTHUC2', license_plate: '30K-222.22', starts_at: '2026-11-10T04:00:00.000Z', ends_at: '2026-11-10T04:30:00.000Z', status: 'PENDING', contact_name: '-1+2', note: '\tTab đầu', cancel_reason: '＝1+1' },
      ])
      .execute();
    const { csv: file } = await csv(manager, `/api/reports/appointments.csv?${RANGE}`);
    expect(column(file, 'Khách hàng')).toEqual([`'${hyperlink}`, "'-1+2"]);
    expect(column(file, 'Ghi chú của khách')).toEqual(["'+84 gọi lại, \"gấp\"\nDòng hai", "'\tTab đầu"]);
    expect(column(file, 'Lý do hủy')).toEqual(["'@SUM(A1:A9)", "'＝1+1"]);
    expect(column(file, 'Giá dự kiến (VND)')).toEqual(['350000', '350000']);
    expect(file.crlf).toBe(true);
    // The JSON table shows the text as it is.
    const table = (await floor.request(manager, 'GET', `/api/reports/appointments?${RANGE}`)).json().data;
    expect(table.rows[0].customer).toBe(hyperlink);
  });

  it('gives a header-only file for an empty range', async () => {
    const response = await floor.request(k.manager, 'GET', '/api/reports/stock-movements.csv?from=2026-10-01&to=2026-10-01');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFFThời điểm,Loại,Mã phụ tùng,Tên phụ tùng,Số lượng (+ nhập / − xuất),Tồn sau,Mã phiếu,Người thực hiện,Ghi chú\r\n');
  });

  it('pages through rows of the same instant and sub-millisecond instants without losing or repeating one', async () => {
    const centreId = await createCentre(floor.db, { bays: 1 });
    const product = await addProduct(floor.db, { price: 10_000, name: 'Ốc vít trang' });
    await floor.db.insertInto('centre_stock').values({ centre_id: centreId, product_id: product.id, on_hand: 5 }).execute();
    const at = ['2026-10-07T03:00:00.000002Z', '2026-10-07T03:00:00.000001Z', '2026-10-07T03:00:00.000002Z', '2026-10-07T03:00:00.000900Z', '2026-10-07T03:00:00.000002Z'];
    for (const [index, value] of at.entries()) {
      await sql`insert into stock_movements (centre_id, product_id, kind, quantity, on_hand_after, parts_request_id, actor_id, reason, created_at)
        values (${centreId}, ${product.id}, 'RECEIVE', 1, ${index + 1}, null, null, ${`dòng ${index + 1}`}, ${instantParameter(floor.db, value)})`.execute(floor.db);
    }
    const scope = reportScope(floor.db, centreId, parseKpiRange('2026-10-07', '2026-10-07'), new Date());
    const reasons: unknown[] = [];
    for await (const row of reportRows(stockMovementsReport, scope, 2, 1000)) reasons.push(row.reason);
    expect(reasons).toEqual(['dòng 2', 'dòng 1', 'dòng 3', 'dòng 5', 'dòng 4']);
  });

  it('refuses more than 100 000 rows with 422 before any byte, and streams exactly 100 000', async () => {
    const centreId = await createCentre(floor.db, { bays: 1 });
    const manager = await floor.addMember('manager', centreId, 'Quản lý kho lớn');
    // Row n at `start` + n tenths of a second (08:00 → 10:46 local): one instant per row, as a busy ledger has.
    const tenthsOfSecondAfter = (start: string) =>
      target.dialect === 'postgres'
        ? sql`cast(${start} as timestamptz) + n * interval '100 milliseconds'`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || (n / 10.0) || ' seconds')`;
    const product = await addProduct(floor.db, { price: 10_000, name: 'Bu lông thử' });
    await floor.db.insertInto('centre_stock').values({ centre_id: centreId, product_id: product.id, on_hand: 100_001 }).execute();
    await sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 100001)
      insert into stock_movements (centre_id, product_id, kind, quantity, on_hand_after, parts_request_id, actor_id, reason, created_at)
      select ${centreId}, ${product.id}, 'RECEIVE', 1, n, null, null, 'Nhập thử', ${tenthsOfSecondAfter('2026-10-05T01:00:00.000Z')} from seq`.execute(floor.db);
    const path = '/api/reports/stock-movements.csv?from=2026-10-05&to=2026-10-05';

    const refused = await floor.request(manager, 'GET', path);
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.json()).toMatchObject({ success: false, code: 'REPORT_TOO_LARGE', message: TOO_LARGE });
    // The screen's table still shows the first rows and the total.
    const table = (await floor.request(manager, 'GET', '/api/reports/stock-movements?from=2026-10-05&to=2026-10-05')).json().data;
    expect(table.totalRows).toBe(100_001);
    expect(table.rows).toHaveLength(200);

    await floor.db.deleteFrom('stock_movements').where('centre_id', '=', centreId).where('on_hand_after', '=', 100_001).execute();
    const { csv: file } = await csv(manager, path);
    expect(file.rows).toHaveLength(100_000);
    const numbers = column(file, 'Tồn sau');
    expect(new Set(numbers).size).toBe(100_000);
    expect(numbers[0]).toBe('1');
    expect(numbers.at(-1)).toBe('100000');

    // A download closed after its first bytes stops the reading; the API goes on answering.
    const address = await floor.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const response = await fetch(`${address}${path}`, { headers: await floor.headers(manager), signal: abort.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
    const after = await floor.request(manager, 'GET', '/api/reports/stock-movements?from=2026-10-05&to=2026-10-05');
    expect(after.statusCode).toBe(200);
    expect(after.json().data.totalRows).toBe(100_000);
  }, 120_000);
});
